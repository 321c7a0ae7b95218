import Raster
/// The pixels a frame must recomposite, as a short list of rectangles.
///
/// A union box is the simplest damage, and the costliest when two small
/// changes sit at opposite corners: their box is the whole display. A region
/// keeps them apart. Adding a rectangle first folds in every rectangle whose
/// bounding box with it is no larger than the two areas together (so a
/// contained, equal or mostly overlapping rectangle merges, and nothing is
/// painted that neither covered); beyond ``maxRects`` rectangles, the pair
/// whose merge wastes the fewest pixels is merged. Rectangles may overlap;
/// a pixel in two of them is recomposited twice, to the same bytes.
///
/// Every step is a pure function of the rectangles added, in order, so the
/// region (and the `damage` written to `frames.jsonl`) is deterministic.
///
///     var damage = DamageRegion()
///     damage.add(PixelRect(x: 0, y: 0, width: 10, height: 10))
///     damage.add(PixelRect(x: 500, y: 300, width: 10, height: 10))
///     damage.rects.count   // 2: 200 pixels to recomposite, not 310 × 510
///     damage.bounds        // (0, 0, 510, 310)
public struct DamageRegion: Hashable, Sendable, CustomStringConvertible {
    /// The most rectangles a region keeps; more are merged pairwise.
    public static let maxRects = 16   // at most 32: `add` marks folded rectangles in a UInt32

    /// A settled rectangle as its edges and its area, what the loops read.
    private struct Box: Hashable, Sendable {
        var x0: Int, y0: Int, x1: Int, y1: Int, area: Int

        var rect: PixelRect { PixelRect(x0: x0, y0: y0, x1: x1, y1: y1) }
    }

    /// The rectangles, in the order they settled.
    private var boxes: [Box] = []

    /// For rectangle `i`: the first `j > i` whose merge with it wastes the
    /// fewest pixels, and that waste (`j` −1, waste `Int.max`, for the last
    /// one). A function of `boxes` alone, kept up to date as they change,
    /// so that finding the cheapest pair reads one entry a rectangle
    /// instead of comparing every pair.
    private struct Partner: Hashable, Sendable {
        var j: Int
        var waste: Int
        static let none = Partner(j: -1, waste: .max)
    }
    private var partners: [Partner] = []

    /// An empty region.
    public init() {}

    /// The region of one rectangle (empty when `rect` is).
    public init(_ rect: PixelRect) {
        add(rect)
    }

    /// The rectangles, none empty, in the order they settled.
    public var rects: [PixelRect] { boxes.map(\.rect) }

    /// Whether no pixel is damaged.
    public var isEmpty: Bool { boxes.isEmpty }

    /// The smallest rectangle holding the whole region; `nil` when empty.
    public var bounds: PixelRect? {
        guard var box = boxes.first else { return nil }
        for b in boxes.dropFirst() {
            box = Box(x0: Swift.min(box.x0, b.x0), y0: Swift.min(box.y0, b.y0), x1: Swift.max(box.x1, b.x1), y1: Swift.max(box.y1, b.y1), area: 0)
        }
        return box.rect
    }

    /// Pixels recomposited when every rectangle is drawn (overlaps counted
    /// twice).
    public var paintedArea: Int { boxes.reduce(0) { $0 + $1.area } }

