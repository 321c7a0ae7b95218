import RenderModel
import RenderWire
import Testing
import LoopSimTestSupport

/// The streaming decoder: any chunking gives the same messages, buffering
/// stays within one frame, bad headers fail at once, and a failure stops
/// the stream after the messages before it.
@Suite struct FrameDecoderTests {
    /// Feeds `stream` in the given chunk sizes (the last chunk takes the
    /// rest), pulling messages after every chunk; the messages, or the
    /// error, and whether buffering stayed within the frame being read.
    static func decode(_ stream: [UInt8], chunks: [Int], limits: WireLimits = .init()) -> (messages: [WireMessage], error: WireError?, maxBuffered: Int) {
        var decoder = FrameDecoder(limits: limits)
        var messages: [WireMessage] = []
        var start = 0
        var maxBuffered = 0
        var sizes = chunks[...]
        while start < stream.count {
            let size = sizes.popFirst() ?? stream.count - start
            let end = min(stream.count, start + size)
            decoder.feed(stream[start..<end])
            start = end
            maxBuffered = max(maxBuffered, decoder.bufferedByteCount)
            do {
                while let message = try decoder.next() {
                    messages.append(message)
                }
            } catch {
                return (messages, error, maxBuffered)
            }
        }
        do {
            try decoder.finish()
        } catch {
            return (messages, error, maxBuffered)
        }
        return (messages, nil, maxBuffered)
    }

    static let messages = WireMessageTests.examples.map(\.0)
    static let stream = WireMessageTests.exampleStream

    @Test("every split point of a multi-message stream gives the same messages")
    func everySplitPoint() {
        for split in 0...Self.stream.count {
            let result = Self.decode(Self.stream, chunks: [split])
            #expect(result.error == nil, "split at \(split): \(String(describing: result.error))")
            #expect(result.messages == Self.messages, "split at \(split)")
        }
    }

    @Test("every pair of split points of a shorter stream gives the same messages")
    func everyPairOfSplitPoints() {
        let messages = Array(Self.messages.suffix(5))
        let stream = messages.flatMap { $0.encode() }
        for first in 0...stream.count {
            for second in first...stream.count {
                let result = Self.decode(stream, chunks: [first, second - first])
                if result.messages != messages || result.error != nil {
                    Issue.record("splits at \(first) and \(second): \(result.messages.count) messages, \(String(describing: result.error))")
                }
            }
        }
    }

    @Test("one byte at a time, buffering no more than the frame being read")
    func oneByteAtATime() throws {
        var decoder = FrameDecoder()
        var messages: [WireMessage] = []
        var frameStart = 0
        for (index, byte) in Self.stream.enumerated() {
            decoder.feed([byte])
            #expect(decoder.bytesConsumed == index + 1)
            while let message = try decoder.next() {
                messages.append(message)
                frameStart += message.encodedSize
            }
            // What is buffered is exactly the part of the current frame seen so far.
            #expect(decoder.bufferedByteCount == index + 1 - frameStart)
            #expect(decoder.isAtFrameBoundary == (decoder.bufferedByteCount == 0))
        }
        try decoder.finish()
        #expect(messages == Self.messages)
        #expect(decoder.framesDecoded == Self.messages.count)
    }

    @Test("100 random chunkings of 300 random messages", .tags(.fuzz))
    func randomChunkings() {
        var generator = MessageGenerator(seed: 0xC4_0C4)
        generator.maxSide = 6
        generator.diffs.maxBitmapSide = 5
        let messages = (0..<300).map { _ in generator.message() }
        let stream = messages.flatMap { $0.encode() }
        let longest = messages.map(\.encodedSize).max()!
        var rng = SplitMix64(seed: 0xC4)
        for round in 0..<100 {
            let top = [2, 16, 100, 1000, 5000][round % 5]
            let chunks = (0..<4000).map { _ in Int.random(in: 0...top, using: &rng) }
            let result = Self.decode(stream, chunks: chunks)
            #expect(result.error == nil)
            #expect(result.messages == messages)
            // Never more than one frame buffered.
            #expect(result.maxBuffered < longest)
            if result.messages != messages { break }
        }
    }

