import RenderModel
import RenderWire
import Testing

/// Bad bodies are refused with an error naming the message, the field, its
/// offset and the reason — never a trap, never an allocation past the limits.
@Suite struct CommitCodecErrorTests {
    func error(_ kind: WireError.Kind, _ field: String, _ offset: Int, _ reason: String) -> WireError {
        WireError(kind: kind, message: "commit", field: field, offset: offset, reason: reason)
    }

    /// A body with one op: `tag` then `payload`.
    func oneOp(_ tag: UInt8, _ payload: [UInt8]) -> [UInt8] {
        header(count: 1) + [tag] + payload
    }

    @Test("every proper prefix of a valid body is refused as truncated")
    func everyTruncation() {
        var generator = DiffGenerator(seed: 0x7A11)
        var diffs = [CommitCodecTests.example]
        for _ in 0..<30 { diffs.append(generator.diff()) }
        var prefixes = 0
        for diff in diffs {
            let encoded = CommitCodec.encode(diff)
            for length in 0..<encoded.count {
                let prefix = Array(encoded.prefix(length))
                guard let failure = decodeFailure(prefix) else {
                    Issue.record("a \(length)-byte prefix of a \(encoded.count)-byte body decoded")
                    continue
                }
                prefixes += 1
                if failure.kind != .truncated || failure.message != "commit" || failure.offset > length || failure.field.isEmpty {
                    Issue.record("prefix \(length) of \(encoded.count): \(failure)")
                }
            }
        }
        #expect(prefixes > 2000)
    }

    @Test("a few truncations name the field that ran out")
    func truncationFields() {
        let encoded = CommitCodec.encode(CommitCodecTests.example)
        #expect(decodeFailure([]) == error(.truncated, "sequence", 0, "truncated: needs 8 bytes, 0 remain"))
        #expect(decodeFailure(Array(encoded.prefix(12))) == error(.truncated, "time", 8, "truncated: needs 8 bytes, 4 remain"))
        #expect(decodeFailure(Array(encoded.prefix(19))) == error(.truncated, "ops.count", 16, "truncated: needs 4 bytes, 3 remain"))
        // 15 ops need at least 75 bytes.
        #expect(decodeFailure(Array(encoded.prefix(60))) == error(.truncated, "ops.count", 16, "truncated: 15 items need at least 75 bytes, 40 remain"))
        #expect(decodeFailure(Array(encoded.prefix(286))) == error(.truncated, "ops[13].bitmap.pixels", 284, "truncated: needs 4 bytes, 2 remain"))
        #expect(decodeFailure(Array(encoded.prefix(288))) == error(.truncated, "ops[14].tag", 288, "truncated: needs 1 byte, 0 remain"))
        #expect(decodeFailure(Array(encoded.prefix(290))) == error(.truncated, "ops[14].remove.id", 289, "truncated: needs 4 bytes, 1 remains"))
        #expect(decodeFailure(Array(encoded.prefix(293))) == error(.truncated, "transactions.count", 293, "truncated: needs 4 bytes, 0 remain"))
        #expect(decodeFailure(Array(encoded.prefix(300))) == error(.truncated, "transactions.count", 293, "truncated: 1 items need at least 8 bytes, 3 remain"))
    }

    @Test("a header claiming 4 billion ops is refused at the count")
    func hugeOpCount() {
        #expect(decodeFailure(header(count: .max)) == error(.exceedsLimit, "ops.count", 16, "4294967295 exceeds the limit 1000000"))
        #expect(decodeFailure(header(count: 1_000_001))?.kind == .exceedsLimit)
        // At the limit, but the body cannot hold that many ops: refused before reserving room.
        #expect(decodeFailure(header(count: 1_000_000)) == error(.truncated, "ops.count", 16, "truncated: 1000000 items need at least 5000000 bytes, 0 remain"))
    }

