import RenderModel

extension AnimationCodec {
    /// Reads an `addAnimation` payload; `field` is the op's path
    /// (`ops[3].addAnimation`), `start` the offset of its tag.
    public static func readAdd(_ field: String, start: Int, from r: inout WireReader) throws(WireError) -> DiffOp {
        let id = try r.readU32("\(field).id")
        let animationID = try r.readU64("\(field).animationID")
        let hasKey = try r.readBool("\(field).hasKey")
        let key = hasKey ? try readKey("\(field).key", from: &r) : nil
        let keyPathOffset = r.offset
        let rawKeyPath = try r.readU8("\(field).keyPath")
        guard let keyPath = WireTag.AnimationKeyPath(rawValue: rawKeyPath)?.keyPath else {
            throw r.error(.badTag, "\(field).keyPath", at: keyPathOffset, "unknown animation key path tag \(rawKeyPath)")
        }
        let kindOffset = r.offset
        let rawKind = try r.readU8("\(field).kind")
        guard let kind = WireTag.AnimationKind(rawValue: rawKind) else {
            throw r.error(.badTag, "\(field).kind", at: kindOffset, "unknown animation kind tag \(rawKind)")
        }
        var timing = MediaTiming()
        timing.beginTime = try readFinite("\(field).timing.beginTime", from: &r)
        timing.duration = try readFinite("\(field).timing.duration", from: &r)
        timing.speed = try readFinite("\(field).timing.speed", from: &r)
        timing.timeOffset = try readFinite("\(field).timing.timeOffset", from: &r)
        timing.repeatCount = try readFinite("\(field).timing.repeatCount", allowingInfinity: true, from: &r)
        timing.repeatDuration = try readFinite("\(field).timing.repeatDuration", from: &r)
        timing.autoreverses = try r.readBool("\(field).timing.autoreverses")
        let fillOffset = r.offset
        let rawFill = try r.readU8("\(field).timing.fillMode")
        guard let fill = WireTag.FillMode(rawValue: rawFill)?.mode else {
            throw r.error(.badTag, "\(field).timing.fillMode", at: fillOffset, "unknown fill mode tag \(rawFill)")
        }
        timing.fillMode = fill
        let removed = try r.readBool("\(field).isRemovedOnCompletion")
        let additive = try r.readBool("\(field).isAdditive")
        let cumulative = try r.readBool("\(field).isCumulative")
        let hasFunction = try r.readBool("\(field).hasTimingFunction")
        let function = hasFunction ? try readFunction("\(field).timingFunction", from: &r) : nil
        let valueKind = keyPath.valueKind
        let content: LayerAnimation.Content
        switch kind {
        case .basic:
            content = .basic(try readBasic("\(field).basic", valueKind, from: &r))
        case .spring:
            let values = try readBasic("\(field).spring", valueKind, from: &r)
            let mass = try readFinite("\(field).spring.mass", from: &r)
            let stiffness = try readFinite("\(field).spring.stiffness", from: &r)
            let damping = try readFinite("\(field).spring.damping", from: &r)
            let velocity = try readFinite("\(field).spring.initialVelocity", from: &r)
            content = .spring(SpringAnimation(values, mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity))
        case .keyframe:
            content = .keyframe(try readKeyframe("\(field).keyframe", valueKind, from: &r))
        }
        var animation = LayerAnimation(keyPath, content, timingFunction: function, isRemovedOnCompletion: removed, isAdditive: additive, isCumulative: cumulative)
        animation.timing = timing
        animation.id = animationID
        do {
            try animation.validate()
        } catch {
            throw r.error(.badValue, "\(field).\(error.field)", at: start, error.reason)
        }
        return .addAnimation(id, key: key, animation)
    }

    /// Reads a `removeAnimation` payload.
    public static func readRemove(_ field: String, from r: inout WireReader) throws(WireError) -> DiffOp {
        let id = try r.readU32("\(field).id")
        return .removeAnimation(id, key: try readKey("\(field).key", from: &r))
    }

    private static func readKey(_ field: String, from r: inout WireReader) throws(WireError) -> String {
        try r.readString(field, limit: RenderLimits.maxAnimationKeyBytes)
    }

    /// An `f64` that must be finite (or +∞ where `allowingInfinity`).
    static func readFinite(_ field: String, allowingInfinity: Bool = false, from r: inout WireReader) throws(WireError) -> Double {
        let offset = r.offset
        let value = try r.readF64(field)
        guard value.isFinite || (allowingInfinity && value == .infinity) else {
            throw r.error(.badValue, field, at: offset, "\(value) is not a finite number")
        }
        return value
    }

