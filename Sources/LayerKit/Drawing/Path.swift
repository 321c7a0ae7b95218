import RenderModel

/// A vector path: subpaths of straight lines and quadratic and cubic Bézier
/// curves, in points (origin top left, y down), as `CGPath`.
///
/// Build one with `move(to:)`, `line(to:)`, `quad(to:control:)`,
/// `curve(to:control1:control2:)` and `close()`, from SVG-like path data with
/// `init(svg:)`, or take a shape: `Path.rect`, `Path.roundedRect`,
/// `Path.ellipse`. A `DrawingContext` fills it (non-zero winding) or strokes it.
///
///     var p = Path()
///     p.move(to: Point(x: 0, y: 0))
///     p.quad(to: Point(x: 20, y: 0), control: Point(x: 10, y: 15))
///     p.close()
public struct Path: Hashable, Sendable {
    /// One step of a path.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at the point.
        case move(Point)
        /// A straight segment from the current point.
        case line(Point)
        /// A quadratic Bézier from the current point to `to` via `control`.
        case quad(to: Point, control: Point)
        /// A cubic Bézier from the current point to `to` via the two controls.
        case curve(to: Point, control1: Point, control2: Point)
        /// Closes the current subpath with a straight segment back to its start.
        case close
    }

    /// The elements in the order they were added.
    public private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}

    /// A path of the given elements, taken as they are.
    public init(elements: [Element]) {
        self.elements = elements
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at `p`.
    public mutating func move(to p: Point) {
        elements.append(.move(p))
    }

    /// A straight segment from the current point to `p`. Without a current
    /// point (an empty path) it starts a subpath at `p` instead.
    public mutating func line(to p: Point) {
        elements.append(.line(p))
    }

    /// A quadratic Bézier from the current point to `p` with one control point.
    public mutating func quad(to p: Point, control: Point) {
        elements.append(.quad(to: p, control: control))
    }

    /// A cubic Bézier from the current point to `p` with two control points.
    public mutating func curve(to p: Point, control1: Point, control2: Point) {
        elements.append(.curve(to: p, control1: control1, control2: control2))
    }

    /// Closes the current subpath (a straight segment back to its start). The
    /// next segment, if not a `move`, starts a new subpath at that start.
    public mutating func close() {
        elements.append(.close)
    }

    /// Appends every element of `other`.
    public mutating func append(_ other: Path) {
        elements.append(contentsOf: other.elements)
    }

    /// The path with every point mapped by `t`.
    public func applying(_ t: Transform2D) -> Path {
        if t.isIdentity { return self }
        return Path(elements: elements.map { e in
            switch e {
            case .move(let p): return .move(p.applying(t))
            case .line(let p): return .line(p.applying(t))
            case .quad(let p, let c): return .quad(to: p.applying(t), control: c.applying(t))
            case .curve(let p, let c1, let c2): return .curve(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
            case .close: return .close
            }
        })
    }

    /// The smallest rect holding every end and control point (nil for a
    /// path without points). Like `CGPath.boundingBox`, it may be larger than
    /// the curves themselves.
    public var controlPointBounds: Rect? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ p: Point) {
            x0 = Swift.min(x0, p.x); y0 = Swift.min(y0, p.y)
            x1 = Swift.max(x1, p.x); y1 = Swift.max(y1, p.y)
        }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quad(let p, let c): add(p); add(c)
            case .curve(let p, let c1, let c2): add(p); add(c1); add(c2)
            case .close: break
            }
        }
        guard x0 <= x1, y0 <= y1 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

// MARK: - Shapes

extension Path {
    /// The distance of a cubic's control points from the ends for a quarter
    /// circle: 4/3·(√2 − 1), as Core Graphics uses.
    static let kappa = 0.552_284_749_830_793_4

    /// The rect (standardized) as one closed subpath, clockwise on screen
    /// from the top-left corner. Empty for a rect with a zero side.
    public static func rect(_ r: Rect) -> Path {
        var p = Path()
        guard !r.isEmpty else { return p }
        p.move(to: Point(x: r.minX, y: r.minY))
        p.line(to: Point(x: r.maxX, y: r.minY))
        p.line(to: Point(x: r.maxX, y: r.maxY))
        p.line(to: Point(x: r.minX, y: r.maxY))
        p.close()
        return p
    }

    /// The rect with corners rounded by quarter-ellipse cubics of `radius`,
    /// clamped to 0…half the shorter side (so a square with a radius of half
    /// its side is a circle). Clockwise on screen; a radius of 0 (or NaN) is
    /// `Path.rect`.
    public static func roundedRect(_ r: Rect, radius: Double) -> Path {
        guard !r.isEmpty else { return Path() }
        let limit = Swift.min(r.width, r.height) / 2
        let radius = radius > 0 ? Swift.min(radius, limit) : 0
        guard radius > 0 else { return rect(r) }
        let k = radius * (1 - kappa)
        let x0 = r.minX, x1 = r.maxX, y0 = r.minY, y1 = r.maxY
        var p = Path()
        p.move(to: Point(x: x0 + radius, y: y0))
        p.line(to: Point(x: x1 - radius, y: y0))
        p.curve(to: Point(x: x1, y: y0 + radius), control1: Point(x: x1 - k, y: y0), control2: Point(x: x1, y: y0 + k))
        p.line(to: Point(x: x1, y: y1 - radius))
        p.curve(to: Point(x: x1 - radius, y: y1), control1: Point(x: x1, y: y1 - k), control2: Point(x: x1 - k, y: y1))
        p.line(to: Point(x: x0 + radius, y: y1))
        p.curve(to: Point(x: x0, y: y1 - radius), control1: Point(x: x0 + k, y: y1), control2: Point(x: x0, y: y1 - k))
        p.line(to: Point(x: x0, y: y0 + radius))
        p.curve(to: Point(x: x0 + radius, y: y0), control1: Point(x: x0, y: y0 + k), control2: Point(x: x0 + k, y: y0))
        p.close()
        return p
    }

    /// The ellipse inscribed in the rect (standardized): four cubics,
    /// clockwise on screen from the rightmost point. Empty for a rect with a
    /// zero side.
    public static func ellipse(in r: Rect) -> Path {
        guard !r.isEmpty else { return Path() }
        let cx = r.minX + r.width / 2, cy = r.minY + r.height / 2
        let rx = r.width / 2, ry = r.height / 2
        let kx = rx * kappa, ky = ry * kappa
        var p = Path()
        p.move(to: Point(x: cx + rx, y: cy))
        p.curve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + ky), control2: Point(x: cx + kx, y: cy + ry))
        p.curve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - kx, y: cy + ry), control2: Point(x: cx - rx, y: cy + ky))
        p.curve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - ky), control2: Point(x: cx - kx, y: cy - ry))
        p.curve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + kx, y: cy - ry), control2: Point(x: cx + rx, y: cy - ky))
        p.close()
        return p
    }

    /// A single open segment from `a` to `b`.
    public static func line(from a: Point, to b: Point) -> Path {
        var p = Path()
        p.move(to: a)
        p.line(to: b)
        return p
    }
}
