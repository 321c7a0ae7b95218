import Raster
import RenderModel

/// Draws a frame's damage into a session's framebuffer, its P6 bytes and
/// its tile hash (docs/internals/render-server.md, "Two cores").
///
/// A damage of at least ``minimumSplitPixels`` is drawn in two bands of
/// whole tile rows at once, the lower on a helper thread (``ForkJoin``)
/// with a compositor of its own: each band recomposites the damage's
/// rectangles clipped to it, re-encodes them in the P6 bytes and rehashes
/// its marked tiles. The bands share no pixel, no P6 byte and no tile, and
/// a pixel's value depends only on the tree and the pixel (`Compositor`),
/// so the bytes and the hash are those of drawing the damage whole, as a
/// smaller damage is drawn: the split changes the wall time only (tested
/// against the whole drawing).
final class FrameDrawing {
    /// The least damage, in pixels, drawn in two bands: below it the
    /// hand-over would cost about what it saves.
    static let minimumSplitPixels = 16_384

    /// The most unmerged boxes recomposited one by one (each is a pass
    /// over the tree); more are merged into a region first.
    static let maxUnmergedPaints = 256

    /// Draws the upper band, and the whole damage when it is not split.
    private let upper: Compositor
    private let lower: Compositor
    /// The helper thread the lower band is drawn on, which the pipeline
    /// also hands its other parts to.
    let helper: PipelineHelper
    /// How many frames were drawn in two bands.
    var splitFrames: Int { helper.bandRuns }
    /// ``splitRow(_:height:)``'s sums per boundary, kept for their capacity.
    private var scratch: [Int] = []
    /// The next frame's presentation states, evaluated on the helper while
    /// the session waits for the client (``lookAhead(_:atMediaTime:)``).
    let ahead = PresentationLookahead()
    /// Whether ``lookAhead(_:atMediaTime:)`` evaluates (tests turn it off
    /// to compare).
    var looksAhead = true

    /// `splitting`: whether large damage may be drawn in two bands (tests
    /// turn it off to compare).
    init(background: RGBA8, splitting: Bool = true) {
        upper = Compositor(background: background)
        lower = Compositor(background: background)
        helper = PipelineHelper(splitting: splitting)
    }

    /// What a frame recomposites (`paint`) and what it re-encodes in the
    /// P6 bytes, rehashes and copies to the next frame buffer (`encoded`:
    /// rectangles on the display holding every pixel that may have
    /// changed), from the damage region's rectangles (`region`, and
    /// `onDisplay` clipped) and the unmerged boxes on the display.
    /// Merged (`RenderTree.mergesDamage`), the region is what is
    /// recomposited, costed and written to `frames.jsonl`, and the unmerged
    /// boxes are encoded when they are fewer pixels (the animation bench's
    /// 100 squares: 80,000 against 172,000). Unmerged, nothing reads the
    /// region: the boxes are both, merged first only past
    /// ``maxUnmergedPaints``.
    static func rectangles(region: [PixelRect], onDisplay: [PixelRect], unmerged: [PixelRect]?,
                           merged: Bool) -> (paint: [PixelRect], encoded: [PixelRect]) {
        func area(_ rects: [PixelRect]) -> Int { rects.reduce(0) { $0 + $1.area } }
        guard merged else {
            let boxes = unmerged ?? onDisplay
            return (boxes.count <= maxUnmergedPaints ? boxes : boxes.reduce(into: DamageRegion()) { $0.add($1) }.rects, boxes)
        }
        return (region, unmerged.flatMap { area($0) < area(onDisplay) ? $0 : nil } ?? onDisplay)
    }

    /// `boxes` clipped to `display`, those outside it dropped: one
    /// allocation, not a doubling one per power of two (`compactMap`).
    static func clipped(_ boxes: [PixelRect], to display: PixelRect) -> [PixelRect] {
        var inside: [PixelRect] = []
        inside.reserveCapacity(boxes.count)
        for b in boxes { if let r = b.intersection(display) { inside.append(r) } }
        return inside
    }

