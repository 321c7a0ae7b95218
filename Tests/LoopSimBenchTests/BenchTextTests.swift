import Foundation
import Testing
import LoopSimBench

/// `loopsim bench`'s text output (docs/internals/benchmarks.md): readable units, the
/// peer and the ratios, and a note when a peer is missing; `--json`
/// unchanged.
@Suite struct BenchTextTests {
    @Test func durationsPickTheUnitThatReadsBest() {
        #expect(BenchText.duration(4.25) == "4.2 ns" || BenchText.duration(4.25) == "4.3 ns")
        #expect(BenchText.duration(840) == "840 ns")
        #expect(BenchText.duration(12_500) == "12.5 µs")
        #expect(BenchText.duration(3_020_000) == "3.02 ms")
        #expect(BenchText.duration(250_000_000) == "250 ms")
        #expect(BenchText.duration(1_500_000_000) == "1.50 s")
        #expect(BenchText.duration(60e9) == "60.0 s")
    }

    @Test func theUnitSaysWhatOneMeasurementIsOf() {
        #expect(BenchText.per("ns/pass") == "per pass")
        #expect(BenchText.per("ns wall per 60 s") == "wall per 60 s")
        #expect(BenchText.per("ns") == "")
    }

    @Test func aLineHasThePercentilesThePeerAndEveryRatio() {
        var r = BenchResult(name: "runloop.block", unit: "ns/pass", p50: 112, p90: 130, p99: 2_100, runs: 5, batch: 1,
                            peer: 5_600, peerName: "Foundation.RunLoop")
        #expect(BenchText.line(r) == "runloop.block                         p50    112 ns  p90    130 ns  p99   2.10 µs  per pass  ·  Foundation.RunLoop p50 5.60 µs, ratio 50.0× (LoopSim faster)")
        r.peer = 56
        #expect(BenchText.line(r).hasSuffix("Foundation.RunLoop p50 56 ns, ratio 0.5× (Foundation.RunLoop faster)"))
        let scale = BenchResult(name: "scale.60s.none", unit: "ns wall per 60 s", p50: 11e9, p90: 12e9, p99: 12e9, runs: 3, batch: 1,
                                extra: [("ratio", "5.4"), ("ratio_p90", "5.0"), ("frames", "3600")])
        #expect(BenchText.line(scale).hasSuffix("p50    11.0 s  p90    12.0 s  p99    12.0 s  wall per 60 s  ·  ratio 5.4×; ratio p90 5.0×"))
    }

    @Test func aMissingPixmanPeerIsNotedWithHowToBuildIt() {
        let raster = [BenchResult(name: "raster.full-frame", unit: "ns/frame", p50: 1, p90: 1, p99: 1, runs: 1, batch: 1)]
        let note = BenchText.missingPeer(group: "raster", results: raster, peersWanted: true)
        #expect(note?.contains("tools/bench-pixman.sh") == true && note?.contains("docs/internals/benchmarks.md") == true)
        #expect(BenchText.missingPeer(group: "raster", results: raster, peersWanted: false) == nil, "--no-peer: nothing to say")
        var withPeer = raster
        withPeer[0].peer = 2
        withPeer[0].peerName = "pixman"
        #expect(BenchText.missingPeer(group: "raster", results: withPeer, peersWanted: true) == nil)
        #expect(BenchText.missingPeer(group: "runloop", results: raster, peersWanted: true) == nil)
    }
}
