import RenderModel
import RenderWire
import Testing

/// Bad frames are refused with an error naming the message, the field and
/// its offset in the frame — before anything is allocated for a count or
/// length from the wire, never with a trap.
@Suite struct WireMessageErrorTests {
    func error(_ kind: WireError.Kind, _ message: String, _ field: String, _ offset: Int, _ reason: String) -> WireError {
        WireError(kind: kind, message: message, field: field, offset: offset, reason: reason)
    }

    static let hello = WireMessage.hello(.init(width: 320, height: 240, refreshHz: 60, background: RGBA8(r: 0x10, g: 0x20, b: 0x30, a: 0xFF), outputFolder: "out"))

    /// The hello payload with its fields replaced where given.
    func helloFrame(magic: [UInt8] = WireProtocol.magic, version: UInt16 = WireProtocol.version, width: UInt32 = 320, height: UInt32 = 240, hz: UInt32 = 60, folder: [UInt8] = Array("out".utf8), cost: Int64 = 0, raster: Int64 = 0, probes: [UInt32]? = [], padding: [UInt8]? = nil) -> [UInt8] {
        var payload = magic + le16(version) + le32(width) + le32(height) + le32(hz) + [0x10, 0x20, 0x30, 0xFF] + le32(UInt32(folder.count)) + folder
            + le64(UInt64(bitPattern: cost)) + le64(UInt64(bitPattern: raster))
        if let probes { payload += le32(UInt32(probes.count / 2)) + probes.flatMap(le32) }
        let pad = padding ?? [UInt8](repeating: 0, count: WireProtocol.padding(after: payload.count))
        return rawFrame(1, payload + pad)
    }

    /// A presented payload: frame 4, times and hash 0, the damage, next
    /// frame none, then `count` and `sequences`.
    /// Then (version 3) `tail`: the render duration and the probe colours
    /// (none by default).
    func presentedFrame(damage: [UInt32] = [0, 0, 0, 0], count: UInt32, sequences: [UInt64], tail: [UInt8] = le64(0) + le32(0) + le32(0) + le32(0)) -> [UInt8] {
        let payload = le64(4) + le64(0) + le64(0) + damage.flatMap(le32) + le64(UInt64(Int64.max)) + le32(count) + sequences.flatMap(le64) + tail
        return rawFrame(6, payload)
    }

    // MARK: Framing

    @Test("the length field: below 8, not a multiple of 4, above the limit")
    func lengthField() {
        for length: UInt32 in [0, 4, 7] {
            #expect(frameFailure(rawFrame(8, [], length: length)) == error(.badValue, "frame", "length", 0, "\(length) is below the 8-byte header"))
        }
        #expect(frameFailure(rawFrame(8, [0, 0, 0, 0, 0], length: 13)) == error(.badValue, "frame", "length", 0, "13 is not a multiple of 4"))
        #expect(frameFailure(rawFrame(3, [], length: 0xFFFF_FFFC)) == error(.exceedsLimit, "frame", "length", 0, "4294967292 exceeds the limit 536870912"))
        let small = WireLimits(maxMessageBytes: 64)
        #expect(frameFailure(rawFrame(3, [], length: 68), limits: small) == error(.exceedsLimit, "frame", "length", 0, "68 exceeds the limit 64"))
    }

    @Test("the type and flags fields")
    func typeAndFlags() {
        for type: UInt16 in [0, 12, 0xFFFF] {
            #expect(frameFailure(rawFrame(type, [])) == error(.badTag, "frame", "type", 4, "unknown message type \(type)"))
        }
        #expect(frameFailure(rawFrame(8, [], flags: 1)) == error(.badValue, "goodbye", "flags", 6, "reserved, must be 0, got 1"))
        #expect(frameFailure(rawFrame(5, le64(1) + le64(2), flags: 0x8000)) == error(.badValue, "vsync", "flags", 6, "reserved, must be 0, got 32768"))
    }

