import LoopSimTestSupport
@testable import RenderModel
import Testing

/// The compiled form an attached animation is evaluated from
/// (`AnimationPlan`, docs/reference/animations.md, "Evaluation"): the same values as
/// §3.2's steps written out, bit for bit, and kept in step with the
/// animation.
@Suite struct AnimationPlanTests {
    static let keyPaths: [AnimationKeyPath] = [.opacity, .position, .boundsSize, .bounds, .backgroundColor, .transform, .rotation, .scale, .translation, .hidden]

    static func value(_ kind: AnimationValue.Kind, _ g: inout SplitMix64) -> AnimationValue {
        func d(_ range: ClosedRange<Double> = -50...50) -> Double { Double.random(in: range, using: &g) }
        switch kind {
        case .number: return .number(d(-3...3))
        case .point: return .point(Point(x: d(), y: d()))
        case .size: return .size(Size(width: d(0...80), height: d(0...80)))
        case .rect: return .rect(Rect(x: d(), y: d(), width: d(0...80), height: d(0...80)))
        case .color: return .color(RGBA(r: d(0...1), g: d(0...1), b: d(0...1), a: d(0...1)))
        case .transform:
            let angle = [0, -0.0, d(-4...4)][Int.random(in: 0..<3, using: &g)]
            return .transform(Transform2D(Transform2D.Decomposition(translationX: d(), translationY: d(), scaleX: d(0.2...2), scaleY: d(0.2...2),
                                                                   shear: [0, d(-1...1)][Int.random(in: 0..<2, using: &g)], angle: angle)))
        case .bool: return .bool(Bool.random(using: &g))
        }
    }

    /// Each of from, to and by given or not.
    static func basic(_ kind: AnimationValue.Kind, _ g: inout SplitMix64) -> BasicAnimation {
        func maybe() -> AnimationValue? { Bool.random(using: &g) ? value(kind, &g) : nil }
        return BasicAnimation(from: maybe(), to: maybe(), by: maybe())
    }

    /// An animation of any kind, timing and flags (some invalid: the
    /// caller skips what `add` refuses).
    static func animation(_ g: inout SplitMix64) -> LayerAnimation {
        let keyPath = keyPaths[Int.random(in: 0..<keyPaths.count, using: &g)]
        let kind = keyPath.valueKind
        let content: LayerAnimation.Content
        switch Int.random(in: 0..<3, using: &g) {
        case 0: content = .basic(basic(kind, &g))
        case 1:
            content = .spring(SpringAnimation(basic(kind, &g), mass: Double.random(in: 0.5...2, using: &g), stiffness: Double.random(in: 20...300, using: &g),
                                              damping: [2, 8, 20, 40][Int.random(in: 0..<4, using: &g)], initialVelocity: Double.random(in: -3...3, using: &g)))
        default:
            let n = Int.random(in: 1...5, using: &g)
            let mode = KeyframeAnimation.CalculationMode.allCases[Int.random(in: 0..<5, using: &g)]
            let timings = Bool.random(using: &g) ? (0..<max(n - 1, 0)).map { _ in TimingFunction.named[Int.random(in: 0..<5, using: &g)].function } : []
            content = .keyframe(KeyframeAnimation(values: (0..<n).map { _ in value(kind, &g) }, timingFunctions: timings, calculationMode: mode))
        }
        var a = LayerAnimation(keyPath, content, duration: [0.1, 0.25, 1, 2.5][Int.random(in: 0..<4, using: &g)],
                               timingFunction: Bool.random(using: &g) ? TimingFunction.named[Int.random(in: 0..<5, using: &g)].function : nil,
                               isRemovedOnCompletion: Bool.random(using: &g), isAdditive: Bool.random(using: &g), isCumulative: Bool.random(using: &g))
        a.timing.beginTime = [0, 0.3][Int.random(in: 0..<2, using: &g)]
        a.timing.speed = [1, 2, 0.5][Int.random(in: 0..<3, using: &g)]
        a.timing.timeOffset = [0, 0.1][Int.random(in: 0..<2, using: &g)]
        a.timing.repeatCount = [0, 2, 3.5, .infinity][Int.random(in: 0..<4, using: &g)]
        a.timing.autoreverses = Bool.random(using: &g)
        a.timing.fillMode = MediaTiming.FillMode.allCases[Int.random(in: 0..<MediaTiming.FillMode.allCases.count, using: &g)]
        return a
    }

