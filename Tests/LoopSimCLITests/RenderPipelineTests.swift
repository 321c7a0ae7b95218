import LoopSimSystem
import LoopSimTrace
import RenderWire
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import LoopSimTestSupport

/// The whole pipeline through the built binaries: the spawned render server,
/// frames on disk, and crash recovery.
@Suite(.tags(.endToEnd))
struct RenderPipelineTests {
    @Test("a run whose server is SIGKILLed mid-run writes the same frames as a clean run, with one warning")
    func crashRecovery() async throws {
        let sandbox = try Sandbox()
        let crash = try await loopsim(["run", CLIPaths.traces.appendingPathComponent("render/server-crash.loop").path,
                                 "--frames", sandbox.file("crash").path, "--trace", sandbox.file("crash.jsonl").path], in: sandbox.url)
        let clean = try await loopsim(["run", CLIPaths.traces.appendingPathComponent("render/tap-block-green.loop").path,
                                 "--frames", sandbox.file("clean").path], in: sandbox.url)
        #expect(crash.status == 0 && clean.status == 0)
        let crashFrames = sandbox.files(under: "crash").filter { $0.hasSuffix(".ppm") }.sorted()
        let cleanFrames = sandbox.files(under: "clean").filter { $0.hasSuffix(".ppm") }.sorted()
        #expect(crashFrames == cleanFrames)
        #expect(crashFrames.count == 2)
        for name in crashFrames {
            #expect(FileManager.default.contents(atPath: sandbox.file("crash/" + name).path)
                    == FileManager.default.contents(atPath: sandbox.file("clean/" + name).path))
        }
        let trace = try sandbox.read("crash.jsonl")
        #expect(trace.components(separatedBy: "\"ev\":\"warn\"").count - 1 == 1)
        // frames.jsonl names the same transactions (ids, not commit sequences) with or without the crash.
        func txns(_ folder: String) throws -> [String] {
            try sandbox.read(folder + "/frames.jsonl").split(separator: "\n").map { line in
                String(line[line.range(of: "\"txns\":")!.upperBound...].prefix { $0 != "]" })
            }
        }
        #expect(try txns("crash") == txns("clean"))
        #expect(try txns("clean") == ["[1", "[2"])
        // The run ends with the commit latency: the tap waited 3 s for the blocked main thread.
        #expect(clean.stdout.contains("commit latency: 2 transactions on screen, median 16.667 ms, slowest 3016.667 ms (txn 2)"), "\(clean)")
        #expect(clean.stdout.contains("hitch time: 1 late frame (1 commit, 0 render), 3000.000 ms over 6.000 s = 500.0 ms/s — critical"), "\(clean)")
    }

    @Test("a re-run into the same folder rewrites the previous run's frame files in place: the same bytes as a new folder, the old inodes, nothing of the old run left, no link followed", arguments: ["spawn", "thread"])
    func rerunRewritesInPlace(_ transport: String) async throws {
        let sandbox = try Sandbox()
        // The previous run: a larger display (its files are cut to the new
        // size) and more frames than the next (the extra ones are removed).
        try sandbox.write("big.loop", """
            display size=(80,60) hz=60 background=black
            view a frame=(0,0,20,20) background=red
            at 100ms:
                set a.background = blue
            at 200ms:
                set a.background = green
            at 300ms:
                set a.background = white
            run for=400ms
            """)
        try sandbox.write("small.loop", """
            display size=(32,24) hz=60 background=black
            view a frame=(2,2,10,10) background=yellow
            at 100ms:
                set a.background = gray
            run for=200ms
            """)
        func run(_ scenario: String, into folder: String) async throws {
            let r = try await loopsim(["run", sandbox.file(scenario).path, "--server", transport, "--frames", sandbox.file(folder).path,
                                       "--trace", sandbox.file(folder + ".jsonl").path], in: sandbox.url)
            #expect(r.status == 0, "\(r.stderr)")
        }
        // Each folder is named `frames`: its run folder is its parent.
        try await run("big.loop", into: "rerun/frames")
        let old = sandbox.files(under: "rerun/frames").filter { $0.hasSuffix(".ppm") }
        #expect(old.count == 4)
        let oldInodes = Set(try old.map { try FileSystem.status(sandbox.file("rerun/frames/" + $0).path).inode })
        // Not the server's: left alone. Planted under frame names: a hard
        // link and a symbolic link to files outside, which must not change.
        try sandbox.write("rerun/frames/notes.txt", "mine")
        try sandbox.write("outside.bin", "hard")
        try sandbox.write("target.bin", "soft")
        #expect(link(sandbox.file("outside.bin").path, sandbox.file("rerun/frames/frame-999999.ppm").path) == 0)
        try FileSystem.createSymbolicLink(sandbox.file("rerun/frames/frame-999998.ppm").path, to: sandbox.file("target.bin").path)

        try await run("small.loop", into: "rerun/frames")
        try await run("small.loop", into: "fresh/frames")
        #expect(try sandbox.read("rerun/frames.jsonl") == sandbox.read("fresh/frames.jsonl"))
        let rerun = sandbox.files(under: "rerun/frames").filter { $0 != "notes.txt" }
        #expect(rerun == sandbox.files(under: "fresh/frames"))
        #expect(rerun.filter { $0.hasSuffix(".ppm") }.count == 2)
        for name in rerun {
            #expect(FileManager.default.contents(atPath: sandbox.file("rerun/frames/" + name).path)
                    == FileManager.default.contents(atPath: sandbox.file("fresh/frames/" + name).path), "\(name)")
        }
        // Rewritten, not made anew: the frames are the previous run's files.
        for name in rerun where name.hasSuffix(".ppm") {
            #expect(oldInodes.contains(try FileSystem.status(sandbox.file("rerun/frames/" + name).path).inode), "\(name)")
        }
        #expect(!sandbox.exists("rerun/frames/" + FrameFolder.reuseFolderName))
        #expect(try sandbox.read("rerun/frames/notes.txt") == "mine")
        #expect(try sandbox.read("outside.bin") == "hard")
        #expect(try sandbox.read("target.bin") == "soft")
    }

    @Test("spawn and thread transports give byte-identical traces and frames", arguments: [
        "render/rounded-border-opacity.loop", "render/transform-and-z.loop", "transactions/draw-block.loop",
        "render/render-hitch.loop", "render/shared-backing-store.loop",   // a render cost in hello; a backing store as shared memory
    ])
    func transportsAgree(_ scenario: String) async throws {
        let sandbox = try Sandbox()
        let path = CLIPaths.traces.appendingPathComponent(scenario).path
        for transport in ["spawn", "thread"] {
            let r = try await loopsim(["run", path, "--server", transport, "--frames", sandbox.file(transport).path,
                                 "--trace", sandbox.file("\(transport).jsonl").path], in: sandbox.url)
            #expect(r.status == 0, "\(transport): \(r.stderr)")
        }
        #expect(try sandbox.read("spawn.jsonl") == sandbox.read("thread.jsonl"))
        let a = sandbox.files(under: "spawn").sorted(), b = sandbox.files(under: "thread").sorted()
        #expect(a == b && !a.isEmpty)
        for name in a where name.hasSuffix(".ppm") {
            #expect(FileManager.default.contents(atPath: sandbox.file("spawn/" + name).path)
                    == FileManager.default.contents(atPath: sandbox.file("thread/" + name).path))
        }
    }
}