    @Test("a length the message type cannot have is refused at the header")
    func lengthPerType() {
        #expect(frameFailure(rawFrame(8, [0, 0, 0, 0])) == error(.exceedsLimit, "goodbye", "length", 0, "a goodbye frame is exactly 8 bytes, the length says 12"))
        #expect(frameFailure(rawFrame(5, le64(1))) == error(.truncated, "vsync", "length", 0, "a vsync frame is exactly 24 bytes, the length says 16"))
        #expect(frameFailure(rawFrame(6, [0, 0, 0, 0])) == error(.truncated, "presented", "length", 0, "a presented frame is at least 80 bytes, the length says 12"))
        // 65536 sequences and 4096 probe colours at most: 8 + 64 + 524288 + 16384.
        #expect(frameFailure(rawFrame(6, [], length: 1_589_332)) == error(.exceedsLimit, "presented", "length", 0, "a presented frame is at most 1589328 bytes under these limits, the length says 1589332"))
        // 8 + 46 + 4096 + 8 × 4096 probes, padded.
        #expect(frameFailure(rawFrame(1, [], length: 36_924)) == error(.exceedsLimit, "hello", "length", 0, "a hello frame is at most 36920 bytes under these limits, the length says 36924"))
        #expect(frameFailure(rawFrame(3, [], length: 24)) == error(.truncated, "commit", "length", 0, "a commit frame is at least 32 bytes, the length says 24"))
        #expect(frameFailure(rawFrame(3, [], length: 28)) == error(.truncated, "commit", "length", 0, "a commit frame is at least 32 bytes, the length says 28"))
    }

    @Test("a frame with fewer or more bytes than its length says")
    func lengthMismatch() {
        let vsync = WireMessage.vsync(index: 1, time: 2).encode()
        #expect(frameFailure(Array(vsync.prefix(20))) == error(.truncated, "vsync", "length", 20, "truncated: the frame declares 24 bytes, 20 are present"))
        #expect(frameFailure(vsync + [0]) == error(.trailingBytes, "vsync", "length", 24, "1 byte follows the 24-byte frame"))
        #expect(frameFailure([]) == error(.truncated, "frame", "length", 0, "truncated: needs 4 bytes, 0 remain"))
        #expect(frameFailure([0x18, 0, 0, 0, 5]) == error(.truncated, "frame", "type", 4, "truncated: needs 2 bytes, 1 remains"))
        #expect(frameFailure([0x18, 0, 0, 0, 5, 0, 0]) == error(.truncated, "frame", "flags", 6, "truncated: needs 2 bytes, 1 remains"))
    }

    @Test("every proper prefix of every frame is refused, by decode(frame:) and at the end of a stream")
    func everyTruncation() {
        var generator = MessageGenerator(seed: 0x7A11_F2A3)
        generator.maxSide = 4
        generator.diffs.maxBitmapSide = 3
        var messages = WireMessageTests.examples.map(\.0)
        for _ in 0..<60 { messages.append(generator.message()) }
        var checked = 0
        for message in messages {
            let frame = message.encode()
            for length in 0..<frame.count {
                let prefix = Array(frame.prefix(length))
                if let failure = frameFailure(prefix) {
                    if failure.kind != .truncated || failure.offset > length || failure.field.isEmpty {
                        Issue.record("\(message.tag.name), prefix \(length): \(failure)")
                    }
                } else {
                    Issue.record("a \(length)-byte prefix of a \(frame.count)-byte \(message.tag.name) decoded")
                }
                var decoder = FrameDecoder()
                decoder.feed(prefix)
                do {
                    if let message = try decoder.next() { Issue.record("a prefix gave \(message)") }
                } catch {
                    Issue.record("a prefix threw \(error)")
                }
                #expect(decoder.bufferedByteCount == length)
                do {
                    try decoder.finish()
                    if length > 0 { Issue.record("the stream ended \(length) bytes into a \(message.tag.name) and finish() accepted it") }
                } catch {
                    if error.kind != .truncated || error.offset > length {
                        Issue.record("\(message.tag.name), end after \(length): \(error)")
                    }
                }
                checked += 1
            }
        }
        #expect(checked > 5000)
    }

