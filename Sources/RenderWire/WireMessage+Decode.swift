import RenderModel

extension WireMessage {
    /// The message in `frame`, which must be exactly one frame (header,
    /// payload, padding).
    ///
    /// Every length, count and dimension is checked against `limits` (and
    /// against the bytes that remain) before anything is allocated.
    ///
    /// - Throws: `WireError` naming the message and field with its offset
    ///   in the frame: `frame: length` (below 8, not a multiple of 4, above
    ///   the limit), `frame: type`, `vsync: flags`, `hello: magic`,
    ///   `hello: version`, `presented: firstVisible.count`,
    ///   `commit: ops[3].bitmap.width`, `error: padding`, …; or
    ///   `<message>: length` when the frame holds fewer or more bytes than
    ///   its length field says.
    public static func decode(frame: [UInt8], limits: WireLimits = .init()) throws(WireError) -> WireMessage {
        guard let header = try FrameHeader.check(frame, limits: limits) else {
            // Fewer than 8 bytes: name the header field that is missing.
            var reader = WireReader(frame, message: "frame", limits: limits)
            _ = try reader.readU32("length")
            _ = try reader.readU16("type")
            _ = try reader.readU16("flags")
            preconditionFailure("a header of \(frame.count) bytes was both complete and incomplete")
        }
        guard frame.count >= header.length else {
            throw WireError(kind: .truncated, message: header.type.name, field: "length", offset: frame.count, reason: "truncated: the frame declares \(header.length) bytes, \(frame.count) are present")
        }
        guard frame.count == header.length else {
            let extra = frame.count - header.length
            throw WireError(kind: .trailingBytes, message: header.type.name, field: "length", offset: header.length, reason: "\(extra) \(extra == 1 ? "byte follows" : "bytes follow") the \(header.length)-byte frame")
        }
        return try decodePayload(of: header.type, frame: frame, limits: limits)
    }

    /// Decodes the payload of a frame of `type` whose header (already
    /// checked) is `frame`'s first 8 bytes. Offsets in errors count from
    /// the frame's first byte. On a frame cut short, the error names the
    /// field where the bytes ran out.
    static func decodePayload(of type: WireTag.Message, frame: [UInt8], limits: WireLimits) throws(WireError) -> WireMessage {
        var r = WireReader(frame, message: type.name, limits: limits)
        _ = try r.readU64("header")
        let message: WireMessage
        let last: String
        switch type {
        case .hello:
            let hello = try readHello(&r)
            message = .hello(hello)
            last = hello.probes.isEmpty ? "probes.count" : "probes[\(hello.probes.count - 1)].y"
        case .welcome:
            let version = try readVersion(&r)
            let pid = try r.readU32("serverPID")
            message = .welcome(version: version, serverPID: pid)
            last = "serverPID"
        case .commit, .snapshot:
            let diff = try CommitCodec.read(from: &r)
            message = type == .commit ? .commit(diff) : .snapshot(diff)
            last = diff.transactions.isEmpty ? "transactions.count" : "transactions[\(diff.transactions.count - 1)]"
        case .vsync:
            let index = try r.readU64("index")
            let time = try r.readI64("time")
            message = .vsync(index: index, time: time)
            last = "time"
        case .presented:
            let presented = try readPresented(&r)
            message = .presented(presented)
            last = presented.ended.isEmpty ? "ended.count" : "ended[\(presented.ended.count - 1)]"
        case .error:
            let code = try r.readU16("code")
            let text = try r.readString("message")
            message = .error(code: code, message: text)
            last = "message"
        case .goodbye:
            message = .goodbye
            last = "the header"
        case .bitmapShared:
            message = try readBitmapShared(&r)
            last = "byteCount"
        case .sync:
            message = .sync(token: try r.readU64("token"))
            last = "token"
        case .applied:
            let token = try r.readU64("token")
            let sequence = try r.readU64("sequence")
            let decode = try r.readU64("decodeNanoseconds")
            let apply = try r.readU64("applyNanoseconds")
            message = .applied(.init(token: token, sequence: sequence, decodeNanoseconds: decode, applyNanoseconds: apply))
            last = "applyNanoseconds"
        }
        try r.readPadding(after: last)
        return message
    }

    /// `version`: a `u16` that must be `WireProtocol.version`.
    static func readVersion(_ r: inout WireReader) throws(WireError) -> UInt16 {
        let start = r.offset
        let version = try r.readU16("version")
        guard version == WireProtocol.version else {
            throw r.error(.badValue, "version", at: start, "unsupported protocol version \(version); this side speaks \(WireProtocol.version)")
        }
        return version
    }

