import LayerKit
import RunLoopKit

/// Quiescence, as SwiftNIO's `EmbeddedEventLoop` checks it when it is
/// dropped: what the simulation would still do if it ran on.
extension Simulation {
    /// Everything still pending, one line each, in a fixed order: the main
    /// run loop's timers, signalled sources, queued messages, blocks,
    /// main-queue items and outside events; open transactions and
    /// uncommitted changes; commits sent to the render server that no frame
    /// has shown yet. Empty when the simulation is quiescent.
    ///
    /// A test that runs a loop ends by checking this list: empty, or exactly
    /// the work it meant to leave (a repeating timer, say).
    public func pendingWork() -> [String] {
        var out = mainLoop.pendingWork()
        out += layers.pendingWork()
        if let r = render, !r.sentDiffs.isEmpty {
            let sequences = r.sentDiffs.keys.sorted().map(String.init).joined(separator: ", ")
            out.append("commit(s) \(sequences) sent to the render server and not on screen yet")
        }
        return out
    }
}
