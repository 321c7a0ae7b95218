import Raster
import RenderModel
import Testing
import LoopSimTestSupport

/// Seeded mutations of valid files: every input decodes or throws a
/// positioned `ImageDecodeError`; none traps, hangs or allocates past the
/// limits.
@Suite(.tags(.fuzz)) struct PNMFuzzTests {
    static let corpus: [[UInt8]] = [
        bytes("P1\n# c\n4 3\n0 1 0 1\n1 1 0 0\n0 0 0 1\n"),
        bytes("P1 3 2 010101"),
        bytes("P2\n3 2\n15\n0 7 15\n3 #x\n9 12\n"),
        bytes("P3 2 2 255\n255 0 0  0 255 0\n0 0 255  10 20 30\n"),
        bytes("P3\n1 1\n65535\n65535 0 32768\n"),
        pnm("P4\n10 2\n", [0x80, 0x7F, 0xFF, 0xC0]),
        pnm("P5 3 2 255\n", [0, 1, 2, 3, 4, 5]),
        pnm("P5 2 1 1000\n", [0x01, 0xF4, 0x03, 0xE8]),
        pnm("P6 # c\n2 1 255\n", [255, 0, 0, 0, 255, 0]),
        pnm("P6 1 1 65535\n", [0xFF, 0xFF, 0x00, 0x00, 0x80, 0x00]),
        pnm("P5 1 1 255\n", [7]) + pnm("P6 1 1 255\n", [1, 2, 3]),
    ]

    /// Bytes that steer a decoder into its edge cases.
    static let interesting: [UInt8] = Array("#Pp0123456789 \t\r\n".utf8) + [0x00, 0x7F, 0x80, 0xFF]

    static func mutate(_ input: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var out = input
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let at = out.isEmpty ? 0 : Int.random(in: 0..<out.count, using: &rng)
            switch Int.random(in: 0..<7, using: &rng) {
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
            case 5:
                let digits = Array(String(UInt64.random(in: 0...UInt64.max, using: &rng)).utf8)
                out.insert(contentsOf: digits.prefix(Int.random(in: 1...digits.count, using: &rng)), at: at)
            default:
                let end = min(out.count, at + Int.random(in: 1...8, using: &rng))
                out.insert(contentsOf: out[at..<end], at: at)
            }
        }
        return out
    }

    @Test("3000 mutated and truncated files decode or throw, never trap")
    func fuzz() {
        var rng = SplitMix64(seed: 0x5EED_0F_F00D)
        let limits = ImageLimits(maxWidth: 64, maxHeight: 64, maxPixels: 1024)
        var decoded = 0
        var refused = 0
        for i in 0..<3000 {
            let input = Self.mutate(Self.corpus[i % Self.corpus.count], &rng)
            do {
                let image = try PNMDecoder.decodeImage(input, limits: limits)
                decoded += 1
                let b = image.bitmap
                #expect(b.width >= 1 && b.width <= 64 && b.height >= 1 && b.height <= 64 && b.pixelCount <= 1024)
                #expect(b.pixels.count == b.width * b.height * 4)
                #expect(image.byteRange.lowerBound == 0 && image.byteRange.upperBound <= input.count)
            } catch {
                refused += 1
                #expect(error.offset >= 0 && error.offset <= input.count)
                #expect(!error.message.isEmpty)
                if let line = error.line, let column = error.column {
                    #expect(line >= 1 && column >= 1)
                }
            }
            if let all = try? PNMDecoder.decodeAll(input, limits: limits) {
                #expect(all.reduce(0) { $0 + $1.bitmap.pixelCount } <= 1024)
            }
        }
        // Both outcomes are exercised, so the mutations are neither too weak nor too strong.
        #expect(decoded > 100 && refused > 100)
    }

    @Test("every prefix of every corpus file decodes or throws")
    func prefixes() {
        for file in Self.corpus {
            for n in 0...file.count {
                let prefix = Array(file.prefix(n))
                do {
                    _ = try PNMDecoder.decode(prefix)
                } catch {
                    #expect(error.offset <= n)
                }
            }
        }
    }

    @Test("the unmutated corpus decodes")
    func corpusIsValid() throws {
        for file in Self.corpus {
            _ = try PNMDecoder.decode(file)
        }
    }
}
