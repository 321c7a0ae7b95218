import LoopSimSystem
import Testing

/// `FaultPlan` (docs/internals/reliability.md): decisions are a function of the seed
/// and the count of visits, and injected faults go through the real wrappers.
@Suite struct FaultPlanTests {
    /// The first `n` decisions of each kind, for `seed`.
    static func decisions(_ seed: UInt64, _ n: Int = 200) -> [Bool] {
        let plan = FaultPlan(seed: seed)
        return FaultPlan.Fault.allCases.flatMap { fault in (0..<n).map { _ in plan.strikes(fault, at: "test") } }
    }

    @Test("the same seed gives the same faults; another seed gives others")
    func sameSeedSameFaults() {
        #expect(Self.decisions(17) == Self.decisions(17))
        #expect(Self.decisions(17) != Self.decisions(18))
        #expect(FaultPlan(seed: 17).enabled == FaultPlan(seed: 17).enabled)
    }

    @Test("every seed turns on at least one kind of fault, and every kind is on for some seed")
    func everySeedInjectsSomething() {
        var kinds = Set<FaultPlan.Fault>()
        for seed in UInt64(1)...200 {
            let enabled = FaultPlan(seed: seed).enabled
            #expect(!enabled.isEmpty)
            kinds.formUnion(enabled)
        }
        #expect(kinds == Set(FaultPlan.Fault.allCases))
    }

    @Test("a spawned server's plan decides as the in-process server's does for generation 0, and afresh for each respawn")
    func spawnedServerGenerations() {
        func decisions(_ plan: FaultPlan) -> [Bool] {
            FaultPlan.Fault.allCases.flatMap { fault in (0..<200).map { _ in plan.strikes(fault, at: "test") } }
        }
        let first = decisions(FaultPlan.spawnedServer(seed: 2, generation: 0))
        #expect(first == decisions(FaultPlan(seed: 2).server))
        #expect(decisions(FaultPlan.spawnedServer(seed: 2, generation: 1)) == decisions(FaultPlan.spawnedServer(seed: 2, generation: 1)))
        #expect(decisions(FaultPlan.spawnedServer(seed: 2, generation: 1)) != first)
        #expect(FaultPlan.spawnedServer(seed: 2, generation: 3).enabled == FaultPlan(seed: 2).enabled)
        #expect(FaultPlan.spawnedServer(seed: 2, generation: 3).role == .server)
        // An in-process server's plan is the spawned one of its generation.
        let client = FaultPlan(seed: 2)
        #expect(decisions(client.nextServer()) == first)
        #expect(decisions(client.nextServer()) == decisions(FaultPlan.spawnedServer(seed: 2, generation: 1)))
        #expect(client.countSpawn() == 2)
    }

    @Test("the server side keeps its own counts and shares the record")
    func serverSideIsSeparate() {
        let plan = FaultPlan(seed: 5)
        let fresh = FaultPlan(seed: 5)
        for _ in 0..<50 { _ = plan.server.strikes(.interrupted, at: "server") }
        // The client's decisions do not depend on what the server did.
        #expect((0..<50).map { _ in plan.strikes(.shortWrite, at: "c") } == (0..<50).map { _ in fresh.strikes(.shortWrite, at: "c") })
        #expect(plan.injected.count >= fresh.injected.count)
    }

    @Test("injected EINTR and short writes are absorbed by writeAll: every byte arrives, in order")
    func writeAllAbsorbsInterruptsAndShortWrites() throws {
        let seed = (UInt64(1)...500).first { s in
            let e = FaultPlan(seed: s).enabled
            return e.contains(.interrupted) && e.contains(.shortWrite)
        }!
        let plan = FaultPlan(seed: seed)
        let (a, b) = try FileDescriptor.socketPair()
        defer { try? a.close(); try? b.close() }
        let bytes = (0..<400).map { UInt8($0 % 251) }
        try FaultPlan.withPlan(plan) {
            for _ in 0..<100 { try a.writeAll(bytes) }   // 40 kB: within the socket buffer
        }
        try a.shutdown(.write)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while case let n = try buffer.withUnsafeMutableBytes({ try b.read(into: $0) }), n > 0 { received += buffer[0..<n] }
        #expect(received == Array(repeating: bytes, count: 100).flatMap { $0 })
        let kinds = Set(plan.injected.map(\.fault))
        #expect(kinds.contains(.interrupted) && kinds.contains(.shortWrite))
    }

    @Test("ENOSPC strikes only a server's file write, as a SystemError")
    func noSpaceOnAServersFileWrite() throws {
        let seed = (UInt64(1)...500).first { FaultPlan(seed: $0).enabled.contains(.noSpace) }!
        let plan = FaultPlan(seed: seed)
        let folder = "/tmp"
        defer { for i in 0..<100 { try? FileSystem.removeFile(folder + "/loopsim-faultplan-\(CurrentProcess.id)-\(i)") } }
        var failures: [SystemError] = []
        FaultPlan.withPlan(plan.server) {
            for i in 0..<100 {
                do { try [UInt8(1), 2, 3].withUnsafeBytes { try FileSystem.writeFile(folder + "/loopsim-faultplan-\(CurrentProcess.id)-\(i)", $0) } }
                catch { failures.append(error as! SystemError) }
            }
        }
        #expect(!failures.isEmpty)
        #expect(failures.allSatisfy { $0.errno == .noSpace })
        #expect(plan.injected.filter { $0.fault == .noSpace }.count == failures.count)
    }

    @Test("a server's writev (how frame files are written) is faulted as write is: ENOSPC fails it, short writes and EINTR still write every byte")
    func writevIsFaulted() throws {
        let seed = (UInt64(1)...500).first { let e = FaultPlan(seed: $0).enabled; return e.contains(.noSpace) && e.contains(.shortWrite) }!
        let plan = FaultPlan(seed: seed)
        let path = "/tmp/loopsim-faultplan-writev-\(CurrentProcess.id)"
        defer { try? FileSystem.removeFile(path) }
        let parts: [[UInt8]] = [Array(repeating: 1, count: 300), Array(repeating: 2, count: 500)]
        var failures: [SystemError] = []
        var written = 0
        FaultPlan.withPlan(plan.server) {
            for _ in 0..<100 {
                do {
                    let file = try FileSystem.open(path, flags: [.writeOnly, .create, .truncate])
                    defer { try? file.close() }
                    try parts[0].withUnsafeBytes { a in try parts[1].withUnsafeBytes { b in try file.writeAll(vectors: [a, b]) } }
                    #expect(try FileSystem.readFile(path) == parts[0] + parts[1])
                    written += 1
                } catch { failures.append(error as! SystemError) }
            }
        }
        #expect(!failures.isEmpty && written > 0)
        #expect(failures.allSatisfy { $0.errno == .noSpace && $0.description.hasPrefix("writev") })
        #expect(plan.injected.filter { $0.fault == .noSpace }.count == failures.count)
        #expect(plan.injected.contains { $0.fault == .shortWrite })
    }
}
