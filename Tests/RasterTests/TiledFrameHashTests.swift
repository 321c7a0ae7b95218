import LoopSimTestSupport
import Raster
import RenderModel
import Testing

@Suite struct TiledFrameHashTests {
    @Test("rehashing only the changed tiles gives the hash of the whole bitmap")
    func incrementalEqualsFull() {
        var rng = SplitMix64(seed: 10)
        for (w, h) in [(1, 1), (3, 5), (64, 64), (65, 129), (320, 240)] {
            var bitmap = Bitmap(width: w, height: h, fill: .black)
            var hash = TiledFrameHash(bitmap)
            #expect(hash.value == TiledFrameHash(bitmap).value)
            for _ in 0..<20 {
                let x = Int.random(in: 0..<w, using: &rng), y = Int.random(in: 0..<h, using: &rng)
                let cw = Int.random(in: 1...(w - x), using: &rng), ch = Int.random(in: 1...(h - y), using: &rng)
                let colour = RGBA8(r: UInt8.random(in: 0...255, using: &rng), g: 7, b: 9, a: 255)
                for py in y..<(y + ch) { for px in x..<(x + cw) { bitmap[px, py] = colour } }
                hash.update(bitmap, rows: y..<(y + ch), columns: x..<(x + cw))
                #expect(hash.value == TiledFrameHash(bitmap).value, "\(w)×\(h) after (\(x), \(y), \(cw), \(ch))")
            }
        }
    }

    @Test("marking several overlapping rectangles, then rehashing the marked tiles once, gives the hash of the whole bitmap; unmarked changes are not seen")
    func markedEqualsFull() {
        var rng = SplitMix64(seed: 12)
        for (w, h) in [(65, 129), (390, 844)] {
            var bitmap = Bitmap(width: w, height: h, fill: .black)
            var hash = TiledFrameHash(bitmap)
            for _ in 0..<10 {
                // A frame: a few rectangles, some overlapping, changed and marked.
                for _ in 0..<Int.random(in: 1...6, using: &rng) {
                    let x = Int.random(in: 0..<w, using: &rng), y = Int.random(in: 0..<h, using: &rng)
                    let cw = Int.random(in: 1...min(w - x, 90), using: &rng), ch = Int.random(in: 1...min(h - y, 90), using: &rng)
                    let colour = RGBA8(r: UInt8.random(in: 0...255, using: &rng), g: 3, b: 5, a: 255)
                    for py in y..<(y + ch) { for px in x..<(x + cw) { bitmap[px, py] = colour } }
                    hash.mark(rows: y..<(y + ch), columns: x..<(x + cw))
                    hash.mark(rows: y..<(y + ch), columns: x..<(x + cw))   // twice: still once
                }
                hash.rehashMarked(bitmap)
                #expect(hash.value == TiledFrameHash(bitmap).value, "\(w)×\(h)")
            }
            // A change nobody marked is not rehashed (the marks were cleared).
            bitmap[0, 0] = RGBA8(r: 1, g: 2, b: 3, a: 255)
            let before = hash.value
            hash.rehashMarked(bitmap)
            #expect(hash.value == before)
            #expect(hash.value != TiledFrameHash(bitmap).value)
        }
    }

    @Test("rehashing the marked rows in parts by tile rows, as the server's two threads do, gives the hash of the whole bitmap")
    func partsEqualWhole() {
        var rng = SplitMix64(seed: 14)
        let (w, h) = (390, 844)
        var bitmap = Bitmap(width: w, height: h, fill: .black)
        var hash = TiledFrameHash(bitmap)
        for round in 0..<8 {
            // Whole tile heights (a 64-row mark), single rows, and sparse rows of one tile.
            let marks = [(0, 64 * (round % 3 + 1)), (Int.random(in: 0..<h, using: &rng), 1), (130, 2), (190, 3)]
            for (y, ch) in marks {
                let x = Int.random(in: 0..<(w - 40), using: &rng)
                let colour = RGBA8(r: UInt8(round * 30), g: UInt8(y & 255), b: 1, a: 255)
                for py in y..<min(h, y + ch) { for px in x..<(x + 40) { bitmap[px, py] = colour } }
                hash.mark(rows: y..<(y + ch), columns: x..<(x + 40))
            }
            let cut = Int.random(in: 1..<(h / TiledFrameHash.tileSize), using: &rng)
            bitmap.pixels.withUnsafeBytes { raw in
                hash.withRehasher(pixels: raw) { rehasher in
                    rehasher.rehash(tileRows: cut..<Int.max)
                    rehasher.rehash(tileRows: 0..<cut)
                }
            }
            #expect(hash.value == TiledFrameHash(bitmap).value, "round \(round), cut at tile row \(cut)")
        }
    }

    @Test("one changed byte in any tile changes the hash; the size is part of it")
    func sensitivity() {
        let base = Bitmap(width: 130, height: 70, fill: .black)
        let h0 = TiledFrameHash(base).value
        for (x, y) in [(0, 0), (129, 0), (64, 64), (129, 69)] {
            var b = base
            b[x, y] = RGBA8(r: 1, g: 0, b: 0, a: 255)
            #expect(TiledFrameHash(b).value != h0)
        }
        #expect(TiledFrameHash(Bitmap(width: 2, height: 1)).value != TiledFrameHash(Bitmap(width: 1, height: 2)).value)
    }

    @Test("the format is pinned: the hashes of a 2×1, an 11×2 and a 130×70 bitmap (every lane, odd pixels, edge tiles)")
    func pinned() {
        // Computed independently, from the definition in
        // docs/internals/render-server.md, "The frame hash": `python3 tools/frame-hash.py`.
        let b = Bitmap(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 0, 255])
        #expect(Bitmap.hashHex(TiledFrameHash(b).value) == "f9991aa1a751ae32")
        func bitmap(_ w: Int, _ h: Int, _ pixel: (Int, Int) -> [Int]) -> Bitmap {
            Bitmap(width: w, height: h, pixels: (0..<h).flatMap { y in (0..<w).flatMap { x in pixel(x, y).map { UInt8($0) } } })
        }
        #expect(Bitmap.hashHex(TiledFrameHash(bitmap(11, 2) { x, y in [x * 20, y * 100, x + y, 255] }).value) == "2983d5244e2e057f")
        #expect(Bitmap.hashHex(TiledFrameHash(bitmap(130, 70) { x, y in [x & 255, y & 255, (x * y) & 255, 255] }).value) == "97ccc72e665a94d6")
    }
}
