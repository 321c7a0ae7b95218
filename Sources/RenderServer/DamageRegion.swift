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
    public mutating func add(_ rect: PixelRect) {
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

    /// The rectangles, as `[(x, y, w, h), …]`.
    public var description: String { "[" + rects.map(\.description).joined(separator: ", ") + "]" }
}