    @Test("a frame whose length is cut to match a shorter payload is refused, naming the message")
    func consistentTruncation() {
        var generator = MessageGenerator(seed: 0xC07)
        generator.maxSide = 4
        generator.diffs.maxBitmapSide = 3
        var messages = WireMessageTests.examples.map(\.0)
        for _ in 0..<60 { messages.append(generator.message()) }
        for message in messages {
            let frame = message.encode()
            for length in stride(from: 8, to: frame.count, by: 4) {
                let cut = withLength(Array(frame.prefix(length)), length)
                guard let failure = frameFailure(cut) else {
                    Issue.record("\(message.tag.name) cut to \(length) bytes decoded")
                    continue
                }
                #expect(failure.message == message.tag.name, "\(failure)")
                #expect(failure.offset <= length, "\(failure)")
            }
        }
    }

    @Test("the field names of a few truncations at the end of a stream")
    func truncationFields() {
        func endError(_ stream: [UInt8]) -> WireError? {
            var decoder = FrameDecoder()
            decoder.feed(stream)
            do {
                try decoder.finish()
                return nil
            } catch {
                return error
            }
        }
        let vsync = WireMessage.vsync(index: 1, time: 2).encode()
        #expect(endError(Array(vsync.prefix(3))) == error(.truncated, "frame", "length", 0, "truncated: needs 4 bytes, 3 remain"))
        #expect(endError(Array(vsync.prefix(20))) == error(.truncated, "vsync", "time", 16, "truncated: needs 8 bytes, 4 remain"))
        let hello = Self.hello.encode()
        #expect(endError(Array(hello.prefix(36))) == error(.truncated, "hello", "outputFolder", 34, "truncated: needs 3 bytes, 2 remain"))
        #expect(endError(Array(hello.prefix(38))) == error(.truncated, "hello", "renderCost", 37, "truncated: needs 8 bytes, 1 remains"))
        #expect(endError(Array(hello.prefix(46))) == error(.truncated, "hello", "rasterCost", 45, "truncated: needs 8 bytes, 1 remains"))
        #expect(endError(Array(hello.prefix(55))) == error(.truncated, "hello", "probes.count", 53, "truncated: needs 4 bytes, 2 remain"))
        #expect(endError(Array(hello.prefix(58))) == error(.truncated, "hello", "padding", 58, "truncated: needs 1 byte, 0 remain"))
        #expect(endError(vsync + Array(vsync.prefix(9))) == error(.truncated, "vsync", "index", 8, "truncated: needs 8 bytes, 1 remains"))
        #expect(endError(vsync) == nil)
    }

    // MARK: hello and welcome

