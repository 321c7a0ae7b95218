import RunLoopKit

/// The observers UIKit and Core Animation install on the main run loop
/// (docs/reference/run-loop-rules.md §11), all repeating and in the common modes. The one at order
/// 2000000 is Core Animation's implicit commit.
extension LayerContext {
    /// The profile: (order, activities, callout name).
    public static let uikitObservers: [(Int, RunLoopActivity, String)] = [
        (-2147483647, .entry, "_wrapRunLoopWithAutoreleasePoolHandler"),
        (0, .beforeWaiting, "_UIGestureRecognizerUpdateObserver"),
        (1999000, [.beforeWaiting, .exit], "_beforeCACommitHandler"),
        (2000000, [.beforeWaiting, .exit], "CA::Transaction::observer_callback"),
        (2001000, [.beforeWaiting, .exit], "_afterCACommitHandler"),
        (2147483647, [.beforeWaiting, .exit], "_wrapRunLoopWithAutoreleasePoolHandler"),
    ]

    /// Adds the six observers to the common modes of the main run loop.
    @discardableResult
    public func installUIKitProfile() -> [SimObserver] {
        LayerContext.uikitObservers.map { order, activities, name in
            let o = SimObserver(name: name, activities: activities, order: order) { [unowned self] _, _ in
                if order == 2000000 { try self.commitAtEndOfPass() }
            }
            loop.add(o, to: .common)
            return o
        }
    }
}
