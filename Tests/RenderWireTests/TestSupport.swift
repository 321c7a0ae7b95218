import RenderModel
import RenderWire
@_exported import LoopSimTestSupport


/// Bytes as lowercase hex pairs separated by spaces: `01 ff 20`.
func hex(_ bytes: [UInt8]) -> String {
    bytes.map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined(separator: " ")
}

/// The bytes written as hex pairs (whitespace ignored): `"01 ff\n20"`.
func bytes(hex text: String) -> [UInt8] {
    let digits = text.filter { !$0.isWhitespace }
    precondition(digits.count % 2 == 0, "odd number of hex digits")
    var out: [UInt8] = []
    var i = digits.startIndex
    while i < digits.endIndex {
        let j = digits.index(i, offsetBy: 2)
        out.append(UInt8(digits[i..<j], radix: 16)!)
        i = j
    }
    return out
}

/// The error `CommitCodec.decode` throws for `bytes`, or nil when it decodes.
func decodeFailure(_ bytes: [UInt8], limits: WireLimits = .init()) -> WireError? {
    do {
        _ = try CommitCodec.decode(bytes, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// `value` as 4 little-endian bytes.
func le32(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}

/// `value` as 8 little-endian bytes.
func le64(_ value: UInt64) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}

/// A commit header: sequence 1, time 2, then `count` as the op count.
func header(count: UInt32) -> [UInt8] {
    le64(1) + le64(2) + le32(count)
}

/// Random diffs for round trips and fuzzing: a tree grown and reshaped by
/// create, move and remove, every property with a value of its kind (or
/// null where allowed), bitmaps of up to `maxBitmapSide` squared pixels,
/// and valid animations added and removed (`AnimationGenerator.swift`).
/// No NaN, so decoded diffs compare equal.
struct DiffGenerator {
    var rng: SplitMix64
    var maxOps = 40
    var maxBitmapSide = 8

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
    }

    static let specialNumbers: [Double] = [
        0, -0.0, 1, -1, 0.5, 1e300, -1e-300, .infinity, -.infinity,
        .greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNormalMagnitude, .pi,
    ]

    mutating func number() -> Double {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return DiffGenerator.specialNumbers.randomElement(using: &rng)!
        case 1: return Double(Int.random(in: -1000...1000, using: &rng))
        case 2: return Double.random(in: -1e6...1e6, using: &rng)
        default:
            while true {
                let d = Double(bitPattern: rng.next())
                if !d.isNaN { return d }
            }
        }
    }

    mutating func value(for property: LayerProperty) -> PropertyValue {
        if property.isOptional && Int.random(in: 0..<4, using: &rng) == 0 {
            return .null
        }
        switch property.valueKind {
        case .rect: return .rect(Rect(x: number(), y: number(), width: number(), height: number()))
        case .point: return .point(Point(x: number(), y: number()))
        case .transform:
            return .transform(Transform2D(a: number(), b: number(), c: number(), d: number(), tx: number(), ty: number()))
        case .number: return .number(number())
        case .bool: return .bool(Bool.random(using: &rng))
        case .color: return .color(RGBA(r: number(), g: number(), b: number(), a: number()))
        case .image: return .image(ImageID(rawValue: Bool.random(using: &rng) ? rng.next() : UInt64.random(in: 0..<16, using: &rng)))
        case .gravity: return .gravity(ContentsGravity.allCases.randomElement(using: &rng)!)
        case .null: return .null
        }
    }

    mutating func bitmap() -> Bitmap {
        let width = Int.random(in: 0...maxBitmapSide, using: &rng)
        let height = Int.random(in: 0...maxBitmapSide, using: &rng)
        let pixels = (0..<(width * height * 4)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    mutating func diff() -> CommitDiff {
        var live: [LayerID] = []
        var children: [LayerID: Int] = [:]
        var nextID = LayerID.random(in: 0...100, using: &rng)
        var nextImage = UInt64.random(in: 0...100, using: &rng)
        var ops: [DiffOp] = []
        for _ in 0..<Int.random(in: 0...maxOps, using: &rng) {
            var choice = Int.random(in: 0..<12, using: &rng)
            if live.isEmpty, (2...6).contains(choice) || choice == 8 {
                choice = 0  // Nothing to move, set or remove yet: create.
            }
            switch choice {
            case 0, 1:
                let id = Int.random(in: 0..<20, using: &rng) == 0 ? LayerID.max : nextID
                nextID &+= 1
                live.append(id)
                ops.append(.create(id))
            case 2, 3:
                // Parents are created before their children: the tree stays acyclic.
                let child = Int.random(in: 0..<live.count, using: &rng)
                let parent = child == 0 || Bool.random(using: &rng) ? nil : live[Int.random(in: 0..<child, using: &rng)]
                let siblings = parent.map { children[$0, default: 0] } ?? 0
                if let parent { children[parent, default: 0] += 1 }
                ops.append(.move(live[child], parent: parent, index: UInt32(Int.random(in: 0...siblings, using: &rng))))
            case 4, 5, 6:
                let property = LayerProperty.allCases.randomElement(using: &rng)!
                ops.append(.set(live.randomElement(using: &rng)!, property, value(for: property)))
            case 7:
                ops.append(.bitmap(ImageID(rawValue: nextImage), bitmap()))
                nextImage &+= 1
            case 8:
                ops.append(.remove(live.remove(at: Int.random(in: 0..<live.count, using: &rng))))
            case 10:
                ops.append(.addAnimation(live.randomElement(using: &rng) ?? nextID, key: animationKey(), animation()))
            case 11:
                let id = live.randomElement(using: &rng) ?? nextID
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: ops.append(.removeAllAnimations(id))
                case 1: ops.append(.removeAnimation(id, key: animationKey() ?? ""))
                default: ops.append(.timing(id, speed: [0, 1, 2.5, -1].randomElement(using: &rng)!,
                                            timeOffset: Double.random(in: -10...10, using: &rng), beginTime: Double.random(in: 0...100, using: &rng)))
                }
            default:
                ops.append(.remove(LayerID.random(in: 0...LayerID.max, using: &rng)))
            }
        }
        let time = Bool.random(using: &rng) ? Int64.random(in: 0...10_000_000_000, using: &rng) : Int64(bitPattern: rng.next())
        let transactions = (0..<Int.random(in: 0...3, using: &rng)).map { _ in rng.next() >> UInt64.random(in: 0..<64, using: &rng) }
        return CommitDiff(sequence: rng.next() >> UInt64.random(in: 0..<64, using: &rng), time: time, ops: ops, transactions: transactions)
    }
}