    @Test("hello: magic, version, dimensions, rate")
    func helloFields() {
        #expect(frameFailure(helloFrame()) == nil)
        #expect(frameFailure(helloFrame(magic: Array("GET ".utf8))) == error(.badValue, "hello", "magic", 8, "expected 4c 53 49 4d (\"LSIM\"), got 47 45 54 20"))
        #expect(frameFailure(helloFrame(version: 1)) == error(.badValue, "hello", "version", 12, "unsupported protocol version 1; this side speaks 5"))
        #expect(frameFailure(helloFrame(version: 0))?.field == "version")
        #expect(frameFailure(helloFrame(width: 0)) == error(.badValue, "hello", "width", 14, "must be at least 1, got 0"))
        #expect(frameFailure(helloFrame(width: 16385)) == error(.exceedsLimit, "hello", "width", 14, "16385 exceeds the limit 16384"))
        #expect(frameFailure(helloFrame(height: 0)) == error(.badValue, "hello", "height", 18, "must be at least 1, got 0"))
        #expect(frameFailure(helloFrame(width: 16384, height: 16384)) == error(.exceedsLimit, "hello", "height", 18, "a 16384×16384 display needs 1073741824 bytes of pixels, above the limit 268435456"))
        #expect(frameFailure(helloFrame(hz: 0)) == error(.badValue, "hello", "refreshHz", 22, "must be at least 1, got 0"))
        #expect(frameFailure(helloFrame(hz: 1001)) == error(.exceedsLimit, "hello", "refreshHz", 22, "1001 exceeds the limit 1000"))
        #expect(frameFailure(helloFrame(cost: 60_000_000_000)) == nil)
        #expect(frameFailure(helloFrame(cost: 60_000_000_001)) == error(.badValue, "hello", "renderCost", 37, "must be 0 to 60000000000 ns, got 60000000001"))
        #expect(frameFailure(helloFrame(cost: -1)) == error(.badValue, "hello", "renderCost", 37, "must be 0 to 60000000000 ns, got -1"))
        #expect(frameFailure(helloFrame(raster: 500)) == nil)
        #expect(frameFailure(helloFrame(raster: 60_000_000_000_000)) == nil)
        #expect(frameFailure(helloFrame(raster: 60_000_000_000_001)) == error(.badValue, "hello", "rasterCost", 45, "must be 0 to 60000000000000 ps per pixel (60 s), got 60000000000001"))
        #expect(frameFailure(helloFrame(raster: -1)) == error(.badValue, "hello", "rasterCost", 45, "must be 0 to 60000000000000 ps per pixel (60 s), got -1"))
    }

    @Test("hello: pixel probes lie inside the display and are bounded (version 3)")
    func helloProbes() {
        #expect(frameFailure(helloFrame(probes: [0, 0, 319, 239])) == nil)
        #expect(frameFailure(helloFrame(probes: [320, 0])) == error(.badValue, "hello", "probes[0].x", 57, "320 is outside the 320-pixel-wide display"))
        #expect(frameFailure(helloFrame(probes: [0, 0, 5, 240])) == error(.badValue, "hello", "probes[1].y", 69, "240 is outside the 240-pixel-high display"))
        #expect(frameFailure(helloFrame(probes: [0, 0]), limits: WireLimits(maxPixelProbes: 0)) == error(.exceedsLimit, "hello", "probes.count", 53, "1 exceeds the limit 0"))
        #expect(frameFailure(helloFrame(probes: nil))?.field == "probes.count")   // a version-2 layout ends too early
    }

    @Test("hello: the output folder is bounded, UTF-8, not empty, without NUL")
    func helloFolder() {
        #expect(frameFailure(helloFrame(folder: [])) == nil)   // version 3: no frame files
        #expect(frameFailure(helloFrame(folder: Array("a\0b".utf8))) == error(.badValue, "hello", "outputFolder", 30, "contains a NUL byte"))
        #expect(frameFailure(helloFrame(folder: [0x2F, 0xC3, 0x28])) == error(.badValue, "hello", "outputFolder", 30, "not valid UTF-8"))
        let long = [UInt8](repeating: 0x61, count: 4096)
        #expect(frameFailure(helloFrame(folder: long)) == nil)
        // 4097 bytes still fit the longest hello frame (its padding shrinks): refused at the string.
        #expect(frameFailure(helloFrame(folder: long + [0x61])) == error(.exceedsLimit, "hello", "outputFolder", 30, "4097 exceeds the limit 4096"))
        // Past the longest frame (no room for probes here): refused at the header, before any of it is buffered.
        #expect(frameFailure(helloFrame(folder: long + [0x61, 0x61, 0x61]), limits: WireLimits(maxPixelProbes: 0)) == error(.exceedsLimit, "hello", "length", 0, "a hello frame is at most 4152 bytes under these limits, the length says 4156"))
        // With room in the frame, the string's own bound.
        let roomy = WireLimits(maxPathBytes: 8)
        #expect(frameFailure(helloFrame(folder: Array("abcdefghi".utf8)), limits: roomy) == error(.exceedsLimit, "hello", "outputFolder", 30, "9 exceeds the limit 8"))
        // A length claiming 4 GiB is refused at the length, nothing read.
        let payload = WireProtocol.magic + le16(WireProtocol.version) + le32(1) + le32(1) + le32(60) + [0, 0, 0, 255] + le32(.max) + [UInt8](repeating: 0, count: 22)
        #expect(frameFailure(rawFrame(1, payload)) == error(.exceedsLimit, "hello", "outputFolder", 30, "4294967295 exceeds the limit 4096"))
    }

