import Foundation
import LoopSimSystem
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
Signal.brokenPipe.ignore()
// "Until stopped": SIGTERM and SIGINT end the server even if the parent ignored them.
Signal.terminate.restoreDefault()
Signal.interrupt.restoreDefault()

if args[0] == "--listen" {
    let path = args[1]
    let listener: FileDescriptor
    do {
        listener = try UnixListener.listen(at: path)
    } catch {
        FileHandle.standardError.write(Data("loopsim-render: \(error)\n".utf8))
        exit(1)
    }
    FileHandle.standardError.write(Data("loopsim-render: listening on \(path)\n".utf8))
    while true {
        let client: FileDescriptor
        do {
            client = try listener.accept()
        } catch {
            FileHandle.standardError.write(Data("loopsim-render: \(error)\n".utf8))
            exit(1)
        }
        guard UnixListener.peerIsAllowed(client) else {
            FileHandle.standardError.write(Data("loopsim-render: refused a client of another user (uid \(UnixListener.peerUID(client).map(String.init) ?? "?"))\n".utf8))
            try? client.close()
            continue
        }
        let outcome = SocketServer.serveClient(on: client)
        if case .protocolError(let text) = outcome {
            FileHandle.standardError.write(Data("loopsim-render: client refused: \(text)\n".utf8))
        }
        try? client.close()
    }
}
guard let number = Int32(args[1]), number >= 0, FileDescriptor(rawValue: number).isOpen else { fail("'\(args[1])' is not an open file descriptor") }
let fd = FileDescriptor(rawValue: number)
switch SocketServer.serveClient(on: fd) {
case .goodbye, .closedByPeer:
    try? fd.close()
    exit(0)
case .protocolError(let text):
    FileHandle.standardError.write(Data("loopsim-render: protocol error: \(text)\n".utf8))
    try? fd.close()
    exit(1)
case .ioError(let error):
    FileHandle.standardError.write(Data("loopsim-render: \(error)\n".utf8))
    exit(1)
}
