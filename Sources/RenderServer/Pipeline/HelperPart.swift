import LoopSimSystem

/// A part for `FrameDrawing`'s helper thread (``ForkJoin``) that reaches
/// state which is not `Sendable` — the render tree, the helper's
/// compositor, the lookahead — boxed as the one place where the server
/// lets such state cross threads (docs/internals/safety.md, "Threads").
///
/// `@unchecked Sendable` because `FrameDrawing` keeps these rules, which
/// the compiler cannot see:
///
/// - **The tree is only read** while a part runs: its lazily made draw
///   orders are settled before a frame is split
///   (`RenderTree.settleDrawOrders`), and nothing writes the tree until
///   ``ForkJoin/run(_:_:)`` returns or, for a started part,
///   ``ForkJoin/join()`` (`FrameDrawing.settle`, called before the
///   session handles any message).
/// - **Nothing is written by both threads**: a band has its own
///   compositor and writes only its own rows of the framebuffer and the P6
///   bytes and its own tiles' hashes; a started evaluation writes only the
///   lookahead (`PresentationLookahead`), which nobody reads until the
///   join.
/// - **Nothing outlives its owner**: `run` returns only when the helper's
///   part has, and a started part is joined before the tree, the
///   lookahead or the session can go.
struct HelperPart: @unchecked Sendable {
    private let body: () -> Void

    /// Boxes `body`, which keeps the rules above.
    init(_ body: @escaping () -> Void) { self.body = body }

    /// Runs the part (on the helper thread).
    func callAsFunction() { body() }
}
