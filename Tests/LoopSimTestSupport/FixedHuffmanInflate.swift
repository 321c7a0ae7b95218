/// An inflater for the zlib streams LoopSim writes: stored blocks and
/// fixed-Huffman blocks (RFC 1951 §3.2.4–§3.2.6; no dynamic codes), written
/// from the RFC independently of the encoder, checking the Adler-32.
public func inflateZlib(_ stream: [UInt8]) throws -> [UInt8] {
    guard stream.count >= 6, stream[0] & 0x0F == 8, (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0 else {
        throw PNGTestError("bad zlib header")
    }
    var pos = 2 * 8   // in bits
    func bit() throws -> Int {
        guard pos / 8 < stream.count - 4 else { throw PNGTestError("the deflate data runs past the stream") }
        let b = Int(stream[pos / 8] >> (pos % 8)) & 1
        pos += 1
        return b
    }
    func bits(_ n: Int) throws -> Int {
        var v = 0
        for i in 0..<n { v |= try bit() << i }
        return v
    }
    func huffman(_ n: Int) throws -> Int {
        var v = 0
        for _ in 0..<n { v = v << 1 | (try bit()) }
        return v
    }
    func symbol() throws -> Int {
        var code = try huffman(7)
        if code <= 0b0010111 { return 256 + code }
        code = code << 1 | (try bit())
        if (0x30...0xBF).contains(code) { return code - 0x30 }
        if (0xC0...0xC7).contains(code) { return 280 + code - 0xC0 }
        code = code << 1 | (try bit())
        guard (0x190...0x1FF).contains(code) else { throw PNGTestError("bad fixed code \(code)") }
        return 144 + code - 0x190
    }
    let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
                        6145, 8193, 12289, 16385, 24577]
    var out: [UInt8] = []
    var final = false
    while !final {
        final = try bit() == 1
        switch try bits(2) {
        case 0:
            pos = (pos + 7) / 8 * 8
            let len = try bits(16), nlen = try bits(16)
            guard len ^ nlen == 0xFFFF else { throw PNGTestError("LEN/NLEN mismatch") }
            for _ in 0..<len { out.append(UInt8(try bits(8))) }
        case 1:
            while true {
                let s = try symbol()
                if s < 256 { out.append(UInt8(s)); continue }
                if s == 256 { break }
                let li = s - 257
                guard li < 29 else { throw PNGTestError("bad length code \(s)") }
                let lengthExtra = li < 8 || li == 28 ? 0 : (li - 4) / 4
                let length = lengthBase[li] + (try bits(lengthExtra))
                let di = try huffman(5)
                guard di < 30 else { throw PNGTestError("bad distance code \(di)") }
                let distanceExtra = di < 4 ? 0 : (di - 2) / 2
                let distance = distanceBase[di] + (try bits(distanceExtra))
                guard distance <= out.count else { throw PNGTestError("distance \(distance) before the start") }
                for _ in 0..<length { out.append(out[out.count - distance]) }
            }
        default:
            throw PNGTestError("a dynamic or reserved block")
        }
    }
    let end = (pos + 7) / 8
    guard end + 4 == stream.count else { throw PNGTestError("\(stream.count - end) bytes after the deflate data, expected 4") }
    let adler = UInt32(stream[end]) << 24 | UInt32(stream[end + 1]) << 16 | UInt32(stream[end + 2]) << 8 | UInt32(stream[end + 3])
    guard adler == slowAdler32(out) else { throw PNGTestError("bad Adler-32") }
    return out
}

/// A PNG's size, colour type and filtered image data (IDATs inflated by
/// ``inflateZlib(_:)``), its chunk CRCs checked.
public func decodePNGData(_ png: [UInt8]) throws -> (width: Int, height: Int, colourType: UInt8, raw: [UInt8]) {
    func be32(_ at: Int) -> Int { Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3]) }
    var width = 0, height = 0, colourType: UInt8 = 0, stream: [UInt8] = []
    var i = 8
    while i + 12 <= png.count {
        let length = be32(i)
        let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
        guard UInt32(be32(i + 8 + length)) == bitwiseCRC32(Array(png[(i + 4)..<(i + 8 + length)])) else { throw PNGTestError("bad CRC on \(type)") }
        if type == "IHDR" { width = be32(i + 8); height = be32(i + 12); colourType = png[i + 17] }
        if type == "IDAT" { stream += png[(i + 8)..<(i + 8 + length)] }
        i += 12 + length
    }
    return (width, height, colourType, try inflateZlib(stream))
}
