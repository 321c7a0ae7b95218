import LoopSimTestSupport
import Testing
@testable import Scenario

/// Seeded random inputs for the expansion pass: it must never crash, and
/// every error must point inside the text.
@Suite(.quiescent, .tags(.fuzz)) struct ExpanderFuzzTests {
    static let corpus: [String] = [
        """
        display size=(320,240) hz=60
        let cols = 10
        let frame = 16.667
        for i in 0..<30:
            view cell{i} frame=({i % cols * 32}, {i / cols * 24}, 30, 22) background=gray
        for i in 1...5:
            at {i * frame}ms:
                set cell{i}.background = red
                for j in 0..<2:
                    set cell{i + j * 10}.opacity = {j * 0.5}
        run for=200ms
        """,
        """
        let n = -3
        timer t every=1s at={-n}s:
            for k in n..<n+3:
                log "k"
                sleep {(k - n) * 2}ms
        layout root:
            for i in 0...1:
                needsDisplay root
        view root frame=(0,0,10,10)
        run until=idle
        """,
    ]

    static let snippets = ["{", "}", "{i}", "{i * 2}", "{n / 0}", "{-(-(i))}", "..<", "...", "for i in ", "for j in 0..<3:",
                           "\n    ", "\n", "let n = ", "let m = 2.5\n", "9223372036854775807", "99999999999999999999",
                           "%", "/", "*", "-", "+", "(", ")", ".", "0.", "ms", "1...1000000000:", "{1.0/3}", ":",
                           "cell{i}", "#", "\"{i}\"", "for k in 0..<100000:\n    for l in 0..<100000:\n        wake"]

    /// One random edit of `text`.
    static func mutate(_ text: [Unicode.Scalar], _ rng: inout SplitMix64) -> [Unicode.Scalar] {
        var s = text
        func position() -> Int { Int.random(in: 0...s.count, using: &rng) }
        let digits = s.indices.filter { Lexer.isDigit(s[$0]) }
        switch Int.random(in: 0..<8, using: &rng) {
        case 5...7 where !digits.isEmpty:
            // Mostly still valid: another digit.
            s[digits.randomElement(using: &rng)!] = Array("0123456789".unicodeScalars).randomElement(using: &rng)!
        case 0 where !s.isEmpty:
            let start = Int.random(in: 0..<s.count, using: &rng)
            s.removeSubrange(start..<min(s.count, start + Int.random(in: 1...6, using: &rng)))
        case 1 where !s.isEmpty:
            let start = Int.random(in: 0..<s.count, using: &rng)
            let end = min(s.count, start + Int.random(in: 1...20, using: &rng))
            s.insert(contentsOf: s[start..<end], at: position())
        case 2 where !s.isEmpty:
            s[Int.random(in: 0..<s.count, using: &rng)] = Array("{}0123456789.-*/%( )in:".unicodeScalars).randomElement(using: &rng)!
        default:
            s.insert(contentsOf: snippets.randomElement(using: &rng)!.unicodeScalars, at: position())
        }
        return s
    }

    /// Parses with small limits; an error must point inside the text.
    /// Returns true if it parsed.
    @discardableResult
    static func check(_ source: String) -> Bool {
        var expander = Expander(file: "fuzz.loop")
        expander.statementLimit = 5_000
        expander.iterationLimit = 5_000
        do {
            _ = try ScenarioParser.parse(source, path: "fuzz.loop", expander: expander)
            return true
        } catch {
            ParserFuzzTests.expectPointsInside(error, source)
            return false
        }
    }

    @Test func corpusIsValid() throws {
        for source in Self.corpus {
            _ = try ScenarioParser.parse(source, path: "fuzz.loop")
        }
    }

    @Test func mutatedLoopScenariosNeverCrash() {
        var rng = SplitMix64(seed: 0x100B_5EED)
        var parsed = 0
        var total = 0
        for source in Self.corpus {
            let original = Array(source.unicodeScalars)
            for _ in 0..<1_500 {
                var text = original
                for _ in 0..<Int.random(in: 1...2, using: &rng) {
                    text = Self.mutate(text, &rng)
                }
                if Self.check(String(String.UnicodeScalarView(text))) { parsed += 1 }
                total += 1
            }
        }
        #expect(total == 3_000)
        #expect(parsed > 100 && parsed < 2_900, "\(parsed) of \(total) parsed")
    }

    /// A random expression over i, n and literals, small and extreme.
    static func expression(_ rng: inout SplitMix64, depth: Int = 0) -> String {
        let leaves = ["i", "n", "0", "1", "7", "2.5", "0.001", "9223372036854775807", "4611686018427387904",
                      "0.000000000000000001", "3"]
        if depth > 4 || Int.random(in: 0..<3, using: &rng) == 0 { return leaves.randomElement(using: &rng)! }
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: return "-" + expression(&rng, depth: depth + 1)
        case 1: return "(" + expression(&rng, depth: depth + 1) + ")"
        default:
            return expression(&rng, depth: depth + 1) + " " + ["+", "-", "*", "/", "%"].randomElement(using: &rng)! + " "
                + expression(&rng, depth: depth + 1)
        }
    }

    @Test func randomArithmeticNeverCrashesAndIsExact() {
        var rng = SplitMix64(seed: 7)
        var evaluated = 0
        for _ in 0..<3_000 {
            let text = Self.expression(&rng)
            let source = "let n = -4\nfor i in -2...2:\n    view v{i + 2} z={\(text)}"
            if Self.check(source) { evaluated += 1 }
        }
        #expect(evaluated > 300, "\(evaluated) of 3000 evaluated")
        // A sum of decimals is exact: 0.1 added ten times is 1.
        #expect(Self.check("view v z={0.1+0.1+0.1+0.1+0.1+0.1+0.1+0.1+0.1+0.1} opacity={1 / 2}"))
    }
}
