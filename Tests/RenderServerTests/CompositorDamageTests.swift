import Raster
import RenderModel
import RenderServer
import RenderWire
import Testing

@Suite("Compositor: damaged regions")
struct CompositorDamageTests {
    static let width = 72, height = 56

    /// A random scene of `count` layers: nested, rotated, rounded, masked,
    /// grouped, with contents.
    static func scene(_ rng: inout SplitMix64, count: Int) -> Ops {
        var ops = Ops()
        var image = Bitmap(width: 5, height: 3)
        for y in 0..<3 { for x in 0..<5 { image[x, y] = RGBA8(r: UInt8(50 * x), g: UInt8(100 * y), b: 180, a: UInt8(155 + 20 * x)).premultiplied() } }
        ops.bitmap(1, image)
        ops.bitmap(2, Bitmap(width: 2, height: 2, fill: px(0, 200, 100)))
        for id in 1...LayerID(count) {
            let parent: LayerID = id <= 3 ? 0 : LayerID(rng.int(0...Int(id) - 1))
            ops.layer(id, parent: parent, index: 0, frame: rect(rng.grid(-8...60), rng.grid(-8...44), rng.grid(2...30), rng.grid(2...24)),
                      [(.backgroundColor, .color(RGBA(r: rng.grid(0...1), g: rng.grid(0...1), b: rng.grid(0...1), a: rng.grid(0.3...1))))])
            for _ in 0..<3 { ops.ops.append(change(&rng, id: id, count: count)) }
        }
        return ops
    }

    static func change(_ rng: inout SplitMix64, id: LayerID, count: Int) -> DiffOp {
        switch rng.int(0...13) {
        case 0: return .set(id, .position, .point(Point(x: rng.grid(-5...75), y: rng.grid(-5...60))))
        case 1: return .set(id, .bounds, .rect(rect(rng.grid(-4...4), rng.grid(-4...4), rng.grid(1...30), rng.grid(1...24))))
        case 2: return .set(id, .backgroundColor, .color(RGBA(r: rng.grid(0...1), g: rng.grid(0...1), b: rng.grid(0...1), a: rng.grid(0...1))))
        case 3: return .set(id, .opacity, .number(rng.grid(0...1)))
        case 4: return .set(id, .isHidden, .bool(rng.int(0...3) == 0))
        case 5: return .set(id, .cornerRadius, .number(rng.grid(0...8)))
        case 6: return .set(id, .borderWidth, .number(rng.grid(0...3)))
        case 7: return .set(id, .masksToBounds, .bool(rng.bool()))
        case 8: return .set(id, .zPosition, .number(Double(rng.int(-2...2))))
        case 9:
            let t: Transform2D = rng.bool() ? .rotation(degrees: Double(rng.int(-60...60))) : .scale(x: rng.grid(0.5...2), y: rng.grid(0.5...2))
            return .set(id, .transform, .transform(t))
        case 10: return .set(id, .contents, rng.int(0...2) == 0 ? .null : .image(ImageID(rawValue: UInt64(rng.int(1...2)))))
        case 11: return .set(id, .contentsGravity, .gravity(ContentsGravity.allCases[rng.int(0...11)]))
        case 12: return .set(id, .anchorPoint, .point(Point(x: rng.grid(0...1), y: rng.grid(0...1))))
        default: return .set(id, .borderColor, .color(RGBA(r: rng.grid(0...1), g: rng.grid(0...1), b: rng.grid(0...1), a: rng.grid(0.3...1))))
        }
    }

    /// A move of `id` under a random layer that is not inside it (or detached).
    static func move(_ rng: inout SplitMix64, id: LayerID, tree: RenderTree) -> DiffOp {
        let ids = tree.layerIDs
        var parent: LayerID? = ids[rng.int(0...ids.count - 1)]
        var a = parent
        while let x = a, x != 0 {
            if x == id { parent = 0 }
            a = tree.parent(of: x)
        }
        if rng.int(0...5) == 0 { parent = nil }
        let siblings = parent == nil ? 0 : (parent == 0 ? tree.rootIDs : tree.children(of: parent!)).filter { $0 != id }.count
        return .move(id, parent: parent, index: UInt32(rng.int(0...siblings)))
    }

