import RenderModel
import RenderWire
import Testing

/// Frames: exact bytes of one frame of every message type (checked by hand
/// against `docs/reference/wire-protocol.md`), and round trips of random messages.
@Suite struct WireMessageTests {
    /// One example of every message type and its frame, one line per field.
    /// 320 is 0x140, 240 is 0xF0, 60 is 0x3C, 4242 is 0x1092, 16_666_667
    /// is 0xFE502B, 50_000_000 is 0x2FAF080, 66_666_666 is 0x3F940AA,
    /// 8192 = 64 × 32 × 4 is 0x2000, 25_000_000 is 0x17D7840.
    static let examples: [(WireMessage, String)] = [
        (.hello(.init(width: 320, height: 240, refreshHz: 60, background: RGBA8(r: 0x10, g: 0x20, b: 0x30, a: 0xFF), outputFolder: "out", renderCost: 25_000_000, rasterCost: CostRate(picoseconds: 500),
                      probes: [.init(x: 10, y: 20)])), """
            44 00 00 00  01 00  00 00
            4c 53 49 4d
            05 00
            40 01 00 00
            f0 00 00 00
            3c 00 00 00
            10 20 30 ff
            03 00 00 00  6f 75 74
            40 78 7d 01 00 00 00 00
            f4 01 00 00 00 00 00 00
            01 00 00 00  0a 00 00 00  14 00 00 00
            00 00 00
            """),
        (.welcome(version: 5, serverPID: 4242), """
            10 00 00 00  02 00  00 00
            05 00
            92 10 00 00
            00 00
            """),
        (.commit(CommitDiff(sequence: 1, time: 16_666_667, ops: [.create(7)], transactions: [4])), """
            30 00 00 00  03 00  00 00
            01 00 00 00 00 00 00 00
            2b 50 fe 00 00 00 00 00
            01 00 00 00
            01  07 00 00 00
            01 00 00 00  04 00 00 00 00 00 00 00
            00 00 00
            """),
        (.snapshot(CommitDiff(sequence: 5, time: 0, ops: [.create(1), .move(1, parent: nil, index: 0)])), """
            34 00 00 00  04 00  00 00
            05 00 00 00 00 00 00 00
            00 00 00 00 00 00 00 00
            02 00 00 00
            01  01 00 00 00
            03  01 00 00 00  00  00 00 00 00  00 00 00 00
            00 00 00 00
            00
            """),
        (.vsync(index: 3, time: 50_000_000), """
            18 00 00 00  05 00  00 00
            03 00 00 00 00 00 00 00
            80 f0 fa 02 00 00 00 00
            """),
        (.presented(.init(frame: 4, onScreenTime: 66_666_666, frameHash: 0x0123_4567_89AB_CDEF, damage: .init(x: 10, y: 20, width: 30, height: 40), firstVisible: [1, 2], nextFrameTime: .max,
                              renderDuration: 25_000_000, probeColors: [RGBA8(r: 0xFF, g: 0, b: 0, a: 0xFF)], began: [7], ended: [8, 9])), """
            7c 00 00 00  06 00  00 00
            04 00 00 00 00 00 00 00
            aa 40 f9 03 00 00 00 00
            ef cd ab 89 67 45 23 01
            0a 00 00 00  14 00 00 00  1e 00 00 00  28 00 00 00
            ff ff ff ff ff ff ff 7f
            02 00 00 00
            01 00 00 00 00 00 00 00
            02 00 00 00 00 00 00 00
            40 78 7d 01 00 00 00 00
            01 00 00 00  ff 00 00 ff
            01 00 00 00  07 00 00 00 00 00 00 00
            02 00 00 00  08 00 00 00 00 00 00 00  09 00 00 00 00 00 00 00
            """),
        (.error(code: 4, message: "bad"), """
            14 00 00 00  07 00  00 00
            04 00
            03 00 00 00  62 61 64
            00 00 00
            """),
        (.goodbye, """
            08 00 00 00  08 00  00 00
            """),
        (.bitmapShared(ImageID(rawValue: 2), width: 64, height: 32, offset: 4096, byteCount: 8192), """
            28 00 00 00  09 00  00 00
            02 00 00 00 00 00 00 00
            40 00 00 00
            20 00 00 00
            00 10 00 00 00 00 00 00
            00 20 00 00 00 00 00 00
            """),
        (.sync(token: 7), """
            10 00 00 00  0a 00  00 00
            07 00 00 00 00 00 00 00
            """),
        (.applied(.init(token: 7, sequence: 3, decodeNanoseconds: 1500, applyNanoseconds: 2500)), """
            28 00 00 00  0b 00  00 00
            07 00 00 00 00 00 00 00
            03 00 00 00 00 00 00 00
            dc 05 00 00 00 00 00 00
            c4 09 00 00 00 00 00 00
            """),
    ]

