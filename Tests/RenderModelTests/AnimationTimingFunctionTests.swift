import RenderModel
import Testing

/// `docs/reference/core-animation-rules.md` §3.4's curves and item 7.31 (`docs/reference/animations.md`, "Timing functions").
@Suite struct AnimationTimingFunctionTests {
    /// §3.4's table: the y values at x = 0.25, 0.5 and 0.75.
    static let table: [(TimingFunction, [Double])] = [
        (.linear, [0.25, 0.5, 0.75]),
        (.easeIn, [0.093465, 0.315357, 0.621861]),
        (.easeOut, [0.378140, 0.684643, 0.906535]),
        (.easeInEaseOut, [0.129162, 0.5, 0.870838]),
        (.default, [0.408511, 0.802403, 0.960459]),
        (TimingFunction(x1: 0.5, y1: 0, x2: 0.5, y2: 1), [0.105889, 0.5, 0.894111]),
    ]

    @Test("§3.4: every curve matches the table to 1e-6", arguments: table)
    func tableValues(function: TimingFunction, expected: [Double]) {
        for (x, y) in zip([0.25, 0.5, 0.75], expected) {
            #expect(abs(function.value(at: x) - y) <= 1e-6, "\(function)(\(x)) = \(function.value(at: x)), §3.4 says \(y)")
        }
    }

    @Test("§3.4: the control points are Core Animation's")
    func controlPoints() {
        #expect(TimingFunction.easeIn == TimingFunction(x1: 0.42, y1: 0, x2: 1, y2: 1))
        #expect(TimingFunction.easeOut == TimingFunction(x1: 0, y1: 0, x2: 0.58, y2: 1))
        #expect(TimingFunction.easeInEaseOut == TimingFunction(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
        #expect(TimingFunction.default == TimingFunction(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
        #expect(TimingFunction.named("easeInEaseOut") == .easeInEaseOut)
        #expect(TimingFunction.named("bounce") == nil)
    }

    @Test("7.31 timing functions: easeInEaseOut half-way is 0.5, a quarter 0.129162; easeIn, easeOut, default; linear is the identity")
    func checklist31() {
        var animation = LayerAnimation(.opacity, .basic(BasicAnimation(from: .number(0), to: .number(1))), duration: 1, timingFunction: .easeInEaseOut)
        #expect(abs(number(animation.value(atLocalTime: 0.5, underlying: .number(0))) - 0.5) <= 1e-6)
        #expect(abs(number(animation.value(atLocalTime: 0.25, underlying: .number(0))) - 0.129162) <= 1e-6)
        #expect(abs(TimingFunction.easeIn(0.5) - 0.315357) <= 1e-6)
        #expect(abs(TimingFunction.easeOut(0.5) - 0.684643) <= 1e-6)
        #expect(abs(TimingFunction.default(0.5) - 0.802403) <= 1e-6)
        animation.timingFunction = nil
        for x in stride(from: 0.0, through: 1.0, by: 0.125) {
            #expect(abs(number(animation.value(atLocalTime: x * 0.999, underlying: .number(0))) - x * 0.999) <= 1e-12)
            #expect(TimingFunction.linear(x) == x)
        }
    }

    @Test("7.31: inputs outside 0…1 clamp, and every named curve is exactly 0 at 0 and 1 at 1")
    func clampsAndEnds() {
        for (_, function) in TimingFunction.named {
            #expect(function(-0.5) == 0)
            #expect(function(1.5) == 1)
            #expect(function(0) == 0)
            #expect(function(1) == 1)
            #expect(function(.nan) == 0)
        }
    }

    @Test("Apple's solve: y(t) at an x(t) within 1e-5 of the input, as measured (§3.4)")
    func solveTolerance() {
        // easeOut(0.25) solved exactly is 0.378138 (1 − easeIn(0.75), by the
        // curves' symmetry); Apple measured 0.378140, which a solve that
        // stops at |x(t) − x| < 1e-5 gives.
        let exact = 1 - 0.621861869
        #expect(abs(TimingFunction.easeOut(0.25) - exact) > 1e-6)
        #expect(abs(TimingFunction.easeOut(0.25) - exact) < 1e-5)
        #expect(TimingFunction.solveEpsilon == 1e-5)
    }

    @Test("the curve is non-decreasing for the named functions (Newton and bisection agree)")
    func monotone() {
        for (_, function) in TimingFunction.named {
            var previous = 0.0
            for i in 0...1000 {
                let y = function(Double(i) / 1000)
                #expect(y >= previous - 1e-12)
                previous = y
            }
        }
    }

    @Test("control points that make no curve are a problem, and still evaluate without trapping")
    func problems() {
        #expect(TimingFunction.default.problem == nil)
        #expect(TimingFunction(x1: 1.5, y1: 0, x2: 0.5, y2: 1).problem != nil)
        #expect(TimingFunction(x1: 0.5, y1: .nan, x2: 0.5, y2: 1).problem != nil)
        let bad = TimingFunction(x1: -3, y1: 0, x2: 9, y2: 1)
        #expect(bad(0.5).isFinite)
        #expect(TimingFunction(x1: 0.2, y1: -0.5, x2: 0.8, y2: 1.5)(0.1) < 0)   // y may leave 0…1
    }
}

/// The number in an evaluation result (NaN when there is none).
func number(_ value: AnimationValue?) -> Double {
    guard case .number(let n)? = value else { return .nan }
    return n
}
