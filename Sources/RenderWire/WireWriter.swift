/// Appends protocol fields to a byte buffer: fixed-width little-endian
/// integers, `Float64` as its IEEE 754 bit pattern, bools as one byte 0 or 1,
/// and byte strings prefixed with their length as a `u32`.
///
/// Writing is deterministic: the same calls give the same bytes.
///
///     var w = WireWriter()
///     w.writeU32(0x0102_0304)   // 04 03 02 01
///     w.writeF64(1)             // 00 00 00 00 00 00 f0 3f
public struct WireWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]

    /// An empty writer with room for `capacity` bytes.
    public init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The number of bytes written so far.
    public var count: Int { bytes.count }

    /// Makes room for `additional` more bytes.
    public mutating func reserve(_ additional: Int) {
        bytes.reserveCapacity(bytes.count + additional)
    }

    /// One byte.
    public mutating func writeU8(_ value: UInt8) {
        bytes.append(value)
    }

    /// Two bytes, little-endian.
    public mutating func writeU16(_ value: UInt16) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Four bytes, little-endian.
    public mutating func writeU32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Eight bytes, little-endian.
    public mutating func writeU64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Eight bytes: the two's-complement bit pattern, little-endian.
    public mutating func writeI64(_ value: Int64) {
        writeU64(UInt64(bitPattern: value))
    }

    /// Eight bytes: the IEEE 754 binary64 bit pattern, little-endian. Every
    /// value, NaN payloads and the sign of zero included, survives the trip.
    public mutating func writeF64(_ value: Double) {
        writeU64(value.bitPattern)
    }

    /// One byte, 1 for true and 0 for false.
    public mutating func writeBool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    /// The bytes as they are, with no length (the reader must know it).
    public mutating func writeRaw(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
    }

    /// A byte string: its length as a `u32`, then the bytes.
    ///
    /// Traps when the length does not fit in a `u32` (4 GiB and more).
    public mutating func writeByteString(_ raw: [UInt8]) {
        precondition(raw.count <= UInt32.max, "byte string of \(raw.count) bytes does not fit a u32 length")
        writeU32(UInt32(raw.count))
        bytes.append(contentsOf: raw)
    }

    /// A string as a byte string of its UTF-8.
    public mutating func writeString(_ text: String) {
        writeByteString(Array(text.utf8))
    }
}