    @Test("a feed holding many frames decodes them all and keeps only the partial one")
    func manyFramesInOneFeed() throws {
        var decoder = FrameDecoder()
        let tail = Array(WireMessage.vsync(index: 9, time: 9).encode().prefix(13))
        decoder.feed(Self.stream + Self.stream + tail)
        #expect(decoder.pendingMessageCount == 2 * Self.messages.count)
        #expect(decoder.bufferedByteCount == 13)
        var messages: [WireMessage] = []
        while let message = try decoder.next() {
            messages.append(message)
        }
        #expect(messages == Self.messages + Self.messages)
        #expect(decoder.pendingMessageCount == 0)
        decoder.feed(Array(WireMessage.vsync(index: 9, time: 9).encode().dropFirst(13)))
        #expect(try decoder.next() == .vsync(index: 9, time: 9))
        #expect(try decoder.next() == nil)
        try decoder.finish()
    }

    @Test("an impossible header fails as soon as its field arrives, before any payload")
    func earlyHeaderFailure() {
        var decoder = FrameDecoder()
        // A length of 4 GiB − 4: refused once the 4 length bytes are in.
        for byte: UInt8 in [0xFC, 0xFF, 0xFF] {
            decoder.feed([byte])
            #expect(decoder.error == nil)
        }
        decoder.feed([0xFF])
        #expect(decoder.error == WireError(kind: .exceedsLimit, message: "frame", field: "length", offset: 0, reason: "4294967292 exceeds the limit 536870912"))
        #expect(decoder.bufferedByteCount == 0)

        // A goodbye claiming 500 MiB: refused at its type, 6 bytes in.
        var other = FrameDecoder()
        other.feed(le32(500 << 20) + le16(8))
        #expect(other.error?.message == "goodbye")
        #expect(other.error?.field == "length")
        #expect(other.bytesConsumed == 6)

        // Unknown type: refused 6 bytes in.
        var third = FrameDecoder()
        third.feed(le32(8) + le16(77))
        #expect(third.error == WireError(kind: .badTag, message: "frame", field: "type", offset: 4, reason: "unknown message type 77"))
    }

    @Test("a large legal frame buffers only what has arrived")
    func largeFrameBuffersWhatArrived() throws {
        // A commit of 64 MiB declared; 1 KiB sent.
        var decoder = FrameDecoder()
        let length = 64 << 20
        decoder.feed(le32(UInt32(length)) + le16(3) + le16(0) + [UInt8](repeating: 0, count: 1024))
        #expect(decoder.error == nil)
        #expect(decoder.bufferedByteCount == 1032)
        #expect(try decoder.next() == nil)
        #expect(throws: WireError.self) { try decoder.finish() }
    }

    @Test("the messages before a bad frame are handed out, then the error, every time; later bytes are ignored")
    func failureStopsTheStream() throws {
        var decoder = FrameDecoder()
        let good = WireMessage.vsync(index: 1, time: 2)
        let hello = WireMessageErrorTests.hello
        decoder.feed(good.encode() + good.encode() + hello.encode())
        var bad = hello.encode()
        bad[8] = 0x58  // magic "XSIM"
        decoder.feed(bad + good.encode())
        #expect(try decoder.next() == good)
        #expect(try decoder.next() == good)
        #expect(try decoder.next() == hello)
        let expected = WireError(kind: .badValue, message: "hello", field: "magic", offset: 8, reason: "expected 4c 53 49 4d (\"LSIM\"), got 58 53 49 4d")
        for _ in 0..<3 {
            #expect(throws: expected) { try decoder.next() }
        }
        let consumed = decoder.bytesConsumed
        decoder.feed(good.encode())
        #expect(decoder.bytesConsumed == consumed)
        #expect(throws: expected) { try decoder.next() }
        #expect(throws: expected) { try decoder.finish() }
        #expect(decoder.error == expected)
        #expect(!decoder.isAtFrameBoundary)
        #expect(WireMessage.refusal(expected) == .error(code: 4, message: expected.description))
    }

    @Test("decodeAll refuses a stream that ends inside a frame")
    func decodeAllEnd() throws {
        #expect(try FrameDecoder.decodeAll([]) == [])
        #expect(try FrameDecoder.decodeAll(WireMessage.goodbye.encode()) == [.goodbye])
        #expect(throws: WireError(kind: .truncated, message: "frame", field: "type", offset: 4, reason: "truncated: needs 2 bytes, 0 remain")) {
            try FrameDecoder.decodeAll(WireMessage.goodbye.encode() + [8, 0, 0, 0])
        }
    }
}
