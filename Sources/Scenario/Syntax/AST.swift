import LoopSimTrace
import RenderModel

/// A position in a scenario file: 1-based line and column (columns count
/// Unicode scalars from the start of the line).
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// A mode an item is added to, or a run happens in. `default` is the mode
/// named "default"; `common` is kCFRunLoopCommonModes.
package enum ModeRef: Sendable, Equatable {
    case named(String)
    case common

    package static let `default` = ModeRef.named("default")
}

/// A run-loop activity named in an `observer … on=` list.
package enum ActivityName: String, Sendable, Equatable, CaseIterable {
    case entry, beforeTimers, beforeSources, beforeWaiting, afterWaiting, exit
}

/// How long a `run` statement runs.
package enum RunLimit: Sendable, Equatable {
    /// `until=T`: until virtual time T (absolute, nanoseconds).
    case until(Int64)
    /// `for=D`: for D nanoseconds from the time the run starts.
    case duration(Int64)
    /// `iterations=N`: exactly N passes (the run ends after the Nth pass).
    case iterations(Int)
    /// `until=idle [max=D]`: until nothing can ever fire again, bounded by D
    /// nanoseconds of virtual time (default 10 minutes).
    case idle(max: Int64)
    /// `run` with no limit: CFRunLoopRunInMode with an unbounded timeout.
    case forever
}

/// A `run` statement, at top level or nested inside a callout.
package struct RunCommand: Sendable, Equatable {
    package var limit: RunLimit
    package var mode: String
    package var returnAfterSource: Bool
    package var location: SourceLocation

    package init(limit: RunLimit, mode: String = "default", returnAfterSource: Bool = false, location: SourceLocation) {
        self.limit = limit
        self.mode = mode
        self.returnAfterSource = returnAfterSource
        self.location = location
    }
}

