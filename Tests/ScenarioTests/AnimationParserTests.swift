import LoopSimTestSupport
import Testing
@testable import Scenario

/// The animation statements parse into the AST, every bad input is a
/// positioned error, and the runner runs them (docs/guide/animations-language.md).
@Suite(.quiescent) struct AnimationParserTests {
    /// The actions of `body`, inside an `at 1s:` block, with layers `box`
    /// (a layer) and `card` (a view) and an image `pic` declared.
    func actions(_ body: String) throws -> [ActionKind] {
        let indented = body.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        let file = try parseScenario("at 1s:\n\(indented)\nlayer box\nview card\nimage pic file=\"p.ppm\"")
        guard case .at(let e) = file.statements[0], case .input(let actions) = e.kind else { return [] }
        return actions.map(\.kind)
    }

    func animation(_ line: String) throws -> AnimationSpec? {
        guard case .animation(.add(let spec))? = try actions(line).first else { return nil }
        return spec
    }

    /// The error of `body` inside `at 1s:` (line 2), with the layers declared.
    func error(_ body: String) -> (column: Int, message: String)? {
        parseError("at 1s:\n    \(body)\nlayer box\nview card\nimage pic file=\"p.ppm\"").map { ($0.location.column, $0.message) }
    }

    @Test("animate: from/to/by values of the property's form, every timing option with its CA default")
    func basicAnimation() throws {
        let plain = try #require(try animation("animate box.opacity to=0"))
        #expect(plain.layer == "box" && plain.property == .layer(.opacity))
        #expect(plain.kind == .basic(from: nil, to: .number(0), by: nil))
        #expect(plain.options == AnimationOptions())
        let full = try #require(try animation(
            "animate box.transform from=rotate(0deg) to=rotate(360deg) scale(2) duration=1s timing=(0.5,0,0.5,1) delay=100ms repeat=inf autoreverses fill=both keep additive cumulative speed=2 offset=250ms key=spin"))
        #expect(full.kind == .basic(from: .transform([.rotate(degrees: 0)]),
                                    to: .transform([.rotate(degrees: 360), .scale(x: 2, y: 2)]), by: nil))
        var options = AnimationOptions()
        options.duration = 1_000_000_000
        options.timing = .controlPoints(x1: 0.5, y1: 0, x2: 0.5, y2: 1)
        options.delay = 100_000_000
        options.repeatCount = .forever
        options.autoreverses = true
        options.fill = .both
        options.removedOnCompletion = false
        options.additive = true
        options.cumulative = true
        options.speed = 2
        options.timeOffset = 250_000_000
        options.key = "spin"
        #expect(full.options == options)
        #expect(try animation("animate box.position from=(0,0) by=(-10,5) repeat=2.5 timing=easeIn")?.kind
            == .basic(from: .point(x: 0, y: 0), to: nil, by: .point(x: -10, y: 5)))
        #expect(try animation("animate box.position from=(0,0) by=(-10,5) repeat=2.5 timing=easeIn")?.options.repeatCount == .count(2.5))
        #expect(try animation("animate card.background from=red to=none repeatDuration=2s")?.options.repeatDuration == 2_000_000_000)
        #expect(try animation("animate box.frame to=(0,0,10,10)")?.property == .layer(.frame))
        #expect(try animation("animate box.contents to=pic")?.kind == .basic(from: nil, to: .image("pic"), by: nil))
        // Core Animation's keys name the same properties.
        #expect(try animation("animate box.cornerRadius to=4")?.property == .layer(.cornerRadius))
        #expect(try animation("animate card.backgroundColor to=red")?.property == .layer(.backgroundColor))
    }

    @Test("animate with keyframes=: values, times, modes and one timing per segment")
    func keyframeAnimation() throws {
        let spec = try #require(try animation("animate box.position keyframes=((0,0),(50,0),(50,50)) times=(0,0.5,1) duration=1s timings=(easeIn, (0.5,0,0.5,1))"))
        #expect(spec.kind == .keyframe(values: [.point(x: 0, y: 0), .point(x: 50, y: 0), .point(x: 50, y: 50)],
                                       keyTimes: [0, 0.5, 1], mode: .linear,
                                       timings: [.easeIn, .controlPoints(x1: 0.5, y1: 0, x2: 0.5, y2: 1)]))
        #expect(try animation("animate box.opacity keyframes=(1, 0.5, 0) mode=discrete times=(0, 0.25, 0.75, 1)")?.kind
            == .keyframe(values: [.number(1), .number(0.5), .number(0)], keyTimes: [0, 0.25, 0.75, 1], mode: .discrete, timings: nil))
        #expect(try animation("animate box.transform keyframes=(identity, rotate(90deg) scale(2), rotate(180deg)) mode=paced")?.kind
            == .keyframe(values: [.transform([]), .transform([.rotate(degrees: 90), .scale(x: 2, y: 2)]), .transform([.rotate(degrees: 180)])],
                         keyTimes: nil, mode: .paced, timings: nil))
    }

    @Test("spring: mass, stiffness, damping and velocity with CASpringAnimation's defaults, plus the basic options")
    func springAnimation() throws {
        #expect(try animation("spring box.position to=(100,100)")?.kind
            == .spring(from: nil, to: .point(x: 100, y: 100), by: nil, mass: 1, stiffness: 100, damping: 10, velocity: 0))
        let spec = try #require(try animation("spring box.position to=(100,100) mass=2 stiffness=300 damping=0 velocity=-5 key=s fill=forwards"))
        #expect(spec.kind == .spring(from: nil, to: .point(x: 100, y: 100), by: nil, mass: 2, stiffness: 300, damping: 0, velocity: -5))
        #expect(spec.options.key == "s" && spec.options.fill == .forwards && spec.options.duration == nil)
    }

    @Test("removeAnimation, removeAnimations and animations blocks with their completion")
    func otherStatements() throws {
        #expect(try actions("removeAnimation box key=spin\nremoveAnimation card key=\"a b\"\nremoveAnimations box") == [
            .animation(.remove(layer: "box", key: "spin")), .animation(.remove(layer: "card", key: "a b")),
            .animation(.removeAll(layer: "box")),
        ])
        let kinds = try actions("animations duration=0.3s delay=100ms curve=easeIn:\n    set card.opacity = 0\n    completion:\n        log \"done\"")
        guard case .animation(.viewAnimations(let block))? = kinds.first else { Issue.record("no block"); return }
        #expect(block.duration == 300_000_000 && block.delay == 100_000_000 && block.curve == .easeIn && block.spring == nil)
        #expect(block.body.map(\.kind) == [.layer(.set(layer: "card", property: .layer(.opacity), value: .number(0)))])
        #expect(block.completion?.map(\.kind) == [.log("done")])
        let spring = try actions("animations duration=1s spring=(0.5, 2):\n    set card.opacity = 0")
        guard case .animation(.viewAnimations(let b))? = spring.first else { Issue.record("no block"); return }
        #expect(b.spring == ViewSpring(dampingRatio: 0.5, velocity: 2) && b.curve == .easeInOut && b.completion == nil)
    }

    @Test("the language contract's animation examples parse and mean what they say")
    func contractExamples() throws {
        let file = try parseScenario("""
        layer spinner
        layer box
        displaylink dl fps=60 mode=common:                    # CADisplayLink: fires on vsyncs when the loop is free
            set spinner.transform = rotate(6deg)
        at 1s:
            animate spinner.transform from=rotate(0deg) to=rotate(360deg) duration=1s repeat=inf timing=linear key=spin
            animate box.position keyframes=((0,0),(50,0),(50,50)) times=(0,0.5,1) duration=1s
            spring box.position to=(100,100) mass=1 stiffness=100 damping=10
            removeAnimation spinner key=spin
        expect presentation box.position == (50,0) at=0.5s tolerance=0.5
        """)
        guard case .displayLink(let link) = file.statements[2], case .at(let e) = file.statements[3],
              case .input(let actions) = e.kind else { Issue.record("shape"); return }
        #expect(link.framesPerSecond == 60 && link.modes == [.common])
        var spin = AnimationOptions()
        spin.duration = 1_000_000_000
        spin.repeatCount = .forever
        spin.timing = .linear
        spin.key = "spin"
        var oneSecond = AnimationOptions()
        oneSecond.duration = 1_000_000_000
        #expect(actions.map(\.kind) == [
            .animation(.add(AnimationSpec(layer: "spinner", property: .layer(.transform),
                                          kind: .basic(from: .transform([.rotate(degrees: 0)]), to: .transform([.rotate(degrees: 360)]), by: nil),
                                          options: spin))),
            .animation(.add(AnimationSpec(layer: "box", property: .layer(.position),
                                          kind: .keyframe(values: [.point(x: 0, y: 0), .point(x: 50, y: 0), .point(x: 50, y: 50)],
                                                          keyTimes: [0, 0.5, 1], mode: .linear, timings: nil),
                                          options: oneSecond))),
            .animation(.add(AnimationSpec(layer: "box", property: .layer(.position),
                                          kind: .spring(from: nil, to: .point(x: 100, y: 100), by: nil, mass: 1, stiffness: 100, damping: 10, velocity: 0),
                                          options: AnimationOptions()))),
            .animation(.remove(layer: "spinner", key: "spin")),
        ])
    }

    @Test("transaction disableActions=true is already part of the language")
    func disableActions() throws {
        #expect(try actions("transaction disableActions=true") == [.layer(.transaction(duration: nil, timing: nil, disableActions: true))])
    }

    @Test("expect presentation parses with at= and tolerance=")
    func expectPresentation() throws {
        let file = try parseScenario("layer box\nexpect presentation box.position == (50,0) at=0.5s tolerance=0.5")
        guard case .expect(let e) = file.statements[1] else { Issue.record("no expectation"); return }
        #expect(e.kind == .presentation(layer: "box", property: .layer(.position), value: .point(x: 50, y: 0), at: 500_000_000, tolerance: 0.5))
    }

    /// (body, the text the caret points at — its last occurrence when it ends in ⇥, the end of the line for ⏎ —, message)
    static let errors: [(String, String, String)] = [
        ("animate box.opacty to=0", "opacty", "unknown layer property 'opacty'; did you mean 'opacity'? (animatable: frame, bounds, position, anchor, transform, background, opacity, hidden, corner, border, borderColor, clips, z, contents)"),
        ("animate box.gravity to=center", "gravity", "gravity cannot be animated (animatable: frame, bounds, position, anchor, transform, background, opacity, hidden, corner, border, borderColor, clips, z, contents)"),
        ("animate box.speed to=0", "speed", "speed cannot be animated (animatable: frame, bounds, position, anchor, transform, background, opacity, hidden, corner, border, borderColor, clips, z, contents)"),
        ("animate box.contentsScale to=2", "contentsScale", "contentsScale cannot be animated (animatable: frame, bounds, position, anchor, transform, background, opacity, hidden, corner, border, borderColor, clips, z, contents)"),
        ("animate box.cornerRadios to=2", "cornerRadios", "unknown layer property 'cornerRadios'; did you mean 'cornerRadius'? (animatable: frame, bounds, position, anchor, transform, background, opacity, hidden, corner, border, borderColor, clips, z, contents)"),
        ("spring box.masksToBounds to=true", "masksToBounds", "a spring moves numbers, points, rects, transforms and colours; clips needs true or false"),
        ("animate box.opacity to=0 durration=1s", "durration", "unknown option 'durration' for `animate`; did you mean 'duration'? (allowed: from=, to=, by=, duration=, timing=, delay=, repeat=, repeatDuration=, fill=, speed=, offset=, key=, keyframes=, times=, mode=, timings=, autoreverses, keep, additive, cumulative)"),
        ("spring box.opacity to=0 keyframes=(1,0)", "keyframes", "unknown option 'keyframes' for `spring` (allowed: from=, to=, by=, duration=, timing=, delay=, repeat=, repeatDuration=, fill=, speed=, offset=, key=, mass=, stiffness=, damping=, velocity=, autoreverses, keep, additive, cumulative)"),
        ("animate box opacity", "box", "expected '.' and a property right after 'box', like animate box.position to=(100,100)"),
        ("animate box.opacity to=0 fill=forward", "forward", "unknown fill mode 'forward'; did you mean 'forwards'? (removed, forwards, backwards, both)"),
        ("animate box.opacity to=0 timing=easeInOut", "easeInOut", "unknown timing 'easeInOut'; did you mean 'easeOut'? (timings: linear, easeIn, easeOut, easeInEaseOut, default, or (x1, y1, x2, y2))"),
        ("animate box.opacity to=0 timing=(1.5,0,0.5,1)", "1.5", "x1 of a timing function is between 0 and 1 (time only moves forward)"),
        ("animate box.opacity keyframes=(1,0) mode=pacd", "pacd", "unknown calculation mode 'pacd'; did you mean 'paced'? (linear, discrete, paced, cubic, cubicPaced)"),
        ("animate box.opacity to=0 keep=true", "keep", "'keep' is a flag and takes no value"),
        ("animate box.opacity to=0 keep keep", "keep⇥", "flag 'keep' is given twice"),
        ("animate box.opacity to=0 to=1", "to=1", "option 'to=' is given twice"),
        ("animate box.position to=red", "red", "position needs (x, y), found 'red'"),
        ("animate box.opacity from=(0,0)", "(0,0)", "opacity needs a number, found a tuple of 2"),
        ("animate box.transform to=(1,2)", "(1,2)", "transform needs rotate(…), scale(…), translate(…) or identity, found a tuple"),
        ("animate box.background by=red", "by=", "`by=` adds to numbers, times, points, rects and transforms, and background is none of them; use from= and to="),
        ("animate box.position keyframes=((0,0), red)", "red", "position needs (x, y), found 'red'"),
        ("animate box.contents to=red", "red", "unknown image 'red'"),
        ("spring box.hidden to=true", "hidden", "a spring moves numbers, points, rects, transforms and colours; hidden needs true or false"),
        ("animate box.opacity from=0 to=1 by=1", "by=", "give at most two of from=, to= and by= (with all three, Core Animation ignores by=)"),
        ("animate box.opacity to=1 keyframes=(0,1)", "to=", "keyframes= replaces from=, to= and by=; give one or the other"),
        ("animate box.opacity to=1 times=(0,1)", "times", "times= belongs to a keyframe animation: give keyframes=(…) too"),
        ("animate box.opacity keyframes=(0,1,0) times=(0,1)", "(0,1)", "times= needs 3 times for 3 keyframes in linear mode, found 2"),
        ("animate box.opacity keyframes=(0,1) mode=discrete times=(0,1)", "(0,1)⇥", "times= needs 3 times for 2 keyframes in discrete mode (one more than the values: each is held until the next time), found 2"),
        ("animate box.opacity keyframes=(0,1,0) times=(0,0.6,0.5)", "0.5)", "key times never decrease: '0.5' comes after 0.6"),
        ("animate box.opacity keyframes=(0,1,0) times=(0,0.5,1.5)", "1.5", "a key time is between 0 and 1, found '1.5'"),
        ("animate box.opacity keyframes=(0,1,0) times=(0.1,0.5,1)", "0.1", "the key times start at 0 and end at 1, found '0.1'"),
        ("animate box.opacity keyframes=(0,1,0) times=(0,0.5,0.9)", "0.9", "the key times start at 0 and end at 1, found '0.9'"),
        ("animate box.opacity keyframes=(0,1) mode=paced times=(0,1)", "times", "times= has no effect in paced mode (the times make the speed constant); leave it out"),
        ("animate box.opacity keyframes=(0,1,0) timings=(linear)", "(linear)", "timings= needs one timing per segment: 2 for 3 keyframes, found 1"),
        ("animate box.opacity keyframes=(0,1) mode=discrete timings=(linear)", "timings", "timings= has no effect in discrete mode; leave it out"),
        ("animate box.opacity keyframes=(0)", "keyframes", "a keyframe animation in linear mode needs at least two values"),
        ("animate box.opacity keyframes=0,1", "0,1", "keyframes= is a list in parentheses, like keyframes=((0,0), (50,0), (50,50)), found '0'"),
        ("animate box.opacity to=0 duration=0", "0⇥", "duration= must be greater than 0 (leave it out for the default)"),
        ("animate box.opacity to=0 duration=-1s", "-1s", "a duration cannot be negative"),
        ("animate box.opacity to=0 repeatDuration=0", "0⇥", "repeatDuration= must be greater than 0 (leave it out to repeat by count)"),
        ("animate box.opacity to=0 repeat=0", "0⇥", "repeat= must be greater than 0 (leave it out for one cycle)"),
        ("animate box.opacity to=0 repeat=forever", "forever", "repeat= needs a count (like 3 or 2.5) or inf, found 'forever'"),
        ("animate box.opacity to=0 repeat=2 repeatDuration=1s", "repeatDuration", "give either repeat= or repeatDuration=, not both (Core Animation leaves the pair undefined)"),
        ("spring box.opacity to=0 mass=0", "0⇥", "mass= must be greater than 0"),
        ("spring box.opacity to=0 damping=-1", "-1", "damping= cannot be negative"),
        ("animations delay=1s:\n        wake", "animations", "`animations` needs duration=, like animations duration=0.3s:"),
        ("animations duration=0:\n        wake", "0:", "duration= must be greater than 0 (UIView.animate needs a time to animate over)"),
        ("animations duration=1s curve=easeIn spring=(1,0):\n        wake", "spring", "give curve= or spring=, not both (a spring animation has its own curve)"),
        ("animations duration=1s spring=(1.5,0):\n        wake", "(1.5", "the damping ratio is above 0 and at most 1 (1: no overshoot)"),
        ("animations duration=1s curve=easeInEaseOut:\n        wake", "easeInEaseOut", "unknown curve 'easeInEaseOut' (easeInOut, easeIn, easeOut, linear)"),
        ("animations duration=1s", "⏎", "`animations` needs a block: end the line with ':' and indent the body below it"),
        ("removeAnimation box", "removeAnimation", "`removeAnimation` needs key= with the animation's key, like removeAnimation box key=spin"),
        ("removeAnimations box key=spin", "key", "unexpected 'key': `removeAnimations` takes no options"),
        ("animate box.opacity to=0:\n        wake", ":", "`animate` does not take a block"),
        ("animate nope.opacity to=0", "nope", "unknown layer 'nope'"),
        ("removeAnimations pic", "pic", "'pic' is an image, but `removeAnimation` needs a layer or a view"),
    ]

    @Test(arguments: errors)
    func reportsError(_ source: String, _ marker: String, _ message: String) {
        let found = error(source)
        #expect(found?.message == message)
        let first = source.split(separator: "\n")[0]
        let column: Int
        if marker == "⏎" {
            column = first.count + 5
        } else if marker.hasSuffix("⇥"), let r = first.range(of: String(marker.dropLast()), options: .backwards) {
            column = first.distance(from: first.startIndex, to: r.lowerBound) + 5
        } else {
            let r = first.range(of: marker)!
            column = first.distance(from: first.startIndex, to: r.lowerBound) + 5
        }
        #expect(found?.column == column)
    }

    @Test("a second completion: in an animations block, or one before its other lines, is an error at it")
    func completionComesLast() {
        let d = parseError("at 1s:\n    animations duration=1s:\n        completion:\n            wake\n        wake\nlayer box")
        #expect(d?.location == loc(3, 9))
        #expect(d?.message == "the `completion:` of an `animations` block is its last line")
        #expect(d?.sourceLine == "        completion:")
    }

    @Test("expect presentation: at= is required, the tolerance is not negative, timing properties are not on screen")
    func presentationErrors() {
        #expect(parseError("layer box\nexpect presentation box.opacity == 1")?.message
            == "`expect presentation` needs at=T, the time at which to evaluate the presentation value")
        #expect(parseError("layer box\nexpect presentation box.opacity == 1 at=1s tolerance=-1")?.message == "the tolerance cannot be negative")
        #expect(parseError("layer box\nexpect visible box.speed == 1 at=1s")?.message
            == "speed is a model value that does not reach the render server yet, so it cannot be expected on screen (docs/guide/animations-language.md)")
    }

    @Test("for loops expand over the animation statements like any other line")
    func loopsExpand() throws {
        let file = try parseScenario("""
        for i in 0..<3:
            layer cell{i}
        at 1s:
            for i in 0..<3:
                animate cell{i}.opacity to={i * 0.5} duration={i + 1}s key=fade{i}
        """)
        guard case .at(let e) = file.statements[3], case .input(let actions) = e.kind else { Issue.record("no at"); return }
        let specs = actions.compactMap { a -> AnimationSpec? in if case .animation(.add(let s)) = a.kind { s } else { nil } }
        #expect(specs.map(\.layer) == ["cell0", "cell1", "cell2"])
        #expect(specs.map(\.kind) == [0, 0.5, 1].map { .basic(from: nil, to: .number($0), by: nil) })
        #expect(specs.map(\.options.duration) == [1_000_000_000, 2_000_000_000, 3_000_000_000])
        #expect(specs.map(\.options.key) == ["fade0", "fade1", "fade2"])
    }

    @Test("animation statements run on the model layer: animate and spring attach, removeAnimation(s) detach (docs/guide/animations-language.md)")
    func animationStatementsRun() throws {
        for (body, keys) in [("animate box.opacity to=0 key=k", ["k"]), ("spring box.opacity to=0 key=s", ["s"]),
                             ("animate box.opacity to=0 key=k\n    removeAnimation box key=k", nil),
                             ("animate box.opacity to=0 key=k\n    animate box.position to=(1,1) key=p\n    removeAnimations box", nil),
                             ("animate box.frame to=(0,0,5,5) key=f", ["f", "f.position"])] as [(String, [String]?)] {
            let text = "layer box\nat 0:\n    \(body)\nrun for=10ms"
            let runner = ScenarioRunner(file: try parseScenario(text), source: text)
            let outcome = runner.run()
            #expect(outcome.failure == nil, "\(body)")
            #expect(runner.layerObjects["box"]?.animationKeys == keys, "\(body)")
        }
    }
}
