import LoopSimTrace
import RunLoopKit
import Simulation
import TaskKit

extension ScenarioRunner {
    /// Schedules an `at` statement's outside event. The guard rails note
    /// when it is handled: the callout of an input event, `async main` or
    /// `perform` block begins; any other event happens.
    func schedule(_ e: ExternalEvent) {
        let index = guardRails.outside.count
        guardRails.outside.append(GuardRails.Outside(event: e))
        let handled = { [unowned self] in self.guardRails.outside[index].handled = true }
        let label = "at \(TimeLiteral.format(e.time))"
        switch e.kind {
        case .input(let body):
            simulation.postInputEvent(at: e.time, name: label) { [unowned self] in handled(); try self.perform(body) }
        case .send(let port):
            let p = ports[port]!
            noteSend(to: port, at: e.location)
            context.schedule(at: e.time, label: "send \(port)") { [context] in handled(); p.send(at: context.now, label: port) }
        case .signal(let source, let wake):
            let s = sources[source]!
            context.schedule(at: e.time, label: "signal \(source)") { [context, loop] in
                handled()
                s.signal(in: context)
                if wake { loop.wakeUp(reason: .source0) }
            }
        case .wake:
            context.schedule(at: e.time, label: "wake") { [loop] in handled(); loop.wakeUp() }
        case .crashServer:
            context.schedule(at: e.time, label: "crash server") { [unowned self] in handled(); self.simulation.crashRenderServer() }
        case .asyncMain(let body):
            context.schedule(at: e.time, label: "async main") { [unowned self] in
                self.loop.enqueueMain(name: label) { [unowned self] in handled(); try self.perform(body) }
            }
        case .cancel(let name):
            context.schedule(at: e.time, label: "cancel \(name)") { [unowned self] in handled(); cancelTasks(named: name, by: .outside) }
        case .resume(let name):
            context.schedule(at: e.time, label: "resume \(name)") { [unowned self] in
                handled()
                do throws(ContinuationMisuse) {
                    try scheduler.resume(scheduler.continuation(name), from: .outside)
                } catch {
                    scheduler.fail(trap(at: e.location, error))
                }
            }
        case .perform(let modes, let body):
            context.schedule(at: e.time, label: "perform") { [unowned self] in
                self.loop.perform(in: modes.map(self.mode), name: label) { [unowned self] in handled(); try self.perform(body) }
            }
        }
    }
}
