#if canImport(Glibc)
import Glibc
#endif

/// A symbol of the running process, looked up by name (`dlsym` on the
/// process's own handle): how TaskKit finds the Swift concurrency runtime's
/// `swift_task_enqueueGlobal_hook`, a variable the runtime exports so that a
/// process may take over the jobs of its global executor.
public enum RuntimeSymbol {
    /// The address of `name` in the running process or a library it has
    /// loaded, or nil when there is none.
    public static func address(of name: String) -> UnsafeMutableRawPointer? {
        guard let process = dlopen(nil, RTLD_NOW) else { return nil }
        return dlsym(process, name)
    }
}
