/// Why an image could not be decoded, and where.
///
/// `offset` is the byte offset in the input of the offending byte (or of the
/// end of the input when it ran out). For the header and for the plain
/// (ASCII) formats' rasters, `line` and `column` (1-based, lines separated by
/// LF, columns counted in bytes) locate it as a text editor would.
///
///     line 2, column 5 (byte 7): maxval 0 out of range 1…65535
///     byte 11: truncated raster: expected 12 bytes, found 7
public struct ImageDecodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The family of problem, for code that reacts to it.
    public enum Kind: String, Hashable, Sendable {
        /// The input does not start with a supported magic number.
        case badMagic
        /// A byte that cannot appear where it was found.
        case unexpectedCharacter
        /// The input ended inside the header.
        case truncatedHeader
        /// The input ended inside the raster.
        case truncatedRaster
        /// A number outside its valid range (maxval, a zero dimension, a
        /// sample above maxval).
        case outOfRange
        /// A dimension or the pixel count above the caller's `ImageLimits`.
        case exceedsLimit
    }

    /// The family of problem.
    public var kind: Kind
    /// Byte offset in the input where the problem is.
    public var offset: Int
    /// 1-based line of `offset`, for textual positions; else nil.
    public var line: Int?
    /// 1-based column (in bytes) of `offset`, for textual positions; else nil.
    public var column: Int?
    /// What was wrong, e.g. `unexpected character 'x' in height`.
    public var message: String

    /// Makes an error; `line` and `column` are given for textual positions.
    public init(kind: Kind, offset: Int, line: Int? = nil, column: Int? = nil, message: String) {
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line L, column C (byte O): message`, or `byte O: message` when the
    /// position is not textual.
    public var description: String {
        if let line, let column {
            return "line \(line), column \(column) (byte \(offset)): \(message)"
        }
        return "byte \(offset): \(message)"
    }

    /// `byte O: not a netpbm image (P1…P6)`: the position and the family of
    /// problem, without a byte of the input or a number read from it. For
    /// messages about files the user may not own (a scenario's `image
    /// file=`): an error must not read a file out (docs/internals/security.md).
    public var summary: String {
        let what = switch kind {
        case .badMagic: "not a netpbm image (P1…P6)"
        case .unexpectedCharacter: "a character that cannot appear there"
        case .truncatedHeader: "the header is cut short"
        case .truncatedRaster: "the pixels are cut short"
        case .outOfRange: "a number out of range"
        case .exceedsLimit: "larger than the image limits"
        }
        return "byte \(offset): \(what)"
    }
}
