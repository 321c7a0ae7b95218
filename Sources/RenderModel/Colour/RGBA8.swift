/// Four 8-bit channels. Whether the colour channels are straight or
/// premultiplied by alpha depends on where the value lives: `RGBA8(_:)` makes
/// a straight one, `premultiplied()` converts, and a `Bitmap` holds
/// premultiplied pixels.
public struct RGBA8: Hashable, Sendable, CustomStringConvertible {
    /// Red byte.
    public var r: UInt8
    /// Green byte.
    public var g: UInt8
    /// Blue byte.
    public var b: UInt8
    /// Alpha byte (255 opaque).
    public var a: UInt8

    /// A pixel with the given bytes; alpha defaults to opaque.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// `color` converted to straight bytes with `RGBA8.byte(_:)` per channel.
    public init(_ color: RGBA) {
        self.init(r: RGBA8.byte(color.r), g: RGBA8.byte(color.g), b: RGBA8.byte(color.b), a: RGBA8.byte(color.a))
    }

    /// (0, 0, 0, 0).
    public static let clear = RGBA8(r: 0, g: 0, b: 0, a: 0)
    /// Opaque black.
    public static let black = RGBA8(r: 0, g: 0, b: 0)
    /// Opaque white.
    public static let white = RGBA8(r: 255, g: 255, b: 255)

    /// `#rrggbbaa` in lowercase hex.
    public var description: String {
        "#" + [r, g, b, a].map { v in
            let s = String(v, radix: 16)
            return v < 16 ? "0" + s : s
        }.joined()
    }
}
