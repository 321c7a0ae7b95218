import RenderModel
import RenderWire
import Testing

/// The numeric tags are the protocol: these tables pin every one, so a
/// renumbering or a reordering fails here before it reaches a peer.
@Suite struct WireTagTests {
    @Test("op tags are pinned")
    func opTags() {
        let pinned: [(WireTag.Op, UInt8)] = [
            (.create, 1), (.remove, 2), (.move, 3), (.set, 4), (.bitmap, 5),
            (.addAnimation, 6), (.removeAnimation, 7), (.removeAllAnimations, 8), (.timing, 9),
        ]
        #expect(pinned.map(\.0) == WireTag.Op.allCases)
        for (tag, raw) in pinned {
            #expect(tag.rawValue == raw, "\(tag)")
        }
        #expect(WireTag.Op(.create(1)) == .create)
        #expect(WireTag.Op(.remove(1)) == .remove)
        #expect(WireTag.Op(.move(1, parent: nil, index: 0)) == .move)
        #expect(WireTag.Op(.set(1, .opacity, .number(1))) == .set)
        #expect(WireTag.Op(.bitmap(ImageID(rawValue: 1), Bitmap(width: 0, height: 0))) == .bitmap)
        #expect(WireTag.Op(.addAnimation(1, key: nil, LayerAnimation(.opacity, .basic(BasicAnimation())))) == .addAnimation)
        #expect(WireTag.Op(.removeAnimation(1, key: "k")) == .removeAnimation)
        #expect(WireTag.Op(.removeAllAnimations(1)) == .removeAllAnimations)
    }

    @Test("property tags are pinned and map every LayerProperty both ways")
    func propertyTags() {
        let pinned: [(LayerProperty, UInt8)] = [
            (.frame, 1), (.bounds, 2), (.position, 3), (.anchorPoint, 4), (.transform, 5),
            (.backgroundColor, 6), (.opacity, 7), (.isHidden, 8), (.cornerRadius, 9), (.borderWidth, 10),
            (.borderColor, 11), (.masksToBounds, 12), (.zPosition, 13), (.contents, 14), (.contentsGravity, 15),
            (.contentsScale, 16),
        ]
        #expect(pinned.map(\.0) == LayerProperty.allCases)
        for (property, raw) in pinned {
            #expect(property.wireTag == raw, "\(property)")
            #expect(LayerProperty(rawValue: raw) == property, "\(property)")
        }
    }

    @Test("value kind tags are pinned and map every PropertyValue.Kind both ways")
    func valueKindTags() {
        let pinned: [(PropertyValue.Kind, UInt8, Int)] = [
            (.rect, 1, 32), (.point, 2, 16), (.transform, 3, 48), (.number, 4, 8), (.bool, 5, 1),
            (.color, 6, 32), (.image, 7, 8), (.gravity, 8, 1), (.null, 9, 0),
        ]
        #expect(Set(pinned.map(\.0)) == Set(PropertyValue.Kind.allCases))
        #expect(WireTag.ValueKind.allCases.count == PropertyValue.Kind.allCases.count)
        for (kind, raw, payload) in pinned {
            #expect(WireTag.ValueKind(kind).rawValue == raw, "\(kind)")
            #expect(WireTag.ValueKind(rawValue: raw)?.kind == kind, "\(kind)")
            #expect(WireTag.ValueKind(kind).payloadSize == payload, "\(kind)")
        }
    }

    @Test("gravity tags are pinned and map every ContentsGravity both ways")
    func gravityTags() {
        let pinned: [(ContentsGravity, UInt8)] = [
            (.center, 1), (.top, 2), (.bottom, 3), (.left, 4), (.right, 5), (.topLeft, 6),
            (.topRight, 7), (.bottomLeft, 8), (.bottomRight, 9), (.resize, 10), (.resizeAspect, 11),
            (.resizeAspectFill, 12),
        ]
        #expect(Set(pinned.map(\.0)) == Set(ContentsGravity.allCases))
        #expect(WireTag.Gravity.allCases.count == ContentsGravity.allCases.count)
        for (gravity, raw) in pinned {
            #expect(WireTag.Gravity(gravity).rawValue == raw, "\(gravity)")
            #expect(WireTag.Gravity(rawValue: raw)?.gravity == gravity, "\(gravity)")
        }
    }

