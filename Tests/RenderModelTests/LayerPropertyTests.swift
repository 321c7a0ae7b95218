@testable import RenderModel
import Testing

@Suite struct LayerPropertyTests {
    @Test("each property has the language's name, Core Animation's key and a value kind", arguments: [
        (LayerProperty.frame, "frame", "frame", PropertyValue.Kind.rect),
        (.bounds, "bounds", "bounds", .rect),
        (.position, "position", "position", .point),
        (.anchorPoint, "anchor", "anchorPoint", .point),
        (.transform, "transform", "transform", .transform),
        (.backgroundColor, "background", "backgroundColor", .color),
        (.opacity, "opacity", "opacity", .number),
        (.isHidden, "hidden", "hidden", .bool),
        (.cornerRadius, "corner", "cornerRadius", .number),
        (.borderWidth, "border", "borderWidth", .number),
        (.borderColor, "borderColor", "borderColor", .color),
        (.masksToBounds, "clips", "masksToBounds", .bool),
        (.zPosition, "z", "zPosition", .number),
        (.contents, "contents", "contents", .image),
        (.contentsGravity, "gravity", "contentsGravity", .gravity),
        (.contentsScale, "contentsScale", "contentsScale", .number),
    ])
    func names(property: LayerProperty, language: String, caKey: String, kind: PropertyValue.Kind) {
        #expect(property.languageName == language)
        #expect(LayerProperty(languageName: language) == property)
        #expect(property.caKey == caKey)
        #expect(LayerProperty(caKey: caKey) == property)
        #expect(LayerProperty(spelled: language) == property && LayerProperty(spelled: caKey) == property)
        #expect(property.valueKind == kind)
    }

    @Test("there are sixteen properties; all but frame are stored, in declaration order")
    func stored() {
        #expect(LayerProperty.allCases.count == 16)
        #expect(LayerProperty.stored == Array(LayerProperty.allCases.dropFirst()))
        #expect(LayerProperty.allCases.filter(\.isOptional) == [.backgroundColor, .contents])
        #expect(LayerProperty(caKey: "isHidden") == nil && LayerProperty(languageName: "backgroundColor") == nil)
        #expect(LayerProperty(spelled: "isHidden") == nil && LayerProperty(spelled: "Corner") == nil)
    }

    @Test("the raw value is the wire tag: 1, 2, 3, … in declaration order")
    func wireTags() {
        #expect(LayerProperty.allCases.map(\.wireTag) == (1...UInt8(LayerProperty.allCases.count)).map { $0 })
    }

    @Test("no two properties share a spelling, across language names and Core Animation keys")
    func spellingsAreUnique() {
        var owner: [String: LayerProperty] = [:]
        for p in LayerProperty.allCases {
            for name in Set([p.languageName, p.caKey]) {
                #expect(owner[name] == nil, "\(name) names both \(owner[name].map(String.init(describing:)) ?? "") and \(p)")
                owner[name] = p
            }
        }
    }

    /// A value different from the default for every stored property.
    static let samples: [(LayerProperty, PropertyValue)] = [
        (.bounds, .rect(rect(1, 2, 30, 40))),
        (.position, .point(point(5, 6))),
        (.anchorPoint, .point(point(0, 1))),
        (.transform, .transform(.rotation(degrees: 90))),
        (.backgroundColor, .color(.yellow)),
        (.opacity, .number(0.25)),
        (.isHidden, .bool(true)),
        (.cornerRadius, .number(8)),
        (.borderWidth, .number(2)),
        (.borderColor, .color(.red)),
        (.masksToBounds, .bool(true)),
        (.zPosition, .number(-3)),
        (.contents, .image(ImageID(rawValue: 7))),
        (.contentsGravity, .gravity(.topLeft)),
        (.contentsScale, .number(2)),
    ]

    @Test("setting a stored property reads it back and changes only that property", arguments: samples)
    func roundTrip(property: LayerProperty, value: PropertyValue) throws {
        let original = LayerState()
        var s = original
        try s.setValue(value, for: property)
        #expect(s.value(of: property) == value)
        #expect(s.changedProperties(since: original) == [property])
        try s.setValue(original.value(of: property), for: property)
        #expect(s == original)
    }

    @Test("the samples cover every stored property")
    func samplesComplete() {
        #expect(Self.samples.map(\.0) == LayerProperty.stored)
    }

    @Test("reading every property of a default state gives the defaults")
    func defaultValues() {
        let s = LayerState()
        #expect(s.value(of: .frame) == .rect(.zero))
        #expect(s.value(of: .backgroundColor) == .null)
        #expect(s.value(of: .contents) == .null)
        #expect(s.value(of: .borderColor) == .color(.black))
        #expect(s.value(of: .opacity) == .number(1))
        #expect(s.value(of: .contentsGravity) == .gravity(.resize))
        #expect(s.value(of: .contentsScale) == .number(1))
        #expect(s.changedProperties(since: LayerState()).isEmpty)
    }

