import RenderServer
import Simulation

extension InProcessRenderServer {
    /// RenderServer's session on a thread: what `loopsim run --server thread` runs.
    static let renderServer = InProcessRenderServer { _ = SocketServer.serveClient(on: $0) }
}
