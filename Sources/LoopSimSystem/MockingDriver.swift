#if DEBUG
import Synchronization

/// A script of system-call results for tests (debug builds only), as
/// swift-system's mocking layer: inside ``withMocking(_:)``, every system
/// call the current task makes through LoopSimSystem is recorded in
/// ``calls``; a call whose name has a scripted result returns that instead
/// of reaching the kernel, and the others go through.
///
///     let calls = MockingDriver.withMocking { driver in
///         driver.script("send", [.error(.interrupted), .value(3), .value(7)])
///         try FileDescriptor(rawValue: 99).writeAll(Array(0..<10))
///         return driver.calls.map(\.name)
///     }   // ["send", "send", "send"]: EINTR retried, a short write finished
///
/// The driver is bound to the task (a task-local value): other tests, and
/// threads the test starts, make real calls.
public final class MockingDriver: Sendable {
    /// One recorded call: its C name and its integer arguments
    /// (descriptors, byte counts, flags), in the order of the C prototype.
    public struct Call: Hashable, Sendable, CustomStringConvertible {
        /// The C name: `send`, `sendmsg`, `recvmsg`, `poll`.
        public var name: String
        /// The integer arguments, pointers left out.
        public var arguments: [Int]

        /// Makes a call record.
        public init(_ name: String, _ arguments: [Int]) {
            self.name = name
            self.arguments = arguments
        }

        /// `send(99, 10, 16384)`.
        public var description: String { "\(name)(\(arguments.map(String.init).joined(separator: ", ")))" }
    }

    /// What a scripted call returns.
    public enum Outcome: Hashable, Sendable {
        /// The call returns this value (a byte count, a descriptor, 0).
        case value(Int)
        /// The call returns -1 with errno set to this.
        case error(Errno)
    }

    private struct State {
        var calls: [Call] = []
        var scripts: [String: [Outcome]] = [:]
    }

    private let state = Mutex(State())

    /// Makes an empty driver: nothing recorded, nothing scripted.
    public init() {}

    /// Every call made so far, in order.
    public var calls: [Call] { state.withLock { $0.calls } }

    /// Queues `outcomes` for the next calls named `name`, after any
    /// already queued; once they are used up the calls reach the kernel.
    public func script(_ name: String, _ outcomes: [Outcome]) {
        state.withLock { $0.scripts[name, default: []].append(contentsOf: outcomes) }
    }

    /// The scripted outcomes not used yet, by call name (empty at the end
    /// of a test that used its whole script).
    public var unusedScript: [String: [Outcome]] { state.withLock { $0.scripts.filter { !$0.value.isEmpty } } }

    /// Runs `body` with a new driver bound to the current task.
    public static func withMocking<R>(_ body: (MockingDriver) throws -> R) rethrows -> R {
        let driver = MockingDriver()
        return try $current.withValue(driver) { try body(driver) }
    }

    @TaskLocal static var current: MockingDriver?

    /// Records the call; its scripted outcome (errno set, -1 returned for an
    /// error) or nil to make the real call.
    fileprivate func intercept(_ name: String, _ arguments: [Int]) -> Int? {
        let outcome: Outcome? = state.withLock { state in
            state.calls.append(Call(name, arguments))
            guard var queue = state.scripts[name], !queue.isEmpty else { return nil }
            let first = queue.removeFirst()
            state.scripts[name] = queue
            return first
        }
        switch outcome {
        case nil: return nil
        case .value(let value)?: return value
        case .error(let errno)?:
            Errno.current = errno
            return -1
        }
    }
}

/// The scripted result of the call, or nil to make it for real.
@inline(__always)
func mocked<T: FixedWidthInteger>(_ name: String, _ arguments: [Int]) -> T? {
    guard let driver = MockingDriver.current, let value = driver.intercept(name, arguments) else { return nil }
    return T(value)
}
#else
@inline(__always)
func mocked<T: FixedWidthInteger>(_ name: String, _ arguments: @autoclosure () -> [Int]) -> T? { nil }
#endif
