/// Why a message read from the wire was refused, and where.
///
/// Names the message (`commit`), the field by its path inside the message
/// (`ops[3].bitmap.width`), the byte offset in the message body where that
/// field starts (or where the input ran out), and the reason.
///
///     commit: ops[3].bitmap.width (byte 42): 100000 exceeds the limit 16384
public struct WireError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The family of problem, for code that reacts to it (and for the error
    /// message a server sends back).
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// The input ends before the field does (or cannot hold the count it
        /// declares).
        case truncated
        /// A count, dimension or length above the reader's `WireLimits`.
        case exceedsLimit
        /// A tag byte (operation, property, value kind, gravity) with no
        /// meaning.
        case badTag
        /// A value its field cannot hold: a bool that is neither 0 nor 1, a
        /// value of the wrong kind for its property, a parent given for a
        /// root, text that is not UTF-8.
        case badValue
        /// Bytes left over after the end of the message.
        case trailingBytes
    }

    /// The family of problem.
    public var kind: Kind
    /// The message being read, e.g. `commit`.
    public var message: String
    /// The field's path inside the message, e.g. `ops[3].bitmap.width`.
    public var field: String
    /// Byte offset in the message body where the field starts, or where the
    /// input ended.
    public var offset: Int
    /// What was wrong, e.g. `100000 exceeds the limit 16384`.
    public var reason: String

    /// Makes an error.
    public init(kind: Kind, message: String, field: String, offset: Int, reason: String) {
        self.kind = kind
        self.message = message
        self.field = field
        self.offset = offset
        self.reason = reason
    }

    /// `message: field (byte offset): reason`.
    public var description: String {
        "\(message): \(field) (byte \(offset)): \(reason)"
    }
}
