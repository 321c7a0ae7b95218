import Foundation
import Testing

/// `--faults` on `loopsim run` and `loopsim test` (docs/reliability.md).
@Suite struct FaultsOptionTests {
    /// Seed 7 kills the server, delays a reply and interrupts sends. (Not a
    /// seed that strikes ENOSPC: after a refusal, whether the client's next
    /// send meets the closed socket is a race, so its count of faults can
    /// differ by one; docs/reliability.md.)
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

    /// docs/reliability.md, loss 3: one kill before the redraw's commit used
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
}
