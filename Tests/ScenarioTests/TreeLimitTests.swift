import Foundation
import RenderModel
import Testing
@testable import Scenario
import Simulation

/// The limits table's tree limits in the scenario language
/// (docs/reference/limits.md): the layers a file declares and their `parent=` chains
/// are checked at parse time; an `add` at run time when its commit is made.
@Suite("Tree limits in scenarios")
struct ScenarioTreeLimitTests {
    func limitError(_ source: String, layers: Int = RenderLimits.maxLayerCount, depth: Int = RenderLimits.maxTreeDepth) throws -> Diagnostic? {
        let file = try ScenarioParser.parse(source, path: "t.loop")
        var checker = LimitChecker(file: "t.loop", source: source)
        checker.maxLayers = layers
        checker.maxDepth = depth
        do { try checker.check(file.statements) } catch { return error }
        return nil
    }

    @Test("the layer past the count limit is an error at its declaration; at the limit the file is fine")
    func layerCount() throws {
        #expect(try limitError("layer a\nview b\nlayer c\n", layers: 3) == nil)
        let d = try #require(try limitError("layer a\nview b\nlayer c\nlayer d\n", layers: 3))
        #expect(d.location.line == 4)
        #expect(d.message == "'d' is layer 4 of the file; a tree holds at most 3 layers (docs/reference/limits.md)")
    }

    @Test("a parent= chain past the depth limit is an error at the first declaration too deep, even with parents declared later")
    func depth() throws {
        #expect(try limitError("layer a\nlayer b parent=a\nlayer c parent=b\n", depth: 3) == nil)
        let d = try #require(try limitError("layer d parent=c\nlayer a\nlayer b parent=a\nlayer c parent=b\n", depth: 3))
        #expect(d.location.line == 1)
        #expect(d.message == "'d' would be 4 layers deep (its `parent=` chain); a tree is at most 3 layers deep (docs/reference/limits.md)")
    }

    @Test("the parser holds a file to the table's own numbers: a loop that declares one layer too many, or a chain one too deep")
    func theTable() throws {
        let count = #expect(throws: Diagnostic.self) {
            try ScenarioParser.parse("for i in 0..<\(RenderLimits.maxLayerCount + 1):\n    layer l{i}\n", path: "t.loop")
        }
        #expect(count?.location.line == 2)
        #expect(count?.message.hasPrefix("'l\(RenderLimits.maxLayerCount)' is layer \(RenderLimits.maxLayerCount + 1) of the file") == true)
        let chain = "layer c0\nfor i in 1..<\(RenderLimits.maxTreeDepth + 1):\n    layer c{i} parent=c{i - 1}\n"
        let depth = #expect(throws: Diagnostic.self) { try ScenarioParser.parse(chain, path: "t.loop") }
        #expect(depth?.message.hasPrefix("'c\(RenderLimits.maxTreeDepth)' would be \(RenderLimits.maxTreeDepth + 1) layers deep") == true)
    }

    @Test("an add at run time that passes the depth limit fails the run at the run statement, naming the layer")
    func addAtRunTime() throws {
        let source = """
            layer a
            layer b parent=a
            layer c parent=b
            layer extra
            layer more parent=extra
            run for=10ms
            at 20ms:
                add extra to c
            run for=20ms
            """
        let file = try ScenarioParser.parse(source, path: "t.loop")
        let runner = ScenarioRunner(file: file, source: source)
        runner.simulation.layers.treeLimits = .init(depth: 4)
        let failure = try #require(runner.run().failure)
        #expect(failure.location.line == 9)
        #expect(failure.message == "the commit cannot be sent: the tree would be 5 layers deep (at layer 'more'); the limit is 4 (docs/reference/limits.md)")
    }

    @Test("a client that skips its own check is refused by the server with 277, and the run fails naming what was lost")
    func theServerRefuses() throws {
        let top = RenderLimits.maxTreeDepth - 1
        let source = """
            layer c0 frame=(0,0,4,4)
            for i in 1...\(top):
                layer c{i} parent=c{i - 1}
            layer extra
            run for=10ms
            at 20ms:
                add extra to c\(top)
            run for=30ms
            """
        let frames = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-tree-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: frames) }
        let runner = ScenarioRunner(file: try ScenarioParser.parse(source, path: "t.loop"), source: source,
                                    render: .init(transport: .thread(.renderServer), frames: frames))
        runner.simulation.layers.treeLimits = .init(depth: .max)   // as a client without the check would
        let failure = try #require(runner.run().failure)
        #expect(failure.message.hasPrefix("frames were lost: the render server refused the session at vsync "), "\(failure.message)")
        #expect(failure.message.contains("error 277 (treeTooLarge): commit 2: the tree would be \(RenderLimits.maxTreeDepth + 1) layers deep"), "\(failure.message)")
        #expect(failure.message.contains("commit(s) 2 never reached the screen"), "\(failure.message)")
    }

    @Test("a scenario's layers are held to the table's limits by default")
    func defaults() throws {
        let source = "layer a\n"
        let runner = ScenarioRunner(file: try ScenarioParser.parse(source, path: "t.loop"), source: source)
        #expect(runner.simulation.layers.treeLimits == .init(layers: RenderLimits.maxLayerCount, depth: RenderLimits.maxTreeDepth))
    }
}