    @Test("padding must be exactly the zeros up to a multiple of 4")
    func padding() {
        #expect(frameFailure(helloFrame(padding: [0, 7, 0])) == error(.badValue, "hello", "padding", 58, "must be 0, got 7"))
        #expect(frameFailure(helloFrame(padding: [0, 0, 0, 0, 0, 0, 0])) == error(.trailingBytes, "hello", "body", 57, "4 trailing bytes after probes.count and its 3 padding bytes"))
        #expect(frameFailure(rawFrame(5, le64(1) + le64(2) + [0, 0, 0, 0])) == error(.exceedsLimit, "vsync", "length", 0, "a vsync frame is exactly 24 bytes, the length says 28"))
        // A commit body followed by a whole word more than its padding.
        let body = CommitCodec.encode(CommitDiff(sequence: 1, time: 2, ops: [.create(7)]))
        #expect(frameFailure(rawFrame(3, body + [0, 0, 0, 0, 0, 0, 0])) == error(.trailingBytes, "commit", "body", 37, "4 trailing bytes after transactions.count and its 3 padding bytes"))
        #expect(frameFailure(rawFrame(3, body + [0, 0, 1])) == error(.badValue, "commit", "padding", 39, "must be 0, got 1"))
        #expect(frameFailure(rawFrame(7, le16(1) + le32(2) + Array("ab".utf8))) == nil)
        #expect(frameFailure(rawFrame(7, le16(1) + le32(2) + Array("ab".utf8) + [0, 0, 0, 0])) == error(.trailingBytes, "error", "body", 16, "4 trailing bytes after message"))
    }

    @Test("welcome: the version")
    func welcomeVersion() {
        #expect(frameFailure(rawFrame(2, le16(5) + le32(7) + [0, 0])) == nil)
        #expect(frameFailure(rawFrame(2, le16(4) + le32(7) + [0, 0]))?.field == "version")
        #expect(frameFailure(rawFrame(2, le16(1) + le32(7) + [0, 0])) == error(.badValue, "welcome", "version", 8, "unsupported protocol version 1; this side speaks 5"))
    }

    // MARK: commit and snapshot

    @Test("commit and snapshot errors name their message, with offsets in the frame")
    func commitInFrame() {
        let body = header(count: 1) + [10, 0, 0, 0, 0]
        #expect(frameFailure(rawFrame(3, body + [0, 0, 0])) == error(.badTag, "commit", "ops[0].tag", 28, "unknown operation tag 10"))
        #expect(frameFailure(rawFrame(4, body + [0, 0, 0])) == error(.badTag, "snapshot", "ops[0].tag", 28, "unknown operation tag 10"))
        // A count of 4 billion ops is refused at the count, before reserving room.
        #expect(frameFailure(rawFrame(3, header(count: .max) + le32(0))) == error(.exceedsLimit, "commit", "ops.count", 24, "4294967295 exceeds the limit 1000000"))
        #expect(frameFailure(rawFrame(3, header(count: 1_000_000) + le32(0))) == error(.truncated, "commit", "ops.count", 24, "truncated: 1000000 items need at least 5000000 bytes, 4 remain"))
        // The transaction ids after the ops: counted, bounded, named.
        let oneOp = header(count: 1) + [1, 7, 0, 0, 0]
        #expect(frameFailure(rawFrame(3, oneOp + le32(1) + le64(42) + [0, 0, 0])) == nil)
        #expect(frameFailure(rawFrame(3, oneOp + le32(.max) + [0, 0, 0])) == error(.exceedsLimit, "commit", "transactions.count", 33, "4294967295 exceeds the limit 65536"))
        #expect(frameFailure(rawFrame(3, oneOp + le32(2) + le64(42) + [0, 0, 0])) == error(.truncated, "commit", "transactions.count", 33, "truncated: 2 items need at least 16 bytes, 11 remain"))
    }

