import RenderModel
@_exported import LoopSimTestSupport

/// The UTF-8 bytes of `text`.
func bytes(_ text: String) -> [UInt8] {
    Array(text.utf8)
}

/// A header written as text followed by raw raster bytes.
func pnm(_ header: String, _ raster: [UInt8]) -> [UInt8] {
    Array(header.utf8) + raster
}

/// Shorthand for test tables.
func px(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> RGBA8 {
    RGBA8(r: r, g: g, b: b, a: a)
}
