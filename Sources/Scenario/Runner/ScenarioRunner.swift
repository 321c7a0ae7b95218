import LayerKit
import LoopSimTrace
import RenderModel
import RenderWire
import RunLoopKit
import Simulation
import TaskKit

/// Executes a parsed scenario on a ``Simulation``.
///
/// Top-level statements run in file order: declarations create their object
/// at the virtual time reached so far, `at` schedules outside events, `run`
/// drives the main run loop; expectations are checked after the last
/// statement.
public final class ScenarioRunner {
    package let file: ScenarioFile
    public let simulation: Simulation
    private let source: String
    var timers: [String: SimTimer] = [:]
    var sources: [String: SimSource] = [:]
    var ports: [String: SimPort] = [:]
    var observers: [String: SimObserver] = [:]
    var displayLinks: [String: DisplayLink] = [:]
    var layerObjects: [String: Layer] = [:]
    /// The SwiftUI-style hosts, by name (`ScenarioRunner+Hosts.swift`).
    var hosts: [String: StateHost<LayerValue>] = [:]
    /// Where each `expect pixel` point is among the probes the server reports.
    var probeIndex: [WireMessage.Hello.Probe: Int] = [:]
    /// The statement being executed, for positioning runtime errors.
    private var current: SourceLocation?
    /// The events the fates need when the trace is streamed.
    var fateRecorder: ChangeFateRecorder?
    /// What the warnings of ``guardRailWarnings(end:expectations:)`` need.
    var guardRails = GuardRails()
    /// Swift tasks, made with the first `task` (`ScenarioRunner+Tasks.swift`).
    var taskState = ScenarioTasks()

    /// - Parameters:
    ///   - file: the parsed scenario.
    ///   - source: its text, for quoting lines in runtime diagnostics.
    /// How to reach a render server while running, or nil for none.
    public struct RenderOptions: Sendable {
        public var transport: RenderConnection.Transport
        /// Where the server writes frame files and frames.jsonl; nil: no
        /// files (`--frames none`): hashes, the index and the expectations
        /// work from what the server reports.
        public var frames: String?

        public init(transport: RenderConnection.Transport, frames: String?) {
            self.transport = transport
            self.frames = frames
        }
    }

    let render: RenderOptions?
    /// Whether `image file=` may name a path outside the scenario's folder
    /// (`--allow-absolute-assets`); see ``AssetPath``.
    let allowAbsoluteAssets: Bool

    /// - Parameter trace: where the events go as they happen (a
    ///   ``TraceStreamWriter``); the outcome's `events` are then empty, and
    ///   the simulation keeps only what expectations need (logs, frames,
    ///   latencies, a bounded number of commit records).
    package init(file: ScenarioFile, source: String, tracing: Bool = true, trace: TraceSink? = nil, render: RenderOptions? = nil,
                allowAbsoluteAssets: Bool = false) {
        self.file = file
        self.source = source
        self.render = render
        self.allowAbsoluteAssets = allowAbsoluteAssets
        // A streamed trace keeps nothing: keep what the fates of the
        // properties that frame expectations name need.
        let fateTargets = Self.fateTargets(file)
        if let trace, !fateTargets.isEmpty {
            let recorder = ChangeFateRecorder(next: trace, targets: fateTargets)
            fateRecorder = recorder
            self.simulation = Simulation(tracing: tracing, trace: recorder)
        } else {
            self.simulation = Simulation(tracing: tracing, trace: trace)
        }
        if trace != nil || !tracing { simulation.layers.retainedCommits = 64 }
    }

    var loop: SimRunLoop { simulation.mainLoop }
    var context: SimContext { simulation.context }

    /// Runs every statement, then checks the expectations.
    public func run() -> ScenarioOutcome {
        var failure: Diagnostic?
        var expectations: [Expectation] = []
        defer { simulation.detachRenderServer() }
        do {
            let costs = file.costs
            simulation.layers.costs = CommitCosts(layout: costs.layout, display: costs.display, decode: costs.decode, commit: costs.commit)
            if let render {
                let d = file.display
                let bg = d.background
                do {
                    try simulation.attachRenderServer(render.transport, display: .init(
                        width: d.width, height: d.height, hz: d.hz,
                        background: RGBA8(r: bg[0], g: bg[1], b: bg[2], a: bg[3]), renderCost: costs.render ?? d.renderCost,
                        rasterCost: costs.raster), frames: render.frames, probes: try pixelProbes())
                } catch let d as Diagnostic {
                    throw d
                } catch {
                    throw diagnostic(at: d.location.line > 0 ? d.location : nil, "cannot start the render server: \(error)")
                }
            }
            declareSourcesAndPorts()
            for statement in file.statements {
                if case .expect(let e) = statement {
                    expectations.append(e)
                    continue
                }
                try execute(statement)
            }
            try finishTasks()
        } catch let error as RunLoopError {
            failure = diagnostic(at: current, error.description)
        } catch let d as Diagnostic {
            failure = d
        } catch {
            failure = diagnostic(at: current, "\(error)")
        }
        if failure == nil, let full = simulation.recorder?.limitError {
            // Events past the limit outside any run (the last statements).
            failure = diagnostic(at: current, full.description)
        }
        let pending = simulation.pendingWork()
        let warnings = failure == nil ? guardRailWarnings(end: context.now, expectations: expectations, pending: pending) : []
        simulation.detachRenderServer()
        if failure == nil, !simulation.renderLosses.isEmpty {
            // A run that lost a frame or a commit never passes.
            let d = file.display.location
            failure = diagnostic(at: d.line > 0 ? d : nil, "frames were lost: " + simulation.renderLosses.joined(separator: "; "))
        }
        let results = failure == nil ? expectations.map(check) : []
        return ScenarioOutcome(events: simulation.recorder?.events ?? [], expectations: results, failure: failure,
                               warnings: failure == nil ? warnings : [], pendingWork: pending, simulation: simulation, layers: layerObjects)
    }

