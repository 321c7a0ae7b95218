import RenderModel

extension CommitCodec {
    /// The diff in `bytes`, which must be exactly one commit body.
    ///
    /// Every count and dimension is checked against `limits` (and against
    /// the bytes that remain) before anything is allocated; nothing is read
    /// past the end.
    ///
    /// - Throws: `WireError` naming the field (`ops[3].bitmap.width`), its
    ///   offset and the reason, for a body longer than
    ///   `limits.maxMessageBytes`, a truncated field, a count or dimension
    ///   above the limits, an unknown tag, a bool other than 0 or 1, a root
    ///   with a non-zero parent, a value of the wrong kind for its property,
    ///   or bytes after the last op.
    public static func decode(_ bytes: [UInt8], limits: WireLimits = .init()) throws(WireError) -> CommitDiff {
        guard bytes.count <= limits.maxMessageBytes else {
            throw WireError(kind: .exceedsLimit, message: messageName, field: "body", offset: 0, reason: "\(bytes.count) bytes exceed the limit \(limits.maxMessageBytes)")
        }
        var reader = WireReader(bytes, message: messageName, limits: limits)
        let diff = try read(from: &reader)
        try reader.expectEnd("body", after: diff.transactions.isEmpty ? "transactions.count" : "transactions[\(diff.transactions.count - 1)]")
        return diff
    }

    /// Reads one commit body at the reader's offset, leaving the reader
    /// after its last op (the caller checks what follows).
    public static func read(from reader: inout WireReader) throws(WireError) -> CommitDiff {
        let sequence = try reader.readU64("sequence")
        let time = try reader.readI64("time")
        let count = try reader.readCount("ops.count", limit: reader.limits.maxOpsPerCommit, minimumBytes: minimumOpSize)
        var ops: [DiffOp] = []
        ops.reserveCapacity(count)
        for index in 0..<count {
            ops.append(try readOp(index, from: &reader))
        }
        let transactionCount = try reader.readCount("transactions.count", limit: reader.limits.maxTransactionsPerCommit, minimumBytes: 8)
        var transactions: [UInt64] = []
        transactions.reserveCapacity(transactionCount)
        for index in 0..<transactionCount {
            transactions.append(try reader.readU64("transactions[\(index)]"))
        }
        return CommitDiff(sequence: sequence, time: time, ops: ops, transactions: transactions)
    }

    /// Reads op number `i` (for field paths `ops[i]…`).
    static func readOp(_ i: Int, from r: inout WireReader) throws(WireError) -> DiffOp {
        let tagOffset = r.offset
        let rawTag = try r.readU8("ops[\(i)].tag")
        guard let tag = WireTag.Op(rawValue: rawTag) else {
            throw r.error(.badTag, "ops[\(i)].tag", at: tagOffset, "unknown operation tag \(rawTag)")
        }
        switch tag {
        case .create:
            return .create(try r.readU32("ops[\(i)].create.id"))
        case .remove:
            return .remove(try r.readU32("ops[\(i)].remove.id"))
        case .move:
            let id = try r.readU32("ops[\(i)].move.id")
            let hasParent = try r.readBool("ops[\(i)].move.hasParent")
            let parentOffset = r.offset
            let parent = try r.readU32("ops[\(i)].move.parent")
            if !hasParent && parent != 0 {
                throw r.error(.badValue, "ops[\(i)].move.parent", at: parentOffset, "must be 0 when hasParent is 0, got \(parent)")
            }
            let index = try r.readU32("ops[\(i)].move.index")
            return .move(id, parent: hasParent ? parent : nil, index: index)
        case .set:
            let id = try r.readU32("ops[\(i)].set.id")
            let propertyOffset = r.offset
            let rawProperty = try r.readU8("ops[\(i)].set.property")
            guard let property = LayerProperty(rawValue: rawProperty) else {
                throw r.error(.badTag, "ops[\(i)].set.property", at: propertyOffset, "unknown property tag \(rawProperty)")
            }
            return .set(id, property, try readValue(for: property, i, from: &r))
        case .bitmap:
            let image = ImageID(rawValue: try r.readU64("ops[\(i)].bitmap.image"))
            let width = try r.readBoundedU32("ops[\(i)].bitmap.width", limit: r.limits.maxBitmapWidth)
            let height = try r.readBoundedU32("ops[\(i)].bitmap.height", limit: r.limits.maxBitmapHeight)
            let (area, o1) = width.multipliedReportingOverflow(by: height)
            let (byteCount, o2) = area.multipliedReportingOverflow(by: 4)
            guard !o1, !o2, byteCount <= r.limits.maxBitmapBytes else {
                throw r.error(.exceedsLimit, "ops[\(i)].bitmap.pixels", "\(width)×\(height) pixels need \(o1 || o2 ? "more than \(Int.max)" : "\(byteCount)") bytes, above the limit \(r.limits.maxBitmapBytes)")
            }
            let pixels = try r.readRaw(count: byteCount, "ops[\(i)].bitmap.pixels")
            return .bitmap(image, Bitmap(width: width, height: height, pixels: pixels))
        case .addAnimation:
            return try AnimationCodec.readAdd("ops[\(i)].addAnimation", start: tagOffset, from: &r)
        case .removeAnimation:
            return try AnimationCodec.readRemove("ops[\(i)].removeAnimation", from: &r)
        case .removeAllAnimations:
            return .removeAllAnimations(try r.readU32("ops[\(i)].removeAllAnimations.id"))
        case .timing:
            let id = try r.readU32("ops[\(i)].timing.id")
            let speed = try AnimationCodec.readFinite("ops[\(i)].timing.speed", from: &r)
            let offset = try AnimationCodec.readFinite("ops[\(i)].timing.timeOffset", from: &r)
            let begin = try AnimationCodec.readFinite("ops[\(i)].timing.beginTime", from: &r)
            return .timing(id, speed: speed, timeOffset: offset, beginTime: begin)
        }
    }

