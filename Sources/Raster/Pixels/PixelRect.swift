import RenderModel

/// A rectangle of whole display pixels: columns `x..<x + width`, rows
/// `y..<y + height`. Damage and render regions are given in it.
///
///     let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
///     a.union(PixelRect(x: 20, y: 0, width: 5, height: 5))   // (0, 0, 25, 10)
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// The first column.
    public var x: Int
    /// The first row.
    public var y: Int
    /// Columns; never negative.
    public var width: Int
    /// Rows; never negative.
    public var height: Int

    /// The rect of `width` × `height` pixels at (`x`, `y`); a negative
    /// extent counts as zero.
    @inlinable
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = Swift.max(0, width)
        self.height = Swift.max(0, height)
    }

    /// The rect from column `x0`, row `y0` up to (not including) `x1`, `y1`.
    @inlinable
    package init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// One past the last column.
    @inlinable public var maxX: Int { x + width }
    /// One past the last row.
    @inlinable public var maxY: Int { y + height }
    /// Whether the rect holds no pixel.
    @inlinable public var isEmpty: Bool { width == 0 || height == 0 }
    /// `width × height`.
    @inlinable public var area: Int { width * height }

    /// The pixels in both rects, or `nil` when they share none.
    @inlinable
    public func intersection(_ other: PixelRect) -> PixelRect? {
        let x0 = Swift.max(x, other.x), y0 = Swift.max(y, other.y)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        guard x0 < x1, y0 < y1 else { return nil }
        return PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
    }

    /// The smallest rect holding both (an empty rect takes no part).
    @inlinable
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(x0: Swift.min(x, other.x), y0: Swift.min(y, other.y), x1: Swift.max(maxX, other.maxX), y1: Swift.max(maxY, other.maxY))
    }

    /// Whether `other` lies wholly inside (an empty rect lies inside any).
    @inlinable
    public func contains(_ other: PixelRect) -> Bool {
        other.isEmpty || (other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY)
    }

    /// The same rect in points (one point per pixel).
    @inlinable public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

    /// `(x, y, width, height)`.
    public var description: String { "(\(x), \(y), \(width), \(height))" }
}

extension Optional where Wrapped == PixelRect {
    /// The union with `other`, where `nil` is the empty set.
    @inlinable
    package func union(_ other: PixelRect?) -> PixelRect? {
        guard let a = self else { return other }
        guard let b = other else { return a }
        return a.union(b)
    }
}