    // MARK: presented

    @Test("presented: the first-visible count is bounded before anything is reserved")
    func presentedCount() {
        #expect(frameFailure(presentedFrame(count: 2, sequences: [1, 2])) == nil)
        #expect(frameFailure(presentedFrame(count: .max, sequences: [])) == error(.exceedsLimit, "presented", "firstVisible.count", 56, "4294967295 exceeds the limit 65536"))
        #expect(frameFailure(presentedFrame(count: 65536, sequences: [])) == error(.truncated, "presented", "firstVisible.count", 56, "truncated: 65536 items need at least 524288 bytes, 20 remain"))
        #expect(frameFailure(presentedFrame(count: 3, sequences: [1, 2], tail: [0, 0, 0, 0])) == error(.truncated, "presented", "firstVisible.count", 56, "truncated: 3 items need at least 24 bytes, 20 remain"))
        #expect(frameFailure(presentedFrame(count: 1, sequences: [1, 2])) == error(.trailingBytes, "presented", "body", 88, "8 trailing bytes after ended.count"))
        let tight = WireLimits(maxFirstVisible: 1, maxPixelProbes: 0, maxAnimationReports: 0)
        #expect(frameFailure(presentedFrame(count: 2, sequences: [1, 2]), limits: tight)?.field == "length")
    }

    @Test("presented: sequences increase, damage stays inside 32 bits")
    func presentedValues() {
        #expect(frameFailure(presentedFrame(count: 3, sequences: [1, 5, 5])) == error(.badValue, "presented", "firstVisible[2]", 76, "sequences must increase: 5 follows 5"))
        #expect(frameFailure(presentedFrame(count: 2, sequences: [9, 2])) == error(.badValue, "presented", "firstVisible[1]", 68, "sequences must increase: 2 follows 9"))
        #expect(frameFailure(presentedFrame(damage: [1, 0, .max, 0], count: 0, sequences: [])) == error(.badValue, "presented", "damage.width", 40, "x 1 + width 4294967295 exceeds 4294967295"))
        #expect(frameFailure(presentedFrame(damage: [0, 2, 0, .max], count: 0, sequences: [])) == error(.badValue, "presented", "damage.height", 44, "y 2 + height 4294967295 exceeds 4294967295"))
        #expect(frameFailure(presentedFrame(damage: [0, 0, .max, .max], count: 0, sequences: [])) == nil)
    }

