#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RenderServer
import RenderWire

/// `loopsim-render`: LoopSim's render-server process.
let usage = """
OVERVIEW: LoopSim's render server: keeps the render tree, latches commits at
vsyncs in virtual time, rasterizes the frames that changed and writes them as
PPM files (frame-NNNNNN.ppm) with frames.jsonl, in the folder the client names.

USAGE: loopsim-render --fd <n>

OPTIONS:
  --fd <n>                Serve one client on the inherited connected socket <n>.
  -h, --help              Show help information.
"""

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("Error: \(message)\nUsage: loopsim-render --fd <n>\n  See 'loopsim-render --help' for more information.\n".utf8))
    exit(64)
}

var args = Array(CommandLine.arguments.dropFirst())
if args.isEmpty { fail("missing option '--fd <n>'") }
if args.contains("-h") || args.contains("--help") {
    print(usage)
    exit(0)
}
guard args.count == 2, args[0] == "--fd" else { fail("unexpected arguments: \(args.joined(separator: " "))") }
guard let fd = Int32(args[1]), fd >= 0, fcntl(fd, F_GETFD) != -1 else { fail("'\(args[1])' is not an open file descriptor") }

signal(SIGPIPE, SIG_IGN)
let session = ServerSession(pid: UInt32(getpid())) { hello in
    try FolderFrameOutput(folder: hello.outputFolder)
}
switch SocketServer.serve(fd: fd, session: session) {
case .goodbye, .closedByPeer:
    close(fd)
    exit(0)
case .protocolError(let text):
    FileHandle.standardError.write(Data("loopsim-render: protocol error: \(text)\n".utf8))
    close(fd)
    exit(1)
case .ioError(let text):
    FileHandle.standardError.write(Data("loopsim-render: \(text)\n".utf8))
    exit(1)
}
