import RenderModel
import RenderWire
import Testing
import LoopSimTestSupport

/// Tens of thousands of random and mutated streams through `FrameDecoder`,
/// fed in random chunks: each yields messages and then ends cleanly or with
/// a `WireError` — no trap, no endless loop, buffering within one frame.
/// What decodes is canonical: the messages re-encode to exactly the bytes
/// they came from.
@Suite(.tags(.fuzz)) struct WireStreamFuzzTests {
    /// Small limits, so mutated counts and lengths hit them often.
    static let limits = WireLimits(
        maxOpsPerCommit: 64, maxBitmapWidth: 16, maxBitmapHeight: 16, maxBitmapBytes: 1024,
        maxStringBytes: 64, maxMessageBytes: 4096, maxPathBytes: 48, maxFirstVisible: 16, maxRefreshHz: 240)

    /// Header words written over lengths, types and flags.
    static let headerWords: [UInt32] = [0, 4, 7, 8, 12, 13, 16, 24, 28, 40, 4096, 4100, 0xFFFF_FFFC, 0x0001_0005, 0x0000_000A]

    @Test("30000 random and mutated streams decode or throw, within bounds")
    func fuzz() {
        var rng = SplitMix64(seed: 0xF022_57EA)
        var generator = MessageGenerator(seed: 0xF022_0002)
        generator.maxSide = 6
        generator.maxText = 12
        generator.maxFirstVisible = 6
        generator.diffs.maxOps = 8
        generator.diffs.maxBitmapSide = 3
        var corpus = WireMessageTests.examples.map { $0.0.encode() }
        for _ in 0..<40 { corpus.append(generator.message().encode()) }

        var messagesDecoded = 0
        var cleanStreams = 0
        var refused: [WireError.Kind: Int] = [:]
        var refusedFields: Set<String> = []
        var problems: [String] = []
        let clock = ContinuousClock()
        let start = clock.now
        for i in 0..<30_000 {
            // A stream of 1 to 4 frames, mutated, or noise.
            var stream: [UInt8] = []
            if i % 20 == 0 {
                stream = (0..<Int.random(in: 0...64, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            } else {
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    stream += corpus.randomElement(using: &rng)!
                }
                if i % 7 != 0 {
                    stream = CommitCodecFuzzTests.mutate(stream, &rng)
                }
                if i % 5 == 0, stream.count >= 8 {
                    // Overwrite a header word of some frame-aligned spot.
                    let at = 4 * Int.random(in: 0...((stream.count - 4) / 4), using: &rng)
                    let word = Self.headerWords.randomElement(using: &rng)!
                    for k in 0..<4 { stream[at + k] = UInt8(truncatingIfNeeded: word >> (8 * k)) }
                }
            }

            var decoder = FrameDecoder(limits: Self.limits)
            var messages: [WireMessage] = []
            var failure: WireError?
            var offset = 0
            // At most one pull per frame: 8 bytes each, plus the nil.
            var pullsLeft = stream.count / 8 + stream.count + 2
            let top = [1, 3, 17, 64, 4096][i % 5]
            feeding: while offset < stream.count {
                let end = min(stream.count, offset + Int.random(in: 1...top, using: &rng))
                decoder.feed(stream[offset..<end])
                offset = end
                if decoder.bufferedByteCount > Self.limits.maxMessageBytes {
                    problems.append("buffered \(decoder.bufferedByteCount) bytes")
                }
                while true {
                    pullsLeft -= 1
                    if pullsLeft < 0 {
                        problems.append("next() did not run dry: \(hex(stream))")
                        break feeding
                    }
                    do {
                        guard let message = try decoder.next() else { break }
                        messages.append(message)
                    } catch {
                        failure = error
                        break feeding
                    }
                }
            }
            if failure == nil {
                do {
                    try decoder.finish()
                    cleanStreams += 1
                } catch {
                    failure = error
                }
            }
            messagesDecoded += messages.count

            // Canonical: the messages are the stream's first bytes, re-encoded.
            let reencoded = messages.flatMap { $0.encode() }
            if Array(stream.prefix(reencoded.count)) != reencoded {
                problems.append("not canonical: \(hex(stream))")
            }
            if let failure {
                refused[failure.kind, default: 0] += 1
                refusedFields.insert("\(failure.message): \(failure.field)")
                if failure.message.isEmpty || failure.field.isEmpty || failure.reason.isEmpty || failure.offset < 0 || failure.offset > max(Self.limits.maxMessageBytes, stream.count) {
                    problems.append("\(failure) for \(hex(stream))")
                }
            } else if reencoded.count != stream.count {
                problems.append("clean end before the stream's end: \(hex(stream))")
            }
            if problems.count > 20 { break }
        }
        let elapsed = clock.now - start
        #expect(problems.isEmpty, "\(problems.count) problems, first: \(problems.first ?? "")")
        #expect(elapsed < .seconds(30))
        // Every outcome is exercised.
        #expect(messagesDecoded > 10_000)
        #expect(cleanStreams > 2000)
        for kind in WireError.Kind.allCases {
            #expect(refused[kind, default: 0] > 100, "\(kind): \(refused[kind, default: 0])")
        }
        for field in ["frame: length", "frame: type", "hello: magic", "hello: version", "presented: firstVisible.count", "commit: ops.count", "vsync: flags", "error: padding"] {
            #expect(refusedFields.contains(field), "never refused at \(field)")
        }
    }
}
