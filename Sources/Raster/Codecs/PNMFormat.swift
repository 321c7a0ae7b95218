/// The six netpbm formats LoopSim reads (`docs/reference/core-animation-rules.md` §6).
public enum PNMFormat: String, CaseIterable, Hashable, Sendable {
    /// Plain (ASCII) bitmap: `0`/`1` per pixel, 1 = black.
    case p1 = "P1"
    /// Plain graymap: one decimal sample per pixel.
    case p2 = "P2"
    /// Plain pixmap: three decimal samples (R, G, B) per pixel.
    case p3 = "P3"
    /// Raw bitmap: 1 bit per pixel, MSB first, rows padded to whole bytes.
    case p4 = "P4"
    /// Raw graymap: one binary sample per pixel.
    case p5 = "P5"
    /// Raw pixmap: three binary samples per pixel.
    case p6 = "P6"

    /// Whether the raster is ASCII (P1–P3) rather than binary (P4–P6).
    public var isPlain: Bool { self == .p1 || self == .p2 || self == .p3 }

    /// Whether the format is a bitmap (P1, P4): no maxval, 1 = black.
    public var isBitmap: Bool { self == .p1 || self == .p4 }

    /// Samples per pixel: 3 for pixmaps, else 1.
    public var samplesPerPixel: Int { self == .p3 || self == .p6 ? 3 : 1 }

    /// The format whose magic number's digit is `digit` (ASCII `1`…`6`).
    init?(digit: UInt8) {
        switch digit {
        case UInt8(ascii: "1"): self = .p1
        case UInt8(ascii: "2"): self = .p2
        case UInt8(ascii: "3"): self = .p3
        case UInt8(ascii: "4"): self = .p4
        case UInt8(ascii: "5"): self = .p5
        case UInt8(ascii: "6"): self = .p6
        default: return nil
        }
    }
}
