import Foundation
import LoopSimTrace
import Testing
@testable import Scenario
import Simulation

/// Commit latency (core-animation.md choice 8): from a transaction's first
/// mutation (or explicit begin) to the on-screen time of the first frame
/// that shows it, traced as `latency` at that time.
struct CommitLatencyTests {
    func latencies(_ source: String) throws -> [(txn: Int64, start: Int64, present: Int64, latency: Int64)] {
        let file = try ScenarioParser.parse(source, path: "latency.loop")
        let frames = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-latency-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: frames) }
        let outcome = ScenarioRunner(file: file, source: source, render: .init(transport: .thread, frames: frames)).run()
        #expect(outcome.failure == nil)
        return outcome.events.filter { $0.ev == "latency" }.map { e in
            func int(_ key: String) -> Int64 {
                if case .int(let v)? = e.fields.first(where: { $0.key == key })?.value { return v }
                return -1
            }
            #expect(e.t == int("present"), "traced at the on-screen time")
            return (int("txn"), int("start"), int("present"), int("latency"))
        }
    }

    @Test("a change made before a 3 s block reaches the screen one frame after the block: 3.0167 s from the first mutation")
    func blockedMainThread() throws {
        let l = try latencies("""
            display size=(64,48) hz=60
            view box frame=(0,0,10,10) background=red
            at 1s:
                set box.background = yellow
                sleep 3s
                set box.background = green
            run until=5s
            """)
        #expect(l.count == 2)
        // The initial tree: committed at 0, latched at vsync 0, on screen at vsync 1.
        #expect(l.first.map { [$0.start, $0.present, $0.latency] } == [0, 16_666_666, 16_666_666])
        // The tap: first mutation at 1 s, committed at 4 s, latched at vsync 240, on screen at vsync 241.
        #expect(l.last.map { [$0.start, $0.present, $0.latency] } == [1_000_000_000, 4_016_666_666, 3_016_666_666])
        #expect(l.first?.txn != l.last?.txn)
    }

    @Test("a commit that changes no pixel still reaches the screen and has a latency")
    func invisibleChange() throws {
        let l = try latencies("""
            display size=(64,48) hz=60
            view box frame=(0,0,10,10) background=red hidden=true
            at 100ms:
                set box.background = blue
            run until=1s
            """)
        #expect(l.count == 2)
        // 100 ms is vsync 6 exactly: latched there, on screen at vsync 7.
        #expect(l.last.map { [$0.start, $0.present] } == [100_000_000, 116_666_666])
    }
}
