import RenderModel

/// A PNG read back by ``inflatePNG(_:)``: an independent decoder for
/// PNGEncoder's output (stored deflate blocks, filter-0 rows), shared by the
/// codec's tests and the CLI tests that read back the PNG files `loopsim`
/// writes.
public struct DecodedPNG: Sendable {
    public var width = 0, height = 0, colourType: UInt8 = 0
    /// Straight-alpha pixels, row-major.
    public var pixels: [RGBA8] = []
    /// The length of each stored deflate block, in order.
    public var blocks: [Int] = []
    /// The data length of each IDAT chunk, in order.
    public var idatLengths: [Int] = []

    /// The straight-alpha pixel at column `x`, row `y`. Traps outside the image.
    public func pixel(_ x: Int, _ y: Int) -> RGBA8 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the \(width)×\(height) PNG")
        return pixels[y * width + x]
    }
}

public struct PNGTestError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Reads a PNG made of stored deflate blocks and filter-0 rows, checking the
/// signature, the chunk order, every CRC (bit by bit), the zlib header, each
/// block's LEN/NLEN, BFINAL only on the last block, and the Adler-32.
public func inflatePNG(_ png: [UInt8]) throws -> DecodedPNG {
    func be32(_ at: Int) -> Int { Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3]) }
    guard png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw PNGTestError("bad signature") }
    var out = DecodedPNG()
    var stream: [UInt8] = []
    var types: [String] = []
    var i = 8
    while i < png.count {
        guard i + 12 <= png.count else { throw PNGTestError("truncated chunk at \(i)") }
        let length = be32(i)
        let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
        guard i + 12 + length <= png.count else { throw PNGTestError("chunk \(type) overruns the file") }
        let data = Array(png[(i + 8)..<(i + 8 + length)])
        guard UInt32(be32(i + 8 + length)) == bitwiseCRC32(Array(png[(i + 4)..<(i + 8 + length)])) else {
            throw PNGTestError("bad CRC on \(type)")
        }
        types.append(type)
        switch type {
        case "IHDR":
            out.width = Int(data[0]) << 24 | Int(data[1]) << 16 | Int(data[2]) << 8 | Int(data[3])
            out.height = Int(data[4]) << 24 | Int(data[5]) << 16 | Int(data[6]) << 8 | Int(data[7])
            guard data.count == 13, data[8] == 8, data[10] == 0, data[11] == 0, data[12] == 0 else {
                throw PNGTestError("unexpected IHDR \(data)")
            }
            out.colourType = data[9]
        case "IDAT":
            stream += data
            out.idatLengths.append(length)
        default:
            break
        }
        i += 12 + length
    }
    guard types.first == "IHDR", types.last == "IEND", types.dropFirst().dropLast().allSatisfy({ $0 == "IDAT" }),
          types.count >= 3 else {
        throw PNGTestError("unexpected chunks \(types)")
    }
    guard stream.count >= 2, stream[0] & 0x0F == 8, (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0 else {
        throw PNGTestError("bad zlib header")
    }
    var raw: [UInt8] = []
    var p = 2
    var final = false
    while !final {
        guard p + 5 <= stream.count else { throw PNGTestError("truncated block header at \(p)") }
        guard stream[p] & 0b110 == 0 else { throw PNGTestError("block at \(p) is not stored") }
        final = stream[p] & 1 == 1
        let len = Int(stream[p + 1]) | Int(stream[p + 2]) << 8
        let nlen = Int(stream[p + 3]) | Int(stream[p + 4]) << 8
        guard len ^ nlen == 0xFFFF else { throw PNGTestError("LEN/NLEN mismatch at \(p)") }
        guard p + 5 + len <= stream.count else { throw PNGTestError("block at \(p) overruns the stream") }
        raw += stream[(p + 5)..<(p + 5 + len)]
        out.blocks.append(len)
        p += 5 + len
    }
    guard p + 4 == stream.count else { throw PNGTestError("\(stream.count - p) bytes after the last block, expected 4") }
    let adler = UInt32(stream[p]) << 24 | UInt32(stream[p + 1]) << 16 | UInt32(stream[p + 2]) << 8 | UInt32(stream[p + 3])
    guard adler == slowAdler32(raw) else { throw PNGTestError("bad Adler-32") }
    let channels = out.colourType == 6 ? 4 : 3
    guard raw.count == out.height * (1 + out.width * channels) else { throw PNGTestError("raw data of \(raw.count) bytes") }
    var r = 0
    for _ in 0..<out.height {
        guard raw[r] == 0 else { throw PNGTestError("row filter \(raw[r])") }
        r += 1
        for _ in 0..<out.width {
            out.pixels.append(RGBA8(r: raw[r], g: raw[r + 1], b: raw[r + 2], a: channels == 4 ? raw[r + 3] : 255))
            r += channels
        }
    }
    return out
}

/// CRC-32 one bit at a time (no table), to check the encoder's table.
public func bitwiseCRC32(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        c ^= UInt32(byte)
        for _ in 0..<8 { c = (c >> 1) ^ (c & 1 == 1 ? 0xEDB8_8320 : 0) }
    }
    return ~c
}

/// Adler-32 with a modulo after every byte.
public func slowAdler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in bytes {
        a = (a + UInt32(byte)) % 65_521
        b = (b + a) % 65_521
    }
    return b << 16 | a
}
