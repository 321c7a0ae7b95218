import RenderServer
import Simulation

extension InProcessRenderServer {
    /// RenderServer's session on a thread, serving exactly as the
    /// `loopsim-render` process does: what `--server thread` runs.
    package static let renderServer = InProcessRenderServer { _ = SocketServer.serveClient(on: $0) }
}