    @Test("a 100000 × 100000 bitmap is refused at its width, before any pixel memory")
    func hugeBitmap() {
        let image = le64(1)
        #expect(decodeFailure(oneOp(5, image + le32(100_000) + le32(100_000)))
            == error(.exceedsLimit, "ops[0].bitmap.width", 29, "100000 exceeds the limit 16384"))
        #expect(decodeFailure(oneOp(5, image + le32(16384) + le32(100_000)))
            == error(.exceedsLimit, "ops[0].bitmap.height", 33, "100000 exceeds the limit 16384"))
        #expect(decodeFailure(oneOp(5, image + le32(16384) + le32(16384)))
            == error(.exceedsLimit, "ops[0].bitmap.pixels", 37, "16384×16384 pixels need 1073741824 bytes, above the limit 268435456"))
        // 256 MiB exactly is allowed, but the body holds 3 of those bytes.
        #expect(decodeFailure(oneOp(5, image + le32(8192) + le32(8192) + [1, 2, 3]))
            == error(.truncated, "ops[0].bitmap.pixels", 37, "truncated: needs 268435456 bytes, 3 remain"))
    }

    @Test("every limit holds at its value and refuses one more")
    func limitBoundaries() throws {
        let ops = header(count: 2) + [1] + le32(1) + [1] + le32(2) + le32(0)
        #expect(decodeFailure(ops, limits: WireLimits(maxOpsPerCommit: 2)) == nil)
        #expect(decodeFailure(ops, limits: WireLimits(maxOpsPerCommit: 1)) == error(.exceedsLimit, "ops.count", 16, "2 exceeds the limit 1"))

        func bitmap(_ w: UInt32, _ h: UInt32) -> [UInt8] {
            oneOp(5, le64(9) + le32(w) + le32(h) + [UInt8](repeating: 0xAA, count: Int(w * h * 4))) + le32(0)
        }
        let limits = WireLimits(maxBitmapWidth: 4, maxBitmapHeight: 5, maxBitmapBytes: 64)
        #expect(decodeFailure(bitmap(4, 4), limits: limits) == nil)
        #expect(decodeFailure(bitmap(5, 1), limits: limits) == error(.exceedsLimit, "ops[0].bitmap.width", 29, "5 exceeds the limit 4"))
        #expect(decodeFailure(bitmap(1, 6), limits: limits) == error(.exceedsLimit, "ops[0].bitmap.height", 33, "6 exceeds the limit 5"))
        #expect(decodeFailure(bitmap(4, 5), limits: limits) == error(.exceedsLimit, "ops[0].bitmap.pixels", 37, "4×5 pixels need 80 bytes, above the limit 64"))
        #expect(decodeFailure(bitmap(0, 5), limits: limits) == nil)

        let encoded = CommitCodec.encode(CommitCodecTests.example)
        #expect(decodeFailure(encoded, limits: WireLimits(maxMessageBytes: 305)) == nil)
        #expect(decodeFailure(encoded, limits: WireLimits(maxMessageBytes: 304)) == error(.exceedsLimit, "body", 0, "305 bytes exceed the limit 304"))
        #expect(decodeFailure(encoded, limits: WireLimits(maxTransactionsPerCommit: 1)) == nil)
        #expect(decodeFailure(encoded, limits: WireLimits(maxTransactionsPerCommit: 0)) == error(.exceedsLimit, "transactions.count", 293, "1 exceeds the limit 0"))
        // A later op is named by its index.
        #expect(decodeFailure(encoded, limits: WireLimits(maxBitmapWidth: 0)) == error(.exceedsLimit, "ops[13].bitmap.width", 276, "1 exceeds the limit 0"))
    }

    @Test("unknown tags are refused where they stand", arguments: [0, 10, 0x7F, 0xFF] as [UInt8])
    func badOpTag(tag: UInt8) {
        #expect(decodeFailure(oneOp(tag, le32(1))) == error(.badTag, "ops[0].tag", 20, "unknown operation tag \(tag)"))
    }

    @Test("unknown property, value kind and gravity tags are refused")
    func badInnerTags() {
        for tag: UInt8 in [0, UInt8(LayerProperty.allCases.count + 1), 0xFF] {
            #expect(decodeFailure(oneOp(4, le32(1) + [tag, 4] + le64(0))) == error(.badTag, "ops[0].set.property", 25, "unknown property tag \(tag)"))
        }
        for tag: UInt8 in [0, 10, 0xFF] {
            #expect(decodeFailure(oneOp(4, le32(1) + [7, tag] + le64(0))) == error(.badTag, "ops[0].set.value", 26, "unknown value kind tag \(tag)"))
        }
        for tag: UInt8 in [0, 13, 0xFF] {
            #expect(decodeFailure(oneOp(4, le32(1) + [15, 8, tag])) == error(.badTag, "ops[0].set.value.gravity", 27, "unknown gravity tag \(tag)"))
        }
    }

    @Test("bools are 0 or 1, and a root's parent is 0")
    func badValues() {
        #expect(decodeFailure(oneOp(3, le32(1) + [2] + le32(0) + le32(0))) == error(.badValue, "ops[0].move.hasParent", 25, "a bool must be 0 or 1, got 2"))
        #expect(decodeFailure(oneOp(3, le32(1) + [0] + le32(5) + le32(0))) == error(.badValue, "ops[0].move.parent", 26, "must be 0 when hasParent is 0, got 5"))
        #expect(decodeFailure(oneOp(4, le32(1) + [8, 5, 2])) == error(.badValue, "ops[0].set.value.bool", 27, "a bool must be 0 or 1, got 2"))
        #expect(decodeFailure(oneOp(3, le32(1) + [1] + le32(0) + le32(0)) + le32(0)) == nil)
    }

    @Test("a value of the wrong kind for its property is refused, naming the field")
    func wrongKind() throws {
        let diff = CommitDiff(sequence: 0, time: 0, ops: [.create(1), .set(1, .opacity, .color(RGBA(r: 1, g: 0, b: 0)))])
        #expect(decodeFailure(CommitCodec.encode(diff)) == error(.badValue, "ops[1].set.value", 31, "property 'opacity' [opacity] expects a number, got a color"))
        let null = CommitDiff(sequence: 0, time: 0, ops: [.set(1, .borderColor, .null)])
        #expect(decodeFailure(CommitCodec.encode(null)) == error(.badValue, "ops[0].set.value", 26, "property 'borderColor' [borderColor] expects a color, got null"))

        // Every property against every kind: accepted exactly when the model accepts it.
        for property in LayerProperty.allCases {
            for kind in WireTag.ValueKind.allCases {
                let payload = kind == .gravity ? [WireTag.Gravity.resize.rawValue] : [UInt8](repeating: 0, count: kind.payloadSize)
                let body = oneOp(4, le32(1) + [property.wireTag, kind.rawValue] + payload) + le32(0)
                let allowed = kind.kind == property.valueKind || (kind == .null && property.isOptional)
                let failure = decodeFailure(body)
                if allowed {
                    #expect(failure == nil, "\(property) \(kind)")
                    var state = LayerState()
                    let decoded = try CommitCodec.decode(body)
                    guard case .set(_, _, let value) = decoded.ops[0] else { Issue.record("not a set"); continue }
                    #expect(throws: Never.self) { try state.setValue(value, for: property) }
                } else {
                    #expect(failure == error(.badValue, "ops[0].set.value", 26, LayerPropertyError(property: property, found: kind.kind).description), "\(property) \(kind)")
                }
            }
        }
    }

    @Test("bytes after the transaction ids are refused")
    func trailingGarbage() {
        let encoded = CommitCodec.encode(CommitCodecTests.example)
        #expect(decodeFailure(encoded + [0]) == error(.trailingBytes, "body", 305, "1 trailing byte after transactions[0]"))
        #expect(decodeFailure(encoded + CommitCodec.encode(CommitCodecTests.example))?.kind == .trailingBytes)
        #expect(decodeFailure(header(count: 0) + le32(0) + [1, 2, 3]) == error(.trailingBytes, "body", 24, "3 trailing bytes after transactions.count"))
    }
}
