import LoopSimTrace

/// A SwiftUI-style hosting view (`docs/reference/swiftui.md`): a view whose
/// sublayers are driven by state variables through a body, the way
/// `_UIHostingView` renders a SwiftUI graph.
///
/// - A state write (``set(_:to:)``) only records the new value and queues
///   a mutation (consecutive writes of one variable combine into one); it
///   opens no transaction and marks nothing.
/// - The SwiftUI observer (order 0, BeforeWaiting and Exit, common modes)
///   flushes the pending mutations into the graph and, when a variable the
///   body reads now differs from what the body last saw, calls the view's
///   `setNeedsLayout` (which opens or joins a transaction).
/// - The view's layout is its render: it flushes what is still pending
///   (without invalidating), evaluates the body when the graph differs
///   from its last evaluation (or on the first render), with actions
///   disabled, and its sets belong to the transaction being committed.
///
/// Values are any `Equatable` type; `spell` writes one as the trace does.
///
///     let host = context.addHost(view: content, state: [("color", red)], spell: format) { graph in
///         try circle.set(.backgroundColor, graph["color"]!)
///     }
///     host.set("color", to: yellow)     // state.set; nothing else until BeforeWaiting
public final class StateHost<Value: Equatable> {
    /// The hosting view.
    public let view: Layer
    /// The state variables, in declaration order.
    public let variables: [String]
    /// The last value written to each variable.
    public private(set) var current: [String: Value]
    /// What the body sees: the values as of the last flush.
    public private(set) var graph: [String: Value]
    /// How many times the body has been evaluated.
    public private(set) var evaluations = 0
    /// The pending mutations, one variable each, oldest first.
    private var pending: [String] = []
    /// The graph at the body's last evaluation; nil before the first.
    private var seen: [String: Value]?
    /// The variables the body reads.
    private let reads: Set<String>
    private let spell: (Value) -> String
    private let body: ([String: Value]) throws -> Void

    init(view: Layer, state: [(String, Value)], reads: Set<String>?, spell: @escaping (Value) -> String,
         body: @escaping ([String: Value]) throws -> Void) {
        self.view = view
        variables = state.map(\.0)
        precondition(Set(variables).count == variables.count, "StateHost: a state variable is declared twice in \(variables)")
        current = Dictionary(uniqueKeysWithValues: state)
        graph = current
        self.reads = reads ?? Set(variables)
        self.spell = spell
        self.body = body
    }

    /// The host's name in the trace: its view's.
    public var name: String { view.traceName }

    /// Mutations waiting for a flush.
    public var pendingMutations: Int { pending.count }

    /// `@State` write: a new value is recorded and a mutation queued (or
    /// combined with the last one, for the same variable); the same value
    /// does nothing. Traced as `state.set`. Traps on an unknown variable.
    public func set(_ variable: String, to value: Value) {
        guard let old = current[variable] else {
            preconditionFailure("StateHost '\(name)' has no state variable '\(variable)' (it has \(variables))")
        }
        let changed = old != value
        if changed {
            current[variable] = value
            if pending.last != variable { pending.append(variable) }
            view.context.hostStateChanged()
        }
        view.context.trace(.stateSet(host: name, variable: variable, value: spell(value), changed: changed, pending: pending.count))
    }

    /// Applies the pending mutations to the graph; from the observer, then
    /// invalidates the view if the body's inputs changed.
    func flush(from source: TraceEvent.FlushSource) {
        guard !pending.isEmpty else { return }
        var vars: [String] = []
        for v in pending where !vars.contains(v) { vars.append(v) }
        let count = pending.count
        pending.removeAll()
        for v in vars { graph[v] = current[v] }
        view.context.trace(.swiftUIFlush(host: name, mutations: count, vars: vars, from: source))
        guard source == .observer else { return }
        let stale = seen.map { seen in reads.contains { seen[$0] != graph[$0] } } ?? true
        if stale {
            view.context.trace(.hostInvalidate(host: name))
            view.setNeedsLayout()
        }
    }

    /// The render, as the view's layout: flush, then the body if its
    /// inputs changed since it last ran.
    func render() throws {
        flush(from: .render)
        if let seen, seen == graph { return }
        evaluations += 1
        let state = graph.keys.sorted().map { "\($0)=\(spell(graph[$0]!))" }.joined(separator: " ")
        view.context.trace(.body(host: name, eval: evaluations, state: state))
        seen = graph
        try view.context.performWithoutAnimation { try body(graph) }
    }
}

/// What the SwiftUI observer calls on each host, whatever its value type.
protocol HostFlushing: AnyObject {
    func flush(from source: TraceEvent.FlushSource)
}

extension StateHost: HostFlushing {}
