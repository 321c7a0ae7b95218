import RenderModel

/// Random valid animations for `DiffGenerator`: every key path, kind, fill
/// mode and calculation mode, with finite numbers (what the decoder accepts).
extension DiffGenerator {
    /// A finite number: a special one, a small integer or a random double.
    mutating func finite() -> Double {
        while true {
            let n = number()
            if n.isFinite { return n }
        }
    }

    /// A key of up to 12 ASCII letters, or nil one time in four.
    mutating func animationKey() -> String? {
        guard Int.random(in: 0..<4, using: &rng) != 0 else { return nil }
        let letters = Array("abcdefghijklmnopqrstuvwxyz.é")
        return String((0..<Int.random(in: 0...12, using: &rng)).map { _ in letters.randomElement(using: &rng)! })
    }

    mutating func animationValue(_ kind: AnimationValue.Kind) -> AnimationValue {
        switch kind {
        case .number: .number(finite())
        case .point: .point(Point(x: finite(), y: finite()))
        case .size: .size(Size(width: finite(), height: finite()))
        case .rect: .rect(Rect(x: finite(), y: finite(), width: finite(), height: finite()))
        case .color: .color(RGBA(r: finite(), g: finite(), b: finite(), a: finite()))
        case .transform: .transform(Transform2D(a: finite(), b: finite(), c: finite(), d: finite(), tx: finite(), ty: finite()))
        case .bool: .bool(Bool.random(using: &rng))
        }
    }

    mutating func timingFunction() -> TimingFunction {
        TimingFunction(x1: Double.random(in: 0...1, using: &rng), y1: finite(), x2: Double.random(in: 0...1, using: &rng), y2: finite())
    }

    mutating func basicValues(_ kind: AnimationValue.Kind) -> BasicAnimation {
        var basic = BasicAnimation()
        if Bool.random(using: &rng) { basic.fromValue = animationValue(kind) }
        if Bool.random(using: &rng) { basic.toValue = animationValue(kind) }
        if !kind.isDiscrete, Bool.random(using: &rng) { basic.byValue = animationValue(kind) }
        return basic
    }

    mutating func animation() -> LayerAnimation {
        let keyPath = AnimationKeyPath.allCases.randomElement(using: &rng)!
        let kind = keyPath.valueKind
        let content: LayerAnimation.Content
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
            content = .basic(basicValues(kind))
        case 1:
            content = .spring(SpringAnimation(
                basicValues(kind),
                mass: Double.random(in: 0.01...10, using: &rng),
                stiffness: Double.random(in: 0.01...1000, using: &rng),
                damping: Double.random(in: 0...100, using: &rng),
                initialVelocity: finite()
            ))
        default:
            let mode = KeyframeAnimation.CalculationMode.allCases.randomElement(using: &rng)!
            let count = Int.random(in: 1...6, using: &rng)
            let values = (0..<count).map { _ in animationValue(kind) }
            var keyTimes: [Double]? = nil
            if Bool.random(using: &rng) {
                let timeCount = mode == .discrete && Bool.random(using: &rng) ? count + 1 : count
                var times = (0..<timeCount).map { _ in Double.random(in: 0...1, using: &rng) }.sorted()
                if mode == .linear || mode == .cubic {
                    times[0] = 0
                    times[timeCount - 1] = 1
                }
                keyTimes = times
            }
            let functions = (0..<Int.random(in: 0...(count - 1), using: &rng)).map { _ in timingFunction() }
            content = .keyframe(KeyframeAnimation(values: values, keyTimes: keyTimes, timingFunctions: functions, calculationMode: mode))
        }
        var animation = LayerAnimation(
            keyPath, content,
            duration: Double.random(in: 0.001...100, using: &rng),
            timingFunction: Bool.random(using: &rng) ? timingFunction() : nil,
            isRemovedOnCompletion: Bool.random(using: &rng),
            isAdditive: Bool.random(using: &rng),
            isCumulative: Bool.random(using: &rng)
        )
        animation.timing.beginTime = finite()
        animation.timing.speed = finite()
        animation.timing.timeOffset = finite()
        animation.timing.repeatCount = [0, 1, 3.5, .infinity, Double(Float.greatestFiniteMagnitude)].randomElement(using: &rng)!
        animation.timing.repeatDuration = Bool.random(using: &rng) ? 0 : Double.random(in: 0...1000, using: &rng)
        animation.timing.autoreverses = Bool.random(using: &rng)
        animation.timing.fillMode = MediaTiming.FillMode.allCases.randomElement(using: &rng)!
        animation.id = Bool.random(using: &rng) ? rng.next() : UInt64.random(in: 0...1000, using: &rng)
        return animation
    }
}