    @Test("a contentsScale change damages only the layer's own box, and rendering that damage gives a full render's bytes")
    func contentsScaleDamage() throws {
        let compositor = Compositor(background: px(20, 30, 40))
        let tree = RenderTree(displayWidth: Self.width, displayHeight: Self.height)
        var ops = Ops()
        var image = Bitmap(width: 6, height: 4)
        for y in 0..<4 { for x in 0..<6 { image[x, y] = px(UInt8(40 * x), UInt8(60 * y), 200) } }
        ops.bitmap(1, image)
        ops.layer(1, frame: rect(4, 4, 30, 20), [(.contents, .image(ImageID(rawValue: 1))), (.contentsGravity, .gravity(.center))])
        ops.layer(2, parent: 1, frame: rect(20, 10, 8, 8), [(.backgroundColor, .color(.red))])
        try tree.apply(ops.commit())
        _ = tree.takeDamage()
        var frame = compositor.render(tree)
        for (step, scale) in [2, 0.5, 3, 1, 0.25].enumerated() {
            let damage = try tree.apply(CommitDiff(sequence: UInt64(step + 2), time: 0, ops: [.set(1, .contentsScale, .number(scale))]))
            let full = compositor.render(tree)
            let changed = differences(frame, full)
            #expect(!changed.isEmpty, "scale \(scale) changed no pixel")
            for p in changed {
                #expect(damage.rects.contains { $0.contains(PixelRect(x: p.x, y: p.y, width: 1, height: 1)) }, "scale \(scale): \(p)")
            }
            #expect(compositor.renderDamage(of: tree, into: &frame) == damage)
            #expect(frame == full, "scale \(scale): damaged render differs")
        }
    }

