import Raster
import RenderServer
import Testing

@Suite("DamageRegion")
struct DamageRegionTests {
    func r(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> PixelRect { PixelRect(x: x, y: y, width: w, height: h) }

    @Test("far-apart rectangles stay apart; the bounds still hold them all")
    func apart() {
        var d = DamageRegion()
        d.add(r(0, 0, 10, 10))
        d.add(r(500, 300, 10, 10))
        #expect(d.rects == [r(0, 0, 10, 10), r(500, 300, 10, 10)])
        #expect(d.paintedArea == 200)
        #expect(d.bounds == r(0, 0, 510, 310))
    }

    @Test("a contained, equal, adjacent or mostly overlapping rectangle folds in without painting more")
    func folding() {
        var d = DamageRegion(r(0, 0, 20, 20))
        d.add(r(5, 5, 5, 5))
        d.add(r(0, 0, 20, 20))
        #expect(d.rects == [r(0, 0, 20, 20)])
        d.add(r(20, 0, 10, 20))          // shares an edge: the box is exactly both
        #expect(d.rects == [r(0, 0, 30, 20)])
        d.add(r(2, 2, 30, 20))           // box 32×22 = 704 ≤ 600 + 600
        #expect(d.rects == [r(0, 0, 32, 22)])
        d.add(r(0, 0, 0, 50))            // empty: nothing
        #expect(d.rects.count == 1)
    }

    @Test("a merge that makes a rectangle overlap others folds them in too")
    func cascade() {
        var d = DamageRegion()
        d.add(r(0, 0, 10, 10))
        d.add(r(20, 0, 10, 10))
        #expect(d.rects.count == 2)
        d.add(r(0, 0, 30, 10))           // covers both
        #expect(d.rects == [r(0, 0, 30, 10)])
    }

    @Test("past maxRects the pair that wastes the fewest pixels merges; every added pixel stays covered")
    func cap() {
        var d = DamageRegion()
        var added: [PixelRect] = []
        for i in 0..<(DamageRegion.maxRects + 5) {
            let rect = r((i * 97) % 1000, (i * 61) % 600, 8, 8)
            added.append(rect)
            d.add(rect)
            #expect(d.rects.count <= DamageRegion.maxRects)
        }
        for a in added {
            #expect(d.rects.contains { $0.contains(a) }, "\(a) lost from \(d)")
        }
    }

    @Test("the same additions in the same order give the same region")
    func deterministic() {
        var rng = SplitMix64(seed: 9)
        var a = DamageRegion(), b = DamageRegion()
        for _ in 0..<200 {
            let rect = r(rng.int(0...300), rng.int(0...200), rng.int(0...40), rng.int(0...40))
            a.add(rect)
            b.add(rect)
        }
        #expect(a == b)
    }

    @Test("clipping keeps only what lies inside")
    func clipping() {
        var d = DamageRegion()
        d.add(r(-5, -5, 10, 10))
        d.add(r(90, 90, 20, 20))
        #expect(d.clipped(to: r(0, 0, 100, 100)).rects == [r(0, 0, 5, 5), r(90, 90, 10, 10)])
    }

    @Test("the region is the one of the straightforward algorithm (docs: fold, then merge the cheapest pair), rectangle for rectangle, ties on a grid included")
    func matchesTheReference() {
        var rng = SplitMix64(seed: 21)
        for round in 0..<80 {
            var fast = DamageRegion(), reference = ReferenceRegion()
            let count = 20 + Int(rng.next() % 300)
            for _ in 0..<count {
                let big = round % 3 == 0
                // Every fourth round, equal cells on a grid (as 100 animated
                // layers give): many pairs waste the same, so the order
                // that breaks ties is what is checked.
                let grid = round % 4 == 1
                let rect = grid
                    ? r(Int(rng.next() % 10) * 39 + 4 + Int(rng.next() % 3), Int(rng.next() % 10) * 84 + 20, 24 + Int(rng.next() % 2), 24)
                    : r(Int(rng.next() % 400) - 20, Int(rng.next() % 800) - 20,
                        Int(rng.next() % (big ? 200 : 40)), Int(rng.next() % (big ? 120 : 40)))
                fast.add(rect)
                reference.add(rect)
                #expect(fast.rects == reference.rects)
            }
        }
    }
}

/// DamageRegion as first written (O(n²) unions per merge), to check the
/// faster one against.
private struct ReferenceRegion {
    var rects: [PixelRect] = []

    mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        var merged = rect
        var folded = true
        while folded {
            folded = false
            for i in rects.indices.reversed() {
                let box = rects[i].union(merged)
                if box.area <= rects[i].area + merged.area {
                    merged = box
                    rects.remove(at: i)
                    folded = true
                }
            }
        }
        rects.append(merged)
        if rects.count > DamageRegion.maxRects { mergeCheapestPair() }
    }

    private mutating func mergeCheapestPair() {
        var best = (i: 0, j: 1, waste: Int.max)
        for i in rects.indices {
            for j in (i + 1)..<rects.count {
                let waste = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                if waste < best.waste { best = (i, j, waste) }
            }
        }
        let box = rects[best.i].union(rects[best.j])
        rects.remove(at: best.j)
        rects.remove(at: best.i)
        add(box)
    }
}
