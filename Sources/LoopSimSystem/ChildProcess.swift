#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn`, waited for with `waitpid`.
///
///     let child = try ChildProcess.spawn("/usr/bin/loopsim-render", arguments: ["--fd", "3"],
///                                        descriptors: [3: serverEnd])
///     try child.kill()
///     let status = try child.wait()
///
/// The value only names the process: waiting twice for it is an `ECHILD`
/// error the second time.
public struct ChildProcess: Hashable, Sendable {
    /// The child's process id.
    public let processID: Int32

    /// Names the child `processID` (no system call): for a child started
    /// elsewhere, or a test.
    public init(processID: Int32) { self.processID = processID }

    /// Starts the program at `path` (an absolute or relative path, not
    /// looked up on `PATH`) with `arguments` (without `argv[0]`, which is
    /// `path`) and this process's environment.
    /// - Parameter descriptors: for each descriptor number the child should
    ///   have, the parent's descriptor it is a copy of (`dup2` in the child;
    ///   a close-on-exec source is fine: the copy is not close-on-exec).
    /// - Throws: ``SystemError`` from `posix_spawn`, its subject `path`.
    public static func spawn(_ path: String, arguments: [String], descriptors: [CInt: FileDescriptor] = [:]) throws(SystemError) -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, source) in descriptors.sorted(by: { $0.key < $1.key }) {
            posix_spawn_file_actions_adddup2(&actions, source.rawValue, target)
        }
        let argv = [path] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let code: CInt = mocked("posix_spawn", [descriptors.count]) ?? posix_spawn(&pid, path, &actions, nil, &cArguments, environ)
        guard code == 0 else { throw SystemError("posix_spawn", Errno(rawValue: code == -1 ? Errno.current.rawValue : code), subject: path) }
        return ChildProcess(processID: pid)
    }

    /// How a child ended.
    public enum Termination: Hashable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
    }

    /// Waits until the child ends (`waitpid`, retrying `EINTR`) and reaps it.
    /// - Throws: ``SystemError`` from `waitpid` (`ECHILD` when already reaped).
    @discardableResult
    public func wait() throws(SystemError) -> Termination {
        var status: CInt = 0
        _ = try valueOrError("waitpid") { system_waitpid(processID, &status, 0) }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which are macros.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// Sends `signal` (default `SIGKILL`) to the child.
    /// - Throws: ``SystemError`` from `kill` (`ESRCH` once it was reaped).
    public func kill(_ signal: Signal = .kill) throws(SystemError) {
        _ = try valueOrError("kill") { system_kill(processID, signal.rawValue) }
    }
}

/// A signal number.
public struct Signal: RawRepresentable, Hashable, Sendable {
    public var rawValue: CInt
    public init(rawValue: CInt) { self.rawValue = rawValue }
    /// `SIGKILL`.
    public static var kill: Signal { Signal(rawValue: SIGKILL) }
    /// `SIGTERM`.
    public static var terminate: Signal { Signal(rawValue: SIGTERM) }
    /// `SIGINT`.
    public static var interrupt: Signal { Signal(rawValue: SIGINT) }
    /// `SIGPIPE`.
    public static var brokenPipe: Signal { Signal(rawValue: SIGPIPE) }

    /// Ignores the signal in this process (`SIG_IGN`): for `SIGPIPE`, a
    /// write to a closed peer is then an `EPIPE` error.
    public func ignore() {
        _ = Glibc.signal(rawValue, SIG_IGN)
    }

    /// Restores the default action (`SIG_DFL`), even if the parent ignored it.
    public func restoreDefault() {
        _ = Glibc.signal(rawValue, SIG_DFL)
    }
}
