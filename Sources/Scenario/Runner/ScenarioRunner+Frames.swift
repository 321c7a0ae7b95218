import Foundation
import LayerKit
import LoopSimSystem
import LoopSimTrace
import RenderModel
import RenderWire
import Simulation

/// `expect visible`, `expect never visible` and `expect pixel`: what the
/// render server put on screen.
extension ScenarioRunner {
    func checkFrameExpectation(_ e: Expectation) -> ExpectationResult {
        guard let render else {
            return ExpectationResult(expectation: e, passed: false, summary: summary(e), observed: "no render server (--server none)")
        }
        switch e.kind {
        case .visible(let name, let property, let value, let at):
            let observed = visibleValue(name, property, at: at)
            let want = LayerContext.format(propertyValue(value))
            var result = ExpectationResult(expectation: e, passed: observed == want, summary: summary(e),
                                           observed: observed.map { "\(name).\(property.languageName) is \($0) in the frame on screen at \(TimeLiteral.format(at))" }
                                              ?? "no frame showed \(name) by \(TimeLiteral.format(at))")
            if !result.passed { result.fates = fateLines(name, property, want) }
            return result
        case .neverVisible(let name, let property, let value):
            let want = LayerContext.format(propertyValue(value))
            let layer = layerObjects[name]!
            let prop = property.layerProperty!   // the parser refuses a timing property here
            if let t = simulation.firstPresentation(of: layer, where: { LayerContext.format($0.value(of: prop)) == want }) {
                var result = ExpectationResult(expectation: e, passed: false, summary: summary(e),
                                               observed: "visible in the frame on screen at \(TimeLiteral.format(t))")
                result.fates = fateLines(name, property, want)
                return result
            }
            return ExpectationResult(expectation: e, passed: true, summary: summary(e),
                                     observed: "never visible in \(simulation.presentationCount) presented frame(s)")
        case .pixel(let x, let y, let color, let at, let tolerance):
            let (rgb, source) = pixel(x: x, y: y, at: at, filesWritten: render.frames != nil)
            guard let rgb else {
                return ExpectationResult(expectation: e, passed: false, summary: summary(e), observed: source)
            }
            let ok = zip(rgb, color.prefix(3)).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
            return ExpectationResult(expectation: e, passed: ok, summary: summary(e),
                                     observed: "\(hex(rgb)) in \(source)")
        default:
            return ExpectationResult(expectation: e, passed: false, summary: summary(e), observed: "not a frame expectation")
        }
    }

    /// The property's value in the frame on screen at `t` (the tree the
    /// server applied for the last frame presented by then), or nil before
    /// the layer is shown.
    private func visibleValue(_ name: String, _ property: LayerPropertyName, at t: Int64) -> String? {
        let state = simulation.presentedState(of: layerObjects[name]!, at: t)
        return state.map { LayerContext.format($0.value(of: property.layerProperty!)) }
    }

    /// The display pixels `expect pixel` reads, each once, in the order of
    /// the expectations: the server reports their colour in every frame it
    /// draws (`hello.probes`), so no frame file is read, and `--frames none`
    /// checks the same pixels.
    /// - Throws: a ``Diagnostic`` past `WireLimits().maxPixelProbes` points.
    func pixelProbes() throws -> [WireMessage.Hello.Probe] {
        let d = file.display
        var seen = Set<WireMessage.Hello.Probe>()
        var probes: [WireMessage.Hello.Probe] = []
        for case .expect(let e) in file.statements {
            guard case .pixel(let x, let y, _, _, _) = e.kind, x >= 0, y >= 0, x < d.width, y < d.height else { continue }
            let probe = WireMessage.Hello.Probe(x: UInt32(x), y: UInt32(y))
            if seen.insert(probe).inserted {
                probeIndex[probe] = probes.count
                probes.append(probe)
            }
            if probes.count > WireLimits().maxPixelProbes {
                throw diagnostic(at: e.location, "more than \(WireLimits().maxPixelProbes) different points in 'expect pixel' statements; the render server reports at most that many per frame (docs/reference/limits.md)")
            }
        }
        return probes
    }

    /// The RGB of a pixel in the frame on screen at `t`, as the server
    /// reported it (the colour the frame file holds), or the display
    /// background before the first frame.
    private func pixel(x: Int, y: Int, at t: Int64, filesWritten: Bool) -> ([UInt8]?, String) {
        let d = file.display
        guard x < d.width, y < d.height else { return (nil, "(\(x), \(y)) is outside the \(d.width)×\(d.height) display") }
        guard let frame = simulation.presentedFrame(onScreenAt: t) else {
            return (Array(d.background.prefix(3)), "no frame yet: the display background")
        }
        let name = filesWritten ? frame.file : "frame \(frame.index)"
        guard let i = probeIndex[WireMessage.Hello.Probe(x: UInt32(x), y: UInt32(y))], i < frame.probeColors.count else {
            return (nil, "\(name) did not report pixel (\(x), \(y))")
        }
        let c = frame.probeColors[i]
        return ([c.r, c.g, c.b], name)
    }

    private func hex(_ rgb: [UInt8]) -> String {
        "#" + rgb.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    private func summary(_ e: Expectation) -> String {
        switch e.kind {
        case .visible(let l, let p, let v, let at): return "expect visible \(l).\(p.languageName) == \(LayerContext.format(propertyValue(v))) at=\(TimeLiteral.format(at))"
        case .neverVisible(let l, let p, let v): return "expect never visible \(l).\(p.languageName) == \(LayerContext.format(propertyValue(v)))"
        case .pixel(let x, let y, let c, let at, let tol): return "expect pixel (\(x),\(y)) == \(hex(Array(c.prefix(3)))) at=\(TimeLiteral.format(at)) tolerance=\(tol)"
        default: return "expect"
        }
    }
}
