import LayerKit
import LoopSimTrace
import RenderModel

/// Running the animation statements (`docs/guide/animations-language.md`):
/// `animate`, `spring`, `removeAnimation(s)`, `animations` blocks and
/// `expect presentation`, onto LayerKit's animation API.
extension ScenarioRunner {
    func performAnimation(_ action: AnimationAction, at location: SourceLocation) throws {
        switch action {
        case .add(let spec):
            try addAnimation(spec, at: location)
        case .remove(let name, let key):
            try layer(name, at: location).removeAnimation(forKey: key)
        case .removeAll(let name):
            try layer(name, at: location).removeAllAnimations()
        case .viewAnimations(let block):
            let curve: TimingFunction = switch block.curve {
            case .easeInOut: .easeInEaseOut
            case .easeIn: .easeIn
            case .easeOut: .easeOut
            case .linear: .linear
            }
            let parameters = ViewAnimationParameters(duration: block.duration, delay: block.delay, timingFunction: curve,
                                                     springDampingRatio: block.spring?.dampingRatio,
                                                     springVelocity: block.spring?.velocity ?? 0)
            let completion = block.completion.map { body in { [unowned self] () throws in try self.perform(body) } }
            try layerContext.animateViews(parameters, body: { try perform(block.body) }, completion: completion)
        }
    }

    /// `animate L.PROP …` / `spring L.PROP …`: the model's animation for
    /// each key path of the property (`frame` is `bounds` and `position`),
    /// added under `key=` (or none).
    private func addAnimation(_ spec: AnimationSpec, at location: SourceLocation) throws {
        let layer = try layer(spec.layer, at: location)
        guard let property = spec.property.layerProperty else {
            throw diagnostic(at: location, "'\(spec.property.languageName)' cannot be animated")
        }
        for keyPath in AnimationKeyPath.keyPaths(for: property) {
            func value(_ v: LayerValue?) throws -> AnimationValue? {
                guard let v else { return nil }
                var state = layer.state
                do {
                    try state.setValue(propertyValue(v), for: property)
                } catch {
                    throw diagnostic(at: location, "\(spec.layer).\(spec.property.languageName): \(error)")
                }
                return keyPath.value(in: state)
            }
            let content: LayerAnimation.Content
            var duration: Double = 0
            switch spec.kind {
            case let .basic(from, to, by):
                content = .basic(BasicAnimation(from: try value(from), to: try value(to), by: try value(by)))
            case let .keyframe(values, keyTimes, mode, timings):
                let frames = try values.map { try value($0)! }
                let functions = timings?.map(timingFunction) ?? []
                content = .keyframe(KeyframeAnimation(values: frames, keyTimes: keyTimes, timingFunctions: functions,
                                                      calculationMode: KeyframeAnimation.CalculationMode(rawValue: mode.rawValue)!))
            case let .spring(from, to, by, mass, stiffness, damping, velocity):
                let spring = SpringAnimation(BasicAnimation(from: try value(from), to: try value(to), by: try value(by)),
                                             mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
                duration = spring.settlingDuration
                guard duration.isFinite else {
                    throw diagnostic(at: location, "this spring never comes to rest (damping 0): give it a duration=")
                }
                content = .spring(spring)
            }
            let o = spec.options
            if let d = o.duration { duration = Double(d) / 1e9 }
            var animation = LayerAnimation(keyPath, content, duration: duration, timingFunction: o.timing.map(timingFunction),
                                           isRemovedOnCompletion: o.removedOnCompletion, isAdditive: o.additive,
                                           isCumulative: o.cumulative)
            if o.delay > 0 { animation.timing.beginTime = Double(context.now + o.delay) / 1e9 }
            switch o.repeatCount {
            case .count(let n)?: animation.timing.repeatCount = n
            case .forever?: animation.timing.repeatCount = Double(Float.greatestFiniteMagnitude)
            case nil: break
            }
            if let r = o.repeatDuration { animation.timing.repeatDuration = Double(r) / 1e9 }
            animation.timing.autoreverses = o.autoreverses
            animation.timing.fillMode = MediaTiming.FillMode(rawValue: o.fill.rawValue)!
            animation.timing.speed = o.speed
            animation.timing.timeOffset = Double(o.timeOffset) / 1e9
            do {
                // `frame` adds two: under the key for bounds, and the key
                // + ".position" (one per key, as CA's frame action does).
                let key = o.key.map { keyPath == .position && property == .frame ? "\($0).position" : $0 }
                try layer.add(animation, forKey: key)
            } catch {
                throw diagnostic(at: location, "\(spec.layer).\(spec.property.languageName): \(error)")
            }
        }
    }

    private func timingFunction(_ spec: TimingFunctionSpec) -> TimingFunction {
        switch spec {
        case .linear: .linear
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .easeInEaseOut: .easeInEaseOut
        case .default: .default
        case let .controlPoints(x1, y1, x2, y2): TimingFunction(x1: x1, y1: y1, x2: x2, y2: y2)
        }
    }

    /// `expect presentation L.PROP == V at=T tolerance=E`: the app side's
    /// evaluator on the frame on screen at T, each number within E.
    func checkPresentation(_ e: Expectation) -> ExpectationResult {
        guard case let .presentation(name, propertyName, want, at, tolerance) = e.kind else {
            return ExpectationResult(expectation: e, passed: false, summary: "expect presentation", observed: "not a presentation expectation")
        }
        let summary = "expect presentation \(name).\(propertyName.languageName) == \(LayerContext.format(propertyValue(want))) at=\(TimeLiteral.format(at))"
            + (tolerance > 0 ? " tolerance=\(tolerance)" : "")
        guard render != nil else {
            return ExpectationResult(expectation: e, passed: false, summary: summary, observed: "no render server (--server none)")
        }
        guard let layer = layerObjects[name], let property = propertyName.layerProperty else {
            return ExpectationResult(expectation: e, passed: false, summary: summary, observed: "no layer \(name)")
        }
        var state = LayerState(), wantState = LayerState()
        try? wantState.setValue(propertyValue(want), for: property)
        for keyPath in AnimationKeyPath.keyPaths(for: property) {
            guard let value = simulation.presentationValue(of: layer, keyPath, at: at) else {
                return ExpectationResult(expectation: e, passed: false, summary: summary,
                                         observed: "\(name) was not on screen at \(TimeLiteral.format(at))")
            }
            keyPath.setValue(value, in: &state)
        }
        let observed = state.value(of: property)
        let got = Self.numbers(observed), wanted = Self.numbers(wantState.value(of: property))
        let passed = got.count == wanted.count && zip(got, wanted).allSatisfy { abs($0 - $1) <= tolerance }
        return ExpectationResult(expectation: e, passed: passed, summary: summary,
                                 observed: "\(name).\(propertyName.languageName) is \(LayerContext.format(observed)) in the frame on screen at \(TimeLiteral.format(at))")
    }

    /// The numbers of a value, compared one by one with a tolerance.
    private static func numbers(_ v: PropertyValue) -> [Double] {
        switch v {
        case .number(let n): [n]
        case .bool(let b): [b ? 1 : 0]
        case .point(let p): [p.x, p.y]
        case .rect(let r): [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): [c.r, c.g, c.b, c.a]
        case .transform(let t): [t.a, t.b, t.c, t.d, t.tx, t.ty]
        case .image(let id): [Double(id.rawValue)]
        case .gravity(let g): [Double(ContentsGravity.allCases.firstIndex(of: g) ?? 0)]
        case .null: []
        }
    }
}