    /// Adds `rect` (an empty one changes nothing).
    ///
    /// O(n) per fold pass over the n ≤ ``maxRects`` rectangles, O(n) to
    /// append the result (each rectangle keeps the partner it merges with
    /// most cheaply), and O(n) to find the cheapest pair when one must
    /// merge, plus O(n) for each rectangle whose partner that took. The rectangles are kept as
    /// their edges and areas, and the loops read them through an unsafe
    /// buffer in wrapping arithmetic, because an animated frame adds a
    /// couple of hundred rectangles and merges most of them. (Damage lies
    /// in the display, so its areas are far from overflowing.)
    public mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        add(Box(x0: rect.x, y0: rect.y, x1: rect.x + rect.width, y1: rect.y + rect.height, area: rect.area))
    }

    private mutating func add(_ box: Box) {
        var merged = box
        var folded = true
        while folded {
            // One pass from the last rectangle to the first, folding each
            // that the growing box may take; those folded are marked and
            // dropped after the pass (the order of the others is kept, as
            // removing them one by one going down would keep it).
            // A bit per rectangle: there are at most `maxRects` (16) here.
            var removed: UInt32 = 0
            boxes.withUnsafeBufferPointer { b in
                var i = b.count - 1
                while i >= 0 {
                    let r = b[i]
                    let x0 = Swift.min(r.x0, merged.x0), y0 = Swift.min(r.y0, merged.y0)
                    let x1 = Swift.max(r.x1, merged.x1), y1 = Swift.max(r.y1, merged.y1)
                    let boxArea = (x1 &- x0) &* (y1 &- y0)
                    if boxArea <= r.area &+ merged.area {
                        merged = Box(x0: x0, y0: y0, x1: x1, y1: y1, area: boxArea)
                        removed |= 1 << UInt32(i)
                    }
                    i -= 1
                }
            }
            folded = removed != 0
            if folded { remove(removed) }
        }
        append(merged)
        if boxes.count > Self.maxRects { mergeCheapestPair() }
    }

    /// The pixels the box of `a` and `b` holds beyond their two areas.
    @inline(__always)
    private static func waste(_ a: Box, _ b: Box) -> Int {
        let w = Swift.max(a.x1, b.x1) &- Swift.min(a.x0, b.x0), h = Swift.max(a.y1, b.y1) &- Swift.min(a.y0, b.y0)
        return w &* h &- a.area &- b.area
    }

    /// Appends `box`: each earlier rectangle takes it as its partner when
    /// it wastes strictly less than the partner it has (it comes last, so
    /// an equal waste keeps the earlier partner).
    private mutating func append(_ box: Box) {
        let n = boxes.count
        if n == 0 {
            boxes.reserveCapacity(Self.maxRects + 1)
            partners.reserveCapacity(Self.maxRects + 1)
        }
        boxes.withUnsafeBufferPointer { b in
            partners.withUnsafeMutableBufferPointer { p in
                for i in 0..<n {
                    let w = Self.waste(b[i], box)
                    if w < p[i].waste { p[i] = Partner(j: n, waste: w) }
                }
            }
        }
        boxes.append(box)
        partners.append(.none)
    }

    /// Finds rectangle `i`'s partner again, among those after it.
    private mutating func findPartner(_ i: Int) {
        var best = Partner.none
        boxes.withUnsafeBufferPointer { b in
            let bi = b[i]
            var j = i + 1
            while j < b.count {
                let w = Self.waste(bi, b[j])
                if w < best.waste { best = Partner(j: j, waste: w) }
                j += 1
            }
        }
        partners[i] = best
    }

    /// Drops the rectangles whose bits are set in `mask`, keeping the
    /// order of the others; a partner that stays is renumbered, and a
    /// rectangle whose partner went finds one again (removing others
    /// cannot change which is first among the fewest).
    private mutating func remove(_ mask: UInt32) {
        let n = boxes.count
        var kept = 0
        var lost: UInt32 = 0
        boxes.withUnsafeMutableBufferPointer { b in
            partners.withUnsafeMutableBufferPointer { p in
                var i = 0
                while i < n {
                    if mask & (1 << UInt32(i)) == 0 {
                        b[kept] = b[i]
                        var partner = p[i]
                        let j = partner.j
                        if j >= 0 {
                            if mask & (1 << UInt32(j)) != 0 {
                                lost |= 1 << UInt32(kept)
                            } else {
                                // Its new index: less the removed ones before it.
                                partner.j = j &- (mask & ((1 << UInt32(j)) &- 1)).nonzeroBitCount
                            }
                        }
                        p[kept] = partner
                        kept &+= 1
                    }
                    i &+= 1
                }
            }
        }
        boxes.removeLast(n - kept)
        partners.removeLast(n - kept)
        while lost != 0 {
            let i = lost.trailingZeroBitCount
            lost &= lost &- 1
            findPartner(i)
        }
    }

    /// Adds every rectangle of `other`.
    public mutating func formUnion(_ other: DamageRegion) {
        for b in other.boxes { add(b) }
    }

    /// Every rectangle clipped to `clip`.
    public func clipped(to clip: PixelRect) -> DamageRegion {
        var out = DamageRegion()
        for b in boxes { if let inside = b.rect.intersection(clip) { out.add(inside) } }
        return out
    }

    /// Merges the pair whose box wastes the fewest pixels (the first such
    /// pair in order: the first rectangle whose partner wastes the fewest,
    /// and that partner, the first of its fewest), then adds the box back.
    private mutating func mergeCheapestPair() {
        var best = 0
        partners.withUnsafeBufferPointer { p in
            for i in 1..<p.count where p[i].waste < p[best].waste { best = i }
        }
        let a = boxes[best], b = boxes[partners[best].j]
        let x0 = Swift.min(a.x0, b.x0), y0 = Swift.min(a.y0, b.y0), x1 = Swift.max(a.x1, b.x1), y1 = Swift.max(a.y1, b.y1)
        remove(1 << UInt32(best) | 1 << UInt32(partners[best].j))
        add(Box(x0: x0, y0: y0, x1: x1, y1: y1, area: (x1 - x0) * (y1 - y0)))
    }

    /// The rectangles, as `[(x, y, w, h), …]`.
    public var description: String { "[" + boxes.map(\.rect.description).joined(separator: ", ") + "]" }
}