/// `loopsim-render --listen` and `loopsim run --server unix:PATH`.
@Suite(.tags(.endToEnd))
struct ListeningServerTests {
    @Test("a listening server gives the same trace as the thread transport, crash recovery included (by reconnecting)")
    func unixTransport() async throws {
        let sandbox = try Sandbox()
        let folder = sandbox.file("sock").path
        let server = Process()
        server.executableURL = try CLIPaths.requireBinary().deletingLastPathComponent().appendingPathComponent("loopsim-render")
        server.arguments = ["--listen", folder + "/render.sock"]
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: folder + "/render.sock") { usleep(10_000) }
        let scenario = CLIPaths.traces.appendingPathComponent("render/server-crash.loop").path
        let viaUnix = try await loopsim(["run", scenario, "--server", "unix:" + folder + "/render.sock",
                                         "--frames", sandbox.file("u").path, "--trace", sandbox.file("u.jsonl").path], in: sandbox.url)
        let viaThread = try await loopsim(["run", scenario, "--server", "thread",
                                           "--frames", sandbox.file("t").path, "--trace", sandbox.file("t.jsonl").path], in: sandbox.url)
        #expect(viaUnix.status == 0, "\(viaUnix.stderr)")
        #expect(viaThread.status == 0)
        #expect(try sandbox.read("u.jsonl") == sandbox.read("t.jsonl"))
        #expect(sandbox.files(under: "u") == sandbox.files(under: "t"))
    }

    @Test("an idle client that never says hello does not stall another client of a listening server")
    func idleClientDoesNotStall() async throws {
        let sandbox = try Sandbox()
        let socket = sandbox.file("sock").path + "/render.sock"
        let server = Process()
        server.executableURL = try CLIPaths.requireBinary().deletingLastPathComponent().appendingPathComponent("loopsim-render")
        // A handshake deadline far longer than the run, so that the check
        // below does not depend on how loaded the machine is.
        server.arguments = ["--listen", socket, "--handshake-deadline", "10min"]
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
        // Connects and says nothing (half a hello would do the same).
        let idle = try connectToStartingServer(at: socket)
        defer { try? idle.close() }
        try idle.writeAll([0x30, 0x00])
        let r = try await loopsim(["run", CLIPaths.traces.appendingPathComponent("render/tap-block-green.loop").path,
                                   "--server", "unix:" + socket, "--frames", sandbox.file("f").path], in: sandbox.url)
        #expect(r.status == 0, "\(r.stderr)")
        // Served while the idle client was still waiting: a server that took
        // clients one at a time would have served this run only after
        // dropping the idle one at its handshake deadline (error 272).
        #expect(try idle.poll(for: .readable, timeout: .zero).isEmpty, "the idle client was dropped before the run was served")
    }

    @Test("unix: with no server listening is a clear error, exit 2")
    func noServer() async throws {
        let sandbox = try Sandbox()
        let r = try await loopsim(["run", CLIPaths.traces.appendingPathComponent("render/tap-block-green.loop").path,
                                   "--server", "unix:" + sandbox.file("none.sock").path], in: sandbox.url)
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot connect to the render server"))
    }
}