    /// A `u32` dimension or rate in `1...limit`.
    static func readPositive(_ field: String, limit: Int, _ r: inout WireReader) throws(WireError) -> UInt32 {
        let start = r.offset
        let value = try r.readBoundedU32(field, limit: limit)
        guard value > 0 else {
            throw r.error(.badValue, field, at: start, "must be at least 1, got 0")
        }
        return UInt32(value)
    }

    static func readHello(_ r: inout WireReader) throws(WireError) -> Hello {
        let magicStart = r.offset
        let magic = try r.readRaw(count: WireProtocol.magic.count, "magic")
        guard magic == WireProtocol.magic else {
            throw r.error(.badValue, "magic", at: magicStart, "expected 4c 53 49 4d (\"LSIM\"), got \(hexBytes(magic))")
        }
        let version = try readVersion(&r)
        let width = try readPositive("width", limit: r.limits.maxBitmapWidth, &r)
        let heightStart = r.offset
        let height = try readPositive("height", limit: r.limits.maxBitmapHeight, &r)
        let (area, o1) = Int(width).multipliedReportingOverflow(by: Int(height))
        let (byteCount, o2) = area.multipliedReportingOverflow(by: 4)
        guard !o1, !o2, byteCount <= r.limits.maxBitmapBytes else {
            throw r.error(.exceedsLimit, "height", at: heightStart, "a \(width)×\(height) display needs \(o1 || o2 ? "more than \(Int.max)" : "\(byteCount)") bytes of pixels, above the limit \(r.limits.maxBitmapBytes)")
        }
        let refreshHz = try readPositive("refreshHz", limit: r.limits.maxRefreshHz, &r)
        let red = try r.readU8("background.r")
        let green = try r.readU8("background.g")
        let blue = try r.readU8("background.b")
        let alpha = try r.readU8("background.a")
        let folderStart = r.offset
        let folder = try r.readString("outputFolder", limit: r.limits.maxPathBytes)
        guard !folder.utf8.contains(0) else {
            throw r.error(.badValue, "outputFolder", at: folderStart, "contains a NUL byte")
        }
        let costStart = r.offset
        let renderCost = try r.readI64("renderCost")
        guard renderCost >= 0, renderCost <= Hello.maxRenderCost else {
            throw r.error(.badValue, "renderCost", at: costStart, "must be 0 to \(Hello.maxRenderCost) ns, got \(renderCost)")
        }
        let rasterStart = r.offset
        let raster = try r.readI64("rasterCost")
        guard raster >= 0, raster <= CostRate.max.picoseconds else {
            throw r.error(.badValue, "rasterCost", at: rasterStart, "must be 0 to \(CostRate.max.picoseconds) ps per pixel (60 s), got \(raster)")
        }
        let count = try r.readCount("probes.count", limit: r.limits.maxPixelProbes, minimumBytes: 8)
        var probes: [Hello.Probe] = []
        probes.reserveCapacity(count)
        for i in 0..<count {
            let xStart = r.offset
            let x = try r.readU32("probes[\(i)].x")
            guard x < width else { throw r.error(.badValue, "probes[\(i)].x", at: xStart, "\(x) is outside the \(width)-pixel-wide display") }
            let yStart = r.offset
            let y = try r.readU32("probes[\(i)].y")
            guard y < height else { throw r.error(.badValue, "probes[\(i)].y", at: yStart, "\(y) is outside the \(height)-pixel-high display") }
            probes.append(Hello.Probe(x: x, y: y))
        }
        return Hello(version: version, width: width, height: height, refreshHz: refreshHz, background: RGBA8(r: red, g: green, b: blue, a: alpha), outputFolder: folder, renderCost: renderCost, rasterCost: CostRate(picoseconds: raster), probes: probes)
    }

