import LoopSimSystem

/// A render server that runs inside this process, for the `thread`
/// transport: given the server's end of a connected socket, it serves one
/// client on it until the client says goodbye or closes, then returns (the
/// caller closes the descriptor).
///
/// Simulation does not import the server: whoever can, injects it. The
/// `loopsim` CLI and the tests pass RenderServer's, which serves the
/// session exactly as the `loopsim-render` process does:
///
///     let server = InProcessRenderServer { _ = SocketServer.serveClient(on: $0) }
///     try simulation.attachRenderServer(.thread(server), display: display, frames: folder)
public struct InProcessRenderServer: Sendable {
    /// Serves one client on the connected descriptor (on the server thread).
    public let serve: @Sendable (FileDescriptor) -> Void

    /// Wraps `serve`.
    public init(serve: @escaping @Sendable (FileDescriptor) -> Void) {
        self.serve = serve
    }
}
