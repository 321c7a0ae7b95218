/// A layout feedback loop: in one commit's layout phase a layer was laid out
/// (or had its constraints updated) more than ``limit`` times, because its
/// body — or one it causes — marks it as needing layout again. On a device
/// the main thread would spin here for ever, the CPU at its maximum; UIKit's
/// layout feedback loop debugger (`-UIViewLayoutFeedbackLoopDebuggingThreshold`,
/// 50…1000, 100 in Apple's example) stops at a count like this one
/// (docs/reference/core-animation-rules.md, "Layout feedback loops").
///
///     layout feedback loop: layer 'card' had layoutSublayers called more than 100 times in one commit's layout phase; …
public struct LayoutFeedbackLoopError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Calls of one layer's body in one phase before it is a loop.
    public static let limit = 100

    /// The layer's trace name.
    public var layer: String
    /// `layoutSublayers` or `updateConstraints`.
    public var pass: String

    public var description: String {
        "layout feedback loop: layer '\(layer)' had \(pass) called more than \(Self.limit) times in one commit's layout phase; "
            + "its body, or one it causes, marks it as needing it again, so on a device the main thread would never leave this phase. "
            + "Mark a layer from its own \(pass == "layoutSublayers" ? "layout" : "constraints") body only when something changed."
    }
}

/// Counts each layer's calls in one pass from the pass's second round on:
/// the first round never repeats a layer, so it is not counted and costs
/// nothing; a layer called `limit` times after it is in a loop.
struct LayoutFeedback {
    let pass: String
    var round = 0
    private var counts: [ObjectIdentifier: Int] = [:]

    init(pass: String) { self.pass = pass }

    mutating func note(_ layer: Layer) throws(LayoutFeedbackLoopError) {
        guard round > 1 else { return }
        let n = counts[ObjectIdentifier(layer), default: 0] + 1
        counts[ObjectIdentifier(layer)] = n
        if n >= LayoutFeedbackLoopError.limit {
            throw LayoutFeedbackLoopError(layer: layer.traceName, pass: pass)
        }
    }
}
