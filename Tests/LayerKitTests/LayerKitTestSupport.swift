import LoopSimTestSupport
import LoopSimTrace
import RenderModel
import RunLoopKit
import Testing
@testable import LayerKit

/// A main run loop with the UIKit profile and a layer context, traced.
final class LayerWorld {
    let sim = SimContext(trace: TraceRecorder())
    let loop: SimRunLoop
    let layers: LayerContext
    var shipped: [CommitRecord] = []
    /// What the test means to leave pending (checked when it ends: the run
    /// loop's and the layer context's `pendingWork()` must be exactly this).
    var leaves: [String] = []

    init(sourceLocation: SourceLocation = #_sourceLocation) {
        loop = SimRunLoop(context: sim, isMain: true)
        layers = LayerContext(loop: loop)
        layers.installUIKitProfile()
        layers.onCommit = { [unowned self] in self.shipped.append($0) }
        QuiescenceRegistry.current?.register(at: sourceLocation) { (self.loop.pendingWork() + self.layers.pendingWork(), self.leaves) }
        QuiescenceRegistry.current?.registerInvariants(of: "run loop", at: sourceLocation) { self.loop._invariantViolations() }
        QuiescenceRegistry.current?.registerInvariants(of: "layer context", at: sourceLocation) { self.layers._invariantViolations() }
    }

    var events: [TraceEvent] { (sim.trace as! TraceRecorder).events }

    /// Runs the default mode until `t` seconds.
    func run(until seconds: Double) throws {
        try loop.run(in: .default, timeout: Int64(seconds * 1e9) - sim.now)
    }

    /// Schedules `body` as a one-shot timer callout at `seconds`.
    func at(_ seconds: Double, _ body: @escaping () throws -> Void) {
        let t = SimTimer(name: "t\(seconds)", fireDate: Int64(seconds * 1e9), context: sim) { _ in try body() }
        loop.add(t, to: .common)
    }

    /// The background colour each shipped commit set on `layer`, in order.
    func shippedBackgrounds(_ layer: Layer) -> [RGBA?] {
        shipped.flatMap { record in
            record.diff.ops.compactMap { op -> RGBA?? in
                guard case .set(let id, .backgroundColor, let v) = op, id == layer.id else { return nil }
                if case .color(let c) = v { return .some(c) }
                return .some(nil)
            }
        }
    }
}
