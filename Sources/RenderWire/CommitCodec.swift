import RenderModel

/// The body of the `commit` message: a `CommitDiff` as bytes, and back.
///
/// Layout (every byte in `docs/reference/wire-protocol.md`): `sequence` u64, `time`
/// i64, the op count u32, then each op as a tag byte (`WireTag.Op`) and its
/// payload, then the transaction count u32 and each transaction id u64.
/// The body carries no length and no message type of its own — the framing
/// around it does — so `decode` takes exactly one body and refuses trailing
/// bytes.
///
///     let bytes = CommitCodec.encode(diff)
///     let back = try CommitCodec.decode(bytes)   // == diff (NaN aside)
///
/// Encoding is deterministic: the same diff gives the same bytes. Decoding
/// is strict, so a body that decodes re-encodes to exactly the same bytes.
public enum CommitCodec {
    /// The message name in `WireError`s: `commit`.
    public static let messageName = "commit"

    /// The bytes before the first op: sequence, time, op count.
    public static let headerSize = 20

    /// The fewest bytes a body takes: the header and the transaction count.
    public static let minimumSize = headerSize + 4

    /// The fewest bytes an op takes (`create` and `remove`: tag and id).
    /// The decoder refuses an op count the remaining bytes cannot hold.
    public static let minimumOpSize = 5

    /// The body of `diff`.
    ///
    /// Writes what the diff says, even a `set` whose value has the wrong kind
    /// for its property, or an animation that is not valid (which `decode`
    /// then refuses, naming the field).
    /// Traps when the diff has more than `UInt32.max` ops or a bitmap
    /// dimension does not fit a `u32` — far beyond any `WireLimits`.
    public static func encode(_ diff: CommitDiff) -> [UInt8] {
        var writer = WireWriter(capacity: encodedSize(of: diff))
        write(diff, to: &writer)
        return writer.bytes
    }

    /// The exact number of bytes `encode(diff)` returns.
    public static func encodedSize(of diff: CommitDiff) -> Int {
        diff.ops.reduce(minimumSize + 8 * diff.transactions.count) { $0 + encodedSize(of: $1) }
    }

    /// The exact number of bytes `op` takes, its tag included.
    public static func encodedSize(of op: DiffOp) -> Int {
        switch op {
        case .create, .remove: 1 + 4
        case .move: 1 + 4 + 1 + 4 + 4
        case .set(_, _, let value): 1 + 4 + 1 + 1 + WireTag.ValueKind(value.kind).payloadSize
        case .bitmap(_, let bitmap): 1 + 8 + 4 + 4 + bitmap.pixels.count
        case .addAnimation(_, let key, let animation): 1 + AnimationCodec.encodedSize(key: key, animation)
        case .removeAnimation(_, let key): 1 + 4 + 4 + key.utf8.count
        case .removeAllAnimations: 1 + 4
        case .timing: 1 + 4 + 3 * 8
        }
    }

    /// Appends the body of `diff` to `writer` (for framing without a copy).
    public static func write(_ diff: CommitDiff, to writer: inout WireWriter) {
        precondition(diff.ops.count <= UInt32.max, "a commit of \(diff.ops.count) ops does not fit a u32 count")
        writer.writeU64(diff.sequence)
        writer.writeI64(diff.time)
        writer.writeU32(UInt32(diff.ops.count))
        for op in diff.ops {
            write(op, to: &writer)
        }
        precondition(diff.transactions.count <= UInt32.max, "a commit of \(diff.transactions.count) transactions does not fit a u32 count")
        writer.writeU32(UInt32(diff.transactions.count))
        for id in diff.transactions {
            writer.writeU64(id)
        }
    }

    /// Appends one op: its tag byte and its payload.
    static func write(_ op: DiffOp, to writer: inout WireWriter) {
        writer.writeU8(WireTag.Op(op).rawValue)
        switch op {
        case .create(let id), .remove(let id):
            writer.writeU32(id)
        case .move(let id, let parent, let index):
            writer.writeU32(id)
            writer.writeBool(parent != nil)
            writer.writeU32(parent ?? 0)
            writer.writeU32(index)
        case .set(let id, let property, let value):
            writer.writeU32(id)
            writer.writeU8(property.wireTag)
            write(value, to: &writer)
        case .bitmap(let image, let bitmap):
            precondition(bitmap.width <= UInt32.max && bitmap.height <= UInt32.max, "a \(bitmap.width)×\(bitmap.height) bitmap does not fit u32 dimensions")
            writer.writeU64(image.rawValue)
            writer.writeU32(UInt32(bitmap.width))
            writer.writeU32(UInt32(bitmap.height))
            writer.writeRaw(bitmap.pixels)
        case let .addAnimation(id, key, animation):
            AnimationCodec.writeAdd(id, key: key, animation, to: &writer)
        case let .removeAnimation(id, key):
            AnimationCodec.writeRemove(id, key: key, to: &writer)
        case .removeAllAnimations(let id):
            writer.writeU32(id)
        case let .timing(id, speed, timeOffset, beginTime):
            writer.writeU32(id)
            writer.writeF64(speed)
            writer.writeF64(timeOffset)
            writer.writeF64(beginTime)
        }
    }

    /// Appends a value: its kind tag and its payload.
    static func write(_ value: PropertyValue, to writer: inout WireWriter) {
        writer.writeU8(WireTag.ValueKind(value.kind).rawValue)
        switch value {
        case .rect(let r):
            writer.writeF64(r.origin.x)
            writer.writeF64(r.origin.y)
            writer.writeF64(r.size.width)
            writer.writeF64(r.size.height)
        case .point(let p):
            writer.writeF64(p.x)
            writer.writeF64(p.y)
        case .transform(let t):
            for entry in [t.a, t.b, t.c, t.d, t.tx, t.ty] {
                writer.writeF64(entry)
            }
        case .number(let n):
            writer.writeF64(n)
        case .bool(let b):
            writer.writeBool(b)
        case .color(let c):
            writer.writeF64(c.r)
            writer.writeF64(c.g)
            writer.writeF64(c.b)
            writer.writeF64(c.a)
        case .image(let id):
            writer.writeU64(id.rawValue)
        case .gravity(let g):
            writer.writeU8(WireTag.Gravity(g).rawValue)
        case .null:
            break
        }
    }
}
