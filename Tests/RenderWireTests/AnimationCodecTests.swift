import Foundation
import RenderModel
import RenderWire
import Testing

/// Animations in a commit: `addAnimation` (6), `removeAnimation` (7),
/// `removeAllAnimations` (8) — their bytes, round trips and refusals
/// (`docs/reference/animations.md`, "On the wire").
@Suite struct AnimationCodecTests {
    /// opacity from 0 to 1 over 0.25 s, every other field at its default.
    static let fade = LayerAnimation(.opacity, .basic(BasicAnimation(from: .number(0), to: .number(1))))

    func body(_ ops: [DiffOp]) -> [UInt8] {
        CommitCodec.encode(CommitDiff(sequence: 0, time: 0, ops: ops))
    }

    func error(_ kind: WireError.Kind, _ field: String, _ offset: Int, _ reason: String) -> WireError {
        WireError(kind: kind, message: "commit", field: field, offset: offset, reason: reason)
    }

    /// `bytes` with `patch` written at `offset`.
    func patched(_ bytes: [UInt8], at offset: Int, _ patch: [UInt8]) -> [UInt8] {
        var out = bytes
        out.replaceSubrange(offset..<(offset + patch.count), with: patch)
        return out
    }

    @Test("an addAnimation is the documented bytes")
    func addBytes() {
        let op = DiffOp.addAnimation(3, key: "f", Self.fade)
        let expected = bytes(hex: """
            06 03000000 0000000000000000 01 01000000 66 0d 01
            0000000000000000 000000000000d03f 000000000000f03f 0000000000000000 0000000000000000 0000000000000000
            00 01 01 00 00 00
            03 0000000000000000 000000000000f03f
            """)
        #expect(expected.count == 92)
        #expect(CommitCodec.encodedSize(of: op) == 92)
        #expect(Array(body([op])[20..<112]) == expected)
    }

    @Test("removeAnimation and removeAllAnimations are the documented bytes")
    func removeBytes() {
        #expect(Array(body([.removeAnimation(7, key: "ab")])[20...]) == bytes(hex: "07 07000000 02000000 6162 00000000"))
        #expect(Array(body([.removeAllAnimations(7)])[20...]) == bytes(hex: "08 07000000 00000000"))
        #expect(CommitCodec.encodedSize(of: .removeAnimation(7, key: "ab")) == 11)
        #expect(CommitCodec.encodedSize(of: .removeAllAnimations(7)) == 5)
    }

    @Test("every kind, key path, fill and calculation mode round-trips, byte for byte")
    func roundTrips() throws {
        var generator = DiffGenerator(seed: 0xA11)
        var ops: [DiffOp] = []
        for _ in 0..<300 {
            ops.append(.addAnimation(UInt32(ops.count), key: generator.animationKey(), generator.animation()))
        }
        ops.append(.removeAnimation(1, key: ""))
        ops.append(.removeAnimation(1, key: String(repeating: "é", count: 128)))
        ops.append(.removeAllAnimations(LayerID.max))
        let diff = CommitDiff(sequence: 9, time: -4, ops: ops, transactions: [1])
        let encoded = CommitCodec.encode(diff)
        #expect(encoded.count == CommitCodec.encodedSize(of: diff))
        let decoded = try CommitCodec.decode(encoded)
        #expect(decoded == diff)
        #expect(CommitCodec.encode(decoded) == encoded)
        var keyPaths = Set<AnimationKeyPath>(), kinds = Set<WireTag.AnimationKind>()
        for case let .addAnimation(_, _, animation) in ops {
            keyPaths.insert(animation.keyPath)
            kinds.insert(WireTag.AnimationKind(animation.content))
        }
        #expect(keyPaths == Set(AnimationKeyPath.allCases))
        #expect(kinds == Set(WireTag.AnimationKind.allCases))
    }

