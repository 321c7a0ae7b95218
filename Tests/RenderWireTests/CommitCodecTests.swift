import RenderModel
import RenderWire
import Testing

/// The commit body: exact bytes, determinism, and round trips of random
/// diffs.
@Suite struct CommitCodecTests {
    /// The example of `docs/reference/wire-protocol.md`: every op and every value kind.
    static let example = CommitDiff(sequence: 1, time: 16_666_667, ops: [
        .create(7),
        .create(8),
        .move(7, parent: nil, index: 0),
        .move(8, parent: 7, index: 2),
        .set(8, .position, .point(Point(x: 1, y: -2))),
        .set(7, .opacity, .number(0.5)),
        .set(7, .backgroundColor, .null),
        .set(7, .isHidden, .bool(true)),
        .set(7, .contentsGravity, .gravity(.topLeft)),
        .set(7, .contents, .image(ImageID(rawValue: 2))),
        .set(7, .bounds, .rect(Rect(x: 0, y: 0, width: 10, height: 20))),
        .set(7, .borderColor, .color(RGBA(r: 1, g: 0, b: 0))),
        .set(7, .transform, .transform(.identity)),
        .bitmap(ImageID(rawValue: 2), Bitmap(width: 1, height: 1, pixels: [1, 2, 3, 4])),
        .remove(9),
    ], transactions: [3])

    /// Checked by hand against `docs/reference/wire-protocol.md`, one line per field
    /// group: 10.0 is 0x4024000000000000, 20.0 is 0x4034000000000000,
    /// 0.5 is 0x3FE0000000000000, 16_666_667 is 0xFE502B.
    static let exampleHex = """
        01 00 00 00 00 00 00 00   2b 50 fe 00 00 00 00 00   0f 00 00 00
        01  07 00 00 00
        01  08 00 00 00
        03  07 00 00 00  00  00 00 00 00  00 00 00 00
        03  08 00 00 00  01  07 00 00 00  02 00 00 00
        04  08 00 00 00  03  02  00 00 00 00 00 00 f0 3f  00 00 00 00 00 00 00 c0
        04  07 00 00 00  07  04  00 00 00 00 00 00 e0 3f
        04  07 00 00 00  06  09
        04  07 00 00 00  08  05  01
        04  07 00 00 00  0f  08  06
        04  07 00 00 00  0e  07  02 00 00 00 00 00 00 00
        04  07 00 00 00  02  01  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00
                                 00 00 00 00 00 00 24 40  00 00 00 00 00 00 34 40
        04  07 00 00 00  0b  06  00 00 00 00 00 00 f0 3f  00 00 00 00 00 00 00 00
                                 00 00 00 00 00 00 00 00  00 00 00 00 00 00 f0 3f
        04  07 00 00 00  05  03  00 00 00 00 00 00 f0 3f  00 00 00 00 00 00 00 00
                                 00 00 00 00 00 00 00 00  00 00 00 00 00 00 f0 3f
                                 00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00
        05  02 00 00 00 00 00 00 00  01 00 00 00  01 00 00 00  01 02 03 04
        02  09 00 00 00
        01 00 00 00  03 00 00 00 00 00 00 00
        """

    @Test("a small diff encodes to exactly the documented bytes")
    func exactBytes() throws {
        let encoded = CommitCodec.encode(Self.example)
        #expect(hex(encoded) == hex(bytes(hex: Self.exampleHex)))
        #expect(encoded.count == 305)
        #expect(CommitCodec.encodedSize(of: Self.example) == 305)
        #expect(try CommitCodec.decode(encoded) == Self.example)
    }

    @Test("the short example of docs/reference/wire-protocol.md")
    func documentedExample() throws {
        let diff = CommitDiff(sequence: 1, time: 16_666_667, ops: [
            .create(7),
            .set(7, .opacity, .number(0.5)),
            .bitmap(ImageID(rawValue: 2), Bitmap(width: 1, height: 1, pixels: [1, 2, 3, 4])),
        ])
        let documented = """
            01 00 00 00 00 00 00 00  2b 50 fe 00 00 00 00 00  03 00 00 00
            01 07 00 00 00
            04 07 00 00 00 07 04  00 00 00 00 00 00 e0 3f
            05 02 00 00 00 00 00 00 00  01 00 00 00 01 00 00 00  01 02 03 04
            00 00 00 00
            """
        #expect(hex(CommitCodec.encode(diff)) == hex(bytes(hex: documented)))
        #expect(try CommitCodec.decode(bytes(hex: documented)) == diff)
    }

