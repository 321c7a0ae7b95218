import Foundation
import LayerKit
import LoopSimSystem
import LoopSimTrace
import RenderModel
import Simulation

/// Layers, views, images, transactions and draw blocks on the simulation's
/// ``LayerContext``.
extension ScenarioRunner {
    var layerContext: LayerContext { simulation.layers }

    func executeLayerStatement(_ statement: LayerStatement) throws {
        switch statement {
        case .layer(let d):
            let layer = layerContext.makeLayer(name: d.name, isView: d.isView, root: d.parent == nil)
            layerObjects[d.name] = layer
            if let parent = d.parent { try self.layer(parent, at: d.location).addSublayer(layer) }
            for (name, value) in d.properties {
                try set(layer, name, value, at: d.location)
            }
        case .image(let d):
            var path: String
            let contained = !allowAbsoluteAssets
            do throws(AssetPathError) {
                path = try AssetPath.resolve(d.file, scenarioPath: file.path, allowOutside: allowAbsoluteAssets)
                // The textual check passed; now where the path really
                // leads, symbolic links followed (docs/internals/security.md).
                if contained, let real = try AssetPath.containedRealPath(path, written: d.file, scenarioPath: file.path) {
                    path = real
                }
            } catch {
                throw diagnostic(at: d.location, error.message)
            }
            let written = d.file, scenarioPath = file.path
            layerContext.registerImage(name: d.name) { [path] in
                // Checked again when read: a file missing at the `image`
                // statement may have appeared since, as a link.
                var readPath = path
                if contained, let real = try AssetPath.containedRealPath(path, written: written, scenarioPath: scenarioPath) {
                    readPath = real
                }
                do throws(SystemError) { return try FileSystem.readFile(readPath) } catch {
                    throw ImageFileError(path: path, cause: error.errno)
                }
            }
        case .layout(let name, let body, let location, let cost):
            let target = try layer(name, at: location)
            target.layoutBody = { [unowned self] _ in try self.perform(body) }
            target.layoutCost = cost
        case .constraints(let name, let body, let location):
            try layer(name, at: location).constraintsBody = { [unowned self] _ in try self.perform(body) }
        case .host(let d):
            try declareHost(d)
        case .draw(let name, let steps, let location, let cost):
            let target = try layer(name, at: location)
            target.drawCost = cost
            target.drawBody = { _, ctx in
                for step in steps { try DrawCommandRunner.run(step.command, in: ctx) }
            }
        }
    }

    func performLayerAction(_ action: LayerAction, at location: SourceLocation) throws {
        switch action {
        case .set(let name, let property, let value):
            try set(try layer(name, at: location), property, value, at: location)
        case .increment(let name, let property, let delta):
            try increment(try layer(name, at: location), property, by: delta, at: location)
        case .begin:
            layerContext.begin()
        case .commit:
            try layerContext.commit()
        case .flush:
            try layerContext.flush()
        case .transaction(let duration, let timing, let disable):
            if let duration { layerContext.setValue(.duration(duration), forKey: TransactionKey.animationDuration) }
            if let timing { layerContext.setValue(.string(timing), forKey: TransactionKey.animationTimingFunction) }
            if let disable { layerContext.setValue(.bool(disable), forKey: TransactionKey.disableActions) }
            noteTransactionOptions(duration: duration, timing: timing, at: location)
        case .completion(let body):
            layerContext.setCompletion { [unowned self] in try self.perform(body) }
        case .add(let name, let parent, let index):
            let child = try layer(name, at: location), p = try layer(parent, at: location)
            if let index { p.insertSublayer(child, at: index) } else { p.addSublayer(child) }
        case .remove(let name):
            try layer(name, at: location).removeFromSuperlayer()
        case .needsLayout(let name):
            try layer(name, at: location).setNeedsLayout()
        case .needsDisplay(let name):
            try layer(name, at: location).setNeedsDisplay()
        case .layoutIfNeeded(let name):
            try layer(name, at: location).layoutIfNeeded()
        }
    }

    /// The layer or view named `name`, or a positioned error when its
    /// declaration has not run yet (declarations run in file order; an
    /// action in an `at` block can run before a declaration below it).
    func layer(_ name: String, at location: SourceLocation) throws -> Layer {
        guard let layer = layerObjects[name] else {
            throw diagnostic(at: location, "'\(name)' is used before its declaration has run: declarations run in file order, so declare it above this line (or run this later)")
        }
        return layer
    }

    func checkCommits(_ e: Expectation, _ n: Int) -> ExpectationResult {
        let count = layerContext.commitCount
        let times = layerContext.firstCommitTimes.prefix(6).map { TimeLiteral.format($0) }.joined(separator: ", ")
        return ExpectationResult(expectation: e, passed: count == n, summary: "expect commits == \(n)",
                                 observed: "\(count) commit\(count == 1 ? "" : "s")" + (count > 0 ? " (at \(times)\(count > 6 ? ", …" : ""))" : ""))
    }

    func set(_ layer: Layer, _ name: LayerPropertyName, _ value: LayerValue, at location: SourceLocation) throws {
        guard case .layer(let property) = name else {
            switch (name, value) {
            case (.timing(.speed), .number(let v)): layer.setTiming(.speed, .number(v))
            case (.timing(let key), .time(let t)) where key != .speed: layer.setTiming(key, .time(t))
            default: throw diagnostic(at: location, "\(name.languageName) cannot take \(value)")
            }
            return
        }
        do {
            try layer.set(property, propertyValue(value))
        } catch {
            throw diagnostic(at: location, error.description)
        }
    }

    func propertyValue(_ v: LayerValue) -> PropertyValue {
        switch v {
        case .number(let x): return .number(x)
        case .bool(let b): return .bool(b)
        case .color(let c): return .color(RGBA(RGBA8(r: c[0], g: c[1], b: c[2], a: c[3])))
        case .rect(let x, let y, let w, let h): return .rect(Rect(x: x, y: y, width: w, height: h))
        case .point(let x, let y): return .point(Point(x: x, y: y))
        case .transform(let steps):
            var t = Transform2D.identity
            for s in steps {
                switch s {
                case .rotate(let deg): t = t.concatenating(.rotation(degrees: deg))
                case .scale(let x, let y): t = t.concatenating(.scale(x: x, y: y))
                case .translate(let x, let y): t = t.concatenating(.translation(x: x, y: y))
                }
            }
            return .transform(t)
        case .image(let name): return layerContext.imageID(named: name).map(PropertyValue.image) ?? .null
        case .gravity(let g): return .gravity(ContentsGravity(rawValue: g) ?? .resize)
        case .none, .time: return .null
        }
    }
}

struct ImageFileError: Error, CustomStringConvertible {
    var path: String
    var cause: Errno
    var description: String { "cannot read '\(path)': \(cause)" }
}