    @Test("presented: the render duration is not negative; the probe colours (version 3) and the animations begun and ended (version 4) are counted and bounded")
    func presentedVersion3() {
        #expect(frameFailure(presentedFrame(count: 0, sequences: [], tail: le64(25_000_000) + le32(2) + [1, 2, 3, 255, 4, 5, 6, 255] + le32(0) + le32(0))) == nil)
        // Version 4: the animations begun and ended, each a bounded list of u64 ids.
        #expect(frameFailure(presentedFrame(count: 0, sequences: [], tail: le64(0) + le32(0) + le32(1) + le64(7) + le32(2) + le64(8) + le64(9))) == nil)
        #expect(frameFailure(presentedFrame(count: 0, sequences: [], tail: le64(0) + le32(0) + le32(.max) + le32(0))) == error(.exceedsLimit, "presented", "began.count", 72, "4294967295 exceeds the limit 65536"))
        #expect(frameFailure(presentedFrame(count: 0, sequences: [], tail: le64(0) + le32(0) + le32(0) + le32(3) + le64(1))) == error(.truncated, "presented", "ended.count", 76, "truncated: 3 items need at least 24 bytes, 8 remain"))
        #expect(frameFailure(presentedFrame(count: 0, sequences: [], tail: le64(UInt64(bitPattern: -1)) + le32(0) + le32(0) + le32(0))) == error(.badValue, "presented", "renderDuration", 60, "must not be negative, got -1"))
        #expect(frameFailure(presentedFrame(count: 0, sequences: [], tail: le64(0) + le32(.max) + le32(0) + le32(0))) == error(.exceedsLimit, "presented", "probeColors.count", 68, "4294967295 exceeds the limit 4096"))
        #expect(frameFailure(presentedFrame(count: 0, sequences: [], tail: le64(0) + le32(4) + [1, 2, 3, 4] + le32(0) + le32(0))) == error(.truncated, "presented", "probeColors.count", 68, "truncated: 4 items need at least 16 bytes, 12 remain"))
    }

    // MARK: error

    @Test("error: the text is bounded and UTF-8")
    func errorText() {
        #expect(frameFailure(rawFrame(7, le16(1) + le32(3) + [0x61, 0xFF, 0x62] + [0, 0, 0])) == error(.badValue, "error", "message", 10, "not valid UTF-8"))
        #expect(frameFailure(rawFrame(7, le16(1) + le32(.max) + [0, 0])) == error(.exceedsLimit, "error", "message", 10, "4294967295 exceeds the limit 65536"))
        #expect(frameFailure(rawFrame(7, le16(1) + le32(9) + [0x61, 0x61])) == error(.truncated, "error", "message", 14, "truncated: needs 9 bytes, 2 remain"))
    }

    // MARK: bitmapShared

    func sharedFrame(width: UInt32, height: UInt32, offset: UInt64, byteCount: UInt64) -> [UInt8] {
        rawFrame(9, le64(2) + le32(width) + le32(height) + le64(offset) + le64(byteCount))
    }

    @Test("bitmapShared: dimensions, byte count and offset")
    func bitmapShared() throws {
        #expect(try WireMessage.decode(frame: sharedFrame(width: 0, height: 0, offset: 0, byteCount: 0)) == .bitmapShared(ImageID(rawValue: 2), width: 0, height: 0, offset: 0, byteCount: 0))
        #expect(frameFailure(sharedFrame(width: 16385, height: 1, offset: 0, byteCount: 65540)) == error(.exceedsLimit, "bitmapShared", "width", 16, "16385 exceeds the limit 16384"))
        #expect(frameFailure(sharedFrame(width: 1, height: .max, offset: 0, byteCount: 4)) == error(.exceedsLimit, "bitmapShared", "height", 20, "4294967295 exceeds the limit 16384"))
        #expect(frameFailure(sharedFrame(width: 2, height: 2, offset: 0, byteCount: 15)) == error(.badValue, "bitmapShared", "byteCount", 32, "must be width × height × 4 = 16, got 15"))
        #expect(frameFailure(sharedFrame(width: 16384, height: 16384, offset: 0, byteCount: 1 << 30)) == error(.exceedsLimit, "bitmapShared", "byteCount", 32, "1073741824 exceeds the limit 268435456"))
        #expect(frameFailure(sharedFrame(width: 1, height: 1, offset: UInt64(Int64.max) - 4, byteCount: 4)) == nil)
        #expect(frameFailure(sharedFrame(width: 1, height: 1, offset: UInt64(Int64.max) - 3, byteCount: 4)) == error(.badValue, "bitmapShared", "offset", 24, "offset 9223372036854775804 + byteCount 4 exceeds 9223372036854775807, the largest file offset"))
    }
}
