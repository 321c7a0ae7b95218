/// The constants of the framed protocol (`docs/reference/wire-protocol.md`).
///
/// Every message travels as one frame: a `u32` length (of the whole frame,
/// header included), a `u16` message type (`WireTag.Message`), a `u16` of
/// flags (0), then the payload, followed by zero bytes up to the next
/// multiple of 4.
public enum WireProtocol {
    /// The protocol version this code speaks, carried by `hello` and
    /// `welcome`. A peer speaking another version is refused at the
    /// `version` field.
    public static let version: UInt16 = 5

    /// The first four payload bytes of `hello`: `LSIM` in ASCII.
    public static let magic: [UInt8] = [0x4C, 0x53, 0x49, 0x4D]

    /// The bytes of the frame header: length, type, flags.
    public static let headerSize = 8

    /// Frames are a multiple of this many bytes; payloads are padded with
    /// zeros at their end to reach it.
    public static let alignment = 4

    /// The zero bytes that follow a payload ending at `offset` (counted from
    /// the frame's first byte or the payload's — the header is 8 bytes, so
    /// both give the same answer): 0 to 3.
    public static func padding(after offset: Int) -> Int {
        (alignment - offset % alignment) % alignment
    }

    /// `size` rounded up to a multiple of 4.
    public static func padded(_ size: Int) -> Int {
        size + padding(after: size)
    }
}

extension WireTag {
    /// The `type` field of a frame: which message it carries.
    ///
    /// Pinned like every other tag: never renumber; no type is 0.
    public enum Message: UInt16, CaseIterable, Sendable {
        case hello = 1
        case welcome = 2
        case commit = 3
        case snapshot = 4
        case vsync = 5
        case presented = 6
        case error = 7
        case goodbye = 8
        case bitmapShared = 9
        case sync = 10
        case applied = 11

        /// The message's name in `WireError`s and in the documentation.
        public var name: String {
            switch self {
            case .hello: "hello"
            case .welcome: "welcome"
            case .commit: "commit"
            case .snapshot: "snapshot"
            case .vsync: "vsync"
            case .presented: "presented"
            case .error: "error"
            case .goodbye: "goodbye"
            case .bitmapShared: "bitmapShared"
            case .sync: "sync"
            case .applied: "applied"
            }
        }

        /// The payload bytes before any variable part: the whole payload of
        /// a fixed-size message, and the least a variable one can take.
        public var fixedPayloadSize: Int {
            switch self {
            case .hello: 46
            case .welcome: 6
            case .commit, .snapshot: CommitCodec.minimumSize
            case .vsync: 16
            case .presented: 72
            case .error: 6
            case .goodbye: 0
            case .bitmapShared: 32
            case .sync: 8
            case .applied: 32
            }
        }

        /// Whether every frame of this type has the same length.
        public var isFixedSize: Bool {
            switch self {
            case .welcome, .vsync, .goodbye, .bitmapShared, .sync, .applied: true
            case .hello, .commit, .snapshot, .presented, .error: false
            }
        }

        /// The shortest frame of this type: header, fixed payload, padding.
        public var minimumFrameLength: Int {
            WireProtocol.headerSize + WireProtocol.padded(fixedPayloadSize)
        }

        /// The longest frame of this type that `limits` allow (header and
        /// padding included; `Int.max` for `commit` and `snapshot`, which
        /// only `limits.maxMessageBytes` bounds). A header declaring a length
        /// outside `minimumFrameLength...maximumFrameLength(limits:)` is
        /// refused as soon as it arrives, so a `goodbye` claiming 500 MiB
        /// costs 8 bytes, not 500 MiB of buffering.
        public func maximumFrameLength(limits: WireLimits) -> Int {
            let variable: Int
            switch self {
            case .welcome, .vsync, .goodbye, .bitmapShared, .sync, .applied:
                return minimumFrameLength
            case .commit, .snapshot:
                return Int.max
            case .hello:
                let (probes, overflow) = max(limits.maxPixelProbes, 0).multipliedReportingOverflow(by: 8)
                variable = overflow || probes > Int.max / 2 ? Int.max : max(limits.maxPathBytes, 0) + probes
            case .error:
                variable = max(limits.maxStringBytes, 0)
            case .presented:
                let (bytes, overflow) = max(limits.maxFirstVisible, 0).multipliedReportingOverflow(by: 8)
                let (probes, overflow2) = max(limits.maxPixelProbes, 0).multipliedReportingOverflow(by: 4)
                let (reports, overflow3) = max(limits.maxAnimationReports, 0).multipliedReportingOverflow(by: 16)
                variable = overflow || overflow2 || overflow3 || bytes > Int.max / 2 || probes > Int.max / 2 || reports > Int.max / 4
                    ? Int.max : bytes + probes + reports
            }
            // Saturating: limits near Int.max mean "no bound" here.
            guard variable <= Int.max / 2 else { return Int.max }
            return WireProtocol.headerSize + WireProtocol.padded(fixedPayloadSize + variable)
        }
    }
}
