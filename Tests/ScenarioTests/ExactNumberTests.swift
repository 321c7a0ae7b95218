import LoopSimTestSupport
import Testing
@testable import Scenario

/// The exact arithmetic of `{…}` (docs/guide/scenario-language.md, "Expressions").
@Suite(.quiescent) struct ExactNumberTests {
    func value(_ digits: String, _ fraction: String? = nil) throws -> ExactNumber {
        try #require(ExactNumber(digits: digits, fraction: fraction))
    }

    @Test func literalsAreExactDecimals() throws {
        #expect(try value("16", "667").decimalText == "16.667")
        #expect(try value("2", "50").decimalText == "2.5")
        #expect(try value("2", "0").decimalText == "2")
        #expect(try value("2", "0").isInteger == false)
        #expect(try value("7").isInteger)
        #expect(ExactNumber(digits: "9223372036854775808", fraction: nil) == nil)
        #expect(ExactNumber(digits: "0", fraction: String(repeating: "1", count: 19)) == nil)
    }

    @Test func decimalSumsAreExactNotBinary() throws {
        #expect(try value("0", "1").adding(try value("0", "2"))?.decimalText == "0.3")
        #expect(try value("16", "667").multiplied(by: ExactNumber(17))?.decimalText == "283.339")
        #expect(try value("0", "5").negated().decimalText == "-0.5")
        #expect(ExactNumber(0).negated().decimalText == "0")
    }

    @Test func wholeValuesDivideRoundingDownWithTheDivisorsSignForTheRemainder() {
        func div(_ a: Int64, _ b: Int64) -> (Int64?, Int64?) {
            (ExactNumber(a).divided(by: ExactNumber(b))?.wholeValue, ExactNumber(a).remainder(dividingBy: ExactNumber(b))?.wholeValue)
        }
        #expect(div(7, 2) == (3, 1))
        #expect(div(-7, 2) == (-4, 1))
        #expect(div(7, -2) == (-4, -1))
        #expect(div(-7, -2) == (3, -1))
        #expect(div(6, 3) == (2, 0))
        for a in Int64(-20)...20 {
            for b in [Int64(-7), -3, -1, 1, 2, 5] {
                let (q, r) = div(a, b)
                #expect(q! * b + r! == a)
            }
        }
    }

    @Test func decimalsDivideExactly() throws {
        #expect(try value("7", "0").divided(by: ExactNumber(2))?.decimalText == "3.5")
        #expect(try value("7", "5").remainder(dividingBy: ExactNumber(2))?.decimalText == "1.5")
        #expect(try value("7", "5").negated().remainder(dividingBy: ExactNumber(2))?.decimalText == "0.5")
        let third = try #require(try value("1", "0").divided(by: ExactNumber(3)))
        #expect(third.decimalText == nil)
        #expect(third.description == "1/3")
        #expect(third.multiplied(by: ExactNumber(3))?.decimalText == "1")
        #expect(third.multiplied(by: ExactNumber(3))?.isInteger == false)
    }

    @Test func overflowIsReportedNeverWrapped() {
        let max = ExactNumber(.max)
        #expect(max.adding(ExactNumber(1)) == nil)
        #expect(max.negated().subtracting(ExactNumber(1)) == nil)   // would be Int64.min
        #expect(max.multiplied(by: ExactNumber(2)) == nil)
        #expect(max.divided(by: ExactNumber(-1))?.wholeValue == -.max)
        #expect(ExactNumber(numerator: 1, denominator: .max)?.adding(ExactNumber(numerator: 1, denominator: .max - 1)!) == nil)
        #expect(ExactNumber(numerator: 1, denominator: 1 << 62)?.decimalText == nil)   // 62 decimal places
    }
}
