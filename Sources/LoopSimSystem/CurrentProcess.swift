#if canImport(Glibc)
import Glibc
#endif

/// Facts about the running process.
public enum CurrentProcess {
    /// Its process id (`getpid`).
    public static var id: Int32 { getpid() }

    /// Its real user id (`getuid`).
    public static var userID: UInt32 { getuid() }

    /// The environment variable `name`, or nil when unset.
    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Sets the environment variable `name` to `value` for this process and
    /// the processes it starts from now on (`setenv`).
    public static func setEnvironment(_ name: String, _ value: String) {
        setenv(name, value, 1)
    }

    /// The path of the running executable (`/proc/self/exe`, resolved).
    /// - Throws: ``SystemError`` from `readlink`.
    public static func executablePath() throws(SystemError) -> String {
        try FileSystem.destinationOfLink("/proc/self/exe")
    }

    /// Sets the file-mode creation mask; returns the previous one.
    @discardableResult
    public static func setFileCreationMask(_ mask: UInt32) -> UInt32 {
        UInt32(umask(mode_t(mask)))
    }
}
