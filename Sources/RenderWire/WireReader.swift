/// Reads protocol fields from a message body, the mirror of `WireWriter`,
/// without ever reading past the end.
///
/// Every read names its field (an autoclosure, so the path is only built
/// when something is wrong) and throws a `WireError` carrying the message
/// name, that field, the offset where it starts and the reason. Lengths and
/// counts are checked against `limits` and against the bytes that remain
/// before anything is allocated.
///
///     var r = WireReader([0x04, 0x03, 0x02, 0x01], message: "demo")
///     try r.readU32("value")   // 0x01020304
///     try r.readU8("more")     // throws: demo: more (byte 4): truncated: …
public struct WireReader: Sendable {
    /// The whole message body.
    public let bytes: [UInt8]
    /// The name errors give for the message, e.g. `commit`.
    public let message: String
    /// The bounds counts and lengths are checked against.
    public let limits: WireLimits
    /// The offset of the next byte to read.
    public private(set) var offset: Int = 0

    /// A reader at the start of `bytes`.
    public init(_ bytes: [UInt8], message: String, limits: WireLimits = .init()) {
        self.bytes = bytes
        self.message = message
        self.limits = limits
    }

    /// The number of bytes not yet read.
    public var remaining: Int { bytes.count - offset }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset == bytes.count }

    /// An error of this message about `field` at `offset` (by default the
    /// current one).
    public func error(_ kind: WireError.Kind, _ field: String, at offset: Int? = nil, _ reason: String) -> WireError {
        WireError(kind: kind, message: message, field: field, offset: offset ?? self.offset, reason: reason)
    }

    /// Checks that `count` more bytes remain, else throws `truncated`.
    public func require(_ count: Int, _ field: @autoclosure () -> String) throws(WireError) {
        guard count <= remaining else {
            throw error(.truncated, field(), "truncated: needs \(count) \(count == 1 ? "byte" : "bytes"), \(remaining) \(remaining == 1 ? "remains" : "remain")")
        }
    }

    /// The next `width` bytes as a little-endian integer.
    private mutating func readLittleEndian(_ width: Int, _ field: @autoclosure () -> String) throws(WireError) -> UInt64 {
        try require(width, field())
        var value: UInt64 = 0
        for i in 0..<width {
            value |= UInt64(bytes[offset + i]) << UInt64(8 * i)
        }
        offset += width
        return value
    }

    /// One byte.
    public mutating func readU8(_ field: @autoclosure () -> String) throws(WireError) -> UInt8 {
        try require(1, field())
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Two bytes, little-endian.
    public mutating func readU16(_ field: @autoclosure () -> String) throws(WireError) -> UInt16 {
        UInt16(truncatingIfNeeded: try readLittleEndian(2, field()))
    }

    /// Four bytes, little-endian.
    public mutating func readU32(_ field: @autoclosure () -> String) throws(WireError) -> UInt32 {
        UInt32(truncatingIfNeeded: try readLittleEndian(4, field()))
    }

    /// Eight bytes, little-endian.
    public mutating func readU64(_ field: @autoclosure () -> String) throws(WireError) -> UInt64 {
        try readLittleEndian(8, field())
    }

    /// Eight bytes, a two's-complement integer, little-endian.
    public mutating func readI64(_ field: @autoclosure () -> String) throws(WireError) -> Int64 {
        Int64(bitPattern: try readLittleEndian(8, field()))
    }

    /// Eight bytes, an IEEE 754 binary64 bit pattern, little-endian (any
    /// pattern is accepted, NaNs included).
    public mutating func readF64(_ field: @autoclosure () -> String) throws(WireError) -> Double {
        Double(bitPattern: try readLittleEndian(8, field()))
    }

    /// One byte that must be 0 (false) or 1 (true).
    public mutating func readBool(_ field: @autoclosure () -> String) throws(WireError) -> Bool {
        let start = offset
        switch try readU8(field()) {
        case 0: return false
        case 1: return true
        case let other: throw error(.badValue, field(), at: start, "a bool must be 0 or 1, got \(other)")
        }
    }

    /// A `u32` count of items, each taking at least `minimumBytes` bytes on
    /// the wire: refused when above `limit` (`exceedsLimit`) or when the
    /// bytes that remain cannot hold that many items (`truncated`), so a
    /// caller may reserve room for the count it gets.
    public mutating func readCount(_ field: @autoclosure () -> String, limit: Int, minimumBytes: Int) throws(WireError) -> Int {
        let start = offset
        let value = try readU32(field())
        guard UInt64(value) <= UInt64(max(limit, 0)) else {
            throw error(.exceedsLimit, field(), at: start, "\(value) exceeds the limit \(limit)")
        }
        let count = Int(value)
        let (needed, overflow) = count.multipliedReportingOverflow(by: max(minimumBytes, 0))
        guard !overflow, needed <= remaining else {
            throw error(.truncated, field(), at: start, "truncated: \(count) items need at least \(needed) bytes, \(remaining) \(remaining == 1 ? "remains" : "remain")")
        }
        return count
    }

    /// A `u32` that must not exceed `limit`, e.g. a bitmap dimension.
    public mutating func readBoundedU32(_ field: @autoclosure () -> String, limit: Int) throws(WireError) -> Int {
        let start = offset
        let value = try readU32(field())
        guard UInt64(value) <= UInt64(max(limit, 0)) else {
            throw error(.exceedsLimit, field(), at: start, "\(value) exceeds the limit \(limit)")
        }
        return Int(value)
    }

    /// The next `count` bytes as they are; checked against the bytes that
    /// remain before the array is made (the caller bounds `count`).
    public mutating func readRaw(count: Int, _ field: @autoclosure () -> String) throws(WireError) -> [UInt8] {
        precondition(count >= 0, "readRaw(count:) needs a count of 0 or more")
        try require(count, field())
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    /// A byte string: a `u32` length, at most `limit` (by default
    /// `limits.maxStringBytes`), then that many bytes.
    public mutating func readByteString(_ field: @autoclosure () -> String, limit: Int? = nil) throws(WireError) -> [UInt8] {
        let length = try readBoundedU32(field(), limit: limit ?? limits.maxStringBytes)
        return try readRaw(count: length, field())
    }

    /// A string: a byte string that must be valid UTF-8.
    public mutating func readString(_ field: @autoclosure () -> String, limit: Int? = nil) throws(WireError) -> String {
        let start = offset
        let raw = try readByteString(field(), limit: limit)
        guard let text = String(validating: raw, as: UTF8.self) else {
            throw error(.badValue, field(), at: start, "not valid UTF-8")
        }
        return text
    }

    /// Checks that every byte has been read, else throws `trailingBytes`
    /// naming `field` (for example `body`).
    public func expectEnd(_ field: @autoclosure () -> String, after what: @autoclosure () -> String) throws(WireError) {
        guard isAtEnd else {
            throw error(.trailingBytes, field(), "\(remaining) trailing \(remaining == 1 ? "byte" : "bytes") after \(what())")
        }
    }
}
