/// The 8-byte header in front of every payload: `length` u32 (of the whole
/// frame), `type` u16, `flags` u16.
///
/// Checked field by field as the bytes arrive, so a stream fails at the
/// first impossible value: a length below 8, not a multiple of 4 or above
/// `WireLimits.maxMessageBytes`, an unknown type, a length outside what the
/// type allows (`WireTag.Message.minimumFrameLength` …
/// `maximumFrameLength(limits:)`), or non-zero flags.
public struct FrameHeader: Hashable, Sendable {
    /// The whole frame's length in bytes, header and padding included.
    public var length: Int
    /// The message type.
    public var type: WireTag.Message

    /// A header (no checks: use `check(_:limits:)` on bytes from the wire).
    public init(length: Int, type: WireTag.Message) {
        self.length = length
        self.type = type
    }

    /// Checks the header fields that `bytes` holds (its first 4 bytes hold
    /// `length`, the next 2 `type`, the next 2 `flags`), and returns the
    /// header once all 8 bytes are there; nil while some are missing.
    ///
    /// - Throws: `WireError` naming `frame: length` or `frame: type` while
    ///   the type is unknown, then the message (`vsync: length`,
    ///   `vsync: flags`), with the field's offset in the frame.
    public static func check(_ bytes: [UInt8], limits: WireLimits = .init()) throws(WireError) -> FrameHeader? {
        guard bytes.count >= 4 else { return nil }
        let rawLength = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        let length = Int(rawLength)
        func frameError(_ kind: WireError.Kind, _ field: String, _ offset: Int, _ reason: String) -> WireError {
            WireError(kind: kind, message: "frame", field: field, offset: offset, reason: reason)
        }
        guard length >= WireProtocol.headerSize else {
            throw frameError(.badValue, "length", 0, "\(length) is below the \(WireProtocol.headerSize)-byte header")
        }
        guard length % WireProtocol.alignment == 0 else {
            throw frameError(.badValue, "length", 0, "\(length) is not a multiple of \(WireProtocol.alignment)")
        }
        guard length <= limits.maxMessageBytes else {
            throw frameError(.exceedsLimit, "length", 0, "\(length) exceeds the limit \(limits.maxMessageBytes)")
        }

        guard bytes.count >= 6 else { return nil }
        let rawType = UInt16(bytes[4]) | UInt16(bytes[5]) << 8
        guard let type = WireTag.Message(rawValue: rawType) else {
            throw frameError(.badTag, "type", 4, "unknown message type \(rawType)")
        }
        let lowest = type.minimumFrameLength
        let highest = type.maximumFrameLength(limits: limits)
        guard length >= lowest else {
            throw WireError(kind: .truncated, message: type.name, field: "length", offset: 0, reason: type.isFixedSize
                ? "a \(type.name) frame is exactly \(lowest) bytes, the length says \(length)"
                : "a \(type.name) frame is at least \(lowest) bytes, the length says \(length)")
        }
        guard length <= highest else {
            throw WireError(kind: .exceedsLimit, message: type.name, field: "length", offset: 0, reason: type.isFixedSize
                ? "a \(type.name) frame is exactly \(lowest) bytes, the length says \(length)"
                : "a \(type.name) frame is at most \(highest) bytes under these limits, the length says \(length)")
        }

        guard bytes.count >= 8 else { return nil }
        let flags = UInt16(bytes[6]) | UInt16(bytes[7]) << 8
        guard flags == 0 else {
            throw WireError(kind: .badValue, message: type.name, field: "flags", offset: 6, reason: "reserved, must be 0, got \(flags)")
        }
        return FrameHeader(length: length, type: type)
    }
}
