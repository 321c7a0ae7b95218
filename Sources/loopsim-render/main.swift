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
       loopsim-render --listen <path>

OPTIONS:
  --fd <n>                Serve one client on the inherited connected socket <n>
                          (how loopsim spawns it: a socketpair, no file on disk).
  --listen <path>         Create a Unix socket at <path> (mode 0600; its folder is
                          created with mode 0700 and refused if others can write to
                          it), accept clients of the same user (SO_PEERCRED) one at
                          a time until stopped. Connect with 'loopsim run --server unix:<path>'.
  -h, --help              Show help information.
"""

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("Error: \(message)\nUsage: loopsim-render --fd <n> | --listen <path>\n  See 'loopsim-render --help' for more information.\n".utf8))
    exit(64)
}

var args = Array(CommandLine.arguments.dropFirst())
if args.isEmpty { fail("missing option '--fd <n>' or '--listen <path>'") }
if args.contains("-h") || args.contains("--help") {
    print(usage)
    exit(0)
}
guard args.count == 2, args[0] == "--fd" || args[0] == "--listen" else { fail("unexpected arguments: \(args.joined(separator: " "))") }
signal(SIGPIPE, SIG_IGN)
// "Until stopped": SIGTERM and SIGINT end the server even if the parent ignored them.
signal(SIGTERM, SIG_DFL)
signal(SIGINT, SIG_DFL)
if args[0] == "--listen" {
    let path = args[1]
    let listener: Int32
    do {
        listener = try UnixListener.listen(at: path)
    } catch {
        FileHandle.standardError.write(Data("loopsim-render: \(error)\n".utf8))
        exit(1)
    }
    FileHandle.standardError.write(Data("loopsim-render: listening on \(path)\n".utf8))
    while true {
        let client = accept(listener, nil, nil)
        if client < 0 {
            if errno == EINTR { continue }
            FileHandle.standardError.write(Data("loopsim-render: accept: \(String(cString: strerror(errno)))\n".utf8))
            exit(1)
        }
        guard UnixListener.peerIsAllowed(client) else {
            FileHandle.standardError.write(Data("loopsim-render: refused a client of another user (uid \(UnixListener.peerUID(client).map(String.init) ?? "?"))\n".utf8))
            close(client)
            continue
        }
        let session = ServerSession(pid: UInt32(getpid())) { try FolderFrameOutput(folder: $0.outputFolder) }
        let outcome = SocketServer.serve(fd: client, session: session)
        if case .protocolError(let text) = outcome {
            FileHandle.standardError.write(Data("loopsim-render: client refused: \(text)\n".utf8))
        }
        close(client)
    }
}
guard let fd = Int32(args[1]), fd >= 0, fcntl(fd, F_GETFD) != -1 else { fail("'\(args[1])' is not an open file descriptor") }
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
