import Foundation
import LoopSimSystem
import LoopSimTrace
import RenderServer
import RenderWire
import Synchronization

/// `loopsim-render`: LoopSim's render-server process.
let usage = """
OVERVIEW: LoopSim's render server: keeps the render tree, latches commits at
vsyncs in virtual time, rasterizes the frames that changed and writes them as
PPM files (frame-NNNNNN.ppm) with frames.jsonl, in the folder the client names.

USAGE: loopsim-render --fd <n> [--frames-budget <bytes>] [--frames none] [--faults <seed> [--faults-generation <n>]]
       loopsim-render --listen <path> [--frames-budget <bytes>] [--frames none] [--handshake-deadline <time>] [--idle-deadline <time>]

OPTIONS:
  --fd <n>                Serve one client on the inherited connected socket <n>
                          (how loopsim spawns it: a socketpair, no file on disk).
  --listen <path>         Create a Unix socket at <path> (mode 0600; its folder is
                          created with mode 0700, and must belong to this user and
                          not be writable by others; a live server already on
                          <path> is refused), accept clients of the same user
                          (SO_PEERCRED), up to 32 at once, each with a 10 s
                          handshake and 5 min idle deadline, until stopped.
                          Connect with 'loopsim run --server unix:<path>'.
  --frames-budget <bytes> The most bytes of frames one session writes (a number,
                          or with K, M or G; default LOOPSIM_FRAMES_BUDGET, else 2G).
  --faults <seed>         With --fd: inject the server's side of the fault plan
                          for <seed> (delayed replies, short writes, EINTR, ENOSPC
                          on a frame write), as 'loopsim run --faults <seed>'
                          does when it spawns the server (docs/internals/reliability.md).
  --faults-generation <n> Which spawn of the run this server is (0 the first, 1 the
                          first respawn, …): each gets its own faults (default 0).
  --frames none           Write no frame files, whatever folder a client names: frames
                          are drawn, hashed and reported as usual (a client's empty
                          folder, 'loopsim run --frames none', means the same).
  --handshake-deadline <time>
                          With --listen: how long a client may take to say hello
                          (a time like 10s or 500ms; default 10s).
  --idle-deadline <time>  With --listen: the longest silence of a client once its
                          session runs (default 5min).
  -h, --help              Show help information.
"""

func fail(_ message: String) -> Never {
    Console.write("Error: \(message)\nUsage: loopsim-render --fd <n> | --listen <path> [--frames-budget <bytes>]\n  See 'loopsim-render --help' for more information.\n", to: .standardError)
    exit(64)
}

func log(_ message: String) {
    Console.write("loopsim-render: \(message)\n", to: .standardError)
}

var args = Array(CommandLine.arguments.dropFirst())
if args.isEmpty { fail("missing option '--fd <n>' or '--listen <path>'") }
if args.contains("-h") || args.contains("--help") {
    print(usage)
    exit(0)
}
var budget = SocketServer.framesBudgetFromEnvironment()
if let i = args.firstIndex(of: "--frames-budget") {
    guard i + 1 < args.count, let value = SocketServer.parseByteCount(args[i + 1]) else {
        fail("'--frames-budget' needs a byte count, like 512M or 2G")
    }
    budget = value
    args.removeSubrange(i...(i + 1))
}
var writesFrames = true
if let i = args.firstIndex(of: "--frames") {
    guard i + 1 < args.count, args[i + 1] == "none" else { fail("'--frames' takes only the value none") }
    writesFrames = false
    args.removeSubrange(i...(i + 1))
}
var deadlines = SocketServer.Deadlines()
/// Takes `--name <time>` out of the arguments, as a wall-clock duration.
@MainActor func takeDuration(_ name: String) -> Duration? {
    guard let i = args.firstIndex(of: name) else { return nil }
    guard i + 1 < args.count, let ns = try? TimeLiteral(parsing: args[i + 1]).nanoseconds(), ns > 0 else {
        fail("'\(name)' needs a time, like 10s or 500ms")
    }
    args.removeSubrange(i...(i + 1))
    return .nanoseconds(ns)
}
/// Takes `--name <n>` out of the arguments, as a whole number.
@MainActor func takeNumber(_ name: String) -> UInt64? {
    guard let i = args.firstIndex(of: name) else { return nil }
    guard i + 1 < args.count, let n = UInt64(args[i + 1]) else { fail("'\(name)' needs a whole number, like 17") }
    args.removeSubrange(i...(i + 1))
    return n
}
let faultSeed = takeNumber("--faults")
let faultGeneration = takeNumber("--faults-generation")
if faultGeneration != nil && faultSeed == nil { fail("'--faults-generation' needs '--faults <seed>'") }
if let d = takeDuration("--handshake-deadline") { deadlines.handshake = d }
if let d = takeDuration("--idle-deadline") { deadlines.idle = d }
guard args.count == 2, args[0] == "--fd" || args[0] == "--listen" else { fail("unexpected arguments: \(args.joined(separator: " "))") }
if args[0] == "--listen", faultSeed != nil { fail("'--faults' is for a spawned server ('--fd'), not '--listen'") }
Signal.brokenPipe.ignore()
// "Until stopped": SIGTERM and SIGINT end the server even if the parent ignored them.
Signal.terminate.restoreDefault()
Signal.interrupt.restoreDefault()

