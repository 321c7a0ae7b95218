import LoopSimTestSupport
import Raster
import Testing
import RenderModel
@testable import LayerKit

/// Seeded fuzzing of the drawing context: random paths, strokes and text,
/// inside, across and far outside the bitmap, with extreme and non-finite
/// numbers, never trap and always give the same bytes for the same seed.
@Suite("Drawing: fuzz", .quiescent, .tags(.fuzz))
struct DrawingFuzzTests {
    /// SplitMix64 (Steele, Lea, Flood 2014), so the sequence is the same
    /// everywhere.
    private struct DrawingSplitMix64 {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

        /// Uniform in 0..<1 from the top 53 bits.
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

        mutating func coordinate(span: Double) -> Double {
            switch below(20) {
            case 0: return [Double.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude][below(6)]
            case 1: return (unit() - 0.5) * 2e7
            case 3: return Double(below(Int(span) + 1))
            case 4: return Double(below(Int(span) + 1)) + 0.5
            default: return (unit() * 3 - 1) * span
            }
        }

        mutating func point(span: Double) -> Point { Point(x: coordinate(span: span), y: coordinate(span: span)) }

        mutating func color() -> RGBA8 {
            RGBA8(r: UInt8(below(256)), g: UInt8(below(256)), b: UInt8(below(256)), a: [0, 255, UInt8(below(256))][below(3)])
        }

        mutating func width() -> Double {
            switch below(8) {
            case 0: return [0, -1, .nan, .infinity, 1e9, 1e-9][below(6)]
            default: return unit() * 12
            }
        }
    }

    private func randomPath(_ rng: inout DrawingSplitMix64, span: Double) -> Path {
        var path = Path()
        for _ in 0..<(1 + rng.below(10)) {
            switch rng.below(6) {
            case 0: path.move(to: rng.point(span: span))
            case 1: path.line(to: rng.point(span: span))
            case 2: path.quad(to: rng.point(span: span), control: rng.point(span: span))
            case 3: path.curve(to: rng.point(span: span), control1: rng.point(span: span), control2: rng.point(span: span))
            case 4: path.close()
            default:
                let r = Rect(origin: rng.point(span: span), size: Size(width: rng.coordinate(span: span), height: rng.coordinate(span: span)))
                path.append([Path.rect(r), Path.roundedRect(r, radius: rng.coordinate(span: span)), Path.ellipse(in: r)][rng.below(3)])
            }
        }
        return path
    }

    /// One run of `steps` random operations; returns the final bytes' hash.
    private func run(seed: UInt64, steps: Int) -> String {
        var rng = DrawingSplitMix64(state: seed)
        let ctx = DrawingContext(width: 1 + rng.below(40), height: 1 + rng.below(30), scale: 1 + rng.below(2))
        let span = Double(max(ctx.bitmap.width, ctx.bitmap.height))
        for _ in 0..<steps {
            if rng.below(10) == 0 {
                ctx.transform = [.identity, .translation(x: rng.coordinate(span: span), y: 3),
                                 .scale(x: rng.unit() * 3, y: rng.unit() * 3), .rotation(degrees: rng.unit() * 360)][rng.below(4)]
            }
            switch rng.below(9) {
            case 0: ctx.fill(randomPath(&rng, span: span), color: rng.color())
            case 1: ctx.stroke(randomPath(&rng, span: span), color: rng.color(), width: rng.width())
            case 2: ctx.line(from: rng.point(span: span), to: rng.point(span: span), color: rng.color(), width: rng.width())
            case 3:
                let r = Rect(origin: rng.point(span: span), size: Size(width: rng.coordinate(span: span), height: rng.coordinate(span: span)))
                ctx.fillRect(r, color: rng.color())
                ctx.strokeRect(r, color: rng.color(), width: rng.width())
            case 4:
                let r = Rect(origin: rng.point(span: span), size: Size(width: rng.coordinate(span: span), height: rng.coordinate(span: span)))
                ctx.fillEllipse(in: r, color: rng.color())
                ctx.strokeRoundedRect(r, radius: rng.coordinate(span: span), color: rng.color(), width: rng.width())
            case 5:
                var text = ""
                for _ in 0..<rng.below(12) {
                    text.unicodeScalars.append(UnicodeScalar([UInt8(rng.below(128)), 10, 0xE9][rng.below(3)]))
                }
                let size = [rng.unit() * 40, 0, -5, .nan, .infinity, 1e300][rng.below(6)]
                ctx.drawText(text, at: rng.point(span: span), color: rng.color(), size: size)
            case 6:
                // Random path text through the parser (most fail; none trap).
                var svg = ""
                let alphabet = Array("MLQCZmlz0123456789.-+e ,XH".unicodeScalars)
                for _ in 0..<rng.below(30) { svg.unicodeScalars.append(alphabet[rng.below(alphabet.count)]) }
                if let path = try? Path(svg: svg) { ctx.fill(path, color: rng.color()) }
            case 7:
                // Many overlapping edges in one fill.
                var path = Path()
                path.move(to: rng.point(span: span))
                for _ in 0..<60 { path.line(to: Point(x: rng.unit() * span, y: rng.unit() * span)) }
                ctx.fill(path, color: rng.color())
            default:
                ctx.stroke(randomPath(&rng, span: span), color: rng.color(), width: rng.width())
            }
        }
        return ctx.bitmap.contentHash
    }

    @Test(arguments: 0..<8)
    func randomDrawingNeverTrapsAndIsReproducible(batch: Int) {
        for i in 0..<12 {
            let seed = UInt64(batch * 1000 + i) &* 0x2545_F491_4F6C_DD1D
            let first = run(seed: seed, steps: 25)
            #expect(first == run(seed: seed, steps: 25), "seed \(seed)")
        }
    }
}