    /// Reads the value of a `set` of `property` in op `i`; its kind must be
    /// the property's (or null, where the property allows it).
    static func readValue(for property: LayerProperty, _ i: Int, from r: inout WireReader) throws(WireError) -> PropertyValue {
        let kindOffset = r.offset
        let rawKind = try r.readU8("ops[\(i)].set.value")
        guard let kind = WireTag.ValueKind(rawValue: rawKind) else {
            throw r.error(.badTag, "ops[\(i)].set.value", at: kindOffset, "unknown value kind tag \(rawKind)")
        }
        guard kind.kind == property.valueKind || (kind == .null && property.isOptional) else {
            throw r.error(.badValue, "ops[\(i)].set.value", at: kindOffset, LayerPropertyError(property: property, found: kind.kind).description)
        }
        switch kind {
        case .rect:
            let x = try r.readF64("ops[\(i)].set.value.x")
            let y = try r.readF64("ops[\(i)].set.value.y")
            let width = try r.readF64("ops[\(i)].set.value.width")
            let height = try r.readF64("ops[\(i)].set.value.height")
            return .rect(Rect(x: x, y: y, width: width, height: height))
        case .point:
            let x = try r.readF64("ops[\(i)].set.value.x")
            let y = try r.readF64("ops[\(i)].set.value.y")
            return .point(Point(x: x, y: y))
        case .transform:
            let a = try r.readF64("ops[\(i)].set.value.a")
            let b = try r.readF64("ops[\(i)].set.value.b")
            let c = try r.readF64("ops[\(i)].set.value.c")
            let d = try r.readF64("ops[\(i)].set.value.d")
            let tx = try r.readF64("ops[\(i)].set.value.tx")
            let ty = try r.readF64("ops[\(i)].set.value.ty")
            return .transform(Transform2D(a: a, b: b, c: c, d: d, tx: tx, ty: ty))
        case .number:
            return .number(try r.readF64("ops[\(i)].set.value.number"))
        case .bool:
            return .bool(try r.readBool("ops[\(i)].set.value.bool"))
        case .color:
            let red = try r.readF64("ops[\(i)].set.value.r")
            let green = try r.readF64("ops[\(i)].set.value.g")
            let blue = try r.readF64("ops[\(i)].set.value.b")
            let alpha = try r.readF64("ops[\(i)].set.value.a")
            return .color(RGBA(r: red, g: green, b: blue, a: alpha))
        case .image:
            return .image(ImageID(rawValue: try r.readU64("ops[\(i)].set.value.image")))
        case .gravity:
            let gravityOffset = r.offset
            let rawGravity = try r.readU8("ops[\(i)].set.value.gravity")
            guard let gravity = WireTag.Gravity(rawValue: rawGravity)?.gravity else {
                throw r.error(.badTag, "ops[\(i)].set.value.gravity", at: gravityOffset, "unknown gravity tag \(rawGravity)")
            }
            return .gravity(gravity)
        case .null:
            return .null
        }
    }
}
