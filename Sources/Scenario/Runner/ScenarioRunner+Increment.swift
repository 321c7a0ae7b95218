import LayerKit
import RenderModel
import RunLoopKit

/// `set L.PROP += VALUE` (docs/guide/animations-language.md, "Step by step").
extension ScenarioRunner {
    /// Adds `delta` to the model value of `name` and sets the sum, as `set`
    /// would: numbers and times add, points and rects add component by
    /// component, and a transform is concatenated after the current one (its
    /// steps apply after the current transform's, as steps do left to
    /// right). A sum that is not finite, or a negative size, radius or
    /// border, is a positioned error.
    func increment(_ layer: Layer, _ name: LayerPropertyName, by delta: LayerValue, at location: SourceLocation) throws {
        let target = "set \(layer.traceName).\(name.languageName) += …"
        switch (name, delta) {
        case (.timing(.speed), .number(let d)):
            layer.setTiming(.speed, .number(try finite(layer.timing.speed + d, target, location)))
            return
        case (.timing(let key), .time(let d)) where key != .speed:
            let old = key == .timeOffset ? layer.timing.timeOffset : layer.timing.beginTime
            guard let sum = VirtualTime.checkedSum(old, d) else {
                throw diagnostic(at: location, "\(target) would pass the end of virtual time")
            }
            layer.setTiming(key, .time(sum))
            return
        default:
            break
        }
        // The parser gives a timing property a delta of its own kind.
        guard case .layer(let property) = name else {
            throw diagnostic(at: location, "\(target): \(name.languageName) cannot be added to")
        }
        let sum: PropertyValue
        switch (layer.state.value(of: property), propertyValue(delta)) {
        case (.number(let a), .number(let b)):
            let v = try finite(a + b, target, location)
            if let problem = property.descriptor.constraint.problem(with: v) {
                throw diagnostic(at: location, "\(target) would make \(name.languageName) \(LayerContext.format(.number(v))); it \(problem)")
            }
            sum = .number(v)
        case (.point(let a), .point(let b)):
            sum = .point(Point(x: try finite(a.x + b.x, target, location), y: try finite(a.y + b.y, target, location)))
        case (.rect(let a), .rect(let b)):
            let r = Rect(x: try finite(a.origin.x + b.origin.x, target, location), y: try finite(a.origin.y + b.origin.y, target, location),
                         width: try finite(a.size.width + b.size.width, target, location),
                         height: try finite(a.size.height + b.size.height, target, location))
            if r.size.width < 0 || r.size.height < 0 {
                throw diagnostic(at: location, "\(target) would make the \(r.size.width < 0 ? "width" : "height") of \(name.languageName) negative: \(LayerContext.format(.rect(r)))")
            }
            sum = .rect(r)
        case (.transform(let a), .transform(let b)):
            let t = a.concatenating(b)
            for v in [t.a, t.b, t.c, t.d, t.tx, t.ty] { _ = try finite(v, target, location) }
            sum = .transform(t)
        default:
            // The parser lets only these kinds through (Parser+Increment).
            throw diagnostic(at: location, "\(target): \(name.languageName) cannot be added to")
        }
        do {
            try layer.set(property, sum)
        } catch {
            throw diagnostic(at: location, error.description)
        }
    }

    private func finite(_ v: Double, _ target: String, _ location: SourceLocation) throws -> Double {
        guard v.isFinite else { throw diagnostic(at: location, "\(target) makes a number too large to represent") }
        return v == 0 ? 0 : v
    }
}
