import RenderModel

extension Bitmap {
    /// FNV-1a 64 over the width and the height (each as a little-endian
    /// 64-bit integer) and then every pixel byte. Stable across runs,
    /// processes and machines (unlike `hashValue`).
    public var contentHash64: UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        let prime: UInt64 = 0x0000_0100_0000_01B3
        for dimension in [UInt64(width), UInt64(height)] {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash = (hash ^ ((dimension >> UInt64(shift)) & 0xFF)) &* prime
            }
        }
        pixels.withUnsafeBufferPointer { bytes in
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* prime
            }
        }
        return hash
    }

    /// `contentHash64` as 16 lowercase hex digits: the name frame files and
    /// goldens use for a bitmap's content.
    public var contentHash: String {
        Bitmap.hashHex(contentHash64)
    }

    /// A `contentHash64` as 16 lowercase hex digits, zero-padded (what
    /// `frames.jsonl` and the `frame` trace event write).
    public static func hashHex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
