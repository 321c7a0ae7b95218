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
    public static let maxRects = 16

    /// The rectangles, none empty, in the order they settled.
    public private(set) var rects: [PixelRect] = []
    /// `rects[i].area`, kept beside them.
    private var areas: [Int] = []

    /// An empty region.
    public init() {}

    /// The region of one rectangle (empty when `rect` is).
    public init(_ rect: PixelRect) {
        add(rect)
    }

    /// Whether no pixel is damaged.
    public var isEmpty: Bool { rects.isEmpty }

    /// The smallest rectangle holding the whole region; `nil` when empty.
    public var bounds: PixelRect? {
        guard var box = rects.first else { return nil }
        for r in rects.dropFirst() { box = box.union(r) }
        return box
    }

    /// Pixels recomposited when every rectangle is drawn (overlaps counted
    /// twice).
    public var paintedArea: Int { rects.reduce(0) { $0 + $1.area } }

    /// Adds `rect` (an empty one changes nothing).
    ///
    /// O(n) per fold pass over the n ≤ ``maxRects`` rectangles, and O(n²)
    /// areas compared when a pair must merge; areas are kept beside the
    /// rectangles, and the loops read both through unsafe buffers, because
    /// an animated frame adds a couple of hundred rectangles.
    public mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        var merged = rect
        var mergedArea = rect.area
        var folded = true
        while folded {
            folded = false
            var i = rects.count - 1
            while i >= 0 {
                let r = rects[i]
                let x0 = Swift.min(r.x, merged.x), y0 = Swift.min(r.y, merged.y)
                let x1 = Swift.max(r.x + r.width, merged.x + merged.width), y1 = Swift.max(r.y + r.height, merged.y + merged.height)
                let boxArea = (x1 - x0) * (y1 - y0)
                if boxArea <= areas[i] + mergedArea {
                    merged = PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
                    mergedArea = boxArea
                    rects.remove(at: i)
                    areas.remove(at: i)
                    folded = true
                }
                i -= 1
            }
        }
        rects.append(merged)
        areas.append(mergedArea)
        if rects.count > Self.maxRects { mergeCheapestPair() }
    }

    /// Adds every rectangle of `other`.
    public mutating func formUnion(_ other: DamageRegion) {
        for r in other.rects { add(r) }
    }

    /// Every rectangle clipped to `clip`.
    public func clipped(to clip: PixelRect) -> DamageRegion {
        var out = DamageRegion()
        for r in rects { if let inside = r.intersection(clip) { out.add(inside) } }
        return out
    }

    /// Merges the pair whose box wastes the fewest pixels (the first such
    /// pair in order), then adds the box back.
    private mutating func mergeCheapestPair() {
        var best = (i: 0, j: 1, waste: Int.max)
        rects.withUnsafeBufferPointer { r in
            areas.withUnsafeBufferPointer { a in
                let n = r.count
                for i in 0..<n {
                    let ri = r[i], ai = a[i]
                    let ix1 = ri.x + ri.width, iy1 = ri.y + ri.height
                    for j in (i + 1)..<n {
                        let rj = r[j]
                        let w = Swift.max(ix1, rj.x + rj.width) - Swift.min(ri.x, rj.x)
                        let h = Swift.max(iy1, rj.y + rj.height) - Swift.min(ri.y, rj.y)
                        let waste = w * h - ai - a[j]
                        if waste < best.waste { best = (i, j, waste) }
                    }
                }
            }
        }
        let box = rects[best.i].union(rects[best.j])
        rects.remove(at: best.j)
        areas.remove(at: best.j)
        rects.remove(at: best.i)
        areas.remove(at: best.i)
        add(box)
    }

    /// The rectangles, as `[(x, y, w, h), …]`.
    public var description: String { "[" + rects.map(\.description).joined(separator: ", ") + "]" }
}
