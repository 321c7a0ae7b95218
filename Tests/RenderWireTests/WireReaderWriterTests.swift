import RenderWire
import Testing

/// The primitives: little-endian fixed-width fields, Float64 bit patterns,
/// length-prefixed byte strings, and a reader that never reads past the end.
@Suite struct WireReaderWriterTests {
    func failure(_ bytes: [UInt8], limits: WireLimits = .init(), _ read: (inout WireReader) throws(WireError) -> Void) -> WireError? {
        var reader = WireReader(bytes, message: "test", limits: limits)
        do {
            try read(&reader)
            return nil
        } catch {
            return error
        }
    }

    @Test("integers, floats and bools are written little-endian at fixed widths")
    func writerBytes() {
        var w = WireWriter()
        w.writeU8(0xAB)
        w.writeU16(0x0102)
        w.writeU32(0x0304_0506)
        w.writeU64(0x0708_090A_0B0C_0D0E)
        w.writeI64(-2)
        w.writeF64(1)
        w.writeF64(-0.0)
        w.writeBool(true)
        w.writeBool(false)
        #expect(hex(w.bytes) == [
            "ab", "02 01", "06 05 04 03", "0e 0d 0c 0b 0a 09 08 07",
            "fe ff ff ff ff ff ff ff", "00 00 00 00 00 00 f0 3f", "00 00 00 00 00 00 00 80", "01", "00",
        ].joined(separator: " "))
        #expect(w.count == 1 + 2 + 4 + 8 + 8 + 8 + 8 + 1 + 1)
    }

    @Test("byte strings and strings carry a u32 length")
    func writerStrings() {
        var w = WireWriter()
        w.writeByteString([9, 8])
        w.writeString("é!")
        w.writeString("")
        w.writeRaw([7])
        #expect(hex(w.bytes) == "02 00 00 00 09 08 03 00 00 00 c3 a9 21 00 00 00 00 07")
    }

    @Test("what the writer writes, the reader reads back")
    func roundTrip() throws {
        var w = WireWriter()
        w.writeU8(200)
        w.writeU16(65000)
        w.writeU32(.max)
        w.writeU64(0x8000_0000_0000_0001)
        w.writeI64(.min)
        w.writeF64(-1.5e-300)
        w.writeF64(Double(bitPattern: 0x7FF4_0000_0000_00AB))  // a signalling NaN with a payload
        w.writeBool(true)
        w.writeString("loop → sim")
        w.writeByteString([0, 255])
        var r = WireReader(w.bytes, message: "test")
        #expect(try r.readU8("a") == 200)
        #expect(try r.readU16("b") == 65000)
        #expect(try r.readU32("c") == .max)
        #expect(try r.readU64("d") == 0x8000_0000_0000_0001)
        #expect(try r.readI64("e") == .min)
        #expect(try r.readF64("f") == -1.5e-300)
        #expect(try r.readF64("g").bitPattern == 0x7FF4_0000_0000_00AB)
        #expect(try r.readBool("h"))
        #expect(try r.readString("i") == "loop → sim")
        #expect(try r.readByteString("j") == [0, 255])
        #expect(r.isAtEnd && r.remaining == 0)
        try r.expectEnd("end", after: "j")
    }

    @Test("every read of a field longer than what remains throws at the field's start")
    func neverPastTheEnd() {
        let reads: [(Int, (inout WireReader) throws(WireError) -> Void)] = [
            (1, { r throws(WireError) in _ = try r.readU8("x") }),
            (2, { r throws(WireError) in _ = try r.readU16("x") }),
            (4, { r throws(WireError) in _ = try r.readU32("x") }),
            (8, { r throws(WireError) in _ = try r.readU64("x") }),
            (8, { r throws(WireError) in _ = try r.readI64("x") }),
            (8, { r throws(WireError) in _ = try r.readF64("x") }),
            (1, { r throws(WireError) in _ = try r.readBool("x") }),
            (3, { r throws(WireError) in _ = try r.readRaw(count: 3, "x") }),
        ]
        for (width, read) in reads {
            for available in 0..<width {
                let bytes = [UInt8](repeating: 0, count: 2 + available)
                let error = failure(bytes) { r throws(WireError) in
                    _ = try r.readU16("lead")
                    try read(&r)
                }
                #expect(error == WireError(kind: .truncated, message: "test", field: "x", offset: 2, reason: "truncated: needs \(width) \(width == 1 ? "byte" : "bytes"), \(available) \(available == 1 ? "remains" : "remain")"))
            }
        }
    }

    @Test("a bool must be 0 or 1")
    func badBool() {
        let error = failure([2]) { r throws(WireError) in _ = try r.readBool("flag") }
        #expect(error == WireError(kind: .badValue, message: "test", field: "flag", offset: 0, reason: "a bool must be 0 or 1, got 2"))
    }

    @Test("a string's length is bounded before anything is allocated, and must be UTF-8")
    func stringLimits() {
        let limits = WireLimits(maxStringBytes: 4)
        // 4 GiB claimed, nothing behind it: refused on the length alone.
        #expect(failure(le32(.max)) { r throws(WireError) in _ = try r.readString("name") }
            == WireError(kind: .exceedsLimit, message: "test", field: "name", offset: 0, reason: "4294967295 exceeds the limit 65536"))
        #expect(failure(le32(5) + Array("hello".utf8), limits: limits) { r throws(WireError) in _ = try r.readString("name") }?.kind == .exceedsLimit)
        #expect(failure(le32(4) + Array("hell".utf8), limits: limits) { r throws(WireError) in _ = try r.readString("name") } == nil)
        #expect(failure(le32(4) + [0x61], limits: limits) { r throws(WireError) in _ = try r.readString("name") }
            == WireError(kind: .truncated, message: "test", field: "name", offset: 4, reason: "truncated: needs 4 bytes, 1 remains"))
        #expect(failure(le32(2) + [0xC3, 0x28]) { r throws(WireError) in _ = try r.readString("name") }
            == WireError(kind: .badValue, message: "test", field: "name", offset: 0, reason: "not valid UTF-8"))
        #expect(failure(le32(9) + Array("123456789".utf8)) { r throws(WireError) in _ = try r.readByteString("blob", limit: 8) }?.kind == .exceedsLimit)
    }

    @Test("a count is bounded by its limit and by the bytes that remain")
    func counts() throws {
        #expect(failure(le32(11)) { r throws(WireError) in _ = try r.readCount("n", limit: 10, minimumBytes: 1) }
            == WireError(kind: .exceedsLimit, message: "test", field: "n", offset: 0, reason: "11 exceeds the limit 10"))
        #expect(failure(le32(3) + [0, 0, 0, 0, 0]) { r throws(WireError) in _ = try r.readCount("n", limit: 10, minimumBytes: 2) }
            == WireError(kind: .truncated, message: "test", field: "n", offset: 0, reason: "truncated: 3 items need at least 6 bytes, 5 remain"))
        var r = WireReader(le32(3) + [0, 0, 0, 0, 0, 0], message: "test")
        #expect(try r.readCount("n", limit: 10, minimumBytes: 2) == 3)
        #expect(failure(le32(17)) { r throws(WireError) in _ = try r.readBoundedU32("w", limit: 16) }?.kind == .exceedsLimit)
    }

    @Test("leftover bytes are refused by expectEnd")
    func trailing() {
        #expect(failure([1, 2, 3]) { r throws(WireError) in
            _ = try r.readU8("a")
            try r.expectEnd("body", after: "a")
        } == WireError(kind: .trailingBytes, message: "test", field: "body", offset: 1, reason: "2 trailing bytes after a"))
    }

    @Test("an error reads as message: field (byte offset): reason")
    func description() {
        let error = WireError(kind: .exceedsLimit, message: "commit", field: "ops[3].bitmap.width", offset: 42, reason: "100000 exceeds the limit 16384")
        #expect(error.description == "commit: ops[3].bitmap.width (byte 42): 100000 exceeds the limit 16384")
    }

    @Test("the default limits are the documented ones")
    func defaultLimits() {
        let limits = WireLimits()
        #expect(limits.maxOpsPerCommit == 1_000_000)
        #expect(limits.maxBitmapWidth == 16384 && limits.maxBitmapHeight == 16384)
        #expect(limits.maxBitmapBytes == 256 * 1024 * 1024)
        #expect(limits.maxStringBytes == 64 * 1024)
        #expect(limits.maxMessageBytes == 512 * 1024 * 1024)
    }
}
