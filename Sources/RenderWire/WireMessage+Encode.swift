import RenderModel

extension WireMessage {
    /// This message as one frame: header, payload, zero padding.
    ///
    /// Deterministic, and written as the message says without checking it
    /// against `WireLimits` (a decoder refuses what is out of bounds, naming
    /// the field). Traps when the frame would not fit a `u32` length (4 GiB
    /// and more) — far beyond any limits.
    public func encode() -> [UInt8] {
        var writer = WireWriter(capacity: encodedSize)
        encode(to: &writer)
        return writer.bytes
    }

    /// Appends this message's frame to `writer` (several frames in one
    /// buffer make one `write`).
    public func encode(to writer: inout WireWriter) {
        let payload = payloadSize
        let length = WireProtocol.headerSize + WireProtocol.padded(payload)
        precondition(length <= Int(UInt32.max), "a \(tag.name) frame of \(length) bytes does not fit a u32 length")
        writer.reserve(length)
        let start = writer.count
        writer.writeU32(UInt32(length))
        writer.writeU16(tag.rawValue)
        writer.writeU16(0)
        writePayload(to: &writer)
        for _ in 0..<WireProtocol.padding(after: payload) {
            writer.writeU8(0)
        }
        assert(writer.count - start == length, "\(tag.name): wrote \(writer.count - start) bytes, expected \(length)")
    }

    /// The exact number of bytes `encode()` returns.
    public var encodedSize: Int {
        WireProtocol.headerSize + WireProtocol.padded(payloadSize)
    }

    /// The payload bytes, without header and padding.
    var payloadSize: Int {
        switch self {
        case .hello(let hello): tag.fixedPayloadSize + hello.outputFolder.utf8.count + 8 * hello.probes.count
        case .commit(let diff), .snapshot(let diff): CommitCodec.encodedSize(of: diff)
        case .presented(let presented): tag.fixedPayloadSize + 8 * presented.firstVisible.count + 4 * presented.probeColors.count + 8 * (presented.began.count + presented.ended.count)
        case .error(_, let message): tag.fixedPayloadSize + message.utf8.count
        case .welcome, .vsync, .goodbye, .bitmapShared, .sync, .applied: tag.fixedPayloadSize
        }
    }

    /// Appends the payload fields, in the order of `docs/reference/wire-protocol.md`.
    func writePayload(to writer: inout WireWriter) {
        switch self {
        case .hello(let hello):
            writer.writeRaw(WireProtocol.magic)
            writer.writeU16(hello.version)
            writer.writeU32(hello.width)
            writer.writeU32(hello.height)
            writer.writeU32(hello.refreshHz)
            writer.writeU8(hello.background.r)
            writer.writeU8(hello.background.g)
            writer.writeU8(hello.background.b)
            writer.writeU8(hello.background.a)
            writer.writeString(hello.outputFolder)
            writer.writeI64(hello.renderCost)
            writer.writeI64(hello.rasterCost.picoseconds)
            writer.writeU32(UInt32(hello.probes.count))
            for probe in hello.probes {
                writer.writeU32(probe.x)
                writer.writeU32(probe.y)
            }
        case .welcome(let version, let pid):
            writer.writeU16(version)
            writer.writeU32(pid)
        case .commit(let diff), .snapshot(let diff):
            CommitCodec.write(diff, to: &writer)
        case .vsync(let index, let time):
            writer.writeU64(index)
            writer.writeI64(time)
        case .presented(let p):
            precondition(p.firstVisible.count <= UInt32.max, "\(p.firstVisible.count) first-visible sequences do not fit a u32 count")
            writer.writeU64(p.frame)
            writer.writeI64(p.onScreenTime)
            writer.writeU64(p.frameHash)
            writer.writeU32(p.damage.x)
            writer.writeU32(p.damage.y)
            writer.writeU32(p.damage.width)
            writer.writeU32(p.damage.height)
            writer.writeI64(p.nextFrameTime)
            writer.writeU32(UInt32(p.firstVisible.count))
            for sequence in p.firstVisible {
                writer.writeU64(sequence)
            }
            writer.writeI64(p.renderDuration)
            writer.writeU32(UInt32(p.probeColors.count))
            for c in p.probeColors {
                writer.writeU8(c.r)
                writer.writeU8(c.g)
                writer.writeU8(c.b)
                writer.writeU8(c.a)
            }
            for list in [p.began, p.ended] {
                precondition(list.count <= UInt32.max, "\(list.count) animation reports do not fit a u32 count")
                writer.writeU32(UInt32(list.count))
                for id in list { writer.writeU64(id) }
            }
        case .error(let code, let message):
            writer.writeU16(code)
            writer.writeString(message)
        case .goodbye:
            break
        case .bitmapShared(let image, let width, let height, let offset, let byteCount):
            writer.writeU64(image.rawValue)
            writer.writeU32(width)
            writer.writeU32(height)
            writer.writeU64(offset)
            writer.writeU64(byteCount)
        case .sync(let token):
            writer.writeU64(token)
        case .applied(let a):
            writer.writeU64(a.token)
            writer.writeU64(a.sequence)
            writer.writeU64(a.decodeNanoseconds)
            writer.writeU64(a.applyNanoseconds)
        }
    }
}
