import LoopSimSystem
import RenderModel
@testable import RenderServer
import RenderWire
import Testing

/// SplitMix64: a small seeded generator so random tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// A uniform double in `range`, on a 1/64 grid so geometry stays exact.
    mutating func grid(_ range: ClosedRange<Double>) -> Double {
        let steps = Int(((range.upperBound - range.lowerBound) * 64).rounded(.down))
        return range.lowerBound + Double(int(0...steps)) / 64
    }

    mutating func bool() -> Bool { next() & 1 == 1 }
}

/// Builds commits from layer descriptions.
struct Ops {
    var ops: [DiffOp] = []

    /// Creates layer `id` with `frame` (anchor at its centre, as by default)
    /// and the given properties, and places it under `parent` at `index`.
    mutating func layer(_ id: LayerID, parent: LayerID? = 0, index: UInt32 = 0, frame: Rect, _ props: [(LayerProperty, PropertyValue)] = []) {
        ops.append(.create(id))
        ops.append(.set(id, .frame, .rect(frame)))
        for (p, v) in props { ops.append(.set(id, p, v)) }
        if let parent { ops.append(.move(id, parent: parent, index: index)) }
    }

    mutating func set(_ id: LayerID, _ property: LayerProperty, _ value: PropertyValue) {
        ops.append(.set(id, property, value))
    }

    mutating func bitmap(_ id: UInt64, _ bitmap: Bitmap) {
        ops.append(.bitmap(ImageID(rawValue: id), bitmap))
    }

    func commit(_ sequence: UInt64 = 1) -> CommitDiff {
        CommitDiff(sequence: sequence, time: Int64(sequence) * 1000, ops: ops)
    }
}

/// `count` squares of 24 × 24 in rows of ten, 39 × 70 apart on a display
/// 390 wide, each with a repeating autoreversing animation — even ones a
/// move `by=(0,30)` in 0.5 s, odd ones a half turn in 0.8 s — in the
/// colour `color(i)`: a frame's damage is large enough for two bands, and
/// 16 squares or more are enough to look ahead (the sessions of
/// `PresentationLookaheadTests` and `DrawingAheadTests`).
func animatedSquares(_ count: Int, color: (Int) -> RGBA = { _ in .white }) -> [DiffOp] {
    var ops = Ops()
    for i in 0..<count {
        let id = LayerID(UInt32(i + 1))
        ops.layer(id, frame: rect(Double(i % 10) * 39 + 4, Double(i / 10) * 70 + 10, 24, 24), [(.backgroundColor, .color(color(i)))])
        var a = i % 2 == 0
            ? LayerAnimation(.position, .basic(BasicAnimation(by: .point(Point(x: 0, y: 30)))), duration: 0.5)
            : LayerAnimation(.transform, .keyframe(KeyframeAnimation(values: [.transform(.identity), .transform(.rotation(degrees: 180))])), duration: 0.8)
        a.timing.autoreverses = true
        a.timing.repeatCount = .infinity
        a.id = UInt64(i + 1)
        ops.ops.append(.addAnimation(id, key: "a", a))
    }
    return ops.ops
}

func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
    Rect(x: x, y: y, width: w, height: h)
}

/// A tree of `width` × `height` holding `ops`, and its full render over
/// `background`.
func render(_ ops: Ops, width: Int, height: Int, background: RGBA8 = .black) throws -> (tree: RenderTree, frame: Bitmap) {
    let tree = RenderTree(displayWidth: width, displayHeight: height)
    try tree.applyChecked(ops.commit())
    return (tree, Compositor(background: background).render(tree))
}

/// Opaque pixel shorthand.
func px(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> RGBA8 {
    RGBA8(r: r, g: g, b: b, a: a)
}

/// The coordinates of every pixel where two same-sized bitmaps differ.
func differences(_ a: Bitmap, _ b: Bitmap) -> [(x: Int, y: Int)] {
    precondition(a.width == b.width && a.height == b.height)
    var out: [(x: Int, y: Int)] = []
    for y in 0..<a.height {
        for x in 0..<a.width where a[x, y] != b[x, y] {
            out.append((x, y))
        }
    }
    return out
}

/// The fraction of the pixel (x, y) inside `inside`, by 64 × 64 point
/// sampling: a reference independent of the rasterizer.
func referenceCoverage(x: Int, y: Int, _ inside: (Double, Double) -> Bool) -> Double {
    var n = 0
    for j in 0..<64 {
        for i in 0..<64 where inside(Double(x) + (Double(i) + 0.5) / 64, Double(y) + (Double(j) + 0.5) / 64) {
            n += 1
        }
    }
    return Double(n) / 4096
}

/// A rows-of-hex dump of one channel, for failure messages.
func dump(_ b: Bitmap, channel: KeyPath<RGBA8, UInt8> = \.r) -> String {
    (0..<b.height).map { y in (0..<b.width).map { x in
        let v = b[x, y][keyPath: channel]
        return v < 16 ? "0" + String(v, radix: 16) : String(v, radix: 16)
    }.joined(separator: " ") }.joined(separator: "\n")
}

/// A `SocketServer` on a thread over a socketpair, and the client's end:
/// `serve` gets the server's end (closed once it returns).
final class SocketPairServer: @unchecked Sendable {
    let client: FileDescriptor
    private let thread: SystemThread
    private var decoder = FrameDecoder()

    init(_ serve: @escaping @Sendable (FileDescriptor) -> Void) throws {
        let (client, server) = try FileDescriptor.socketPair()
        self.client = client
        let serverFD = server.rawValue
        thread = try SystemThread.start {
            serve(FileDescriptor(rawValue: serverFD))
            try? FileDescriptor(rawValue: serverFD).close()
        }
    }

    /// The server's next message; nil once it closed the connection.
    func receive() throws -> WireMessage? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let m = try decoder.next() { return m }
            let n = (try? buffer.withUnsafeMutableBytes { try client.read(into: $0) }) ?? 0
            if n <= 0 { return nil }
            decoder.feed(buffer[0..<n])
        }
    }

    /// Ends the client's writing, waits for the server thread, closes.
    func finish() {
        try? client.shutdown(.write)
        thread.join()
        try? client.close()
    }
}

extension ServerSession {
    /// What the frame pipeline of the session did, running or closed since (nothing before `hello`).
    var counters: FramePipeline.Counters { lastPipeline?.counters ?? .init() }
}

extension RenderTree {
    /// ``apply(_:)``, then the tree's invariant checks (docs/internals/safety.md,
    /// "Invariants"), whether the commit was applied or refused: an issue
    /// for each that does not hold.
    @discardableResult
    func applyChecked(_ diff: CommitDiff, sourceLocation: SourceLocation = #_sourceLocation) throws(LayerTreeError) -> DamageRegion {
        defer { expectTreeInvariants(self, sourceLocation: sourceLocation) }
        return try apply(diff)
    }
}

/// Records an issue listing the invariants of `tree` that do not hold.
func expectTreeInvariants(_ tree: RenderTree, sourceLocation: SourceLocation = #_sourceLocation) {
    let broken = tree._invariantViolations()
    guard !broken.isEmpty else { return }
    Issue.record(Comment(rawValue: "the render tree's invariants do not hold:\n  " + broken.joined(separator: "\n  ")), sourceLocation: sourceLocation)
}