    /// All examples, one after the other, as one stream.
    static var exampleStream: [UInt8] {
        examples.flatMap { $0.0.encode() }
    }

    @Test("one frame of every message type has the documented bytes", arguments: 0..<examples.count)
    func exactBytes(_ index: Int) throws {
        let (message, text) = Self.examples[index]
        let expected = bytes(hex: text)
        let encoded = message.encode()
        #expect(hex(encoded) == hex(expected), "\(message.tag.name)")
        #expect(message.encodedSize == expected.count)
        #expect(encoded.count % 4 == 0)
        #expect(try WireMessage.decode(frame: expected) == message)
        var writer = WireWriter()
        writer.writeU8(0xAA)
        message.encode(to: &writer)
        #expect(writer.bytes == [0xAA] + expected)
    }

    @Test("the examples cover every message type once, and the tags are pinned")
    func everyType() {
        #expect(Self.examples.map { $0.0.tag } == WireTag.Message.allCases)
        #expect(WireTag.Message.allCases.map(\.rawValue) == Array(1...11))
        #expect(WireTag.Message.allCases.map(\.name) == ["hello", "welcome", "commit", "snapshot", "vsync", "presented", "error", "goodbye", "bitmapShared", "sync", "applied"])
        #expect(WireProtocol.magic == Array("LSIM".utf8))
        #expect(WireProtocol.version == 5)
        for type in WireTag.Message.allCases where type.isFixedSize {
            #expect(type.maximumFrameLength(limits: .init()) == type.minimumFrameLength)
        }
    }

    @Test("a goodbye is 8 bytes, like wl_surface.commit (checklist 43)")
    func goodbyeIsAHeader() {
        #expect(WireMessage.goodbye.encode() == [0x08, 0, 0, 0, 0x08, 0, 0, 0])
    }

    @Test("the stream of all examples decodes to the examples")
    func stream() throws {
        #expect(try FrameDecoder.decodeAll(Self.exampleStream) == Self.examples.map(\.0))
    }

    @Test("a commit frame carries CommitCodec's body unchanged, then padding")
    func commitBody() throws {
        let diff = CommitCodecTests.example
        let body = CommitCodec.encode(diff)
        for message in [WireMessage.commit(diff), .snapshot(diff)] {
            let frame = message.encode()
            #expect(Array(frame[8..<(8 + body.count)]) == body)
            #expect(frame.count == WireProtocol.padded(8 + body.count))
            #expect(frame[(8 + body.count)...].allSatisfy { $0 == 0 })
            #expect(try WireMessage.decode(frame: frame) == message)
        }
    }

    @Test("3000 random messages round-trip, alone and as one stream")
    func roundTrip() throws {
        var generator = MessageGenerator(seed: 0x0F2A_3E55)
        var messages: [WireMessage] = []
        var stream: [UInt8] = []
        for _ in 0..<3000 {
            let message = generator.message()
            let frame = message.encode()
            #expect(frame.count == message.encodedSize)
            #expect(frame.count % 4 == 0)
            #expect(Int(frame[0]) | Int(frame[1]) << 8 | Int(frame[2]) << 16 | Int(frame[3]) << 24 == frame.count)
            let back = try WireMessage.decode(frame: frame)
            #expect(back == message)
            // Deterministic and canonical.
            #expect(back.encode() == frame)
            messages.append(message)
            stream += frame
        }
        #expect(try FrameDecoder.decodeAll(stream) == messages)
        // Every type was drawn.
        #expect(Set(messages.map(\.tag)) == Set(WireTag.Message.allCases))
    }

    @Test("error codes follow the kinds, and a refusal carries the description")
    func refusal() {
        #expect(WireError.Kind.allCases.map(\.code) == [1, 2, 3, 4, 5])
        for kind in WireError.Kind.allCases {
            #expect(WireError.Kind(code: kind.code) == kind)
        }
        #expect(WireError.Kind(code: 0) == nil)
        #expect(WireError.Kind(code: 256) == nil)
        let error = WireError(kind: .badValue, message: "hello", field: "magic", offset: 8, reason: "expected 4c 53 49 4d (\"LSIM\"), got 47 45 54 20")
        #expect(WireMessage.refusal(error) == .error(code: 4, message: "hello: magic (byte 8): expected 4c 53 49 4d (\"LSIM\"), got 47 45 54 20"))
        // A very long description is cut at a character boundary.
        let long = WireError(kind: .truncated, message: "commit", field: String(repeating: "é", count: 2000), offset: 0, reason: "x")
        guard case .error(1, let text) = WireMessage.refusal(long) else {
            Issue.record("not an error message")
            return
        }
        #expect(text.utf8.count == WireMessage.maxRefusalBytes)
        #expect(text.hasSuffix("é"))
    }
}
