extension WireError.Kind {
    /// The `code` of the `error` message that answers a refused message:
    /// truncated 1, exceedsLimit 2, badTag 3, badValue 4, trailingBytes 5.
    /// Codes 6…255 are reserved for later kinds; 256 and above for the
    /// server's own failures (issue 4 defines them).
    public var code: UInt16 {
        switch self {
        case .truncated: 1
        case .exceedsLimit: 2
        case .badTag: 3
        case .badValue: 4
        case .trailingBytes: 5
        }
    }

    /// The kind whose `code` is `code`, if any.
    public init?(code: UInt16) {
        guard let kind = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = kind
    }
}

extension WireMessage {
    /// The most UTF-8 bytes `refusal(_:)` puts in its text.
    public static let maxRefusalBytes = 1024

    /// The `error` message that answers a refused message: the kind's code
    /// and the error's description (cut to `maxRefusalBytes` at a character
    /// boundary), e.g. `error(code: 4, message: "hello: magic (byte 8): …")`.
    public static func refusal(_ error: WireError) -> WireMessage {
        var text = ""
        var bytes = 0
        for character in error.description {
            let size = character.utf8.count
            guard bytes + size <= maxRefusalBytes else { break }
            text.append(character)
            bytes += size
        }
        return .error(code: error.kind.code, message: text)
    }
}