    /// Recomposites `paint` (the damage's rectangles), then re-encodes
    /// `changed` (rectangles on the display holding every pixel that may
    /// have changed) in `p6` when `keepsP6`, and rehashes the tiles
    /// `changed` touches.
    ///
    /// With `lookAheadTo`, the next frame's animations are evaluated at
    /// that media time into ``ahead`` (``lookAhead(_:atMediaTime:)``): by
    /// this thread once its band is drawn, while the helper draws the
    /// other (both only read the tree), when the frame is split; else on
    /// the helper once the frame is drawn.
    func draw(_ tree: RenderTree, paint: [PixelRect], changed: [PixelRect], into framebuffer: inout Bitmap,
              p6: inout [UInt8], keepsP6: Bool, p6HeaderCount: Int, background: RGBA8, hash: inout TiledFrameHash,
              lookAheadTo mediaTime: Double? = nil) {
        for r in changed { hash.mark(rows: r.y..<r.maxY, columns: r.x..<r.maxX) }
        let width = tree.displayWidth, height = tree.displayHeight
        var split: Int?
        if let row = splitRow(changed, height: height), helper.canRunBands() {
            split = row
            tree.settleDrawOrders()
        }
        let (upper, lower, helper) = (self.upper, self.lower, self.helper)
        framebuffer.withUnsafeMutablePixels { bytes in
            let pixels = UnsafeMutableRawBufferPointer(bytes)
            func drawBands(_ out: UnsafeMutableRawBufferPointer?) {
                hash.withRehasher(pixels: UnsafeRawBufferPointer(pixels)) { rehasher in
                    func band(_ compositor: Compositor, rows: Range<Int>, tileRows: Range<Int>) {
                        let box = PixelRect(x: 0, y: rows.lowerBound, width: width, height: rows.count)
                        paint.withUnsafeBufferPointer { compositor.render(tree, pixels: pixels, regions: $0, within: box) }
                        if let out {
                            for r in changed {
                                guard let inside = r.intersection(box) else { continue }
                                PNMEncoder.updateP6(out, from: UnsafeRawBufferPointer(pixels), width: width,
                                                    columns: inside.x..<inside.maxX, rows: inside.y..<inside.maxY,
                                                    over: background, headerCount: p6HeaderCount)
                            }
                        }
                        rehasher.rehash(tileRows: tileRows)
                    }
                    guard let row = split else {
                        return band(upper, rows: 0..<height, tileRows: 0..<Int.max)
                    }
                    let tile = row / TiledFrameHash.tileSize
                    let lowerBand = HelperPart { band(lower, rows: row..<height, tileRows: tile..<Int.max) }
                    helper.runBands(lower: lowerBand, upper: {
                        band(upper, rows: 0..<row, tileRows: 0..<tile)
                        if let mediaTime, looksAhead, tree.animatesEnoughToLookAhead {
                            tree.evaluateAhead(into: ahead, atMediaTime: mediaTime)
                        }
                    })
                }
            }
            if keepsP6 { p6.withUnsafeMutableBytes { drawBands($0) } } else { drawBands(nil) }
        }
        helper.frameDrawn(inBands: split != nil)
        if split == nil, let mediaTime { lookAhead(tree, atMediaTime: mediaTime) }
    }

    /// The row the two bands meet at: the tile-row boundary with the least
    /// cost, the larger band's pixels plus those of the rectangles it cuts
    /// (a shape cut in two is scanned twice: each band's converter sees
    /// half of it, and cannot replay it from its cache of whole shapes);
    /// nil when the damage is drawn whole (too small, or a display of one
    /// tile row).
    func splitRow(_ rects: [PixelRect], height: Int) -> Int? {
        guard helper.splits else { return nil }
        let total = rects.reduce(0) { $0 + $1.area }
        let s = TiledFrameHash.tileSize
        let tileRows = (height + s - 1) / s
        guard total >= Self.minimumSplitPixels, tileRows >= 2 else { return nil }
        // Per boundary b (at y = b·s): the pixels above it, and the area of
        // the rectangles it cuts. A rectangle is wholly above the
        // boundaries from ⌈maxY / s⌉ on (added once, summed as b grows),
        // and cut by the few its rows cross: one pass over the rectangles.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: repeatElement(0, count: 3 * (tileRows + 1)))
        return scratch.withUnsafeMutableBufferPointer { buffer -> Int? in
            let whole = buffer.baseAddress!, part = whole + (tileRows + 1), cut = part + (tileRows + 1)
            for r in rects {
                let firstWhole = (r.maxY + s - 1) / s
                if firstWhole < tileRows { whole[firstWhole] += r.area }
                var b = r.y / s + 1
                while b < tileRows, b * s < r.maxY {
                    part[b] += r.width * (b * s - r.y)
                    cut[b] += r.area
                    b += 1
                }
            }
            var best: (row: Int, cost: Int)?
            var wholeAbove = 0
            for b in 1..<tileRows {
                wholeAbove += whole[b]
                let above = wholeAbove + part[b]
                let cost = Swift.max(above, total - above) + cut[b]
                if best == nil || cost < best!.cost { best = (b * s, cost) }
            }
            return best?.row
        }
    }

    /// Starts evaluating `tree`'s animations at media time `t` — the next
    /// frame's, when the client's next vsync is the next one — on the
    /// helper, into ``ahead``, when the helper runs (a frame was split)
    /// and enough layers animate; ``settle()`` waits for it. Nothing may
    /// read or change the tree until then.
    func lookAhead(_ tree: RenderTree, atMediaTime t: Double) {
        guard looksAhead, tree.animatesEnoughToLookAhead else { return }
        let ahead = self.ahead
        let evaluation = HelperPart { tree.evaluateAhead(into: ahead, atMediaTime: t) }
        helper.start(.evaluation) { evaluation() }
    }

    /// Waits for whatever the helper was handed: the session's pipeline
    /// calls it before it handles a message.
    func settle() { helper.finish() }
}
