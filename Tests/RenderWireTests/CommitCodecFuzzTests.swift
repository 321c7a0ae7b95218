import RenderModel
import RenderWire
import Testing
import LoopSimTestSupport

/// Tens of thousands of random and mutated bodies: each decodes or throws a
/// `WireError` inside the input; none traps or hangs. A body that decodes is
/// canonical: it re-encodes to exactly its own bytes.
@Suite(.tags(.fuzz)) struct CommitCodecFuzzTests {
    /// Bytes that steer the decoder into its edge cases: every tag boundary,
    /// bool values, and the low bytes of limits.
    static let interesting: [UInt8] = [0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 15, 16, 0x40, 0x7F, 0x80, 0xFF]
    /// 32-bit values written over counts and dimensions.
    static let interestingWords: [UInt32] = [0, 1, 2, 3, 4, 16, 17, 64, 1_000_000, 16384, 0x7FFF_FFFF, 0xFFFF_FFFF]

    static func mutate(_ input: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var out = input
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let at = out.isEmpty ? 0 : Int.random(in: 0..<out.count, using: &rng)
            switch Int.random(in: 0..<8, using: &rng) {
            case 0:
                out = Array(out.prefix(Int.random(in: 0...out.count, using: &rng)))
            case 1 where !out.isEmpty:
                out[at] = UInt8.random(in: 0...255, using: &rng)
            case 2 where !out.isEmpty:
                out[at] = interesting.randomElement(using: &rng)!
            case 3:
                out.insert(interesting.randomElement(using: &rng)!, at: at)
            case 4 where !out.isEmpty:
                out.remove(at: at)
            case 5 where out.count >= 4:
                let word = interestingWords.randomElement(using: &rng)!
                let start = Int.random(in: 0...(out.count - 4), using: &rng)
                for k in 0..<4 { out[start + k] = UInt8(truncatingIfNeeded: word >> (8 * k)) }
            case 6 where !out.isEmpty:
                out[at] ^= 1 << UInt8.random(in: 0..<8, using: &rng)
            default:
                let end = min(out.count, at + Int.random(in: 1...16, using: &rng))
                out.insert(contentsOf: out[at..<end], at: at)
            }
        }
        return out
    }

    @Test("30000 random and mutated bodies decode or throw, never trap")
    func fuzz() {
        var rng = SplitMix64(seed: 0xF022_C0DE)
        var generator = DiffGenerator(seed: 0xF022)
        generator.maxOps = 12
        generator.maxBitmapSide = 3
        var corpus = [CommitCodec.encode(CommitCodecTests.example)]
        for _ in 0..<24 { corpus.append(CommitCodec.encode(generator.diff())) }
        let limits = WireLimits(maxOpsPerCommit: 64, maxBitmapWidth: 16, maxBitmapHeight: 16, maxBitmapBytes: 1024, maxMessageBytes: 4096)

        var decoded = 0
        var refused: [WireError.Kind: Int] = [:]
        var problems: [String] = []
        for i in 0..<30_000 {
            let input: [UInt8]
            if i % 10 == 0 {
                // Pure noise, often behind a plausible header.
                let noise = (0..<Int.random(in: 0...48, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                input = i % 20 == 0 ? noise : header(count: UInt32.random(in: 0...4, using: &rng)) + noise
            } else {
                input = Self.mutate(corpus[i % corpus.count], &rng)
            }
            do {
                let diff = try CommitCodec.decode(input, limits: limits)
                decoded += 1
                if CommitCodec.encode(diff) != input {
                    problems.append("not canonical: \(hex(input))")
                }
                if diff.ops.count > 64 {
                    problems.append("over the op limit: \(hex(input))")
                }
            } catch {
                refused[error.kind, default: 0] += 1
                if error.message != "commit" || error.field.isEmpty || error.reason.isEmpty || !(0...input.count).contains(error.offset) {
                    problems.append("\(error) for \(hex(input))")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems, first: \(problems.first ?? "")")
        // Every outcome is exercised: the mutations are neither too weak nor too strong.
        #expect(decoded > 1000)
        for kind in WireError.Kind.allCases {
            #expect(refused[kind, default: 0] > 100, "\(kind): \(refused[kind, default: 0])")
        }
    }
}