    func diagnostic(at location: SourceLocation?, _ message: String) -> Diagnostic {
        let loc = location ?? SourceLocation(file: file.path, line: 1, column: 1)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let text = loc.line >= 1 && loc.line <= lines.count ? String(lines[loc.line - 1]) : ""
        return Diagnostic(location: loc, message: message, sourceLine: text)
    }

    // MARK: Top level

    /// A timer or observer exists once its declaration has run (its fire
    /// date counts from then); an action that reaches it earlier is a
    /// positioned error naming the declaration. Sources and ports exist
    /// from the start (``declareSourcesAndPorts()``).
    private func requireDeclared(_ name: String, at location: SourceLocation) throws {
        for statement in file.statements {
            switch statement {
            case .timer(let d) where d.name == name && timers[name] == nil:
                throw diagnostic(at: location, "timer '\(name)' is used before its declaration on line \(d.location.line) has run; move the declaration above the first run that reaches this action")
            case .observer(let d) where d.name == name && observers[name] == nil:
                throw diagnostic(at: location, "observer '\(name)' is used before its declaration on line \(d.location.line) has run; move the declaration above the first run that reaches this action")
            case .displayLink(let d) where d.name == name && displayLinks[name] == nil:
                throw diagnostic(at: location, "display link '\(name)' is used before its declaration on line \(d.location.line) has run; move the declaration above the first run that reaches this action")
            default:
                continue
            }
        }
    }

    /// Makes every source and port the file declares before anything runs,
    /// so that a use before the declaration (`at 1s signal a` above
    /// `source a:`) names the same object. A source signalled, or a port
    /// sent to, before its declaration adds it to a mode keeps the signal
    /// or the message, as in CF, and it is handled once it is added.
    private func declareSourcesAndPorts() {
        for statement in file.statements {
            switch statement {
            case .source(let d):
                sources[d.name] = SimSource(name: d.name, order: d.order) { [unowned self] _ in try self.perform(d.body) }
            case .port(let d):
                ports[d.name] = SimPort(name: d.name, order: d.order) { [unowned self] _, _ in try self.perform(d.body) }
            default:
                break
            }
        }
    }

    private func execute(_ statement: Statement) throws {
        switch statement {
        case .display, .costs:
            break   // honoured when the run starts
        case .mode(let name, let common, _):
            if common { loop.addCommonMode(RunLoopMode(name)) }
        case .timer(let d):
            // A date past the end of time is clamped like any far date (SimTimer).
            let fire = d.firstFire ?? VirtualTime.saturatingSum(context.now, d.after ?? d.interval)
            let timer = SimTimer(name: d.name, fireDate: fire, interval: d.interval, context: context) { [unowned self] _ in
                try self.perform(d.body)
            }
            timer.setTolerance(d.tolerance)
            timers[d.name] = timer
            for m in d.modes { loop.add(timer, to: mode(m)) }
        case .source(let d):
            // Made by `declareSourcesAndPorts`; added to its modes here.
            let s = sources[d.name]!
            for m in d.modes { loop.add(s, to: mode(m)) }
        case .port(let d):
            let p = ports[d.name]!
            for m in d.modes { loop.add(p, to: mode(m)) }
        case .observer(let d):
            var activities = RunLoopActivity()
            for a in d.activities { activities.insert(activity(a)) }
            let o = SimObserver(name: d.name, activities: activities, repeats: d.repeats, order: d.order) { [unowned self] _, _ in
                try self.perform(d.body)
            }
            observers[d.name] = o
            for m in d.modes { loop.add(o, to: mode(m)) }
        case .displayLink(let d):
            addDisplayLink(d)
        case .at(let e):
            schedule(e)
        case .run(let r):
            current = r.location
            try run(r)
        case .expect:
            break
        case .layer(let statement):
            try executeLayerStatement(statement)
        case .pool(let p):
            scheduler.cores = p.cores
            scheduler.hop = p.hop
        }
    }

