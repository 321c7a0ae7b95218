extension RGBA8 {
    /// The byte for a component: `round(c × 255)` with halves rounded away
    /// from zero, `c` first clamped to 0…1 (NaN counts as 0).
    ///
    /// The product is taken in binary floating point, where a decimal half
    /// such as 0.3 × 255 = 76.5 may land a hair below .5; a fractional part
    /// within 1e-9 of one half therefore counts as a half. So the named
    /// colours convert exactly: 0.5 → 128, 1/3 → 85, 2/3 → 170, 0.6 → 153,
    /// 0.4 → 102, 0.2 → 51; and `byte(Double(v) / 255) == v` for every byte.
    public static func byte(_ component: Double) -> UInt8 {
        guard component > 0 else { return 0 }
        guard component < 1 else { return 255 }
        let v = component * 255
        let whole = v.rounded(.down)
        return UInt8(v - whole >= 0.5 - 1e-9 ? whole + 1 : whole)
    }

    /// This straight colour with r, g, b multiplied by alpha:
    /// `(c·a + 127) / 255` in integers (choice 7 of `docs/reference/core-animation-rules.md`).
    /// Alpha is unchanged; an opaque colour is unchanged.
    public func premultiplied() -> RGBA8 {
        let alpha = UInt32(a)
        func scale(_ c: UInt8) -> UInt8 { UInt8((UInt32(c) * alpha + 127) / 255) }
        return RGBA8(r: scale(r), g: scale(g), b: scale(b), a: a)
    }

    /// Source-over: this premultiplied pixel drawn over the premultiplied
    /// `destination`, each channel `src + (dst·(255 − srcA) + 127) / 255`
    /// (capped at 255 if the source is not a valid premultiplied value).
    public func composited(over destination: RGBA8) -> RGBA8 {
        let keep = 255 - UInt32(a)
        func blend(_ s: UInt8, _ d: UInt8) -> UInt8 {
            UInt8(Swift.min(255, UInt32(s) + (UInt32(d) * keep + 127) / 255))
        }
        return RGBA8(r: blend(r, destination.r), g: blend(g, destination.g), b: blend(b, destination.b), a: blend(a, destination.a))
    }
}