    @Test("a commit without animations is the same bytes as before animations existed")
    func noAnimationsNoChange() {
        let diff = CommitDiff(sequence: 1, time: 2, ops: [.create(1), .set(1, .opacity, .number(0.5)), .move(1, parent: 0, index: 0)])
        #expect(hex(CommitCodec.encode(diff)) == hex(bytes(hex: """
            0100000000000000 0200000000000000 03000000
            01 01000000
            04 01000000 07 04 000000000000e03f
            03 01000000 01 00000000 00000000
            00000000
            """)))
    }

    @Test("numbers that are not finite are refused where they stand")
    func notFinite() {
        let valid = body([.addAnimation(3, key: "f", Self.fade)])
        #expect(decodeFailure(valid) == nil)
        let nan = le64(Double.nan.bitPattern), inf = le64(Double.infinity.bitPattern)
        #expect(decodeFailure(patched(valid, at: 49, nan)) == error(.badValue, "ops[0].addAnimation.timing.duration", 49, "nan is not a finite number"))
        #expect(decodeFailure(patched(valid, at: 41, inf)) == error(.badValue, "ops[0].addAnimation.timing.beginTime", 41, "inf is not a finite number"))
        #expect(decodeFailure(patched(valid, at: 104, inf)) == error(.badValue, "ops[0].addAnimation.basic.toValue", 104, "inf is not a finite number"))
        // An endless repeatCount is +∞; −∞ and NaN are not.
        #expect(decodeFailure(patched(valid, at: 73, inf)) == nil)
        #expect(decodeFailure(patched(valid, at: 73, le64((-Double.infinity).bitPattern)))?.field == "ops[0].addAnimation.timing.repeatCount")
        #expect(decodeFailure(patched(valid, at: 73, nan))?.kind == .badValue)
    }

    @Test("unknown key paths, kinds, fill modes, flags and masks are refused")
    func badTags() {
        let valid = body([.addAnimation(3, key: "f", Self.fade)])
        for tag: UInt8 in [0, 26, 0xFF] {
            #expect(decodeFailure(patched(valid, at: 39, [tag])) == error(.badTag, "ops[0].addAnimation.keyPath", 39, "unknown animation key path tag \(tag)"))
        }
        #expect(decodeFailure(patched(valid, at: 40, [4])) == error(.badTag, "ops[0].addAnimation.kind", 40, "unknown animation kind tag 4"))
        #expect(decodeFailure(patched(valid, at: 90, [5])) == error(.badTag, "ops[0].addAnimation.timing.fillMode", 90, "unknown fill mode tag 5"))
        #expect(decodeFailure(patched(valid, at: 92, [2])) == error(.badValue, "ops[0].addAnimation.isAdditive", 92, "a bool must be 0 or 1, got 2"))
        #expect(decodeFailure(patched(valid, at: 95, [8])) == error(.badValue, "ops[0].addAnimation.basic.mask", 95, "only bits 0 (from), 1 (to) and 2 (by) may be set, got 8"))
    }

    @Test("what validation refuses is refused on the wire, at the op")
    func validation() {
        let valid = body([.addAnimation(3, key: "f", Self.fade)])
        #expect(decodeFailure(patched(valid, at: 49, le64(0.0.bitPattern))) == error(.badValue, "ops[0].addAnimation.timing.duration", 20, "must be a positive finite number, got 0.0"))
        var bad = Self.fade
        bad.timingFunction = TimingFunction(x1: 2, y1: 0, x2: 0.5, y2: 1)
        #expect(decodeFailure(body([.addAnimation(3, key: nil, bad)]))?.field == "ops[0].addAnimation.timingFunction")
        let unsorted = LayerAnimation(.positionX, .keyframe(KeyframeAnimation(values: [.number(0), .number(1), .number(2)], keyTimes: [0, 0.7, 0.5])))
        #expect(decodeFailure(body([.addAnimation(3, key: nil, unsorted)])) == error(.badValue, "ops[0].addAnimation.keyframe.keyTimes", 20, "key time 2 (0.5) is before key time 1 (0.7)"))
        let spring = LayerAnimation(.opacity, .spring(SpringAnimation(mass: 0)))
        #expect(decodeFailure(body([.addAnimation(3, key: nil, spring)]))?.field == "ops[0].addAnimation.spring.mass")
        let hiddenBy = LayerAnimation(.hidden, .basic(BasicAnimation(by: .bool(true))))
        #expect(decodeFailure(body([.addAnimation(3, key: nil, hiddenBy)]))?.field == "ops[0].addAnimation.basic.byValue")
    }

    @Test("absurd counts and keys are refused before anything is allocated")
    func limits() {
        let long = String(repeating: "k", count: RenderLimits.maxAnimationKeyBytes + 1)
        #expect(decodeFailure(body([.removeAnimation(1, key: long)])) == error(.exceedsLimit, "ops[0].removeAnimation.key", 25, "257 exceeds the limit 256"))
        #expect(decodeFailure(body([.addAnimation(1, key: long, Self.fade)])) == error(.exceedsLimit, "ops[0].addAnimation.key", 34, "257 exceeds the limit 256"))
        // A keyframe animation with no key: the value count is at byte 91.
        let keyframes = LayerAnimation(.opacity, .keyframe(KeyframeAnimation(values: [.number(0), .number(1)])))
        let valid = body([.addAnimation(1, key: nil, keyframes)])
        #expect(decodeFailure(valid) == nil)
        #expect(Array(valid[91..<95]) == le32(2))
        #expect(decodeFailure(patched(valid, at: 91, le32(4097))) == error(.exceedsLimit, "ops[0].addAnimation.keyframe.values.count", 91, "4097 exceeds the limit 4096"))
        #expect(decodeFailure(patched(valid, at: 91, le32(4096)))?.kind == .truncated)
        #expect(decodeFailure(patched(valid, at: 91, le32(UInt32.max)))?.kind == .exceedsLimit)
        let tooMany = KeyframeAnimation(values: Array(repeating: .number(0), count: RenderLimits.maxKeyframes + 1))
        #expect(decodeFailure(body([.addAnimation(1, key: nil, LayerAnimation(.opacity, .keyframe(tooMany)))]))?.kind == .exceedsLimit)
    }

    @Test("the commit fuzzer's animation seed decodes, applies and evaluates (Tests/Fuzz/corpus/commit/animations-1.bin)")
    func fuzzSeed() throws {
        let root = String(#filePath).components(separatedBy: "/Tests/RenderWireTests/")[0]
        let data = try #require(FileManager.default.contents(atPath: root + "/Tests/Fuzz/corpus/commit/animations-1.bin"))
        let diff = try CommitCodec.decode(Array(data))
        #expect(diff.ops.map { WireTag.Op($0).rawValue } == [1, 3, 6, 6, 6, 7, 8])
        // Version 4: each addAnimation carries its animation id.
        #expect(diff.ops.compactMap { op -> UInt64? in if case .addAnimation(_, _, let a) = op { a.id } else { nil } } == [1, 2, 3])
        var tree = LayerTree()
        try tree.apply(CommitDiff(sequence: diff.sequence, time: diff.time, ops: Array(diff.ops.dropLast())))
        #expect(tree.animations(of: 1).count == 2)          // "f" removed; the keyframes and "s" stay
        #expect(tree.animations(of: 1).keys == ["s"])
        let model = try #require(tree.state(of: 1))
        // The discrete rotation keyframes [0, 1, 3] at [0, 0.25, 0.75, 1], eased by
        // `default`: at 0.5 s the eased progress is 0.802403, so the value is 3.
        let state = tree.animations(of: 1).presentation(of: model, atLocalTime: 0.5)
        #expect(abs(state.transform.decomposed.angle - 3) < 1e-12)
        try tree.apply(CommitDiff(sequence: 2, time: 0, ops: [diff.ops.last!]))
        #expect(tree.animations(of: 1).isEmpty)
    }
}