    private func run(_ r: RunCommand) throws {
        let limit: Simulation.Limit
        switch r.limit {
        case .until(let t): limit = .until(t)
        case .duration(let d): limit = .duration(d)
        case .iterations(let n): limit = .iterations(n)
        case .idle(let max): limit = .idle(max: max)
        case .forever: limit = .forever
        }
        try simulation.run(mode: RunLoopMode(r.mode), limit: limit, returnAfterSource: r.returnAfterSource)
        try checkTaskFailure()
    }

    // MARK: Actions

    /// Runs a callout body.
    func perform(_ actions: [Action]) throws {
        for action in actions {
            try perform(action)
        }
    }

    func perform(_ action: Action) throws {
        switch action.kind {
        case .log(let text):
            simulation.log(text)
        case .sleep(let d):
            guard VirtualTime.checkedSum(context.now, d) != nil else {
                throw diagnostic(at: action.location, VirtualTime.outOfRange("sleep \(TimeLiteral.format(d))", from: context.now).description)
            }
            context.block(for: d)
        case .signal(let name, let wake):
            sources[name]!.signal(in: context)
            if wake { loop.wakeUp(reason: .source0) }
        case .wake:
            loop.wakeUp()
        case .stop:
            loop.stop()
        case .invalidate(let name):
            try requireDeclared(name, at: action.location)
            if let t = timers[name] { loop.invalidate(t) }
            if let s = sources[name] { s.invalidate() }
            if let p = ports[name] { p.invalidate() }
            if let o = observers[name] { o.invalidate() }
            if let d = displayLinks[name] { d.invalidate() }
        case .pause(let name):
            try requireDeclared(name, at: action.location)
            displayLinks[name]!.pause()
        case .resume(let name):
            guard declaresDisplayLink(name) else { return try resumeContinuation(name, at: action.location) }
            try requireDeclared(name, at: action.location)
            displayLinks[name]!.resume()
        case .task(let t):
            try performTask(t, at: action.location)
        case .animation(let animation):
            try performAnimation(animation, at: action.location)
        case .state(let write):
            try writeState(write, at: action.location)
        case .reschedule(let name, let at):
            try requireDeclared(name, at: action.location)
            loop.setNextFireDate(timers[name]!, at)
        case .send(let port):
            noteSend(to: port, at: action.location)
            ports[port]!.send(at: context.now, label: port)
        case .perform(let modes, let body):
            loop.perform(in: modes.map(mode), name: "line \(action.location.line)") { [unowned self] in try self.perform(body) }
        case .asyncMain(let body):
            loop.enqueueMain(name: "line \(action.location.line)") { [unowned self] in try self.perform(body) }
        case .run(let r):
            let outer = current
            current = r.location
            let tasks = taskState.current
            taskState.current = nil
            defer { current = outer; taskState.current = tasks }
            try run(r)
        case .layer(let a):
            try performLayerAction(a, at: action.location)
        }
    }

    func mode(_ ref: ModeRef) -> RunLoopMode {
        switch ref {
        case .common: return .common
        case .named(let name): return RunLoopMode(name)
        }
    }

    private func activity(_ a: ActivityName) -> RunLoopActivity {
        switch a {
        case .entry: return .entry
        case .beforeTimers: return .beforeTimers
        case .beforeSources: return .beforeSources
        case .beforeWaiting: return .beforeWaiting
        case .afterWaiting: return .afterWaiting
        case .exit: return .exit
        }
    }

    // MARK: Expectations

    private func check(_ e: Expectation) -> ExpectationResult {
        switch e.kind {
        case .log(let text, let at):
            let times = simulation.logs.filter { $0.text == text }.map(\.time)
            var summary = "expect log \(quoted(text))"
            if let at { summary += " at=\(TimeLiteral.format(at))" }
            let observed = times.isEmpty ? "never logged"
                : "logged at " + times.prefix(5).map(TimeLiteral.format).joined(separator: ", ") + (times.count > 5 ? ", …" : "")
            let passed = at.map { times.contains($0) } ?? !times.isEmpty
            return ExpectationResult(expectation: e, passed: passed, summary: summary, observed: observed)
        case .commits(let n):
            return checkCommits(e, n)
        case .visible, .neverVisible, .pixel:
            return checkFrameExpectation(e)
        case .presentation:
            return checkPresentation(e)
        case .taskEnded(let name, let at, let result):
            return checkTaskEnded(e, name, at: at, result: result)
        case .frames(let n):
            let frames = simulation.presentedFrames
            let list = frames.prefix(6).map { "\($0.index)" }.joined(separator: ", ")
            let observed = render == nil ? "no render server (--server none)"
                : "\(frames.count) frame\(frames.count == 1 ? "" : "s")" + (frames.isEmpty ? "" : " (\(list)\(frames.count > 6 ? ", …" : ""))")
            return ExpectationResult(expectation: e, passed: render != nil && frames.count == n,
                                     summary: "expect frames == \(n)", observed: observed)
        }
    }

    private func quoted(_ s: String) -> String {
        var out = "\""
        for c in s {
            if c == "\"" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }
}
