import LoopSimTrace
import RunLoopKit

/// SwiftUI-style hosts on the context (`docs/reference/swiftui.md`): adding them, the
/// SwiftUI observer that flushes their state, and running code with
/// actions disabled.
extension LayerContext {
    /// The SwiftUI observer's callout name (`RunLoop.flushObservers`).
    public static let hostObserverName = "NSRunLoop.flushObservers"

    /// Makes `view` a host with the given state variables (in order) and
    /// body. The first host installs the SwiftUI observer — order 0 at
    /// BeforeWaiting and Exit, repeating, in the common modes, after the
    /// observers already there (so after UIKit's order-0 one). The view
    /// needs layout at once, so the next commit evaluates the body.
    /// `reads` names the variables the body reads (nil: all of them).
    ///
    /// Traps if `view` already has a layout body, or is not a view.
    @discardableResult
    public func addHost<Value: Equatable>(view: Layer, state: [(String, Value)], reads: Set<String>? = nil,
                                          spell: @escaping (Value) -> String,
                                          body: @escaping ([String: Value]) throws -> Void) -> StateHost<Value> {
        precondition(view.isView, "addHost: '\(view.traceName)' is a standalone layer; a host is a view")
        precondition(view.layoutBody == nil, "addHost: '\(view.traceName)' already has a layout body; a host's layout is its body")
        let host = StateHost(view: view, state: state, reads: reads, spell: spell, body: body)
        view.layoutBody = { [unowned host] _ in try host.render() }
        hosts.append(host)
        if hostObserver == nil {
            let observer = SimObserver(name: Self.hostObserverName, activities: [.beforeWaiting, .exit], order: 0) { [unowned self] _, _ in
                for host in self.hosts { host.flush(from: .observer) }
            }
            loop.add(observer, to: .common)
            hostObserver = observer
        }
        view.setNeedsLayout()
        return host
    }

    /// A state write while the loop runs a mode without the SwiftUI
    /// observer adds the observer to that mode too (as SwiftUI's
    /// `RunLoop.addObserver` does).
    func hostStateChanged() {
        guard let observer = hostObserver, let mode = loop.currentMode, !loop.isCommon(mode) else { return }
        loop.add(observer, to: mode)
    }

    /// Runs `body` with actions disabled: no property change in it starts
    /// an implicit animation (`UIView.performWithoutAnimation`).
    public func performWithoutAnimation<T>(_ body: () throws -> T) rethrows -> T {
        actionsSuppressed += 1
        defer { actionsSuppressed -= 1 }
        return try body()
    }
}
