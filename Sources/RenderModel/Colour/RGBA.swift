/// A straight (not premultiplied) colour with components in 0…1.
///
/// Components are stored as given; `RGBA8(_:)` clamps them when it converts to
/// bytes. The scenario language's named colours are the static members in
/// `RGBA+Named.swift`.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0…1.
    public var r: Double
    /// Green, 0…1.
    public var g: Double
    /// Blue, 0…1.
    public var b: Double
    /// Alpha (opacity), 0…1; the other components are not multiplied by it.
    public var a: Double

    /// A colour with the given components; alpha defaults to opaque.
    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// A gray of `white` (0 black … 1 white) with alpha `a`.
    public init(white: Double, a: Double = 1) {
        self.init(r: white, g: white, b: white, a: a)
    }

    /// The colour whose bytes are `color`'s, each component `byte / 255`
    /// (straight, so `RGBA8(RGBA(c)) == c` for every byte quadruple).
    public init(_ color: RGBA8) {
        self.init(r: Double(color.r) / 255, g: Double(color.g) / 255, b: Double(color.b) / 255, a: Double(color.a) / 255)
    }

    /// `rgba(r, g, b, a)`.
    public var description: String { "rgba(\(r), \(g), \(b), \(a))" }
}