    @Test("setting frame generically sets bounds and position, and is never a stored change")
    func genericFrame() throws {
        var s = LayerState()
        try s.setValue(.rect(rect(10, 20, 30, 40)), for: .frame)
        #expect(s.position == point(25, 40))
        #expect(s.bounds == rect(0, 0, 30, 40))
        #expect(s.changedProperties(since: LayerState()) == [.bounds, .position])
    }

    @Test("null clears the optional properties")
    func nulls() throws {
        var s = LayerState()
        s.backgroundColor = .red
        s.contents = ImageID(rawValue: 1)
        try s.setValue(.null, for: .backgroundColor)
        try s.setValue(.null, for: .contents)
        #expect(s.backgroundColor == nil && s.contents == nil)
    }

    @Test("a value of the wrong kind is refused and changes nothing")
    func wrongKind() {
        var s = LayerState()
        #expect(throws: LayerPropertyError(property: .opacity, found: .color)) {
            try s.setValue(.color(.red), for: .opacity)
        }
        #expect(throws: LayerPropertyError(property: .borderColor, found: .null)) {
            try s.setValue(.null, for: .borderColor)
        }
        #expect(s == LayerState())
        #expect(LayerPropertyError(property: .opacity, found: .color).description
            == "property 'opacity' [opacity] expects a number, got a color")
        #expect(LayerPropertyError(property: .contents, found: .bool).description
            == "property 'contents' [contents] expects an image or null, got a bool")
    }

    @Test("the generic opacity setter clamps like the typed one")
    func genericClamp() throws {
        var s = LayerState()
        try s.setValue(.number(3), for: .opacity)
        #expect(s.value(of: .opacity) == .number(1))
    }

    @Test("diffs list every changed property in stored order")
    func diffOrder() {
        var s = LayerState()
        s.contentsGravity = .center
        s.position = point(1, 1)
        s.isHidden = true
        #expect(s.changedProperties(since: LayerState()) == [.position, .isHidden, .contentsGravity])
    }

    @Test("property values print like the language")
    func descriptions() {
        #expect(PropertyValue.gravity(.resizeAspect).description == "resizeAspect")
        #expect(PropertyValue.null.description == "null")
        #expect(PropertyValue.bool(true).description == "true")
        #expect(LayerProperty.backgroundColor.description == "background [backgroundColor]")
        #expect(ImageID(rawValue: 3).description == "image#3")
    }

    // MARK: The table's columns agree with the model

    @Test("a property of paint class ownPaint is stored in LayerState.paint; every other stored one outside it",
          arguments: samples)
    func paintClassMatchesStorage(property: LayerProperty, value: PropertyValue) throws {
        var s = LayerState()
        try s.setValue(value, for: property)
        let paint = property.descriptor.paint
        if paint == .ownPaint {
            #expect(s.paint != LayerState().paint)
            var back = s
            back.paint = LayerState().paint
            #expect(back == LayerState(), "\(property) changed something outside LayerState.paint")
        } else {
            #expect(s.paint == LayerState().paint, "\(property) is in LayerState.paint but its paint class is \(paint)")
        }
    }

    @Test("the paint classes: colours, border, contents and its gravity and scale paint only the layer; corner and opacity on conditions")
    func paintClasses() {
        let own = LayerProperty.allCases.filter { $0.descriptor.paint == .ownPaint }
        #expect(own == [.backgroundColor, .borderWidth, .borderColor, .contents, .contentsGravity, .contentsScale])
        #expect(LayerProperty.cornerRadius.descriptor.paint == .ownPaintUnlessClipping)
        #expect(LayerProperty.opacity.descriptor.paint == .ownPaintWithoutSublayers)
        #expect(LayerProperty.frame.descriptor.paint == .derived)
        typealias Paint = LayerPropertyDescriptor.PaintClass
        #expect(Paint.ownPaintUnlessClipping.paintsOnlyItself(clips: false, hasSublayers: true))
        #expect(!Paint.ownPaintUnlessClipping.paintsOnlyItself(clips: true, hasSublayers: false))
        #expect(Paint.ownPaintWithoutSublayers.paintsOnlyItself(clips: true, hasSublayers: false))
        #expect(!Paint.ownPaintWithoutSublayers.paintsOnlyItself(clips: false, hasSublayers: true))
        #expect(!Paint.geometry.paintsOnlyItself(clips: false, hasSublayers: false))
    }

    @Test("each animatable key path of a property lives in that property (frame: bounds and position)")
    func animatableKeyPathsLiveInTheirProperty() {
        for p in LayerProperty.stored {
            for path in p.descriptor.animatableKeyPaths { #expect(path.property == p, "\(p): \(path)") }
        }
        #expect(LayerProperty.frame.descriptor.animatableKeyPaths == [.bounds, .position])
        #expect(LayerProperty.contentsScale.descriptor.animatableKeyPaths.isEmpty)
        #expect(!LayerProperty.contentsScale.descriptor.coreAnimationAnimates)
        #expect(LayerProperty.contents.descriptor.coreAnimationAnimates && LayerProperty.contents.descriptor.animatableKeyPaths.isEmpty)
        // Every AnimationKeyPath belongs to a property whose row lists its whole key.
        for path in AnimationKeyPath.allCases {
            #expect(path.property.descriptor.coreAnimationAnimates, "\(path)")
        }
    }

    @Test("the value rules: corner and border 0 or more, contentsScale above 0, opacity clamped")
    func constraints() {
        typealias Rule = LayerPropertyDescriptor.Constraint
        #expect(LayerProperty.cornerRadius.descriptor.constraint == .notNegative)
        #expect(LayerProperty.borderWidth.descriptor.constraint == .notNegative)
        #expect(LayerProperty.contentsScale.descriptor.constraint == .positive)
        #expect(LayerProperty.opacity.descriptor.constraint == .clampedToUnit)
        #expect(LayerProperty.bounds.descriptor.constraint == .sizeNotNegative)
        #expect(Rule.notNegative.problem(with: -0.5) == "cannot be negative" && Rule.notNegative.problem(with: 0) == nil)
        #expect(Rule.positive.problem(with: 0) == "must be greater than 0" && Rule.positive.problem(with: .nan) != nil)
        #expect(Rule.positive.problem(with: 0.5) == nil && Rule.clampedToUnit.problem(with: -3) == nil)
    }

    @Test("a set of properties walks in declaration order, and frame stands for bounds and position")
    func propertySet() {
        var set: LayerProperty.Set = [.contentsScale, .opacity]
        set.insert(.frame)
        #expect(Array(set) == [.bounds, .position, .opacity, .contentsScale])
        #expect(set.contains(.bounds) && !set.contains(.frame) && !set.contains(.zPosition))
        set.removeAll()
        #expect(set.isEmpty && Array(set).isEmpty)
    }

    @Test("the diff of the properties set since a commit is the full diff restricted to them")
    func candidateDiff() {
        var s = LayerState()
        s.opacity = 0.5
        s.zPosition = 2
        s.contentsScale = 1     // set back to the default: no change
        #expect(s.changedProperties([.opacity, .contentsScale, .zPosition], since: LayerState()) == [.opacity, .zPosition])
        #expect(s.changedProperties([.opacity], since: LayerState()) == [.opacity])
        #expect(s.changedProperties(since: LayerState()) == [.opacity, .zPosition])
    }

    @Test("the generic read and write, at the stored offset, agree with the row's key path", arguments: samples)
    func storedOffsetsAgreeWithKeyPaths(property: LayerProperty, value: PropertyValue) throws {
        var generic = LayerState(), viaKeyPath = LayerState()
        try generic.setValue(value, for: property)
        switch (property.descriptor.access, value) {
        case (.rect(let k), .rect(let v)): viaKeyPath[keyPath: k] = v
        case (.point(let k), .point(let v)): viaKeyPath[keyPath: k] = v
        case (.transform(let k), .transform(let v)): viaKeyPath[keyPath: k] = v
        case (.number(let k), .number(let v)): viaKeyPath[keyPath: k] = v
        case (.bool(let k), .bool(let v)): viaKeyPath[keyPath: k] = v
        case (.color(let k), .color(let v)): viaKeyPath[keyPath: k] = v
        case (.optionalColor(let k), .color(let v)): viaKeyPath[keyPath: k] = v
        case (.optionalImage(let k), .image(let v)): viaKeyPath[keyPath: k] = v
        case (.gravity(let k), .gravity(let v)): viaKeyPath[keyPath: k] = v
        default: Issue.record("\(property): sample of the wrong kind")
        }
        #expect(generic == viaKeyPath)
        // Every property reads back what its key path holds.
        for p in LayerProperty.allCases {
            #expect(generic.value(of: p) == viaKeyPath.keyPathValue(of: p), "\(p) after setting \(property)")
        }
        // And null clears an optional one where it is stored.
        if property.isOptional {
            try generic.setValue(.null, for: property)
            #expect(generic == LayerState())
        }
    }
}