    @Test("rendering only the damage gives the bytes of a full render, and the damage holds every changed pixel")
    func damagedMatchesFull() throws {
        var rng = SplitMix64(seed: 0xDA_4A6E)
        let compositor = Compositor(background: px(20, 30, 40))
        var changedSteps = 0, changedPixels = 0, damagedPixels = 0
        for round in 0..<4 {
            let tree = RenderTree(displayWidth: Self.width, displayHeight: Self.height)
            let count = 14
            try tree.applyChecked(Self.scene(&rng, count: count).commit())
            _ = tree.takeDamage()
            var frame = compositor.render(tree)
            var nextID = LayerID(count + 1)
            for step in 0..<40 {
                var ops: [DiffOp] = []
                let ids = tree.layerIDs
                let id = ids[rng.int(0...ids.count - 1)]
                switch rng.int(0...9) {
                case 0: ops.append(Self.move(&rng, id: id, tree: tree))
                case 1 where ids.count > 4: ops.append(.remove(id))
                case 2:
                    ops += [.create(nextID), .set(nextID, .frame, .rect(rect(rng.grid(0...60), rng.grid(0...40), rng.grid(2...12), rng.grid(2...12)))),
                            .set(nextID, .backgroundColor, .color(RGBA(r: rng.grid(0...1), g: 0.5, b: 0.2, a: 0.8))),
                            .move(nextID, parent: id, index: 0)]
                    nextID += 1
                default:
                    for _ in 0..<rng.int(1...2) { ops.append(Self.change(&rng, id: id, count: count)) }
                }
                let damage = try tree.applyChecked(CommitDiff(sequence: UInt64(step + 2), time: 0, ops: ops))
                let full = compositor.render(tree)
                let changed = differences(frame, full)
                if !changed.isEmpty { changedSteps += 1 }
                changedPixels += changed.count
                damagedPixels += damage.paintedArea
                for p in changed {
                    #expect(damage.rects.contains { $0.contains(PixelRect(x: p.x, y: p.y, width: 1, height: 1)) },
                            "round \(round) step \(step): pixel \(p) changed outside the damage \(String(describing: damage)) after \(ops)")
                }
                #expect(compositor.renderDamage(of: tree, into: &frame) == damage)
                #expect(tree.pendingDamage.isEmpty)
                #expect(frame == full, "round \(round) step \(step): damaged render differs after \(ops)")
                if frame != full { return }
            }
            // The snapshot replayed into a fresh tree renders the same bytes.
            let fresh = RenderTree(displayWidth: Self.width, displayHeight: Self.height)
            try fresh.applyChecked(tree.snapshot())
            #expect(compositor.render(fresh) == frame)
        }
        // The changes do change pixels, and the damage is not the whole display each time.
        #expect(changedSteps >= 60)
        #expect(damagedPixels < 160 * Self.width * Self.height / 2)
        #expect(changedPixels * 10 > damagedPixels)
    }

    @Test("arbitrary regions, including ones past the display, render the full frame's bytes")
    func arbitraryRegions() throws {
        var rng = SplitMix64(seed: 4242)
        let tree = RenderTree(displayWidth: Self.width, displayHeight: Self.height)
        try tree.applyChecked(Self.scene(&rng, count: 18).commit())
        let compositor = Compositor(background: px(0, 0, 0))
        let full = compositor.render(tree)
        for _ in 0..<30 {
            var frame = Bitmap(width: Self.width, height: Self.height, fill: px(1, 2, 3, 4))
            let region = PixelRect(x: rng.int(-10...70), y: rng.int(-10...50), width: rng.int(1...40), height: rng.int(1...30))
            compositor.render(tree, into: &frame, region: region)
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    let inside = region.contains(PixelRect(x: x, y: y, width: 1, height: 1))
                    if frame[x, y] != (inside ? full[x, y] : px(1, 2, 3, 4)) {
                        Issue.record("region \(region): pixel (\(x), \(y)) is \(frame[x, y])")
                        return
                    }
                }
            }
        }
    }

    /// A pass over a region visits only the roots of the 64-row bands the
    /// region touches (`RenderTree.rootBandIndexes`, docs/internals/render-server.md,
    /// "The compositor"): one band's, two merged in draw order, or all of
    /// them. Regions of every height on a display of five bands, over
    /// translucent roots that span one band or several, in a z-order that
    /// is not their index order, before and after a commit moves them,
    /// render the bytes of the whole display's render: a root missed,
    /// drawn twice or out of order changes them.
    @Test("regions in one band, two or more visit every root they touch once, in draw order")
    func regionsAcrossRootBands() throws {
        var rng = SplitMix64(seed: 0xBA4D5)
        let (width, height) = (72, 300)
        let tree = RenderTree(displayWidth: width, displayHeight: height)
        var ops = Ops()
        for id in LayerID(1)...40 {
            let tall = rng.int(0...4) == 0
            ops.layer(id, frame: rect(rng.grid(-8...60), rng.grid(-8...290), rng.grid(4...30), tall ? rng.grid(60...200) : rng.grid(2...40)),
                      [(.backgroundColor, .color(RGBA(r: rng.grid(0...1), g: rng.grid(0...1), b: rng.grid(0...1), a: rng.grid(0.3...0.9)))),
                       (.zPosition, .number(Double(rng.int(-3...3))))])
        }
        try tree.applyChecked(ops.commit())
        let compositor = Compositor(background: px(0, 0, 0))
        for sequence in UInt64(2)...4 {
            let full = compositor.render(tree)
            for _ in 0..<60 {
                var frame = full
                let region = PixelRect(x: rng.int(-4...60), y: rng.int(-4...290), width: rng.int(1...72), height: rng.int(1...3) == 1 ? rng.int(1...64) : rng.int(1...160))
                // Cleared first, so that only the pass can put the bytes back.
                for y in 0..<height { for x in 0..<width where region.contains(PixelRect(x: x, y: y, width: 1, height: 1)) { frame[x, y] = px(1, 2, 3, 4) } }
                compositor.render(tree, into: &frame, region: region)
                if frame != full {
                    Issue.record("commit \(sequence - 1), region \(region): not the full render's bytes")
                    return
                }
            }
            // Move a third of the roots, across bands.
            var moves: [DiffOp] = []
            for id in LayerID(1)...40 where rng.int(0...2) == 0 {
                moves.append(.set(id, .position, .point(Point(x: rng.grid(0...72), y: rng.grid(0...300)))))
            }
            try tree.applyChecked(CommitDiff(sequence: sequence, time: 0, ops: moves))
        }
    }
}
