import RenderModel

/// The payloads of a commit's animation operations — `addAnimation` (tag 6),
/// `removeAnimation` (7), `removeAllAnimations` (8) — as bytes, and back
/// (every byte in `docs/reference/animations.md`, "On the wire").
///
/// `CommitCodec` writes the tag byte and calls here for the rest. A value's
/// type is the key path's (`AnimationKeyPath.valueKind`), so values carry
/// no kind tag. Decoding (`AnimationCodec+Decode.swift`) refuses, as a
/// `WireError`, every number that is not finite (but an endless
/// `repeatCount`), an unknown tag, a flag other than 0 or 1, counts above
/// `RenderLimits`, and whatever `LayerAnimation.validate()` refuses.
public enum AnimationCodec {
    /// The bytes of a value of `kind`.
    public static func valueSize(_ kind: AnimationValue.Kind) -> Int {
        switch kind {
        case .number: 8
        case .point, .size: 16
        case .rect, .color: 32
        case .transform: 48
        case .bool: 1
        }
    }

    /// The bytes an `addAnimation` payload takes (without its tag).
    public static func encodedSize(key: String?, _ animation: LayerAnimation) -> Int {
        let value = valueSize(animation.keyPath.valueKind)
        var size = 4 + 8 + 1 + (key.map { 4 + $0.utf8.count } ?? 0) + 1 + 1   // layer, animation id, hasKey, key, keyPath, kind
        size += 6 * 8 + 1 + 1 + 3 + 1                                     // timing, flags
        size += animation.timingFunction == nil ? 0 : 32
        switch animation.content {
        case .basic(let basic):
            size += basicSize(basic, value)
        case .spring(let spring):
            size += basicSize(spring.values, value) + 32
        case .keyframe(let keyframe):
            size += 1 + 4 + keyframe.values.count * value + 1
            size += keyframe.keyTimes.map { 4 + 8 * $0.count } ?? 0
            size += 4 + 32 * keyframe.timingFunctions.count
        }
        return size
    }

    private static func basicSize(_ basic: BasicAnimation, _ value: Int) -> Int {
        1 + value * [basic.fromValue, basic.toValue, basic.byValue].filter { $0 != nil }.count
    }

    /// Appends the payload of `addAnimation(id, key, animation)`.
    ///
    /// Traps when the key is longer than `UInt32.max` bytes or a list longer
    /// than `UInt32.max` items — far beyond the limits a decoder accepts.
    public static func writeAdd(_ id: LayerID, key: String?, _ animation: LayerAnimation, to w: inout WireWriter) {
        w.writeU32(id)
        w.writeU64(animation.id)
        w.writeBool(key != nil)
        if let key { w.writeString(key) }
        w.writeU8(WireTag.AnimationKeyPath(animation.keyPath).rawValue)
        w.writeU8(WireTag.AnimationKind(animation.content).rawValue)
        let t = animation.timing
        for number in [t.beginTime, t.duration, t.speed, t.timeOffset, t.repeatCount, t.repeatDuration] {
            w.writeF64(number)
        }
        w.writeBool(t.autoreverses)
        w.writeU8(WireTag.FillMode(t.fillMode).rawValue)
        w.writeBool(animation.isRemovedOnCompletion)
        w.writeBool(animation.isAdditive)
        w.writeBool(animation.isCumulative)
        w.writeBool(animation.timingFunction != nil)
        if let f = animation.timingFunction { write(f, to: &w) }
        switch animation.content {
        case .basic(let basic):
            write(basic, to: &w)
        case .spring(let spring):
            write(spring.values, to: &w)
            for number in [spring.mass, spring.stiffness, spring.damping, spring.initialVelocity] {
                w.writeF64(number)
            }
        case .keyframe(let keyframe):
            w.writeU8(WireTag.CalculationMode(keyframe.calculationMode).rawValue)
            writeCount(keyframe.values.count, to: &w)
            for value in keyframe.values { write(value, to: &w) }
            w.writeBool(keyframe.keyTimes != nil)
            if let keyTimes = keyframe.keyTimes {
                writeCount(keyTimes.count, to: &w)
                for time in keyTimes { w.writeF64(time) }
            }
            writeCount(keyframe.timingFunctions.count, to: &w)
            for f in keyframe.timingFunctions { write(f, to: &w) }
        }
    }

    /// Appends the payload of `removeAnimation(id, key)`.
    public static func writeRemove(_ id: LayerID, key: String, to w: inout WireWriter) {
        w.writeU32(id)
        w.writeString(key)
    }

    private static func writeCount(_ count: Int, to w: inout WireWriter) {
        precondition(count <= UInt32.max, "a list of \(count) items does not fit a u32 count")
        w.writeU32(UInt32(count))
    }

    private static func write(_ f: TimingFunction, to w: inout WireWriter) {
        for number in [f.x1, f.y1, f.x2, f.y2] { w.writeF64(number) }
    }

    /// The presence mask (bit 0 from, bit 1 to, bit 2 by), then the values
    /// that are present, in that order.
    private static func write(_ basic: BasicAnimation, to w: inout WireWriter) {
        let mask = (basic.fromValue == nil ? 0 : 1) | (basic.toValue == nil ? 0 : 2) | (basic.byValue == nil ? 0 : 4)
        w.writeU8(UInt8(mask))
        for value in [basic.fromValue, basic.toValue, basic.byValue] {
            if let value { write(value, to: &w) }
        }
    }

    /// A value's payload (no kind tag: the key path gives the kind).
    static func write(_ value: AnimationValue, to w: inout WireWriter) {
        switch value {
        case .number(let n):
            w.writeF64(n)
        case .point(let p):
            w.writeF64(p.x)
            w.writeF64(p.y)
        case .size(let s):
            w.writeF64(s.width)
            w.writeF64(s.height)
        case .rect(let r):
            for number in [r.origin.x, r.origin.y, r.size.width, r.size.height] { w.writeF64(number) }
        case .color(let c):
            for number in [c.r, c.g, c.b, c.a] { w.writeF64(number) }
        case .transform(let t):
            for number in [t.a, t.b, t.c, t.d, t.tx, t.ty] { w.writeF64(number) }
        case .bool(let b):
            w.writeBool(b)
        }
    }
}
