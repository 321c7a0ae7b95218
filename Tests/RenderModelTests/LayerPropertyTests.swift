import RenderModel
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
    ])
    func names(property: LayerProperty, language: String, caKey: String, kind: PropertyValue.Kind) {
        #expect(property.languageName == language)
        #expect(LayerProperty(rawValue: language) == property)
        #expect(property.caKey == caKey)
        #expect(LayerProperty(caKey: caKey) == property)
        #expect(property.valueKind == kind)
    }

    @Test("there are fifteen properties; all but frame are stored, in declaration order")
    func stored() {
        #expect(LayerProperty.allCases.count == 15)
        #expect(LayerProperty.stored == Array(LayerProperty.allCases.dropFirst()))
        #expect(LayerProperty.allCases.filter(\.isOptional) == [.backgroundColor, .contents])
        #expect(LayerProperty(caKey: "isHidden") == nil && LayerProperty(rawValue: "backgroundColor") == nil)
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
}
