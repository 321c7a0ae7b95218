import RenderModel
import Testing

/// Values, key paths and their arithmetic (`docs/reference/animations.md`, "Values",
/// "Key paths").
@Suite struct AnimationValueTests {
    @Test("a transform decomposes into parts that rebuild it")
    func decomposition() {
        let samples = [
            Transform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6),
            Transform2D.rotation(degrees: 30).concatenating(.scale(x: 2, y: -3)),
            Transform2D.scale(x: 0, y: 2),
            .identity,
        ]
        for t in samples {
            #expect(close(Transform2D(t.decomposed), t, 1e-12), "\(t)")
        }
        let parts = Transform2D.rotation(degrees: 90).decomposed
        #expect(abs(parts.angle - .pi / 2) < 1e-15 && parts.scaleX == 1 && abs(parts.scaleY - 1) < 1e-15 && abs(parts.shear) < 1e-15)
    }

    @Test("interpolation is exact at 0 and 1 and linear per component in between")
    func interpolation() {
        let a = AnimationValue.rect(rect(0, 0, 10, 20)), b = AnimationValue.rect(rect(10, -10, 30, 20))
        #expect(a.interpolated(to: b, at: 0) == a)
        #expect(a.interpolated(to: b, at: 1) == b)
        #expect(a.interpolated(to: b, at: 0.5) == .rect(rect(5, -5, 20, 20)))
        #expect(AnimationValue.color(.red).interpolated(to: .color(.blue), at: 0.25) == .color(RGBA(r: 0.75, g: 0, b: 0.25)))
        #expect(AnimationValue.number(0).interpolated(to: .number(10), at: 1.25) == .number(12.5))   // springs overshoot
    }

    @Test("a transform interpolates its parts, and its angle the shorter way round")
    func transformInterpolation() {
        let half = AnimationValue.transform(.identity).interpolated(to: .transform(.rotation(degrees: 90)), at: 0.5)
        guard case .transform(let t) = half else { Issue.record("not a transform"); return }
        #expect(close(t, .rotation(radians: .pi / 4), 1e-12))
        let across = AnimationValue.transform(.rotation(degrees: 170)).interpolated(to: .transform(.rotation(degrees: -170)), at: 0.5)
        guard case .transform(let u) = across else { Issue.record("not a transform"); return }
        #expect(abs(u.a + 1) < 1e-12 && abs(u.b) < 1e-12)                  // through 180°, not 0°
        let scaled = AnimationValue.transform(.scale(2)).interpolated(to: .transform(.scale(4)), at: 0.5)
        #expect(scaled == .transform(.scale(3)))
    }

    @Test("bools are discrete: the start value below half-way, the end value from half-way (a choice)")
    func discrete() {
        let a = AnimationValue.bool(false), b = AnimationValue.bool(true)
        #expect(a.interpolated(to: b, at: 0.49) == a)
        #expect(a.interpolated(to: b, at: 0.5) == b)
        #expect(a.adding(b) == a)
        #expect(b.composed(onto: a) == b)
    }

    @Test("additive: numbers add; a transform is concatenated, the animation's first")
    func additive() {
        #expect(AnimationValue.number(5).composed(onto: .number(100)) == .number(105))
        #expect(AnimationValue.point(point(1, 2)).composed(onto: .point(point(10, 20))) == .point(point(11, 22)))
        let on = AnimationValue.transform(.rotation(degrees: 90)).composed(onto: .transform(.translation(x: 100, y: 0)))
        guard case .transform(let t) = on else { Issue.record("not a transform"); return }
        #expect(point(1, 0).applying(t) == point(100, 1))                  // turned in place, then moved
    }

    @Test("by and cumulative arithmetic on transforms works on the parts relative to identity")
    func transformSums() {
        let sum = AnimationValue.transform(.rotation(degrees: 10)).adding(.transform(.rotation(degrees: 20)))
        guard case .transform(let t) = sum else { Issue.record("not a transform"); return }
        #expect(close(t, .rotation(degrees: 30), 1e-12))                   // the scale stays 1
        #expect(AnimationValue.transform(.scale(2)).scaled(by: 3) == .transform(.scale(4)))   // 1 + 3 × (2 − 1)
    }

    @Test("distance is Euclidean over the components")
    func distance() {
        #expect(AnimationValue.point(point(0, 0)).distance(to: .point(point(3, 4))) == 5)
        #expect(AnimationValue.number(2).distance(to: .number(-1)) == 3)
        #expect(AnimationValue.bool(true).distance(to: .bool(false)) == 1)
        #expect(AnimationValue.number(2).distance(to: .point(.zero)) == 0)
    }

    @Test("every key path reads and writes its part of the layer state")
    func keyPaths() {
        var state = LayerState()
        state.bounds = rect(0, 0, 100, 50)
        state.position = point(10, 20)
        state.transform = Transform2D.rotation(degrees: 90).concatenating(.translation(x: 3, y: 4))
        AnimationKeyPath.positionX.setValue(.number(7), in: &state)
        #expect(state.position == point(7, 20))
        AnimationKeyPath.boundsSize.setValue(.size(Size(width: 30, height: 40)), in: &state)
        #expect(state.bounds == rect(0, 0, 30, 40))
        #expect(abs(number(AnimationKeyPath.rotation.value(in: state)) - .pi / 2) < 1e-15)
        AnimationKeyPath.rotation.setValue(.number(0), in: &state)
        #expect(close(state.transform, .translation(x: 3, y: 4), 1e-12))
        AnimationKeyPath.scale.setValue(.number(2), in: &state)
        #expect(close(state.transform, Transform2D(a: 2, b: 0, c: 0, d: 2, tx: 3, ty: 4), 1e-12))
        #expect(AnimationKeyPath.scale.value(in: state) == .number(2))
        #expect(AnimationKeyPath.translation.value(in: state) == .size(Size(width: 3, height: 4)))
        #expect(AnimationKeyPath.backgroundColor.value(in: LayerState()) == .color(.clear))   // nil reads as clear
        AnimationKeyPath.opacity.setValue(.number(3), in: &state)
        #expect(state.opacity == 1)                                        // clamped as the model clamps
        AnimationKeyPath.opacity.setValue(.point(.zero), in: &state)        // wrong kind: nothing
        #expect(state.opacity == 1)
        for path in AnimationKeyPath.allCases {
            #expect(path.value(in: LayerState()).kind == path.valueKind, "\(path)")
            #expect(AnimationKeyPath(caKeyPath: path.rawValue) == path)
        }
        #expect(AnimationKeyPath(caKeyPath: "transform.rotation") == .rotation)
        #expect(AnimationKeyPath(caKeyPath: "frame") == nil)
    }

    @Test("7.20 frame animates as bounds and position: frame + opacity give the keys bounds, opacity, position")
    func checklist20() {
        let keys = (AnimationKeyPath.keyPaths(for: .frame) + AnimationKeyPath.keyPaths(for: .opacity)).map(\.rawValue).sorted()
        #expect(keys == ["bounds", "opacity", "position"])
        #expect(AnimationKeyPath.keyPaths(for: .contents).isEmpty)
        #expect(AnimationKeyPath.keyPaths(for: .contentsGravity).isEmpty)
        #expect(AnimationKeyPath.keyPaths(for: .contentsScale).isEmpty)     // not in Table B-1
        for property in LayerProperty.stored where ![.contents, .contentsGravity, .contentsScale].contains(property) {
            #expect(AnimationKeyPath.keyPaths(for: property).map(\.property) == [property])
        }
    }
}
