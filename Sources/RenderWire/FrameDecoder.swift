/// Turns a byte stream, fed in chunks of any size, into messages.
///
///     var decoder = FrameDecoder()
///     decoder.feed(bytesFromTheSocket)          // any split, 1 byte is fine
///     while let message = try decoder.next() { … }
///     try decoder.finish()                      // at end of stream
///
/// Buffering is bounded: the decoder keeps at most the one frame being
/// assembled, and never more of it than has arrived nor more than its
/// checked length (at most `WireLimits.maxMessageBytes`). Each frame is
/// decoded as soon as its last byte arrives; `next()` hands the messages
/// out in order.
///
/// The header is checked field by field as it arrives, so an impossible
/// length or type fails at once rather than waiting for bytes that will
/// never come. The first bad frame stops the stream: the messages before it
/// are still handed out, then `next()` throws its `WireError` (every time it
/// is called), and later bytes are ignored — the answer is an `error`
/// message and a clean close, since a stream cannot be resynchronized after
/// a bad length.
public struct FrameDecoder: Sendable {
    /// The bounds every frame is checked against.
    public let limits: WireLimits

    /// The frame being assembled, header included.
    private var frame: [UInt8] = []
    /// Its header once all 8 bytes have arrived and passed the checks.
    private var header: FrameHeader?
    /// Decoded messages not yet handed out: `ready[readyIndex...]`.
    private var ready: [WireMessage] = []
    private var readyIndex = 0
    /// The error that stopped the stream.
    private var failure: WireError?

    /// Bytes accepted so far (bytes fed after a failure are not counted).
    public private(set) var bytesConsumed = 0
    /// Frames decoded so far.
    public private(set) var framesDecoded = 0

    /// A decoder checking against `limits`.
    public init(limits: WireLimits = .init()) {
        self.limits = limits
    }

    /// The bytes of the partial frame held (never more than one frame).
    public var bufferedByteCount: Int { frame.count }

    /// Whether the stream stands between two frames with nothing buffered
    /// and no failure: a good place for it to end.
    public var isAtFrameBoundary: Bool { frame.isEmpty && failure == nil }

    /// Messages decoded but not yet returned by `next()`.
    public var pendingMessageCount: Int { ready.count - readyIndex }

    /// The error that stopped the stream, if any.
    public var error: WireError? { failure }

    /// Feeds the next bytes of the stream.
    public mutating func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { feed($0) }
    }

    /// Feeds the next bytes of the stream.
    public mutating func feed(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { feed($0) }
    }

    /// Feeds the next bytes of the stream (a socket read's buffer).
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        while index < bytes.count, failure == nil {
            let wanted = (header?.length ?? WireProtocol.headerSize) - frame.count
            let take = min(wanted, bytes.count - index)
            grow(by: take)
            frame.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<(index + take)]))
            index += take
            bytesConsumed += take
            if header == nil {
                do {
                    header = try FrameHeader.check(frame, limits: limits)
                } catch {
                    fail(error)
                    return
                }
            }
            if let header, frame.count == header.length {
                completeFrame(header)
            }
        }
    }

    /// The next decoded message; nil when the bytes fed so far hold no
    /// further complete frame.
    ///
    /// - Throws: the `WireError` of the first bad frame, once the messages
    ///   before it have been returned (and on every call after).
    public mutating func next() throws(WireError) -> WireMessage? {
        if readyIndex < ready.count {
            let message = ready[readyIndex]
            readyIndex += 1
            if readyIndex == ready.count {
                ready.removeAll(keepingCapacity: true)
                readyIndex = 0
            }
            return message
        }
        if let failure {
            throw failure
        }
        return nil
    }

    /// Says the stream has ended: throws when it stopped with an error or
    /// inside a frame (naming the field where the bytes ran out, e.g.
    /// `vsync: time (byte 16): truncated: …`).
    public func finish() throws(WireError) {
        if let failure {
            throw failure
        }
        guard !frame.isEmpty else { return }
        guard let header else {
            var reader = WireReader(frame, message: "frame", limits: limits)
            _ = try reader.readU32("length")
            _ = try reader.readU16("type")
            _ = try reader.readU16("flags")
            throw reader.error(.truncated, "flags", "truncated: the stream ended inside the header")
        }
        // Decoding the partial frame names the field the bytes ran out in.
        _ = try WireMessage.decodePayload(of: header.type, frame: frame, limits: limits)
        throw WireError(kind: .truncated, message: header.type.name, field: "length", offset: frame.count, reason: "truncated: the stream ended \(frame.count) bytes into a \(header.length)-byte frame")
    }

    /// Every message of a whole stream, which must end at a frame boundary.
    public static func decodeAll(_ stream: [UInt8], limits: WireLimits = .init()) throws(WireError) -> [WireMessage] {
        var decoder = FrameDecoder(limits: limits)
        decoder.feed(stream)
        var messages: [WireMessage] = []
        while let message = try decoder.next() {
            messages.append(message)
        }
        try decoder.finish()
        return messages
    }

    /// Makes room for `count` more bytes of the current frame without ever
    /// reserving beyond its declared length (or the header before that).
    private mutating func grow(by count: Int) {
        let needed = frame.count + count
        guard frame.capacity < needed else { return }
        let cap = header?.length ?? WireProtocol.headerSize
        frame.reserveCapacity(min(cap, max(needed, frame.capacity * 2)))
    }

    private mutating func completeFrame(_ header: FrameHeader) {
        let bytes = frame
        frame = []
        self.header = nil
        do {
            ready.append(try WireMessage.decodePayload(of: header.type, frame: bytes, limits: limits))
            framesDecoded += 1
        } catch {
            fail(error)
        }
    }

    private mutating func fail(_ error: WireError) {
        failure = error
        frame = []
        header = nil
    }
}
