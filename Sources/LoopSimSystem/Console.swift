#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Standard output and standard error, as the tools write to them
/// (`loopsim`, `LoopSimTools`, `LoopSimBench`): each call is written at
/// once (no buffer to lose at `exit`), whole (`EINTR` and short writes
/// continued), and never meets a ``FaultPlan`` (the plan's draws are the
/// simulation's).
///
/// In a test, ``capturing(_:)`` keeps what the body writes, on its task,
/// instead of writing it, so that a tool's output is checked in-process:
///
///     let (status, out, _) = Console.capturing { FramesInspector.list(folder) }
public enum Console {
    /// Writes `text` and `terminator` to standard output.
    public static func out(_ text: String, terminator: String = "\n") {
        write(text + terminator, to: .standardOutput)
    }

    /// Writes `text` and a newline to standard error.
    public static func error(_ text: String, terminator: String = "\n") {
        write(text + terminator, to: .standardError)
    }

    /// Writes `text` to `stream` (standard output or standard error); a
    /// failed write (a closed pipe) is dropped, as `print` drops it.
    public static func write(_ text: String, to stream: FileDescriptor) {
        if let capture = Capture.current {
            capture.append(text, error: stream == .standardError)
            return
        }
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = retryOnInterrupt { system_console_write(stream.rawValue, raw.baseAddress! + offset, raw.count - offset) }
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// Runs `body` with what it writes to the console, on this task, kept
    /// instead of written; answers its result and the text of each stream.
    public static func capturing<R>(_ body: () throws -> R) rethrows -> (result: R, out: String, error: String) {
        let capture = Capture()
        let result = try Capture.$current.withValue(capture) { try body() }
        let (out, error) = capture.texts
        return (result, out, error)
    }

    /// What a ``capturing(_:)`` body wrote.
    final class Capture: Sendable {
        @TaskLocal static var current: Capture?
        private let streams = Mutex<(out: String, error: String)>(("", ""))

        func append(_ text: String, error: Bool) {
            streams.withLock { if error { $0.error += text } else { $0.out += text } }
        }

        var texts: (String, String) { streams.withLock { ($0.out, $0.error) } }
    }
}