    /// §3.2 steps 2–6 written out from the public parts, as the evaluation
    /// read them before plans.
    static func reference(_ a: LayerAnimation, at t: Double, underlying: AnimationValue) -> AnimationValue? {
        guard let sample = a.timing.sample(atParentTime: t, isRemovedOnCompletion: a.isRemovedOnCompletion) else { return nil }
        let eased = a.timingFunction?.value(at: sample.progress) ?? sample.progress
        var value: AnimationValue, start: AnimationValue, end: AnimationValue
        switch a.content {
        case .basic(let basic):
            (start, end) = basic.endpoints(underlying: underlying)
            value = start.interpolated(to: end, at: eased)
        case .spring(let spring):
            (start, end) = spring.values.endpoints(underlying: underlying)
            value = start.interpolated(to: end, at: spring.progress(at: sample.cycleTime))
        case .keyframe(let keyframe):
            value = keyframe.value(at: eased, underlying: underlying)
            (start, end) = (keyframe.values.first ?? underlying, keyframe.values.last ?? underlying)
        }
        if a.isCumulative, sample.iteration != 0 { value = value.adding(end.subtracting(start).scaled(by: sample.iteration)) }
        if a.isAdditive { value = value.composed(onto: underlying) }
        return value
    }

    /// The value's numbers as bits: equal only when every bit is, the sign
    /// of a zero too.
    static func bits(_ v: AnimationValue) -> [UInt64] {
        let numbers: [Double]
        switch v {
        case .number(let n): numbers = [n]
        case .point(let p): numbers = [p.x, p.y]
        case .size(let s): numbers = [s.width, s.height]
        case .rect(let r): numbers = [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): numbers = [c.r, c.g, c.b, c.a]
        case .transform(let m): numbers = [m.a, m.b, m.c, m.d, m.tx, m.ty]
        case .bool(let b): numbers = [b ? 1 : 0]
        }
        return [UInt64(v.kind.componentCount)] + numbers.map(\.bitPattern)
    }

    static func model(_ g: inout SplitMix64) -> LayerState {
        var s = LayerState()
        s.position = Point(x: Double.random(in: 0...300, using: &g), y: Double.random(in: 0...300, using: &g))
        s.bounds = Rect(x: 0, y: 0, width: Double.random(in: 1...90, using: &g), height: Double.random(in: 1...90, using: &g))
        s.opacity = Double.random(in: 0...1, using: &g)
        if Bool.random(using: &g) { s.backgroundColor = RGBA(r: 1, g: 0.5, b: 0.25, a: 1) }
        if Bool.random(using: &g) { s.transform = Transform2D(Transform2D.Decomposition(scaleX: 1.5, angle: Double.random(in: -3...3, using: &g))) }
        return s
    }

    @Test("a layer's animations evaluated from their plans give §3.2's values bit for bit: every kind, fill, repeat, flag and key path")
    func sameBitsAsTheSteps() {
        var g = SplitMix64(seed: 31)
        var compared = 0
        for round in 0..<3_000 {
            var animations = LayerAnimations()
            for k in 0..<Int.random(in: 1...3, using: &g) { try? animations.add(Self.animation(&g), forKey: "k\(k)") }
            guard !animations.isEmpty else { continue }
            let model = Self.model(&g)
            for _ in 0..<8 {
                let t = Double.random(in: -0.2...9, using: &g)
                let planned = animations.presentation(of: model, atLocalTime: t)
                var expected = model
                for entry in animations.entries {
                    let path = entry.animation.keyPath
                    if let v = Self.reference(entry.animation, at: t, underlying: path.value(in: expected)) { path.setValue(v, in: &expected) }
                }
                for entry in animations.entries {
                    let path = entry.animation.keyPath
                    guard Self.bits(path.value(in: planned)) == Self.bits(path.value(in: expected)) else {
                        Issue.record("round \(round), t \(t), \(path): \(path.value(in: planned)) against \(path.value(in: expected))")
                        return
                    }
                    let one = entry.animation.value(atLocalTime: t, underlying: path.value(in: model))
                    let two = Self.reference(entry.animation, at: t, underlying: path.value(in: model))
                    guard one.map(Self.bits) == two.map(Self.bits) else {
                        Issue.record("round \(round), t \(t): LayerAnimation.value \(String(describing: one)) against \(String(describing: two))")
                        return
                    }
                    compared += 1
                }
            }
        }
        #expect(compared > 20_000, "\(compared) values compared")
    }

    @Test("an entry's plan follows its animation: a stamped begin time moves the evaluation")
    func planFollowsTheStamp() throws {
        var animations = LayerAnimations()
        try animations.add(LayerAnimation(.opacity, .basic(BasicAnimation(from: .number(0), to: .number(1))), duration: 1), forKey: "fade")
        #expect(animations.presentation(of: LayerState(), atLocalTime: 0.25).opacity == 0.25)
        animations.stampBeginTimes(2)
        #expect(animations.presentation(of: LayerState(), atLocalTime: 2.25).opacity == 0.25)
        #expect(animations.presentation(of: LayerState(), atLocalTime: 0.25).opacity == 1)   // before its begin: the model
        var entry = animations.entries[0]
        entry.animation.timing.duration = 2
        #expect(entry.plan.timing.duration == 2 && entry.plan.activeDuration == 2)
    }

    @Test("a plan holds no counted reference: copying one is its bytes")
    func planIsTrivial() {
        #expect(_isPOD(AnimationPlan.self))
    }

