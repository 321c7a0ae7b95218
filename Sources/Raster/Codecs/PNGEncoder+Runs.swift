/// PNG image data compressed by repeats: the choice for pictures of flat
/// colour, such as frames, when size matters (a report that embeds them).
extension PNGEncoder {
    /// How the image data is stored in the zlib stream.
    public enum Compression: Sendable, Equatable {
        /// Stored deflate blocks: no compression (``PNGEncoder/encode(_:)``).
        case stored
        /// One deflate block with the fixed Huffman codes (RFC 1951
        /// §3.2.6), whose matches repeat the previous pixel or the row
        /// above, greedily, the longer of the two (at least 3 bytes, at most
        /// 258): a flat area costs a few bits a row. The rows keep filter 0,
        /// and the bytes are the same on every run. A 320 × 240 frame of a
        /// few flat rectangles shrinks from 230 KB to a few KB; noise grows
        /// by at most 1/8 (9-bit literals).
        case runs
    }

    /// A zlib stream of `data` in one fixed-Huffman block whose matches
    /// are at distance `pixelLength` or `rowLength` (when that is within
    /// deflate's 32 KiB window).
    ///
    /// - Complexity: O(n) for data made of runs; O(n × 258) at worst.
    static func zlibRuns(_ data: [UInt8], pixelLength: Int, rowLength: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.out.reserveCapacity(64 + data.count / 8)
        bits.out += [0x78, 0x01]
        bits.write(0b011, count: 3)   // BFINAL 1, BTYPE 01 (fixed Huffman)
        let distances = [pixelLength, rowLength].filter { $0 >= 1 && $0 <= 32_768 }
        data.withUnsafeBufferPointer { d in
            var i = 0
            while i < d.count {
                var best = 0, bestDistance = 0
                let longest = min(258, d.count - i)
                for distance in distances where distance <= i {
                    var l = 0
                    while l < longest && d[i + l] == d[i + l - distance] { l += 1 }
                    if l > best { best = l; bestDistance = distance }
                }
                if best >= 3 {
                    bits.writeLength(best)
                    bits.writeDistance(bestDistance)
                    i += best
                } else {
                    bits.writeSymbol(Int(d[i]))
                    i += 1
                }
            }
        }
        bits.writeSymbol(256)
        bits.flush()
        var out = bits.out
        appendBigEndian(adler32(data), to: &out)
        return out
    }

    /// Deflate's bit order: values least significant bit first, Huffman
    /// codes most significant bit first.
    struct BitWriter {
        var out: [UInt8] = []
        private var accumulator: UInt64 = 0
        private var count = 0

        mutating func write(_ value: UInt32, count n: Int) {
            accumulator |= UInt64(value) << count
            count += n
            while count >= 8 {
                out.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator >>= 8
                count -= 8
            }
        }

        /// A fixed literal/length code (0…287), as the table stores it
        /// already reversed.
        mutating func writeSymbol(_ symbol: Int) {
            let code = PNGEncoder.fixedCodes[symbol]
            write(code.reversed, count: code.length)
        }

        mutating func writeLength(_ length: Int) {
            let index = PNGEncoder.lengthIndex[length]
            writeSymbol(257 + index)
            let extra = PNGEncoder.lengthExtra[index]
            if extra > 0 { write(UInt32(length - PNGEncoder.lengthBase[index]), count: extra) }
        }

        mutating func writeDistance(_ distance: Int) {
            var index = PNGEncoder.distanceBase.count - 1
            while PNGEncoder.distanceBase[index] > distance { index -= 1 }
            write(PNGEncoder.reverse(UInt32(index), count: 5), count: 5)
            let extra = PNGEncoder.distanceExtra[index]
            if extra > 0 { write(UInt32(distance - PNGEncoder.distanceBase[index]), count: extra) }
        }

        mutating func flush() {
            if count > 0 { out.append(UInt8(truncatingIfNeeded: accumulator)) }
            accumulator = 0
            count = 0
        }
    }

    static func reverse(_ code: UInt32, count: Int) -> UInt32 {
        var r: UInt32 = 0
        for b in 0..<count where code & (1 << b) != 0 { r |= 1 << (count - 1 - b) }
        return r
    }

    /// The fixed literal/length codes (RFC 1951 §3.2.6), bit-reversed for
    /// the writer, with their lengths.
    static let fixedCodes: [(reversed: UInt32, length: Int)] = (0..<288).map { v in
        let (code, length): (UInt32, Int) = switch v {
        case 0..<144: (0x30 + UInt32(v), 8)
        case 144..<256: (0x190 + UInt32(v - 144), 9)
        case 256..<280: (UInt32(v - 256), 7)
        default: (0xC0 + UInt32(v - 280), 8)
        }
        return (reverse(code, count: length), length)
    }

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
                               6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// The length code's index (0…28) for each length 0…258 (3 and up used).
    static let lengthIndex: [Int] = (0...258).map { length in
        var index = lengthBase.count - 1
        while index > 0 && lengthBase[index] > length { index -= 1 }
        return index
    }
}