    @Test("no tag is 0")
    func noZeroTags() {
        #expect(WireTag.Op(rawValue: 0) == nil)
        #expect(LayerProperty(rawValue: 0) == nil)
        #expect(WireTag.ValueKind(rawValue: 0) == nil)
        #expect(WireTag.Gravity(rawValue: 0) == nil)
    }

    @Test("the encoded size of every value kind is its tag byte plus its payload")
    func payloadSizesMatchTheEncoder() {
        var generator = DiffGenerator(seed: 7)
        for property in LayerProperty.allCases {
            for value in [generator.value(for: property), .null] where value.kind == property.valueKind || property.isOptional {
                let diff = CommitDiff(sequence: 0, time: 0, ops: [.set(1, property, value)])
                let size = CommitCodec.encode(diff).count
                #expect(size == CommitCodec.minimumSize + 1 + 4 + 1 + 1 + WireTag.ValueKind(value.kind).payloadSize)
                #expect(size == CommitCodec.encodedSize(of: diff))
            }
        }
    }

    @Test("animation key path, kind, fill mode and calculation mode tags are pinned and map both ways")
    func animationTags() {
        let keyPaths: [(AnimationKeyPath, UInt8)] = [
            (.anchorPoint, 1), (.backgroundColor, 2), (.borderColor, 3), (.borderWidth, 4), (.bounds, 5),
            (.boundsOrigin, 6), (.boundsSize, 7), (.boundsWidth, 8), (.boundsHeight, 9), (.cornerRadius, 10),
            (.hidden, 11), (.masksToBounds, 12), (.opacity, 13), (.position, 14), (.positionX, 15),
            (.positionY, 16), (.transform, 17), (.rotation, 18), (.scale, 19), (.scaleX, 20), (.scaleY, 21),
            (.translation, 22), (.translationX, 23), (.translationY, 24), (.zPosition, 25),
        ]
        #expect(keyPaths.map(\.0) == AnimationKeyPath.allCases)
        #expect(WireTag.AnimationKeyPath.allCases.count == AnimationKeyPath.allCases.count)
        for (keyPath, raw) in keyPaths {
            #expect(WireTag.AnimationKeyPath(keyPath).rawValue == raw, "\(keyPath)")
            #expect(WireTag.AnimationKeyPath(rawValue: raw)?.keyPath == keyPath)
        }
        #expect(WireTag.AnimationKind.allCases.map(\.rawValue) == [1, 2, 3])
        #expect(WireTag.AnimationKind(.basic(BasicAnimation())) == .basic)
        #expect(WireTag.AnimationKind(.keyframe(KeyframeAnimation(values: []))) == .keyframe)
        #expect(WireTag.AnimationKind(.spring(SpringAnimation())) == .spring)
        #expect(WireTag.FillMode.allCases.map(\.mode) == [.removed, .forwards, .backwards, .both])
        #expect(WireTag.FillMode.allCases.map(\.rawValue) == [1, 2, 3, 4])
        #expect(MediaTiming.FillMode.allCases.allSatisfy { WireTag.FillMode($0).mode == $0 })
        #expect(WireTag.CalculationMode.allCases.map(\.mode) == [.linear, .discrete, .paced, .cubic, .cubicPaced])
        #expect(WireTag.CalculationMode.allCases.map(\.rawValue) == [1, 2, 3, 4, 5])
        #expect(KeyframeAnimation.CalculationMode.allCases.allSatisfy { WireTag.CalculationMode($0).mode == $0 })
    }
}
