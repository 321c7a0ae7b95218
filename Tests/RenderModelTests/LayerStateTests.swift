import RenderModel
import Testing

/// docs/reference/core-animation-rules.md §2.2–§2.3 and checklist items 25 and 26.
@Suite struct LayerStateTests {
    @Test("a new layer state has Core Animation's defaults")
    func defaults() {
        let s = LayerState()
        #expect(s.bounds == Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(s.position == Point(x: 0, y: 0))
        #expect(s.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(s.transform == .identity)
        #expect(s.zPosition == 0)
        #expect(s.opacity == 1)
        #expect(s.isHidden == false)
        #expect(s.masksToBounds == false)
        #expect(s.cornerRadius == 0)
        #expect(s.borderWidth == 0)
        #expect(s.borderColor == RGBA(r: 0, g: 0, b: 0, a: 1))
        #expect(s.backgroundColor == nil)
        #expect(s.contents == nil)
        #expect(s.contentsGravity == .resize)
        #expect(s.frame == Rect(x: 0, y: 0, width: 0, height: 0))
    }

    @Test("opacity is clamped to 0…1 when set", arguments: [
        (0.3, 0.3), (1.5, 1.0), (-0.5, 0.0), (Double.nan, 0.0), (0.0, 0.0), (1.0, 1.0), (Double.infinity, 1.0),
    ])
    func opacity(set: Double, reads: Double) {
        var s = LayerState()
        s.opacity = set
        #expect(s.opacity == reads)
    }

    struct FrameCase: Sendable, CustomTestStringConvertible {
        var bounds: Rect
        var position: Point
        var anchor: Point
        var transform: Transform2D = .identity
        var frame: Rect
        var testDescription: String { "bounds \(bounds) position \(position) anchor \(anchor) transform \(transform)" }
    }

    static let frames: [FrameCase] = [
        // Checklist 25.
        FrameCase(bounds: rect(0, 0, 100, 50), position: point(200, 100), anchor: point(0.5, 0.5), frame: rect(150, 75, 100, 50)),
        FrameCase(bounds: rect(0, 0, 100, 50), position: point(200, 100), anchor: point(0, 0), frame: rect(200, 100, 100, 50)),
        FrameCase(bounds: rect(0, 0, 100, 50), position: point(200, 100), anchor: point(1, 1), frame: rect(100, 50, 100, 50)),
        // bounds.origin moves sublayers, not the layer's own frame.
        FrameCase(bounds: rect(30, -7, 100, 50), position: point(200, 100), anchor: point(0.5, 0.5), frame: rect(150, 75, 100, 50)),
        // With a transform: the box of the anchored bounds, offset by position.
        FrameCase(bounds: rect(0, 0, 100, 50), position: point(200, 100), anchor: point(0.5, 0.5),
                  transform: .rotation(degrees: 90), frame: rect(175, 50, 50, 100)),
        FrameCase(bounds: rect(0, 0, 100, 50), position: point(200, 100), anchor: point(0.5, 0.5),
                  transform: .scale(2), frame: rect(100, 50, 200, 100)),
        FrameCase(bounds: rect(0, 0, 100, 50), position: point(200, 100), anchor: point(0.5, 0.5),
                  transform: .translation(x: 10, y: 0), frame: rect(160, 75, 100, 50)),
        FrameCase(bounds: rect(0, 0, 100, 50), position: point(200, 100), anchor: point(0, 0),
                  transform: .rotation(degrees: 90), frame: rect(150, 100, 50, 100)),
        FrameCase(bounds: rect(0, 0, 100, 50), position: point(200, 100), anchor: point(0, 0),
                  transform: .scale(x: 2, y: 1), frame: rect(200, 100, 200, 50)),
    ]

    @Test("frame is computed from bounds, position, anchor and transform", arguments: frames)
    func frameGetter(c: FrameCase) {
        var s = LayerState()
        s.bounds = c.bounds
        s.position = c.position
        s.anchorPoint = c.anchor
        s.transform = c.transform
        #expect(s.frame == c.frame)
    }

    @Test("setting frame sets bounds.size and position so that frame reads back", arguments: frames)
    func frameRoundTrip(c: FrameCase) {
        var s = LayerState()
        s.bounds = rect(c.bounds.origin.x, c.bounds.origin.y, 1, 1)
        s.anchorPoint = c.anchor
        s.transform = c.transform
        s.frame = c.frame
        #expect(s.frame == c.frame)
        #expect(s.bounds == c.bounds)
        #expect(s.position == c.position)
    }

    @Test("checklist 25: set frame (10,20,30,40) with the default anchor")
    func checklist25() {
        var s = LayerState()
        s.frame = rect(10, 20, 30, 40)
        #expect(s.position == point(25, 40))
        #expect(s.bounds == rect(0, 0, 30, 40))
    }

    @Test("setting frame leaves bounds.origin alone")
    func boundsOriginKept() {
        var s = LayerState()
        s.bounds = rect(7, 8, 1, 1)
        s.frame = rect(10, 20, 30, 40)
        #expect(s.bounds == rect(7, 8, 30, 40))
        #expect(s.position == point(25, 40))
    }

    @Test("under a quarter turn, setting frame swaps the bounds' sides (§2.2 formula, centred anchor)")
    func quarterTurnSetter() {
        var s = LayerState()
        s.transform = .rotation(degrees: 90)
        s.frame = rect(0, 0, 50, 100)
        #expect(s.bounds.size == Size(width: 100, height: 50))
        #expect(s.position == point(25, 50))  // origin + anchor ⊙ frame.size
    }

    @Test("under a scale, setting frame divides the size by the scale")
    func scaleSetter() {
        var s = LayerState()
        s.transform = .scale(x: 2, y: 4)
        s.frame = rect(0, 0, 200, 100)
        #expect(s.bounds.size == Size(width: 100, height: 25))
        #expect(s.position == point(100, 50))
    }

    @Test("a frame with a negative size is standardized before it is set")
    func negativeFrame() {
        var s = LayerState()
        s.frame = rect(10, 10, -4, -6)
        #expect(s.bounds.size == Size(width: 4, height: 6))
        #expect(s.frame == rect(6, 4, 4, 6))
    }

    @Test("under a singular transform, setting frame keeps bounds.size and places the box")
    func singularSetter() {
        var s = LayerState()
        s.bounds = rect(0, 0, 10, 10)
        s.transform = .scale(x: 0, y: 1)
        s.frame = rect(40, 40, 30, 30)
        #expect(s.bounds.size == Size(width: 10, height: 10))
        #expect(s.frame.origin == point(40, 40))
    }

    @Test("contentsGravity has Core Animation's twelve names")
    func gravities() {
        #expect(ContentsGravity.allCases.map(\.rawValue) == [
            "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight",
            "resize", "resizeAspect", "resizeAspectFill",
        ])
        #expect(ContentsGravity(rawValue: "resizeAspectFill") == .resizeAspectFill)
    }

    @Test("two states compare equal until a property differs")
    func equality() {
        var a = LayerState()
        let b = LayerState()
        #expect(a == b)
        a.opacity = 0.5
        #expect(a != b)
        a.opacity = 1
        #expect(a == b)
    }
}
