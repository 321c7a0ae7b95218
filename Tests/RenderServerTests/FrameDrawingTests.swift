import Raster
@testable import RenderServer
import RenderModel
import RenderWire
import Testing
import LoopSimTestSupport

@Suite("FrameDrawing: a large damage drawn in two bands")
struct FrameDrawingTests {
    static let width = 150, height = 330   // 6 tile rows of 64 (the last 10 high)

    /// A scene over the whole display: nested, rotated, rounded, masked,
    /// grouped (opacity over sublayers), bordered, with contents.
    static func scene(_ rng: inout SplitMix64, count: Int) -> Ops {
        var ops = Ops()
        var image = Bitmap(width: 5, height: 3)
        for y in 0..<3 { for x in 0..<5 { image[x, y] = RGBA8(r: UInt8(50 * x), g: UInt8(100 * y), b: 180, a: UInt8(155 + 20 * x)).premultiplied() } }
        ops.bitmap(1, image)
        for id in 1...LayerID(count) {
            let parent: LayerID = id <= 6 ? 0 : LayerID(rng.int(0...Int(id) - 1))
            ops.layer(id, parent: parent, index: 0, frame: rect(rng.grid(-10...140), rng.grid(-10...320), rng.grid(4...70), rng.grid(4...90)),
                      [(.backgroundColor, .color(RGBA(r: rng.grid(0...1), g: rng.grid(0...1), b: rng.grid(0...1), a: rng.grid(0.3...1))))])
            ops.ops.append(change(&rng, id: id))
            ops.ops.append(change(&rng, id: id))
        }
        return ops
    }

    static func change(_ rng: inout SplitMix64, id: LayerID) -> DiffOp {
        switch rng.int(0...9) {
        case 0: return .set(id, .position, .point(Point(x: rng.grid(-10...160), y: rng.grid(-10...340))))
        case 1: return .set(id, .opacity, .number(rng.grid(0.2...1)))
        case 2: return .set(id, .cornerRadius, .number(rng.grid(0...12)))
        case 3: return .set(id, .borderWidth, .number(rng.grid(0...4)))
        case 4: return .set(id, .masksToBounds, .bool(rng.bool()))
        case 5: return .set(id, .transform, .transform(.rotation(degrees: Double(rng.int(-60...60)))))
        case 6: return .set(id, .contents, rng.bool() ? .null : .image(ImageID(rawValue: 1)))
        case 7: return .set(id, .zPosition, .number(Double(rng.int(-2...2))))
        case 8: return .set(id, .transform, .transform(.scale(x: rng.grid(0.5...2), y: rng.grid(0.5...2))))
        default: return .set(id, .backgroundColor, .color(RGBA(r: rng.grid(0...1), g: rng.grid(0...1), b: rng.grid(0...1), a: rng.grid(0...1))))
        }
    }

    /// One side's framebuffer, P6 bytes and tile hash.
    struct Side {
        var frame: Bitmap
        var p6: [UInt8]
        var hash: TiledFrameHash
        let drawing: FrameDrawing

        init(background: RGBA8, splitting: Bool) {
            frame = Bitmap(width: FrameDrawingTests.width, height: FrameDrawingTests.height, fill: background)
            p6 = PNMEncoder.p6(frame, over: background)
            hash = TiledFrameHash(frame)
            drawing = FrameDrawing(background: background, splitting: splitting)
        }

        /// Draws `damage`, re-encoding and rehashing `encoded` (the
        /// region's rectangles when nil), as the session does.
        mutating func draw(_ tree: RenderTree, _ damage: DamageRegion, encoded: [PixelRect]? = nil, paint: [PixelRect]? = nil, background: RGBA8) {
            let changed = encoded ?? damage.clipped(to: tree.displayRect).rects
            let header = PNMEncoder.p6Header(width: frame.width, height: frame.height).count
            drawing.draw(tree, paint: paint ?? damage.rects, changed: changed, into: &frame, p6: &p6, keepsP6: true,
                         p6HeaderCount: header, background: background, hash: &hash)
        }
    }

