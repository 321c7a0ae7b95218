import Foundation
import Testing
import LoopSimTestSupport

/// `--faults` on `loopsim run` and `loopsim test` (docs/internals/reliability.md).
@Suite(.tags(.endToEnd)) struct FaultsOptionTests {
    /// Seed 7 kills the server, delays a reply and interrupts sends. (Not a
    /// seed that strikes ENOSPC: after a refusal, whether the client's next
    /// send meets the closed socket is a race, so its count of faults can
    /// differ by one; docs/internals/reliability.md.)
    @Test func theSameSeedInjectsTheSameFaultsAndEndsTheSameWay() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("render/server-crash.loop", to: "server-crash.loop")
        var results: [(Int32, String)] = []
        for _ in 0..<2 {
            let r = try await loopsim(["run", "server-crash.loop", "--server", "thread", "--faults", "7", "--frames", "frames"], in: sandbox.url)
            let line = r.stderr.split(separator: "\n").first { $0.hasPrefix("faults (seed 7): ") }
            #expect(line != nil, "\(r)")
            results.append((r.status, String(line ?? "")))
        }
        #expect(results[0] == results[1])
    }

    @Test func theSweepPrintsItsTable() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("render/tap-block-green.loop", to: "tap-block-green.loop")
        let result = try await loopsim(["test", "tap-block-green.loop", "--faults", "1-3"], in: sandbox.url)
        #expect(result.stdout.contains("| seeds tried | scenarios | runs | faults injected | runs identical |"), "\(result)")
        #expect(result.stdout.contains("| 1–3 (3) | 1 | 3 |"), "\(result)")
    }

    /// Seed 29 kills the server during its first handshake: the client starts
    /// it once more (a `warn` says so) and the frames are the clean run's.
    @Test("a server killed during the hello handshake is started again and the run is identical to the clean one")
    func aKillDuringTheHandshakeIsRecovered() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("render/tap-block-green.loop", to: "tap-block-green.loop")
        let result = try await loopsim(["test", "tap-block-green.loop", "--faults", "29"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("| 29–29 (1) | 1 | 1 | 3 | 1 | 0 | 0 | 0 |"), "\(result)")
        let run = try await loopsim(["run", "tap-block-green.loop", "--server", "thread", "--faults", "29", "--format", "jsonl"], in: sandbox.url)
        #expect(run.stdout.contains("went away during the handshake"), "\(run)")
    }

    @Test func aSeedThatIsNotANumberIsAUsageError() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("render/tap-block-green.loop", to: "tap-block-green.loop")
        let result = try await loopsim(["test", "tap-block-green.loop", "--faults", "3-1"], in: sandbox.url)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("'--faults'"), "\(result)")
    }

    /// docs/internals/reliability.md, loss 3: one kill before the redraw's commit used
    /// to show the canvas without its backing store (a `bitmapShared` that
    /// came just before the recovery snapshot was dropped with the old
    /// tree); the frames are now identical to the clean run.
    @Test("a kill before a shared backing store's commit loses no pixel: the run is identical to the clean one")
    func aKillBeforeASharedBackingStoreLosesNoPixels() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("render/shared-backing-store.loop", to: "shared-backing-store.loop")
        let result = try await loopsim(["test", "shared-backing-store.loop", "--faults", "53"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("| 53–53 (1) | 1 | 1 | 1 | 1 | 0 | 0 | 0 |"), "\(result)")
    }

    /// The spawned server gets the server's side of the plan
    /// (`loopsim-render --faults SEED --faults-generation N`): seed 23 strikes
    /// `damage-over-time`'s frame 61 with ENOSPC on the server's frame-writing
    /// thread, in a spawned server as in a thread, and the run fails loudly,
    /// naming the frame lost, with the same error either way.
    @Test func aFullDiskInASpawnedServerFailsTheRunAsInAThread() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("render/damage-over-time.loop", to: "damage-over-time.loop")
        var errors: [String] = []
        for server in ["spawn", "thread"] {
            let r = try await loopsim(["run", "damage-over-time.loop", "--server", server, "--faults", "23", "--frames", "frames-\(server)"], in: sandbox.url)
            #expect(r.status == 2, "\(r)")
            let error = r.stderrLines.first { $0.hasPrefix("damage-over-time.loop:6:1: error: frames were lost: ") } ?? ""
            #expect(error.contains("error 270 (frameNotWritten): frame 61: cannot write it to "), "\(r)")
            #expect(error.contains("No space left on device (ENOSPC); no frame after it is written"), "\(r)")
            errors.append(error.replacingOccurrences(of: "frames-\(server)", with: "frames"))
            if server == "spawn" {
                // The server says what it injected; the client what it did.
                #expect(r.stderrLines.contains { $0.hasPrefix("loopsim-render: faults (seed 23, server 0): ") && $0.contains("ENOSPC on a frame write ×1") }, "\(r)")
            }
        }
        #expect(errors[0] == errors[1])
    }

    /// The same ENOSPC (seed 23, frame 61) while a re-run rewrites the
    /// previous run's files in place (docs/internals/render-server.md, "Files"): the
    /// run fails with the same error as into a new folder, the frames before
    /// it are the clean run's bytes, none after it is there, and nothing of
    /// the previous run is left (the frame cut short stays out of sight in
    /// `.reuse`, removed with it).
    @Test func aFullDiskWhileRewritingAPreviousRunFailsTheSameWay() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("render/damage-over-time.loop", to: "damage-over-time.loop")
        func run(_ folder: String, faults: Bool) async throws -> CLIResult {
            try await loopsim(["run", "damage-over-time.loop", "--server", "thread", "--frames", folder] + (faults ? ["--faults", "23"] : []),
                              in: sandbox.url)
        }
        #expect(try await run("clean/frames", faults: false).status == 0)
        #expect(try await run("rerun/frames", faults: false).status == 0)
        let fresh = try await run("fresh/frames", faults: true)
        let rerun = try await run("rerun/frames", faults: true)
        #expect(fresh.status == 2 && rerun.status == 2, "\(rerun)")
        func error(_ r: CLIResult, _ name: String) -> String {
            (r.stderrLines.first { $0.contains("error: frames were lost: ") } ?? "").replacingOccurrences(of: name, with: "FOLDER")
        }
        #expect(error(rerun, "rerun/frames").contains("frame 61: cannot write it to "), "\(rerun)")
        #expect(error(rerun, "rerun/frames") == error(fresh, "fresh/frames"))
        let written = sandbox.files(under: "rerun/frames").filter { $0.hasSuffix(".ppm") }
        #expect(written == sandbox.files(under: "fresh/frames").filter { $0.hasSuffix(".ppm") })
        #expect(!written.isEmpty && written.allSatisfy { $0 < "frame-000061.ppm" }, "\(written)")
        for name in written {
            #expect(FileManager.default.contents(atPath: sandbox.file("rerun/frames/" + name).path)
                    == FileManager.default.contents(atPath: sandbox.file("clean/frames/" + name).path), "\(name)")
        }
        #expect(!sandbox.exists("rerun/frames/.reuse"))
    }

    /// ENOSPC on a frame write (seed 23 strikes `damage-over-time`'s frame
    /// 61): the run fails naming the refusal, so the sweep counts it loud,
    /// not lost.
    @Test func aFullDiskFailsTheRun() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("render/damage-over-time.loop", to: "damage-over-time.loop")
        let result = try await loopsim(["test", "damage-over-time.loop", "--faults", "23"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("| 23–23 (1) | 1 | 1 | 2 | 0 | 1 | 0 | 0 |"), "\(result)")
    }

    /// Issue 13: two kills 0.4–3.8 ms apart diverged in 10 of 12 runs and
    /// every run still exited 0 (a vsync lost, other PPM bytes, a false
    /// `late:"commit"` hitch). Here the kills come from the plan, one after
    /// another: damage-over-time seed 42 kills at three messages in a row,
    /// tap-block-green seed 78 at two messages and right after a respawn,
    /// server-crash seed 3 after the scenario's own crash and again after
    /// its respawn. Each run is the clean run: the same frame files, the
    /// same frames.jsonl lines (but for the damage: a respawned server
    /// redraws the whole display), and the same trace but for the
    /// recovery's `warn`s (so the same latencies and hitches).
    @Test("kills in quick succession give the clean run's frame files, frames.jsonl lines and trace (but for the damage and the warnings)", arguments: [
        ("damage-over-time", 42), ("tap-block-green", 78), ("server-crash", 3),
    ])
    func killsInQuickSuccession(_ scenario: String, _ seed: Int) async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces("render/\(scenario).loop", to: "\(scenario).loop")
        let clean = try await loopsim(["run", "\(scenario).loop", "--server", "thread", "--frames", "clean", "--format", "jsonl"], in: sandbox.url)
        let faulted = try await loopsim(["run", "\(scenario).loop", "--server", "thread", "--frames", "faulted", "--format", "jsonl",
                                         "--faults", String(seed)], in: sandbox.url)
        #expect(clean.status == 0 && faulted.status == 0, "\(faulted)")
        let injected = faulted.stderrLines.first { $0.hasPrefix("faults (seed \(seed)): ") } ?? ""
        let kills = injected.matches(of: /kill (at message|after respawn) ×(\d+)/).reduce(0) { $0 + Int($1.output.2)! }
        #expect(kills >= 2, "\(injected)")
        func withoutWarnings(_ trace: String) -> [Substring] { trace.split(separator: "\n").filter { !$0.contains("\"ev\":\"warn\"") } }
        #expect(withoutWarnings(faulted.stdout) == withoutWarnings(clean.stdout))
        #expect(faulted.stdout.contains("\"ev\":\"warn\""), "a recovery says so")
        let files = sandbox.files(under: "clean")
        #expect(sandbox.files(under: "faulted") == files && files.contains("frames.jsonl"))
        for name in files where name.hasSuffix(".ppm") {
            #expect(FileManager.default.contents(atPath: sandbox.file("faulted/" + name).path)
                    == FileManager.default.contents(atPath: sandbox.file("clean/" + name).path), "\(name)")
        }
        // Every line, frame, time, hash and transaction; only the damage may
        // differ (a respawned server redraws the whole display).
        func index(_ folder: String) throws -> [String] {
            try sandbox.read(folder + "/frames.jsonl").split(separator: "\n").map { String($0.prefix { $0 != "]" }) + "]" }
        }
        #expect(try index("faulted") == index("clean"))
    }
}
