extension Rect {
    /// The smallest x of the rect (of its standardized form).
    public var minX: Double { size.width < 0 ? origin.x + size.width : origin.x }
    /// The largest x of the rect (of its standardized form).
    public var maxX: Double { size.width < 0 ? origin.x : origin.x + size.width }
    /// The x of the rect's centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The smallest y of the rect (of its standardized form).
    public var minY: Double { size.height < 0 ? origin.y + size.height : origin.y }
    /// The largest y of the rect (of its standardized form).
    public var maxY: Double { size.height < 0 ? origin.y : origin.y + size.height }
    /// The y of the rect's centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The width of the standardized rect (never negative).
    public var width: Double { abs(size.width) }
    /// The height of the standardized rect (never negative).
    public var height: Double { abs(size.height) }

    /// Whether the rect has no area: its width or its height is zero.
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// The same rect with a non-negative width and height: a negative extent
    /// moves the origin by that extent and flips its sign.
    public var standardized: Rect {
        Rect(x: minX, y: minY, width: width, height: height)
    }
}
