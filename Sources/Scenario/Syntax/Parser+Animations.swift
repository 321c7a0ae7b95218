/// The animation actions: `animate`, `spring`, `removeAnimation`,
/// `removeAnimations` and `animations` blocks (docs/guide/animations-language.md).
/// Every value is checked here, so that the runner only meets well-formed
/// animations.
extension Parser {
    static let animationFlags = ["autoreverses", "keep", "additive", "cumulative"]
    static let basicAnimationKeys = ["from", "to", "by", "duration", "timing", "delay", "repeat", "repeatDuration",
                                     "fill", "speed", "offset", "key"]
    static let animateSpec = OptionSpec(statement: "animate",
                                        keys: basicAnimationKeys + ["keyframes", "times", "mode", "timings"],
                                        flags: animationFlags)
    static let springSpec = OptionSpec(statement: "spring",
                                       keys: basicAnimationKeys + ["mass", "stiffness", "damping", "velocity"],
                                       flags: animationFlags)
    /// The most keyframes one animation may have.
    static let maxKeyframes = 1000

    mutating func parseAnimationAction(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> AnimationAction {
        let line = node.line
        switch keyword.text {
        case "animate", "spring":
            let spec = try parseAnimation(&cursor, keyword)
            try noBody(cursor, keyword.text)
            return .add(spec)
        case "removeAnimation":
            let layer = try expectName(&cursor, "a layer name", after: keyword)
            let options = try parseOptions(&cursor, OptionSpec(statement: "removeAnimation", keys: ["key"]))
            try noBody(cursor, "removeAnimation")
            guard let (key, value) = options.value("key") else {
                throw error("`removeAnimation` needs key= with the animation's key, like removeAnimation \(layer.text) key=spin",
                            at: keyword, in: line)
            }
            use(layer, .removeAnimation, line)
            return .remove(layer: layer.text, key: try animationKey(atom(value, key, line, expected: "a key"), line))
        case "removeAnimations":
            let layer = try expectName(&cursor, "a layer name", after: keyword)
            _ = try parseOptions(&cursor, OptionSpec(statement: "removeAnimations"))
            try noBody(cursor, "removeAnimations")
            use(layer, .removeAnimation, line)
            return .removeAll(layer: layer.text)
        default:
            return .viewAnimations(try parseViewAnimations(node, &cursor, keyword))
        }
    }

    // MARK: animate, spring

    /// `animate L.PROP …` / `spring L.PROP …`: the target, then the options
    /// in any order, each once; values are read by the property's form.
    private mutating func parseAnimation(_ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> AnimationSpec {
        let line = cursor.line
        let isSpring = keyword.text == "spring"
        let spec = isSpring ? Self.springSpec : Self.animateSpec
        let (layer, propertyToken, property) = try animationTarget(&cursor, keyword)
        if isSpring, [.bool, .image].contains(property.valueKind) {
            throw error("a spring moves numbers, points, rects, transforms and colours; \(Self.needs(property))",
                        at: propertyToken, in: line)
        }
        var plain = Options()
        var values: [(key: Token, value: LayerValue)] = []
        var keyframes: (key: Token, values: [LayerValue])?
        var given: Set<String> = []
        while let token = cursor.next() {
            guard let key = token.word else {
                if token.isSymbol(":") {
                    throw error("unexpected ':': `\(keyword.text)` does not take a block", at: token, in: line)
                }
                throw error("expected an option (key=value), found \(token.quoted)", at: token, in: line)
            }
            guard let equals = cursor.peek, equals.isSymbol("=") else {
                guard spec.flags.contains(key) else {
                    if spec.keys.contains(key) { throw error("option '\(key)' needs a value: \(key)=…", at: token, in: line) }
                    throw unknownOption(token, spec, line)
                }
                if given.contains(key) { throw error("flag '\(key)' is given twice", at: token, in: line) }
                given.insert(key)
                plain.items.append(OptionItem(key: token, value: nil))
                continue
            }
            _ = cursor.next()
            if spec.flags.contains(key) { throw error("'\(key)' is a flag and takes no value", at: token, in: line) }
            guard spec.keys.contains(key) else { throw unknownOption(token, spec, line) }
            if given.contains(key) { throw error("option '\(key)=' is given twice", at: token, in: line) }
            given.insert(key)
            switch key {
            case "from", "to":
                values.append((token, try layerValue(property, &cursor, after: "'\(key)='")))
            case "by":
                values.append((token, try incrementValue(property, token, &cursor, operation: "by=")))
            case "keyframes":
                keyframes = (token, try keyframeValues(property, &cursor, after: token))
            default:
                plain.items.append(OptionItem(key: token, value: try parseValue(&cursor, after: "'\(key)='")))
            }
        }
        if keyframes != nil, let basic = values.first {
            throw error("keyframes= replaces from=, to= and by=; give one or the other", at: basic.key, in: line)
        }
        if values.count == 3 {
            throw error("give at most two of from=, to= and by= (with all three, Core Animation ignores by=)",
                        at: values[2].key, in: line)
        }
        let options = try animationOptions(plain, line)
        let value: (String) -> LayerValue? = { name in values.first { $0.key.text == name }?.value }
        let kind: AnimationKind
        if isSpring {
            kind = .spring(from: value("from"), to: value("to"), by: value("by"),
                           mass: try positive(plain, "mass", default: 1, line),
                           stiffness: try positive(plain, "stiffness", default: 100, line),
                           damping: try number(plain, "damping", default: 10, atLeastZero: true, line),
                           velocity: try number(plain, "velocity", default: 0, atLeastZero: false, line))
        } else if let keyframes {
            kind = try keyframeAnimation(keyframes.key, keyframes.values, plain, line)
        } else {
            if let stray = plain.present(["times", "mode", "timings"]).first {
                throw error("\(stray.text)= belongs to a keyframe animation: give keyframes=(…) too", at: stray, in: line)
            }
            kind = .basic(from: value("from"), to: value("to"), by: value("by"))
        }
        use(layer, .animate, line)
        return AnimationSpec(layer: layer.text, property: property, kind: kind, options: options)
    }

    /// `L.PROP` after `animate` or `spring`: a layer and an animatable property.
    private func animationTarget(_ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> (Token, Token, LayerPropertyName) {
        let line = cursor.line
        let example = "like \(keyword.text) box.position to=(100,100)"
        guard let layer = cursor.next() else {
            throw error("expected a layer property after `\(keyword.text)`, \(example)", line, column: cursor.endColumn)
        }
        guard layer.word != nil else {
            throw error("expected a layer property after `\(keyword.text)`, found \(layer.quoted)", at: layer, in: line)
        }
        guard let dot = cursor.next(), dot.isSymbol("."), dot.column == layer.endColumn,
              let propertyToken = cursor.next(), let name = propertyToken.word, propertyToken.column == dot.endColumn else {
            throw error("expected '.' and a property right after '\(layer.text)', \(example)", at: layer, in: line)
        }
        let animatable = LayerPropertyName.allCases.filter(\.isAnimatable).map(\.languageName)
        guard let property = LayerPropertyName(spelled: name) else {
            var message = "unknown layer property '\(name)'"
            let spellings = LayerPropertyName.spellings.filter { LayerPropertyName(spelled: $0)?.isAnimatable ?? false }
            if let suggestion = suggest(name, from: spellings) { message += "; did you mean '\(suggestion)'?" }
            throw error(message + " (animatable: \(animatable.joined(separator: ", ")))", at: propertyToken, in: line)
        }
        guard property.isAnimatable else {
            throw error("\(name) cannot be animated (animatable: \(animatable.joined(separator: ", ")))", at: propertyToken, in: line)
        }
        return (layer, propertyToken, property)
    }

    /// `keyframes=(V, V, …)`: values of the property's form; transforms
    /// are written as steps (`keyframes=(identity, rotate(90deg) scale(2))`).
    private mutating func keyframeValues(_ property: LayerPropertyName, _ cursor: inout Cursor,
                                         after key: Token) throws(Diagnostic) -> [LayerValue] {
        let line = cursor.line
        guard let open = cursor.next() else {
            throw error("expected '(' and the keyframes after 'keyframes=', like keyframes=(0, 0.5, 1)", line, column: cursor.endColumn)
        }
        guard open.isSymbol("(") else {
            throw error("keyframes= is a list in parentheses, like keyframes=((0,0), (50,0), (50,50)), found \(open.quoted)",
                        at: open, in: line)
        }
        var values: [LayerValue] = []
        var previous = "'('"
        while true {
            let start = cursor.peek
            if property.valueKind == .transform {
                values.append(.transform(try transformSteps(&cursor, after: previous, inList: true)))
            } else {
                let element = try parseElement(&cursor, after: previous, depth: 1)
                values.append(try layerValue(property, element: element, line))
            }
            if values.count > Self.maxKeyframes, let start {
                throw error("more than \(Self.maxKeyframes) keyframes", at: start, in: line)
            }
            guard let next = cursor.next() else {
                throw error("expected ',' or ')' to continue the keyframes opened at column \(open.column)", line, column: cursor.endColumn)
            }
            if next.isSymbol(")") { break }
            guard next.isSymbol(",") else {
                throw error("expected ',' or ')' in the keyframes opened at column \(open.column), found \(next.quoted)", at: next, in: line)
            }
            previous = "','"
        }
        return values
    }

    /// `mode=`, `times=` and `timings=` checked against the values.
    private func keyframeAnimation(_ key: Token, _ values: [LayerValue], _ options: Options,
                                   _ line: LexedLine) throws(Diagnostic) -> AnimationKind {
        var mode = KeyframeModeName.linear
        if let (k, v) = options.value("mode") {
            mode = try named(atom(v, k, line, expected: "a calculation mode"), KeyframeModeName.self, "calculation mode", line)
        }
        let discrete = mode == .discrete
        let paced = mode == .paced || mode == .cubicPaced
        if values.count < (discrete ? 1 : 2) {
            throw error("a keyframe animation in \(mode.rawValue) mode needs at least \(discrete ? "one value" : "two values")",
                        at: key, in: line)
        }
        var keyTimes: [Double]?
        if let (k, v) = options.value("times") {
            if paced {
                throw error("times= has no effect in \(mode.rawValue) mode (the times make the speed constant); leave it out", at: k, in: line)
            }
            let wanted = discrete ? values.count + 1 : values.count
            let elements = try tuple(v, k, line, example: "times=(0, 0.5, 1)")
            guard elements.count == wanted else {
                throw error("times= needs \(wanted) times for \(values.count) keyframe\(values.count == 1 ? "" : "s") in \(mode.rawValue) mode\(discrete ? " (one more than the values: each is held until the next time)" : ""), found \(elements.count)",
                            at: v[0].token, in: line)
            }
            var times: [Double] = []
            for element in elements {
                let t = try real(element, line, "a key time")
                guard t >= 0, t <= 1 else {
                    throw error("a key time is between 0 and 1, found \(Self.describe(element))", at: element.token, in: line)
                }
                if let last = times.last, t < last {
                    throw error("key times never decrease: \(Self.describe(element)) comes after \(LayerValueFormat.number(last))",
                                at: element.token, in: line)
                }
                times.append(t)
            }
            if times.first != 0 || times.last != 1 {
                let bad = times.first != 0 ? elements[0] : elements[elements.count - 1]
                throw error("the key times start at 0 and end at 1, found \(Self.describe(bad))", at: bad.token, in: line)
            }
            keyTimes = times
        }
        var timings: [TimingFunctionSpec]?
        if let (k, v) = options.value("timings") {
            if discrete || paced {
                throw error("timings= has no effect in \(mode.rawValue) mode; leave it out", at: k, in: line)
            }
            let elements = try tuple(v, k, line, example: "timings=(easeIn, easeOut)")
            guard elements.count == values.count - 1 else {
                throw error("timings= needs one timing per segment: \(values.count - 1) for \(values.count) keyframes, found \(elements.count)",
                            at: v[0].token, in: line)
            }
            var list: [TimingFunctionSpec] = []
            for element in elements { list.append(try timingFunction(element, line)) }
            timings = list
        }
        return .keyframe(values: values, keyTimes: keyTimes, mode: mode, timings: timings)
    }

    // MARK: The timing options

    /// `duration=`, `timing=`, `delay=`, `repeat=`, `repeatDuration=`,
    /// `fill=`, `speed=`, `offset=`, `key=` and the flags.
    private func animationOptions(_ options: Options, _ line: LexedLine) throws(Diagnostic) -> AnimationOptions {
        var result = AnimationOptions()
        if let (key, value) = options.value("duration") {
            result.duration = try positiveDuration(atom(value, key, line, expected: "a duration"), line, "duration=",
                                                   hint: "leave it out for the default")
        }
        if let (key, value) = options.value("timing") {
            result.timing = try timingFunction(single(value, key, line), line)
        }
        if let (key, value) = options.value("delay") {
            result.delay = try duration(atom(value, key, line, expected: "a duration"), line)
        }
        let repeats = options.present(["repeat", "repeatDuration"])
        if repeats.count > 1 {
            throw error("give either repeat= or repeatDuration=, not both (Core Animation leaves the pair undefined)",
                        at: repeats[1], in: line)
        }
        if let (key, value) = options.value("repeat") {
            let token = try atom(value, key, line, expected: "a count or inf")
            if token.word == "inf" {
                result.repeatCount = .forever
            } else {
                guard case .number = token.kind else {
                    throw error("repeat= needs a count (like 3 or 2.5) or inf, found \(token.quoted)", at: token, in: line)
                }
                let count = try real(token, line, "repeat=")
                guard count > 0 else {
                    throw error("repeat= must be greater than 0 (leave it out for one cycle)", at: token, in: line)
                }
                result.repeatCount = .count(count)
            }
        }
        if let (key, value) = options.value("repeatDuration") {
            result.repeatDuration = try positiveDuration(atom(value, key, line, expected: "a duration"), line, "repeatDuration=",
                                                         hint: "leave it out to repeat by count")
        }
        if let (key, value) = options.value("fill") {
            result.fill = try named(atom(value, key, line, expected: "a fill mode"), FillModeName.self, "fill mode", line)
        }
        if let (key, value) = options.value("speed") {
            result.speed = try real(atom(value, key, line, expected: "a number"), line, "speed=")
        }
        if let (key, value) = options.value("offset") {
            result.timeOffset = try duration(atom(value, key, line, expected: "a duration"), line)
        }
        if let (key, value) = options.value("key") {
            result.key = try animationKey(atom(value, key, line, expected: "a key"), line)
        }
        result.autoreverses = options.flag("autoreverses") != nil
        result.removedOnCompletion = options.flag("keep") == nil
        result.additive = options.flag("additive") != nil
        result.cumulative = options.flag("cumulative") != nil
        return result
    }

    /// A duration above 0.
    private func positiveDuration(_ token: Token, _ line: LexedLine, _ what: String, hint: String) throws(Diagnostic) -> Int64 {
        let d = try duration(token, line)
        guard d > 0 else { throw error("\(what) must be greater than 0 (\(hint))", at: token, in: line) }
        return d
    }

    /// `linear`, `easeIn`, `easeOut`, `easeInEaseOut`, `default`, or `(x1, y1, x2, y2)` with x1, x2 in 0…1.
    func timingFunction(_ element: ValueElement, _ line: LexedLine) throws(Diagnostic) -> TimingFunctionSpec {
        switch element {
        case .tuple(let open, let elements):
            let p = try numberTuple(element, ["x1", "y1", "x2", "y2"],
                                    needs: "a timing function's control points are (x1, y1, x2, y2)", line)
            for (index, name) in [(0, "x1"), (2, "x2")] where !(0...1).contains(p[index]) {
                throw error("\(name) of a timing function is between 0 and 1 (time only moves forward)", at: elements[index].token, in: line)
            }
            _ = open
            return .controlPoints(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
        case .atom(let token):
            let names = TimingFunctionSpec.names
            guard let name = token.word, let index = names.firstIndex(of: name) else {
                var message = token.word.map { "unknown timing '\($0)'" } ?? "expected a timing function, found \(token.quoted)"
                if let name = token.word, let suggestion = suggest(name, from: names) { message += "; did you mean '\(suggestion)'?" }
                throw error(message + " (timings: \(names.joined(separator: ", ")), or (x1, y1, x2, y2))", at: token, in: line)
            }
            return [TimingFunctionSpec.linear, .easeIn, .easeOut, .easeInEaseOut, .default][index]
        }
    }

    /// `key=spin` or `key="spin"`: a non-empty name or string.
    private func animationKey(_ token: Token, _ line: LexedLine) throws(Diagnostic) -> String {
        switch token.kind {
        case .word(let w): return w
        case .string(let s) where !s.isEmpty: return s
        default: throw error("a key is a name or a non-empty string, like key=spin, found \(token.quoted)", at: token, in: line)
        }
    }

    /// One of an enum's raw values, with a suggestion.
    private func named<T: RawRepresentable & CaseIterable>(_ token: Token, _ type: T.Type, _ what: String,
                                                           _ line: LexedLine) throws(Diagnostic) -> T where T.RawValue == String {
        let names = T.allCases.map(\.rawValue)
        if let word = token.word, let value = T(rawValue: word) { return value }
        var message = token.word.map { "unknown \(what) '\($0)'" } ?? "expected a \(what), found \(token.quoted)"
        if let word = token.word, let suggestion = suggest(word, from: names) { message += "; did you mean '\(suggestion)'?" }
        throw error(message + " (\(names.joined(separator: ", ")))", at: token, in: line)
    }

    /// The elements of an option written as one tuple, `(a, b, …)`.
    private func tuple(_ value: [ValueElement], _ key: Token, _ line: LexedLine, example: String) throws(Diagnostic) -> [ValueElement] {
        guard case .tuple(_, let elements) = try single(value, key, line) else {
            throw error("\(key.text)= is a list in parentheses, like \(example)", at: value[0].token, in: line)
        }
        return elements
    }

    /// A spring's `mass=` or `stiffness=`: above 0.
    private func positive(_ options: Options, _ key: String, default value: Double, _ line: LexedLine) throws(Diagnostic) -> Double {
        guard let (k, v) = options.value(key) else { return value }
        let token = try atom(v, k, line, expected: "a number")
        let x = try real(token, line, "\(key)=")
        guard x > 0 else { throw error("\(key)= must be greater than 0", at: token, in: line) }
        return x
    }

    /// A spring's `damping=` (0 or more) or `velocity=` (any).
    private func number(_ options: Options, _ key: String, default value: Double, atLeastZero: Bool,
                        _ line: LexedLine) throws(Diagnostic) -> Double {
        guard let (k, v) = options.value(key) else { return value }
        let token = try atom(v, k, line, expected: "a number")
        let x = try real(token, line, "\(key)=")
        if atLeastZero, x < 0 { throw error("\(key)= cannot be negative", at: token, in: line) }
        return x
    }

    // MARK: animations blocks

    static let viewAnimationsSpec = OptionSpec(statement: "animations", keys: ["duration", "delay", "curve", "spring"])

    /// `animations duration=D [delay=D] [curve=C | spring=(RATIO, VELOCITY)]:`
    /// with the animations as its lines and an optional `completion:` last.
    private mutating func parseViewAnimations(_ node: LineNode, _ cursor: inout Cursor,
                                              _ keyword: Token) throws(Diagnostic) -> ViewAnimationBlock {
        let line = node.line
        let options = try parseOptions(&cursor, Self.viewAnimationsSpec)
        guard let (durationKey, durationValue) = options.value("duration") else {
            throw error("`animations` needs duration=, like animations duration=0.3s:", at: keyword, in: line)
        }
        let duration = try positiveDuration(atom(durationValue, durationKey, line, expected: "a duration"), line, "duration=",
                                            hint: "UIView.animate needs a time to animate over")
        var delay: Int64 = 0
        if let (key, value) = options.value("delay") {
            delay = try self.duration(atom(value, key, line, expected: "a duration"), line)
        }
        let shapes = options.present(["curve", "spring"])
        if shapes.count > 1 {
            throw error("give curve= or spring=, not both (a spring animation has its own curve)", at: shapes[1], in: line)
        }
        var curve = ViewAnimationCurve.easeInOut
        if let (key, value) = options.value("curve") {
            curve = try named(atom(value, key, line, expected: "a curve"), ViewAnimationCurve.self, "curve", line)
        }
        var spring: ViewSpring?
        if let (key, value) = options.value("spring") {
            let element = try single(value, key, line)
            let p = try numberTuple(element, ["damping ratio", "velocity"],
                                    needs: "spring= needs (dampingRatio, initialVelocity), like spring=(0.5, 0)", line)
            guard p[0] > 0, p[0] <= 1, case .tuple(_, let elements) = element else {
                throw error("the damping ratio is above 0 and at most 1 (1: no overshoot)", at: element.token, in: line)
            }
            _ = elements
            spring = ViewSpring(dampingRatio: p[0], velocity: p[1])
        }
        var body = try parseBody(node, cursor, "animations")
        var completion: [Action]?
        if case .layer(.completion(let handler))? = body.last?.kind {
            completion = handler
            body.removeLast()
        }
        for action in body {
            if case .layer(.completion) = action.kind {
                throw Diagnostic(location: action.location,
                                 message: "the `completion:` of an `animations` block is its last line" + line.loopNote,
                                 sourceLine: node.children.lazy.compactMap { child -> String? in
                                     if case .line(let l) = child, l.line.number == action.location.line { return l.line.text }
                                     return nil
                                 }.first ?? "")
            }
        }
        return ViewAnimationBlock(duration: duration, delay: delay, curve: curve, spring: spring, body: body, completion: completion)
    }
}

/// How messages write numbers they quote back (`0.5`, `1`).
enum LayerValueFormat {
    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }
}
