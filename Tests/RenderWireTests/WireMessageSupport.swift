import RenderModel
import RenderWire

/// `value` as 2 little-endian bytes.
func le16(_ value: UInt16) -> [UInt8] {
    [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
}

/// The error `WireMessage.decode(frame:)` throws for `frame`, or nil when it
/// decodes.
func frameFailure(_ frame: [UInt8], limits: WireLimits = .init()) -> WireError? {
    do {
        _ = try WireMessage.decode(frame: frame, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// A frame of `type` around `payload` (no padding added), with its length
/// field set to `length` (default: the real one) and `flags`.
func rawFrame(_ type: UInt16, _ payload: [UInt8], length: UInt32? = nil, flags: UInt16 = 0) -> [UInt8] {
    le32(length ?? UInt32(8 + payload.count)) + le16(type) + le16(flags) + payload
}

/// `frame` with its length field replaced by `length`.
func withLength(_ frame: [UInt8], _ length: Int) -> [UInt8] {
    le32(UInt32(truncatingIfNeeded: length)) + frame.dropFirst(4)
}

/// Random messages of every type for round trips and fuzzing, inside the
/// bounds `maxSide` (display and bitmap sides), `maxText` (folder and
/// error text, in characters) and `maxFirstVisible`. No NaN, so decoded
/// messages compare equal.
struct MessageGenerator {
    var diffs: DiffGenerator
    var rng: SplitMix64
    var maxSide: UInt32 = 2000
    var maxText = 24
    var maxFirstVisible = 12

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
        diffs = DiffGenerator(seed: seed ^ 0x5EED)
    }

    static let characters: [Character] = ["a", "Z", "0", "/", ".", "-", " ", "é", "ß", "日", "🎞", "\u{7F}", "\t"]

    mutating func text(minimum: Int) -> String {
        String((0..<Int.random(in: minimum...max(minimum, maxText), using: &rng)).map { _ in MessageGenerator.characters.randomElement(using: &rng)! })
    }

    mutating func u32() -> UInt32 {
        Bool.random(using: &rng) ? UInt32.random(in: 0...100, using: &rng) : UInt32(truncatingIfNeeded: rng.next())
    }

    mutating func i64() -> Int64 {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: return Int64.random(in: 0...10_000_000_000, using: &rng)
        case 1: return [0, -1, .min, .max].randomElement(using: &rng)!
        default: return Int64(bitPattern: rng.next())
        }
    }

    mutating func message() -> WireMessage {
        switch Int.random(in: 0..<11, using: &rng) {
        case 0:
            return .hello(.init(
                width: UInt32.random(in: 1...maxSide, using: &rng),
                height: UInt32.random(in: 1...maxSide, using: &rng),
                refreshHz: UInt32.random(in: 1...240, using: &rng),
                background: RGBA8(r: .random(in: 0...255, using: &rng), g: .random(in: 0...255, using: &rng), b: .random(in: 0...255, using: &rng), a: .random(in: 0...255, using: &rng)),
                outputFolder: text(minimum: 1),
                renderCost: Bool.random(using: &rng) ? 0 : Int64.random(in: 0...WireMessage.Hello.maxRenderCost, using: &rng),
                rasterCost: CostRate(picoseconds: Bool.random(using: &rng) ? 0 : Int64.random(in: 0...CostRate.max.picoseconds, using: &rng))))
        case 1:
            return .welcome(version: WireProtocol.version, serverPID: u32())
        case 2:
            return .commit(diffs.diff())
        case 3:
            return .snapshot(diffs.diff())
        case 4:
            return .vsync(index: rng.next() >> UInt64.random(in: 0..<64, using: &rng), time: i64())
        case 5:
            var sequence = rng.next() >> 2
            var firstVisible: [UInt64] = []
            for _ in 0..<Int.random(in: 0...maxFirstVisible, using: &rng) {
                firstVisible.append(sequence)
                sequence += UInt64.random(in: 1...1000, using: &rng)
            }
            let x = u32(), y = u32()
            return .presented(.init(
                frame: rng.next() >> 8,
                onScreenTime: i64(),
                frameHash: rng.next(),
                damage: .init(x: x, y: y, width: .random(in: 0...(UInt32.max - x), using: &rng), height: .random(in: 0...(UInt32.max - y), using: &rng)),
                firstVisible: firstVisible,
                nextFrameTime: Bool.random(using: &rng) ? WireMessage.Presented.noNextFrame : i64(),
                began: (0..<Int.random(in: 0...3, using: &rng)).map { _ in rng.next() },
                ended: (0..<Int.random(in: 0...3, using: &rng)).map { _ in rng.next() }))
        case 6:
            return .error(code: UInt16.random(in: 0...UInt16.max, using: &rng), message: text(minimum: 0))
        case 7:
            return .goodbye
        case 8:
            return .sync(token: rng.next())
        case 9:
            return .applied(.init(token: rng.next(), sequence: rng.next() >> 1, decodeNanoseconds: rng.next() >> 20, applyNanoseconds: rng.next() >> 20))
        default:
            let width = UInt32.random(in: 0...maxSide, using: &rng)
            let height = UInt32.random(in: 0...maxSide, using: &rng)
            let byteCount = UInt64(width) * UInt64(height) * 4
            let offset = Bool.random(using: &rng) ? UInt64.random(in: 0...UInt64(Int64.max) - byteCount, using: &rng) : 4096 * UInt64.random(in: 0...16, using: &rng)
            return .bitmapShared(ImageID(rawValue: rng.next()), width: width, height: height, offset: offset, byteCount: byteCount)
        }
    }
}