    static func readPresented(_ r: inout WireReader) throws(WireError) -> Presented {
        let frame = try r.readU64("frame")
        let onScreenTime = try r.readI64("onScreenTime")
        let frameHash = try r.readU64("frameHash")
        let x = try r.readU32("damage.x")
        let y = try r.readU32("damage.y")
        let widthStart = r.offset
        let width = try r.readU32("damage.width")
        guard x.addingReportingOverflow(width).overflow == false else {
            throw r.error(.badValue, "damage.width", at: widthStart, "x \(x) + width \(width) exceeds \(UInt32.max)")
        }
        let heightStart = r.offset
        let height = try r.readU32("damage.height")
        guard y.addingReportingOverflow(height).overflow == false else {
            throw r.error(.badValue, "damage.height", at: heightStart, "y \(y) + height \(height) exceeds \(UInt32.max)")
        }
        let nextFrameTime = try r.readI64("nextFrameTime")
        let count = try r.readCount("firstVisible.count", limit: r.limits.maxFirstVisible, minimumBytes: 8)
        var firstVisible: [UInt64] = []
        firstVisible.reserveCapacity(count)
        for i in 0..<count {
            let start = r.offset
            let sequence = try r.readU64("firstVisible[\(i)]")
            if let previous = firstVisible.last, sequence <= previous {
                throw r.error(.badValue, "firstVisible[\(i)]", at: start, "sequences must increase: \(sequence) follows \(previous)")
            }
            firstVisible.append(sequence)
        }
        let durationStart = r.offset
        let renderDuration = try r.readI64("renderDuration")
        guard renderDuration >= 0 else {
            throw r.error(.badValue, "renderDuration", at: durationStart, "must not be negative, got \(renderDuration)")
        }
        let probeCount = try r.readCount("probeColors.count", limit: r.limits.maxPixelProbes, minimumBytes: 4)
        var colors: [RGBA8] = []
        colors.reserveCapacity(probeCount)
        for i in 0..<probeCount {
            let bytes = try r.readRaw(count: 4, "probeColors[\(i)]")
            colors.append(RGBA8(r: bytes[0], g: bytes[1], b: bytes[2], a: bytes[3]))
        }
        let began = try readAnimationIDs("began", &r)
        let ended = try readAnimationIDs("ended", &r)
        return Presented(frame: frame, onScreenTime: onScreenTime, frameHash: frameHash, damage: Damage(x: x, y: y, width: width, height: height), firstVisible: firstVisible, nextFrameTime: nextFrameTime,
                         renderDuration: renderDuration, probeColors: colors, began: began, ended: ended)
    }

    /// A `u32` count (at most `maxAnimationReports`) and that many `u64`
    /// animation ids.
    static func readAnimationIDs(_ field: String, _ r: inout WireReader) throws(WireError) -> [UInt64] {
        let count = try r.readCount("\(field).count", limit: r.limits.maxAnimationReports, minimumBytes: 8)
        var ids: [UInt64] = []
        ids.reserveCapacity(count)
        for i in 0..<count { ids.append(try r.readU64("\(field)[\(i)]")) }
        return ids
    }

    static func readBitmapShared(_ r: inout WireReader) throws(WireError) -> WireMessage {
        let image = ImageID(rawValue: try r.readU64("image"))
        let width = try r.readBoundedU32("width", limit: r.limits.maxBitmapWidth)
        let height = try r.readBoundedU32("height", limit: r.limits.maxBitmapHeight)
        let offsetStart = r.offset
        let offset = try r.readU64("offset")
        let countStart = r.offset
        let byteCount = try r.readU64("byteCount")
        guard byteCount <= UInt64(max(r.limits.maxBitmapBytes, 0)) else {
            throw r.error(.exceedsLimit, "byteCount", at: countStart, "\(byteCount) exceeds the limit \(r.limits.maxBitmapBytes)")
        }
        // Both dimensions are bounded: their product fits in 64 bits.
        let expected = UInt64(width) * UInt64(height) * 4
        guard byteCount == expected else {
            throw r.error(.badValue, "byteCount", at: countStart, "must be width × height × 4 = \(expected), got \(byteCount)")
        }
        guard offset <= UInt64(Int64.max) - byteCount else {
            throw r.error(.badValue, "offset", at: offsetStart, "offset \(offset) + byteCount \(byteCount) exceeds \(Int64.max), the largest file offset")
        }
        return .bitmapShared(image, width: UInt32(width), height: UInt32(height), offset: offset, byteCount: byteCount)
    }

    /// `4c 53 …`, for error reasons.
    static func hexBytes(_ bytes: [UInt8]) -> String {
        bytes.map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined(separator: " ")
    }
}

extension WireReader {
    /// Reads the zero bytes that end a payload: exactly as many as reach the
    /// next multiple of 4. More is `trailingBytes` (field `body`, after
    /// `last`), a non-zero one is `badValue` (field `padding`), too few is
    /// `truncated`.
    mutating func readPadding(after last: @autoclosure () -> String) throws(WireError) {
        let padding = WireProtocol.padding(after: offset)
        guard remaining <= padding else {
            let extra = remaining - padding
            throw error(.trailingBytes, "body", "\(extra) trailing \(extra == 1 ? "byte" : "bytes") after \(last())\(padding == 0 ? "" : " and its \(padding) padding \(padding == 1 ? "byte" : "bytes")")")
        }
        for _ in 0..<padding {
            let start = offset
            let byte = try readU8("padding")
            guard byte == 0 else {
                throw error(.badValue, "padding", at: start, "must be 0, got \(byte)")
            }
        }
    }
}
