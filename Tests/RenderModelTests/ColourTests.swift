import RenderModel
import Testing

@Suite struct ColourTests {
    @Test("every named colour converts to its exact bytes", arguments: [
        ("red", px(255, 0, 0)), ("green", px(0, 255, 0)), ("blue", px(0, 0, 255)),
        ("yellow", px(255, 255, 0)), ("orange", px(255, 128, 0)), ("purple", px(128, 0, 128)),
        ("cyan", px(0, 255, 255)), ("magenta", px(255, 0, 255)), ("brown", px(153, 102, 51)),
        ("white", px(255, 255, 255)), ("black", px(0, 0, 0)), ("gray", px(128, 128, 128)),
        ("darkGray", px(85, 85, 85)), ("lightGray", px(170, 170, 170)), ("clear", px(0, 0, 0, 0)),
    ])
    func namedBytes(name: String, expected: RGBA8) throws {
        let color = try #require(RGBA.named(name))
        #expect(RGBA8(color) == expected)
    }

    @Test("named colours have UIKit's components and the language's order")
    func namedComponents() {
        #expect(RGBA.namedColors.map(\.name) == [
            "red", "green", "blue", "yellow", "orange", "purple", "cyan", "magenta",
            "brown", "white", "black", "gray", "darkGray", "lightGray", "clear",
        ])
        #expect(RGBA.orange == RGBA(r: 1, g: 0.5, b: 0, a: 1))
        #expect(RGBA.purple == RGBA(r: 0.5, g: 0, b: 0.5))
        #expect(RGBA.brown == RGBA(r: 0.6, g: 0.4, b: 0.2))
        #expect(RGBA.darkGray == RGBA(white: 1.0 / 3.0))
        #expect(RGBA.lightGray == RGBA(white: 2.0 / 3.0))
        #expect(RGBA.clear.a == 0 && RGBA.black.a == 1)
        #expect(RGBA.named("DarkGray") == nil && RGBA.named("grey") == nil)
    }

    @Test("a component becomes round(c × 255), halves away from zero", arguments: [
        (0.5, 128), (0.3, 77), (0.1, 26), (0.7, 179), (0.9, 230), (0.6, 153), (0.4, 102), (0.2, 51),
        (1.0 / 3.0, 85), (2.0 / 3.0, 170), (0.5 / 255, 1), (0.49 / 255, 0), (1.5 / 255, 2),
        (0.0, 0), (1.0, 255), (-0.1, 0), (1.2, 255), (Double.nan, 0), (-Double.infinity, 0), (Double.infinity, 255),
    ] as [(Double, UInt8)])
    func byte(component: Double, expected: UInt8) {
        #expect(RGBA8.byte(component) == expected)
    }

    @Test("every byte survives byte → component → byte")
    func byteRoundTrip() {
        for v in 0...255 {
            #expect(RGBA8.byte(Double(v) / 255) == UInt8(v))
            let c = px(UInt8(v), 0, UInt8(255 - v), UInt8(v))
            #expect(RGBA8(RGBA(c)) == c)
        }
    }

    @Test("premultiplying computes (c·a + 127) / 255", arguments: [
        (px(255, 0, 0, 128), px(128, 0, 0, 128)),
        (px(255, 255, 255, 0), px(0, 0, 0, 0)),
        (px(200, 100, 50, 255), px(200, 100, 50, 255)),
        (px(1, 1, 1, 1), px(0, 0, 0, 1)),
        (px(255, 255, 255, 1), px(1, 1, 1, 1)),
        (px(128, 64, 0, 128), px(64, 32, 0, 128)),
    ])
    func premultiply(straight: RGBA8, expected: RGBA8) {
        #expect(straight.premultiplied() == expected)
    }

    @Test("source-over adds the destination scaled by 255 − source alpha")
    func compositing() {
        let halfRed = px(128, 0, 0, 128)
        #expect(halfRed.composited(over: .black) == px(128, 0, 0, 255))
        #expect(halfRed.composited(over: .white) == px(255, 127, 127, 255))
        #expect(RGBA8.clear.composited(over: px(10, 20, 30)) == px(10, 20, 30))
        #expect(px(1, 2, 3).composited(over: .white) == px(1, 2, 3))
        #expect(px(255, 0, 0, 10).composited(over: .white) == px(255, 245, 245, 255))
    }

    @Test("RGBA8 prints as #rrggbbaa")
    func description() {
        #expect(px(255, 0, 10, 128).description == "#ff000a80")
    }
}
