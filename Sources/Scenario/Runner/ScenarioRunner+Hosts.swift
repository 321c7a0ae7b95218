import LayerKit
import RenderModel

/// SwiftUI-style hosts (`docs/reference/swiftui.md`): a `host` declaration makes a
/// view and a ``StateHost`` whose body runs the block's `set`s and `log`s;
/// a `state` action writes a variable.
extension ScenarioRunner {
    func declareHost(_ d: HostDecl) throws {
        try executeLayerStatement(.layer(d.view))
        let view = try layer(d.view.name, at: d.location)
        let steps = d.body
        hosts[d.view.name] = layerContext.addHost(
            view: view, state: d.state.map { ($0.name, $0.value) }, reads: d.reads,
            spell: { [unowned self] value in LayerContext.format(self.propertyValue(value)) },
            body: { [unowned self] graph in
                for step in steps {
                    switch step.kind {
                    case .set(let name, let property, let value):
                        let resolved: LayerValue = switch value {
                        case .value(let v): v
                        case .state(let variable): graph[variable]!
                        }
                        try self.set(try self.layer(name, at: step.location), property, resolved, at: step.location)
                    case .log(let text):
                        self.simulation.log(text)
                    }
                }
            })
    }

    func writeState(_ write: StateWrite, at location: SourceLocation) throws {
        guard let host = hosts[write.host] else {
            throw diagnostic(at: location, "host '\(write.host)' is used before its declaration has run: declarations run in file order, so declare it above this line (or run this later)")
        }
        host.set(write.variable, to: write.value)
    }
}