/// Clients being served by a listening server.
let activeClients = Atomic<Int>(0)
/// The most clients a listening server serves at once; one more is refused (error 274).
let maxClients = 32

if args[0] == "--listen" {
    let path = args[1]
    let listener: FileDescriptor
    do {
        listener = try UnixListener.listen(at: path)
    } catch {
        log("\(error)")
        exit(1)
    }
    log("listening on \(path)")
    let frameBudget = budget
    let clientDeadlines = deadlines
    let clientWritesFrames = writesFrames
    while true {
        let client: FileDescriptor
        do {
            client = try listener.accept()
        } catch {
            log("\(error)")
            exit(1)
        }
        guard UnixListener.peerIsAllowed(client) else {
            log("refused a client of another user (uid \(UnixListener.peerUID(client).map(String.init) ?? "?"))")
            try? client.close()
            continue
        }
        // Each client on its own thread: sessions share no state, so one
        // slow or silent client cannot hold another.
        guard activeClients.add(1, ordering: .relaxed).newValue <= maxClients else {
            activeClients.subtract(1, ordering: .relaxed)
            let text = "the server is serving \(maxClients) clients already; try again later"
            try? client.setNonBlocking(true)
            try? client.writeAll(WireMessage.error(code: ServerErrorCode.tooManyClients.rawValue, message: text).encode(), deadline: .now + .seconds(1))
            log("refused a client: \(text)")
            try? client.close()
            continue
        }
        let raw = client.rawValue
        do {
            try SystemThread.start {
                let fd = FileDescriptor(rawValue: raw)
                switch SocketServer.serveClient(on: fd, framesBudget: frameBudget, deadlines: clientDeadlines, writesFrames: clientWritesFrames, spins: true) {
                case .protocolError(let text): log("client refused: \(text)")
                case .deadlinePassed(let text): log("client dropped: \(text)")
                case .ioError(let error): log("client connection failed: \(error)")
                case .goodbye, .closedByPeer: break
                }
                try? fd.close()
                activeClients.subtract(1, ordering: .relaxed)
            }.detach()
        } catch {
            log("cannot serve a client: \(error)")
            try? client.close()
            activeClients.subtract(1, ordering: .relaxed)
        }
    }
}
guard let number = Int32(args[1]), number >= 0, FileDescriptor(rawValue: number).isOpen else { fail("'\(args[1])' is not an open file descriptor") }
let fd = FileDescriptor(rawValue: number)
// The server's side of the run's fault plan (docs/internals/reliability.md): bound to
// this thread, the only one an --fd server serves on.
let faults = faultSeed.map { FaultPlan.spawnedServer(seed: $0, generation: faultGeneration ?? 0) }
let outcome = FaultPlan.withPlan(faults) { SocketServer.serveClient(on: fd, framesBudget: budget, writesFrames: writesFrames, spins: true) }
if let faults, !faults.injected.isEmpty {
    log("faults (seed \(faults.seed), server \(faults.generation)): \(faults.summary)")
}
switch outcome {
case .goodbye, .closedByPeer:
    try? fd.close()
    exit(0)
case .protocolError(let text), .deadlinePassed(let text):
    log("protocol error: \(text)")
    try? fd.close()
    exit(1)
case .ioError(let error):
    log("\(error)")
    exit(1)
}