    @Test("the two bands give the bytes, the P6 and the hash of drawing the damage whole, and of a full render; the unmerged boxes hold every changed pixel", .tags(.fuzz))
    func bandsMatchWhole() throws {
        var rng = SplitMix64(seed: 0xF0_4C_10)
        let background = RGBA8(r: 20, g: 30, b: 40, a: 255)
        let tree = RenderTree(displayWidth: Self.width, displayHeight: Self.height)
        let count = 40
        try tree.applyChecked(Self.scene(&rng, count: count).commit())
        var split = Side(background: background, splitting: true)
        var whole = Side(background: background, splitting: false)
        let full = Compositor(background: background)
        var large = 0
        for step in 0..<60 {
            if step > 0 {
                var ops: [DiffOp] = []
                for _ in 0..<rng.int(1...12) { ops.append(Self.change(&rng, id: LayerID(rng.int(1...count)))) }
                try tree.applyChecked(CommitDiff(sequence: UInt64(step + 1), time: 0, ops: ops))
            }
            if step % 9 == 4 { tree.damageAll() }
            var unmerged: [PixelRect]? = []
            let damage = tree.takeDamage(changed: &unmerged)
            // Every other frame re-encodes the unmerged boxes, as the
            // session does when they are the fewer pixels.
            let encoded = step % 2 == 0 ? unmerged!.compactMap { $0.intersection(tree.displayRect) } : nil
            let area = (encoded ?? damage.clipped(to: tree.displayRect).rects).reduce(0) { $0 + $1.area }
            if area >= FrameDrawing.minimumSplitPixels { large += 1 }
            let before = split.frame
            split.draw(tree, damage, encoded: encoded, background: background)
            whole.draw(tree, damage, encoded: encoded, background: background)
            let reference = full.render(tree)
            // The unmerged boxes hold every pixel that changed.
            for p in differences(before, reference) {
                #expect(unmerged!.contains { $0.contains(PixelRect(x: p.x, y: p.y, width: 1, height: 1)) },
                        "step \(step): pixel \(p) changed outside the unmerged boxes \(unmerged!)")
            }
            #expect(split.frame == whole.frame, "step \(step): the bands' pixels differ from the whole drawing's")
            #expect(split.frame == reference, "step \(step): the bands' pixels differ from a full render")
            #expect(split.p6 == whole.p6, "step \(step): P6 bytes differ")
            #expect(split.p6 == PNMEncoder.p6(reference, over: background), "step \(step): P6 differs from the full render's")
            #expect(split.hash.value == whole.hash.value && split.hash.value == TiledFrameHash(reference).value, "step \(step): hashes differ")
            if split.frame != whole.frame { return }
        }
        // Every large damage was drawn in two bands (and there were
        // many); the other side never split.
        #expect(large >= 15)
        #expect(split.drawing.splitFrames == large)
        #expect(whole.drawing.splitFrames == 0)
    }

    @Test("a tree that does not merge its damage answers the merging tree's boxes and bounds, an empty region, and the boxes draw the same frame")
    func unmergedDamage() throws {
        var rng = SplitMix64(seed: 0x0B_0E5)
        let background = RGBA8(r: 5, g: 6, b: 7, a: 255)
        let merging = RenderTree(displayWidth: Self.width, displayHeight: Self.height)
        let plain = RenderTree(displayWidth: Self.width, displayHeight: Self.height)
        plain.mergesDamage = false
        let count = 30
        let scene = Self.scene(&rng, count: count).commit()
        try merging.applyChecked(scene)
        #expect(try plain.applyChecked(scene).isEmpty)
        var side = Side(background: background, splitting: true)
        let full = Compositor(background: background)
        for step in 0..<50 {
            if step > 0 {
                var ops: [DiffOp] = []
                for _ in 0..<rng.int(1...10) { ops.append(Self.change(&rng, id: LayerID(rng.int(1...count)))) }
                let diff = CommitDiff(sequence: UInt64(step + 1), time: 0, ops: ops)
                try merging.applyChecked(diff)
                try plain.applyChecked(diff)
            }
            if step % 11 == 5 { merging.damageAll(); plain.damageAll() }
            var a: [PixelRect]? = [], b: [PixelRect]? = []
            let region = merging.takeDamage(changed: &a)
            let empty = plain.takeDamage(changed: &b)
            #expect(a == b, "step \(step): the unmerged boxes differ")
            #expect(step % 11 == 5 ? empty.rects == [plain.displayRect] : empty.isEmpty, "step \(step): \(empty)")
            #expect(b!.reduce(nil) { $0.union($1) as PixelRect? } == region.bounds, "step \(step): bounds")
            // Drawn from the boxes alone, the frame is a full render's.
            let onDisplay = b!.compactMap { $0.intersection(plain.displayRect) }
            side.draw(plain, DamageRegion(), encoded: onDisplay, paint: onDisplay, background: background)
            let reference = full.render(plain)
            #expect(side.frame == reference, "step \(step): the frame drawn from the boxes differs")
            #expect(side.p6 == PNMEncoder.p6(reference, over: background) && side.hash.value == TiledFrameHash(reference).value)
            if side.frame != reference { return }
        }
    }

    @Test("merged, the region is painted and the fewer pixels encoded; unmerged, the boxes are both, merged first past the limit")
    func rectanglesChosen() {
        let region = [PixelRect(x: 0, y: 0, width: 100, height: 20)]
        let small = [PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 90, y: 5, width: 10, height: 10)]
        let big = [PixelRect(x: 0, y: 0, width: 100, height: 20), PixelRect(x: 0, y: 10, width: 100, height: 10)]
        var r = FrameDrawing.rectangles(region: region, onDisplay: region, unmerged: small, merged: true)
        #expect(r.paint == region && r.encoded == small)
        r = FrameDrawing.rectangles(region: region, onDisplay: region, unmerged: big, merged: true)
        #expect(r.paint == region && r.encoded == region)
        r = FrameDrawing.rectangles(region: region, onDisplay: region, unmerged: nil, merged: true)
        #expect(r.paint == region && r.encoded == region)
        r = FrameDrawing.rectangles(region: [], onDisplay: [], unmerged: big, merged: false)
        #expect(r.paint == big && r.encoded == big)
        let many = (0...FrameDrawing.maxUnmergedPaints).map { PixelRect(x: $0 % 50, y: $0 / 50 * 2, width: 1, height: 1) }
        r = FrameDrawing.rectangles(region: [], onDisplay: [], unmerged: many, merged: false)
        #expect(r.encoded == many && r.paint.count <= 16)
        #expect(many.allSatisfy { p in r.paint.contains { $0.contains(p) } })
    }

    @Test("a damage under the split size is drawn whole; the whole display, in two bands")
    func smallDrawnWhole() throws {
        let background = RGBA8.black
        var ops = Ops()
        ops.layer(1, frame: rect(10, 10, 20, 20), [(.backgroundColor, .color(RGBA(r: 1, g: 0, b: 0, a: 1)))])
        let tree = RenderTree(displayWidth: Self.width, displayHeight: Self.height)
        try tree.applyChecked(ops.commit())
        var side = Side(background: background, splitting: true)
        side.draw(tree, tree.takeDamage(), background: background)
        #expect(side.drawing.splitFrames == 0)
        tree.damageAll()
        side.draw(tree, tree.takeDamage(), background: background)
        #expect(side.drawing.splitFrames == 1)
        #expect(side.frame == Compositor(background: background).render(tree))
    }

    @Test("the split row is the tile-row boundary of least cost: the larger band's pixels plus the area of the rectangles it cuts, the first of equals")
    func splitRowRule() {
        // The rule as it reads, every rectangle for every boundary.
        func reference(_ rects: [PixelRect], height: Int) -> Int? {
            let total = rects.reduce(0) { $0 + $1.area }
            let s = TiledFrameHash.tileSize, tileRows = (height + s - 1) / s
            guard total >= FrameDrawing.minimumSplitPixels, tileRows >= 2 else { return nil }
            var best: (row: Int, cost: Int)?
            for b in 1..<tileRows {
                let y = b * s
                let above = rects.reduce(0) { $0 + $1.width * max(0, min($1.maxY, y) - $1.y) }
                let cut = rects.filter { $0.y < y && $0.maxY > y }.reduce(0) { $0 + $1.area }
                let cost = max(above, total - above) + cut
                if best == nil || cost < best!.cost { best = (y, cost) }
            }
            return best?.row
        }
        var rng = SplitMix64(seed: 0x5B11)
        let drawing = FrameDrawing(background: .black)
        for _ in 0..<3_000 {
            let height = Int.random(in: 1...900, using: &rng)
            let rects = (0..<Int.random(in: 0...40, using: &rng)).map { _ -> PixelRect in
                let y = Int.random(in: 0..<height, using: &rng)
                return PixelRect(x: 0, y: y, width: Int.random(in: 1...390, using: &rng), height: Int.random(in: 1...(height - y), using: &rng))
            }
            guard drawing.splitRow(rects, height: height) == reference(rects, height: height) else {
                Issue.record("\(rects) on \(height) rows: \(String(describing: drawing.splitRow(rects, height: height))) against \(String(describing: reference(rects, height: height)))")
                return
            }
        }
    }
}