    private static func readFunction(_ field: String, from r: inout WireReader) throws(WireError) -> TimingFunction {
        let x1 = try readFinite("\(field).x1", from: &r)
        let y1 = try readFinite("\(field).y1", from: &r)
        let x2 = try readFinite("\(field).x2", from: &r)
        let y2 = try readFinite("\(field).y2", from: &r)
        return TimingFunction(x1: x1, y1: y1, x2: x2, y2: y2)
    }

    private static func readBasic(_ field: String, _ kind: AnimationValue.Kind, from r: inout WireReader) throws(WireError) -> BasicAnimation {
        let maskOffset = r.offset
        let mask = try r.readU8("\(field).mask")
        guard mask & ~7 == 0 else {
            throw r.error(.badValue, "\(field).mask", at: maskOffset, "only bits 0 (from), 1 (to) and 2 (by) may be set, got \(mask)")
        }
        var basic = BasicAnimation()
        if mask & 1 != 0 { basic.fromValue = try readValue("\(field).fromValue", kind, from: &r) }
        if mask & 2 != 0 { basic.toValue = try readValue("\(field).toValue", kind, from: &r) }
        if mask & 4 != 0 { basic.byValue = try readValue("\(field).byValue", kind, from: &r) }
        return basic
    }

    private static func readKeyframe(_ field: String, _ kind: AnimationValue.Kind, from r: inout WireReader) throws(WireError) -> KeyframeAnimation {
        let modeOffset = r.offset
        let rawMode = try r.readU8("\(field).calculationMode")
        guard let mode = WireTag.CalculationMode(rawValue: rawMode)?.mode else {
            throw r.error(.badTag, "\(field).calculationMode", at: modeOffset, "unknown calculation mode tag \(rawMode)")
        }
        let count = try r.readCount("\(field).values.count", limit: RenderLimits.maxKeyframes, minimumBytes: valueSize(kind))
        var values: [AnimationValue] = []
        values.reserveCapacity(count)
        for i in 0..<count { values.append(try readValue("\(field).values[\(i)]", kind, from: &r)) }
        var keyTimes: [Double]? = nil
        if try r.readBool("\(field).hasKeyTimes") {
            let timeCount = try r.readCount("\(field).keyTimes.count", limit: RenderLimits.maxKeyframes + 1, minimumBytes: 8)
            var times: [Double] = []
            times.reserveCapacity(timeCount)
            for i in 0..<timeCount { times.append(try readFinite("\(field).keyTimes[\(i)]", from: &r)) }
            keyTimes = times
        }
        let functionCount = try r.readCount("\(field).timingFunctions.count", limit: RenderLimits.maxKeyframes, minimumBytes: 32)
        var functions: [TimingFunction] = []
        functions.reserveCapacity(functionCount)
        for i in 0..<functionCount { functions.append(try readFunction("\(field).timingFunctions[\(i)]", from: &r)) }
        return KeyframeAnimation(values: values, keyTimes: keyTimes, timingFunctions: functions, calculationMode: mode)
    }

    /// A value of `kind`: every number finite.
    static func readValue(_ field: String, _ kind: AnimationValue.Kind, from r: inout WireReader) throws(WireError) -> AnimationValue {
        switch kind {
        case .number:
            return .number(try readFinite(field, from: &r))
        case .point:
            let x = try readFinite("\(field).x", from: &r)
            return .point(Point(x: x, y: try readFinite("\(field).y", from: &r)))
        case .size:
            let width = try readFinite("\(field).width", from: &r)
            return .size(Size(width: width, height: try readFinite("\(field).height", from: &r)))
        case .rect:
            let x = try readFinite("\(field).x", from: &r)
            let y = try readFinite("\(field).y", from: &r)
            let width = try readFinite("\(field).width", from: &r)
            let height = try readFinite("\(field).height", from: &r)
            return .rect(Rect(x: x, y: y, width: width, height: height))
        case .color:
            let red = try readFinite("\(field).r", from: &r)
            let green = try readFinite("\(field).g", from: &r)
            let blue = try readFinite("\(field).b", from: &r)
            let alpha = try readFinite("\(field).a", from: &r)
            return .color(RGBA(r: red, g: green, b: blue, a: alpha))
        case .transform:
            let a = try readFinite("\(field).a", from: &r)
            let b = try readFinite("\(field).b", from: &r)
            let c = try readFinite("\(field).c", from: &r)
            let d = try readFinite("\(field).d", from: &r)
            let tx = try readFinite("\(field).tx", from: &r)
            let ty = try readFinite("\(field).ty", from: &r)
            return .transform(Transform2D(a: a, b: b, c: c, d: d, tx: tx, ty: ty))
        case .bool:
            return .bool(try r.readBool(field))
        }
    }
}
