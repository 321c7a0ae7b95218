import Testing
import LoopSimTrace

@Suite("Time literals")
struct TimeLiteralTests {
    @Test("literals in every unit give exact nanoseconds", arguments: [
        ("0", Int64(0)), ("0.000", 0), ("5ns", 5), ("100us", 100_000), ("250ms", 250_000_000),
        ("1.5s", 1_500_000_000), ("4.016666666s", 4_016_666_666), ("1min", 60_000_000_000),
        ("0.5us", 500), ("1.000000001s", 1_000_000_001), ("9223372036854775807ns", Int64.max),
    ])
    func parsesExactly(_ text: String, _ ns: Int64) throws {
        #expect(try TimeLiteral(parsing: text).nanoseconds() == ns)
    }

    @Test("frames need a refresh rate and round down")
    func frames() throws {
        #expect(try TimeLiteral(parsing: "1frames").nanoseconds(refreshHz: 60) == 16_666_666)
        #expect(try TimeLiteral(parsing: "3frame").nanoseconds(refreshHz: 120) == 25_000_000)
        #expect(throws: TimeLiteral.Failure.framesNeedRefreshRate) { try TimeLiteral(parsing: "2frames").nanoseconds() }
        #expect(throws: TimeLiteral.Failure.fractionalFrames) { try TimeLiteral(parsing: "1.5frames").nanoseconds(refreshHz: 60) }
    }

    @Test("each malformed literal fails for its own reason", arguments: [
        ("-1s", TimeLiteral.Failure.negative), ("+1s", .signed), (".5s", .malformed), ("1.s", .malformed),
        ("1s2", .malformed), ("", .malformed), ("5", .needsUnit), ("1mn", .unknownUnit("mn", suggestion: "ms")),
        ("1sec", .unknownUnit("sec", suggestion: nil)), ("0.1ns", .inexact), ("0.0000000001s", .inexact),
        ("9223372036854775808ns", .tooLarge), ("99999999999999999999s", .tooLarge), ("153722867281min", .tooLarge),
    ])
    func failures(_ text: String, _ failure: TimeLiteral.Failure) {
        #expect(throws: failure) { try TimeLiteral(parsing: text).nanoseconds() }
    }

    @Test("a sign given by a lexer is refused by name")
    func signs() {
        #expect(throws: TimeLiteral.Failure.negative) { try TimeLiteral(sign: "-", integerDigits: "1", unit: "s").nanoseconds() }
        #expect(throws: TimeLiteral.Failure.signed) { try TimeLiteral(sign: "+", integerDigits: "1", unit: "s").nanoseconds() }
    }

    @Test("messages name the literal and the units")
    func messages() {
        let unknown = TimeLiteral.Failure.unknownUnit("mn", suggestion: "ms")
        #expect(unknown.message(quoted: "'1mn'", framesAllowed: false)
                == "unknown unit 'mn'; did you mean 'ms'? (units: ns, us, ms, s or min)")
        #expect(TimeLiteral.Failure.needsUnit.message(quoted: "'5'", what: "duration", framesAllowed: true)
                == "'5' needs a unit: ns, us, ms, s, min or frames")
        #expect(TimeLiteral.Failure.negative.message(quoted: "'-1s'", what: "duration", framesAllowed: true)
                == "a duration cannot be negative")
        #expect(TimeLiteral.Failure.tooLarge.message(quoted: "'x'", framesAllowed: false)
                == "'x' is too large (the limit is 9223372036854775807 ns, about 292 years)")
    }

    @Test("formatting gives exact seconds without trailing zeros", arguments: [
        (Int64(0), "0s"), (1_000_000_000, "1s"), (1_500_000_000, "1.5s"), (1_000, "0.000001s"),
        (4_016_666_666, "4.016666666s"), (-250_000_000, "-0.25s"), (Int64.max, "9223372036.854775807s"),
        (Int64.min, "-9223372036.854775808s"),
    ])
    func formats(_ ns: Int64, _ text: String) {
        #expect(TimeLiteral.format(ns) == text)
    }

    @Test("formatting then parsing gives the same nanoseconds")
    func roundTrips() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<500 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let ns = Int64(state >> 1)
            #expect(try TimeLiteral(parsing: TimeLiteral.format(ns)).nanoseconds() == ns)
        }
    }
}

@Suite("Spelling")
struct SpellingTests {
    @Test("distance counts insertions, deletions, substitutions and adjacent swaps", arguments: [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("kitten", "sitting", 3), ("form", "from", 1),
        ("rnu", "run", 1), ("ca", "abc", 3), ("colour", "color", 1), ("é", "e", 1), ("Run", "run", 1),
    ])
    func distance(_ a: String, _ b: String, _ d: Int) {
        #expect(Spelling.distance(a, b) == d)
        #expect(Spelling.distance(b, a) == d)
    }

    @Test("suggestions ignore case, stay within the limit and prefer the first of equals")
    func suggestions() {
        #expect(Spelling.suggestion(for: "colour", from: ["width", "color"]) == "color")
        #expect(Spelling.suggestion(for: "TIMER", from: ["timer"]) == "timer")
        #expect(Spelling.suggestion(for: "mn", from: ["ns", "us", "ms", "s", "min"]) == "ms")
        #expect(Spelling.suggestion(for: "abcd", from: ["wxyz"]) == nil)
        #expect(Spelling.suggestion(for: "timer", from: ["timer"]) == nil)
        #expect(Spelling.suggestion(for: "tset", from: ["run", "test"], maxDistance: 3) == "test")
        #expect(Spelling.suggestion(for: String(repeating: "a", count: 41), from: ["a"]) == nil)
    }
}
