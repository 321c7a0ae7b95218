import LayerKit
import RenderModel
import RenderWire
import RunLoopKit

/// `loopsim bench commit-phases`: layout + display + prepare + encode of one
/// outermost commit that changes 10 layers, in trees of 1,000 and 10,000
/// layers. The cost should follow the changed layers, not the tree size.
package enum CommitPhasesBench {
    package static func run(runs: Int, filter: String?) -> [BenchResult] {
        var out: [BenchResult] = []
        var byTree: [Int: Double] = [:]
        for size in [1_000, 10_000] {
            let name = "commit-phases.\(size / 1000)k-layers-10-changed"
            if let filter, !name.contains(filter) { continue }
            let (ctx, layers) = makeTree(layers: size)
            var step = 0
            let colours: [RGBA] = [.red, .green, .blue, .yellow]
            let body = {
                step += 1
                // The changes alone, as `setDisableActions(true)` gives them
                // (as in `bench commit`): these layers are standalone, and each
                // change would otherwise add an implicit animation to the commit.
                ctx.setValue(.bool(true), forKey: TransactionKey.disableActions)
                // 10 layers spread over the tree: a new colour each, one needs layout, one redraws.
                for k in 0..<10 {
                    let l = layers[(k * 7919 + step * 13) % layers.count]
                    try? l.set(.backgroundColor, .color(colours[(step + k) % colours.count]))
                }
                layers[(step * 31) % layers.count].setNeedsLayout()
                layers[(step * 17) % layers.count].setNeedsDisplay()
                try? ctx.flush()
            }
            let m = measure(runs: runs, warmup: 10, batch: 1, body)
            let bytes = ctx.commits.last?.bytes ?? 0
            byTree[size] = m.p50
            out.append(BenchResult(name: name, unit: "ns/commit", p50: m.p50, p90: m.p90, p99: m.p99, runs: runs, batch: 1,
                                   peer: nil, peerName: nil, extra: [("layers", "\(size)"), ("changed", "10"), ("bytes", "\(bytes)")]))
        }
        if let small = byTree[1_000], let large = byTree[10_000], var last = out.popLast() {
            last.extra.append(("ratio_to_1k", String(format: "%.2f", large / small)))
            out.append(last)
        }
        return out
    }

    /// A tree of `count` layers: a root, √count groups, leaves under them;
    /// every leaf has a small draw body. Committed once before timing.
    package static func makeTree(layers count: Int) -> (LayerContext, [Layer]) {
        let loop = SimRunLoop(context: SimContext(), isMain: true)
        let ctx = LayerContext(loop: loop)
        ctx.encodedByteCount = { CommitCodec.encode($0).count }   // the encoding stays in what this measures
        let root = ctx.makeLayer(name: "root", root: true)
        try? root.set(.frame, .rect(Rect(x: 0, y: 0, width: 1280, height: 720)))
        var all: [Layer] = [root]
        let groups = Int(Double(count).squareRoot())
        var groupLayers: [Layer] = []
        for g in 0..<groups {
            let group = ctx.makeLayer(name: "g\(g)")
            root.addSublayer(group)
            groupLayers.append(group)
            all.append(group)
        }
        var i = 0
        while all.count < count {
            let leaf = ctx.makeLayer(name: "l\(i)")
            try? leaf.set(.frame, .rect(Rect(x: Double(i % 64) * 20, y: Double(i / 64 % 36) * 20, width: 16, height: 16)))
            leaf.drawBody = { _, dc in dc.fillRect(Rect(x: 2, y: 2, width: 12, height: 12), color: RGBA8(r: 200, g: 0, b: 0)) }
            groupLayers[i % groups].addSublayer(leaf)
            all.append(leaf)
            i += 1
        }
        try? ctx.flush()
        return (ctx, all)
    }
}