/// One action inside a block (a callout body).
package struct Action: Sendable, Equatable {
    package var kind: ActionKind
    package var location: SourceLocation

    package init(_ kind: ActionKind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}

package indirect enum ActionKind: Sendable, Equatable {
    /// `log "text"`
    case log(String)
    /// `sleep D`: the main thread is blocked for D nanoseconds.
    case sleep(Int64)
    /// `signal NAME [nowake]`: CFRunLoopSourceSignal, then CFRunLoopWakeUp unless `nowake`.
    case signal(source: String, wake: Bool)
    /// `wake`: CFRunLoopWakeUp.
    case wake
    /// `stop`: CFRunLoopStop.
    case stop
    /// `invalidate NAME`: invalidates a timer, source, port or observer.
    case invalidate(String)
    /// `reschedule NAME at=T`: CFRunLoopTimerSetNextFireDate (absolute time).
    case reschedule(timer: String, at: Int64)
    /// `send PORT`: a message posted to a version-1 port from this thread.
    case send(port: String)
    /// `perform mode=M:` block: CFRunLoopPerformBlock (no wake-up).
    case perform(modes: [ModeRef], body: [Action])
    /// `async main:` block: DispatchQueue.main.async.
    case asyncMain(body: [Action])
    /// A nested `run`.
    case run(RunCommand)
    /// A layer or transaction action (`set`, `begin`, `commit`, …).
    case layer(LayerAction)
    /// `pause NAME`: a display link's `isPaused = true`.
    case pause(String)
    /// `resume NAME`: a display link's `isPaused = false`, or a
    /// continuation's `resume()` (the name's kind decides).
    case resume(String)
    /// `animate`, `spring`, `removeAnimation`, `removeAnimations`,
    /// `animations` (docs/guide/animations-language.md).
    case animation(AnimationAction)
    /// `state HOST.VAR = VALUE`: a host's `@State` write (docs/reference/swiftui.md).
    case state(StateWrite)
    /// `task`, `await`, `async let`, `group`, `addTask`, `cancel`,
    /// `checkCancellation` (docs/reference/concurrency.md).
    case task(TaskAction)
}

/// `display size=(w,h) hz=N background=COLOR render=DURATION`.
package struct DisplayDecl: Sendable, Equatable {
    package var width: Int
    package var height: Int
    package var hz: Int
    /// The background as 8-bit RGBA.
    package var background: [UInt8]
    /// Virtual ns the render server spends on each frame it draws.
    package var renderCost: Int64
    package var location: SourceLocation

    package init(width: Int = 320, height: Int = 240, hz: Int = 60, background: [UInt8] = [0, 0, 0, 255], renderCost: Int64 = 0, location: SourceLocation) {
        self.width = width
        self.height = height
        self.hz = hz
        self.background = background
        self.renderCost = renderCost
        self.location = location
    }
}

/// `costs layout=40us display=2ns/px decode=1ns/px commit=5us/layer render=1ms raster=0.5ns/px`:
/// what work costs in virtual time (`docs/reference/core-animation-rules.md` §4.3).
/// Every cost is 0 unless given.
package struct CostsDecl: Sendable, Equatable {
    /// Per layoutSublayers call.
    package var layout: CostRate
    /// Per pixel of a drawn layer's bounds.
    package var display: CostRate
    /// Per decoded image pixel.
    package var decode: CostRate
    /// Per layer a commit encodes.
    package var commit: CostRate
    /// The server's fixed cost per frame it draws (like `display render=`);
    /// nil when not given.
    package var render: Int64?
    /// The server's cost per composited pixel of a frame's damage.
    package var raster: CostRate
    package var location: SourceLocation

    package init(layout: CostRate = .zero, display: CostRate = .zero, decode: CostRate = .zero, commit: CostRate = .zero,
                render: Int64? = nil, raster: CostRate = .zero, location: SourceLocation) {
        self.layout = layout
        self.display = display
        self.decode = decode
        self.commit = commit
        self.render = render
        self.raster = raster
        self.location = location
    }
}

/// `timer NAME every=D at=T tolerance=D mode=M:` — without `every=` it fires once.
package struct TimerDecl: Sendable, Equatable {
    package var name: String
    /// Interval in nanoseconds; 0 for a one-shot timer.
    package var interval: Int64
    /// Absolute first fire time, or nil for "now + interval" (`after=D` is
    /// resolved by the parser to `at=` relative to the declaration's time, so
    /// it is kept separately).
    package var firstFire: Int64?
    /// `after=D`: first fire D after the time the declaration is executed.
    package var after: Int64?
    package var tolerance: Int64
    package var modes: [ModeRef]
    package var body: [Action]
    package var location: SourceLocation
}

/// `source NAME order=N mode=M:` — a version-0 source; the body is its perform.
package struct SourceDecl: Sendable, Equatable {
    package var name: String
    package var order: Int
    package var modes: [ModeRef]
    package var body: [Action]
    package var location: SourceLocation
}

/// `port NAME order=N mode=M:` — a version-1 source; the body runs once per message.
package struct PortDecl: Sendable, Equatable {
    package var name: String
    package var order: Int
    package var modes: [ModeRef]
    package var body: [Action]
    package var location: SourceLocation
}

/// `observer NAME on=a,b order=N [once] mode=M:`
package struct ObserverDecl: Sendable, Equatable {
    package var name: String
    package var activities: [ActivityName]
    package var order: Int
    package var repeats: Bool
    package var modes: [ModeRef]
    package var body: [Action]
    package var location: SourceLocation
}

/// What happens at an `at T` statement: something from outside the main thread.
package enum ExternalKind: Sendable, Equatable {
    /// `at T:` block — an input event, a version-1 message on the main run
    /// loop in common modes; the block is its callout.
    case input(body: [Action])
    /// `at T send PORT`
    case send(port: String)
    /// `at T signal SOURCE [nowake]`
    case signal(source: String, wake: Bool)
    /// `at T wake`
    case wake
    /// `at T async main:` block — DispatchQueue.main.async from another thread.
    case asyncMain(body: [Action])
    /// `at T perform mode=M:` block — CFRunLoopPerformBlock from another thread (no wake).
    case perform(modes: [ModeRef], body: [Action])
    /// `at T crash server` — the render server dies (fault injection); the
    /// client respawns it and carries on.
    case crashServer
    /// `at T cancel TASK` — another thread calls `t.cancel()`.
    case cancel(task: String)
    /// `at T resume CONTINUATION` — another thread calls `c.resume()`.
    case resume(continuation: String)
}

package struct ExternalEvent: Sendable, Equatable {
    /// Absolute virtual time in nanoseconds.
    package var time: Int64
    package var kind: ExternalKind
    package var location: SourceLocation
}

/// `expect …` statements, checked after every run.
public enum ExpectationKind: Sendable, Equatable {
    /// `expect log "text" [at=T]`: a `log` action with exactly this text ran
    /// (at virtual time T when given).
    case log(text: String, at: Int64?)
    /// `expect commits == N`: outermost commits that shipped a diff.
    case commits(Int)
    /// `expect frames == N`: frame files the render server wrote.
    case frames(Int)
    /// `expect visible L.prop == V at=T`: in the frame on screen at T, the
    /// render tree's value of the property is V.
    case visible(layer: String, property: LayerPropertyName, value: LayerValue, at: Int64)
    /// `expect never visible L.prop == V`: no presented frame has that value.
    case neverVisible(layer: String, property: LayerPropertyName, value: LayerValue)
    /// `expect pixel (x,y) == COLOR at=T [tolerance=N]`: the pixel of the
    /// frame on screen at T, each channel within N of COLOR (8-bit RGB).
    case pixel(x: Int, y: Int, color: [UInt8], at: Int64, tolerance: Int)
    /// `expect presentation L.prop == V at=T [tolerance=E]`: the
    /// presentation value at T, each number within E
    /// (docs/guide/animations-language.md).
    case presentation(layer: String, property: LayerPropertyName, value: LayerValue, at: Int64, tolerance: Double)
    /// `expect task t ended [at=T] [result=returned|cancelled]`: the most
    /// recent instance of the task ended (at T, with that result).
    case taskEnded(task: String, at: Int64?, result: TraceEvent.TaskResult?)
}

public struct Expectation: Sendable, Equatable {
    public var kind: ExpectationKind
    public var location: SourceLocation
}

/// A top-level statement. The interpreter executes them in file order:
/// declarations create their object at the virtual time reached so far,
/// `at` statements schedule outside events, `run` drives the loop, and
/// expectations are checked after the last statement.
package enum Statement: Sendable, Equatable {
    case display(DisplayDecl)
    /// `costs layout=40us display=2ns/px …`: what work costs in virtual time.
    case costs(CostsDecl)
    case mode(name: String, common: Bool, location: SourceLocation)
    case timer(TimerDecl)
    case source(SourceDecl)
    case port(PortDecl)
    case observer(ObserverDecl)
    /// `displaylink NAME fps=N mode=M:` (docs/guide/animations-language.md).
    case displayLink(DisplayLinkDecl)
    case at(ExternalEvent)
    case run(RunCommand)
    case expect(Expectation)
    /// `layer`, `view`, `image`, `layout`, `draw`, `constraints`.
    case layer(LayerStatement)
    /// `pool cores=N hop=D` (docs/reference/concurrency.md).
    case pool(PoolDecl)
}

/// A parsed, name-checked scenario.
package struct ScenarioFile: Sendable, Equatable {
    package var path: String
    package var statements: [Statement]

    package init(path: String, statements: [Statement]) {
        self.path = path
        self.statements = statements
    }

    /// The display declaration, or the defaults (320×240, 60 Hz, black).
    package var display: DisplayDecl {
        for case .display(let d) in statements { return d }
        return DisplayDecl(location: SourceLocation(file: path, line: 0, column: 0))
    }

    /// The `pool` declaration, if any.
    package var pool: PoolDecl? {
        for case .pool(let p) in statements { return p }
        return nil
    }

    /// The `costs` declaration, or every cost 0.
    package var costs: CostsDecl {
        for case .costs(let c) in statements { return c }
        return CostsDecl(location: SourceLocation(file: path, line: 0, column: 0))
    }
}