    @Test("numbers and points interpolate and add as the vectors' arithmetic does, bit for bit")
    func fastPathsMatchTheVectors() {
        var g = SplitMix64(seed: 9)
        for _ in 0..<5_000 {
            let (a, b) = (Double.random(in: -1e3...1e3, using: &g), Double.random(in: -1e3...1e3, using: &g))
            let (c, d) = (Double.random(in: -1e3...1e3, using: &g), Double.random(in: -1e3...1e3, using: &g))
            let t = Double.random(in: -0.5...1.5, using: &g)
            // Sizes and rects take the vectors' path.
            let point = AnimationValue.point(Point(x: a, y: b)).interpolated(to: .point(Point(x: c, y: d)), at: t)
            let size = AnimationValue.size(Size(width: a, height: b)).interpolated(to: .size(Size(width: c, height: d)), at: t)
            #expect(Array(Self.bits(point).dropFirst()) == Array(Self.bits(size).dropFirst()))
            let number = AnimationValue.number(a).interpolated(to: .number(c), at: t)
            let rect = AnimationValue.rect(Rect(x: a, y: 0, width: 0, height: 0)).interpolated(to: .rect(Rect(x: c, y: 0, width: 0, height: 0)), at: t)
            #expect(Self.bits(number)[1] == Self.bits(rect)[1])
            let sum = AnimationValue.point(Point(x: a, y: b)).adding(.point(Point(x: c, y: d)))
            let sizeSum = AnimationValue.size(Size(width: a, height: b)).adding(.size(Size(width: c, height: d)))
            #expect(Array(Self.bits(sum).dropFirst()) == Array(Self.bits(sizeSum).dropFirst()))
        }
    }

    @Test("the slots of presentationStates are each layer's presentationState, across commits that create, remove, re-animate and re-time layers, and in a copy of the tree")
    func statesFollowTheTree() throws {
        var g = SplitMix64(seed: 77)
        var h = SplitMix64(seed: 78)   // the timings', apart from the layers' draws
        var tree = LayerTree()
        var sequence: UInt64 = 0
        var live: [LayerID] = []
        var states: [LayerState] = []
        for frame in 0..<300 {
            let t = Double(frame) / 60
            if frame % 7 == 0 {
                // Create one, sometimes remove one, add an animation somewhere.
                var ops: [DiffOp] = []
                let id = LayerID(frame / 7 + 1)
                ops += [.create(id), .move(id, parent: 0, index: 0)]
                live.append(id)
                if live.count > 3, Bool.random(using: &g) { ops.append(.remove(live.remove(at: Int.random(in: 0..<live.count - 1, using: &g)))) }
                var a = LayerAnimation(.position, .basic(BasicAnimation(by: .point(Point(x: 0, y: 40)))), duration: 1)
                a.timing.repeatCount = [2, .infinity][Int.random(in: 0..<2, using: &g)]
                ops.append(.addAnimation(live[Int.random(in: 0..<live.count, using: &g)], key: "k\(frame)", a))
                if Bool.random(using: &h) {
                    // A layer's timing changes its time map, kept with its position.
                    let speed = [0.5, 1, 2][Int.random(in: 0..<3, using: &h)]
                    ops.append(.timing(live[Int.random(in: 0..<live.count, using: &h)], speed: speed, timeOffset: 0.125, beginTime: 0))
                }
                sequence += 1
                try tree.apply(CommitDiff(sequence: sequence, time: Int64(t * 1e9), ops: ops))
            }
            tree.advanceAnimations(toMediaTime: t)
            var copy = tree
            for which in 0..<2 {
                let found = which == 0 ? tree.presentationStates(atMediaTime: t, into: &states) : copy.presentationStates(atMediaTime: t, into: &states)
                #expect(states.count == tree.animatedLayerIDs.count)
                // False exactly when the tree no longer holds one of the layers.
                #expect(found == tree.animatedLayerIDs.allSatisfy { tree.presentationState(of: $0, atMediaTime: t) != nil })
                guard found else { continue }
                for (k, id) in tree.animatedLayerIDs.enumerated() where states[k] != tree.presentationState(of: id, atMediaTime: t) {
                    Issue.record("frame \(frame), layer \(id)")
                    return
                }
            }
            if frame % 11 == 0, let id = copy.animatedLayerIDs.first {
                // The copy changes alone; the original keeps its positions.
                try copy.apply(CommitDiff(sequence: sequence + 1, time: Int64(t * 1e9), ops: [.remove(id)]))
                _ = copy.presentationStates(atMediaTime: t, into: &states)
                #expect(states.count == copy.animatedLayerIDs.count)
            }
        }
        #expect(tree.animatedLayerIDs.count > 10)
    }

    @Test("sine and cosine of ±0 are the library's, the sign of a zero kept")
    func trigAtZero() {
        #expect(Trig.sine(0).bitPattern == 0.0.bitPattern)
        #expect(Trig.sine(-0.0).bitPattern == (-0.0).bitPattern)
        #expect(Trig.cosine(0) == 1 && Trig.cosine(-0.0) == 1)
    }
}