    @Test("an empty commit is its 20-byte header and an empty transaction list")
    func emptyCommit() throws {
        let diff = CommitDiff(sequence: .max, time: -1, ops: [])
        let encoded = CommitCodec.encode(diff)
        #expect(hex(encoded) == "ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff 00 00 00 00 00 00 00 00")
        #expect(encoded.count == CommitCodec.minimumSize)
        #expect(try CommitCodec.decode(encoded) == diff)
    }

    @Test("400 seeded random diffs round-trip, deterministically and canonically")
    func randomRoundTrips() throws {
        var generator = DiffGenerator(seed: 0xC0FF_EE00)
        var opCounts: [WireTag.Op: Int] = [:]
        var kinds: Set<PropertyValue.Kind> = []
        for _ in 0..<400 {
            let diff = generator.diff()
            let encoded = CommitCodec.encode(diff)
            #expect(encoded == CommitCodec.encode(diff))
            #expect(encoded.count == CommitCodec.encodedSize(of: diff))
            let decoded = try CommitCodec.decode(encoded)
            #expect(decoded == diff)
            #expect(CommitCodec.encode(decoded) == encoded)
            for op in diff.ops {
                opCounts[WireTag.Op(op), default: 0] += 1
                if case .set(_, _, let value) = op { kinds.insert(value.kind) }
            }
        }
        // The generator reaches every op and every value kind.
        #expect(Set(opCounts.keys) == Set(WireTag.Op.allCases))
        #expect(kinds == Set(PropertyValue.Kind.allCases))
    }

    @Test("every property with every value it allows round-trips")
    func everyProperty() throws {
        var generator = DiffGenerator(seed: 3)
        var ops: [DiffOp] = []
        for property in LayerProperty.allCases {
            ops.append(.set(UInt32(ops.count), property, generator.value(for: property)))
            if property.isOptional { ops.append(.set(0, property, .null)) }
        }
        for gravity in ContentsGravity.allCases {
            ops.append(.set(1, .contentsGravity, .gravity(gravity)))
        }
        let diff = CommitDiff(sequence: 5, time: 6, ops: ops)
        #expect(try CommitCodec.decode(CommitCodec.encode(diff)) == diff)
    }

    @Test("floats travel as bit patterns: NaN payloads and negative zero survive")
    func floatBits() throws {
        let patterns: [UInt64] = [0x7FF8_0000_0000_0001, 0xFFF8_0000_0000_0000, 0x8000_0000_0000_0000, 0x0000_0000_0000_0001]
        let diff = CommitDiff(sequence: 0, time: 0, ops: patterns.map { .set(1, .opacity, .number(Double(bitPattern: $0))) })
        let decoded = try CommitCodec.decode(CommitCodec.encode(diff))
        let bits = decoded.ops.map { op -> UInt64 in
            guard case .set(_, _, .number(let n)) = op else { return 0 }
            return n.bitPattern
        }
        #expect(bits == patterns)
    }

    @Test("a bitmap at the limits round-trips; its bytes are the pixels, row by row")
    func bitmapAtTheLimits() throws {
        let limits = WireLimits(maxBitmapWidth: 3, maxBitmapHeight: 2, maxBitmapBytes: 24)
        let pixels = (0..<24).map { UInt8($0) }
        let diff = CommitDiff(sequence: 0, time: 0, ops: [.bitmap(ImageID(rawValue: .max), Bitmap(width: 3, height: 2, pixels: pixels))])
        let encoded = CommitCodec.encode(diff)
        #expect(Array(encoded.dropLast(4).suffix(24)) == pixels)
        #expect(try CommitCodec.decode(encoded, limits: limits) == diff)
    }

    @Test("write(to:) and read(from:) embed a body in a larger buffer")
    func embedding() throws {
        var writer = WireWriter()
        writer.writeU32(0xDEAD_BEEF)
        CommitCodec.write(Self.example, to: &writer)
        writer.writeU8(0x42)
        var reader = WireReader(writer.bytes, message: CommitCodec.messageName)
        #expect(try reader.readU32("frame") == 0xDEAD_BEEF)
        #expect(try CommitCodec.read(from: &reader) == Self.example)
        #expect(try reader.readU8("after") == 0x42)
        #expect(reader.isAtEnd)
    }
}
