import LoopSimSystem
#if canImport(Glibc)
import Glibc
#endif

/// Connects to a `loopsim-render --listen` server just started: the socket's
/// file appears at bind(), a moment before listen(), and until then a
/// connect is refused, so this tries again every 10 ms for up to 10 s.
func connectToStartingServer(at socket: String) throws -> FileDescriptor {
    for attempt in 0..<1000 {
        let fd = try FileDescriptor.unixStreamSocket()
        do {
            try fd.connect(unixPath: socket)
            return fd
        } catch {
            try? fd.close()
            if attempt == 999 { throw error }
            usleep(10_000)
        }
    }
    preconditionFailure("unreachable: the last attempt returns or throws")
}
