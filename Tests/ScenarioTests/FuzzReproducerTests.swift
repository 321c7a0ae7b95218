import Foundation
import Scenario
import Testing

/// Scenarios the `fuzz-scenario` target found (Tests/Fuzz/corpus/scenario),
/// minimized. A test is disabled while its trap is open (a trap ends the test
/// process); enable it with the fix. docs/internals/reliability.md lists them.
@Suite struct ScenarioFuzzReproducerTests {
    /// crash-ef5fac8a: a view whose parent is declared after it traps with
    /// "Unexpectedly found nil" (`ScenarioRunner+Layers.swift:18`), the
    /// layer form of issue 13's C5. Either the checker refuses it with a
    /// positioned error, or the runner resolves the parent.
    @Test("a view whose parent is declared later is a positioned error at the view, not a trap")
    func aParentDeclaredAfterItsChildIsNotATrap() throws {
        let source = "view chip parent=panel frame=(8,8,20,20)\nview panel frame=(2,2,36,36)\n"
        guard let file = try? ScenarioParser.parse(source, path: "parent.loop") else { return }   // a parse error is fine
        let outcome = ScenarioRunner(file: file, source: source).run()
        let failure = try #require(outcome.failure)
        #expect(failure.location.line == 1)
        #expect(failure.message.hasPrefix("'panel' is used before its declaration has run"))
    }

    /// crash-0e28f6fc and crash-29f00a1b: `set v.background` in an `at` block
    /// that fires before `view v` is declared traps with "Unexpectedly found
    /// nil" (`ScenarioRunner+Layers.swift:43`), issue 13's C5 for layers.
    @Test("a set that runs before its layer's declaration is a positioned error at the set, not a trap")
    func aLayerSetBeforeItsDeclarationIsNotATrap() throws {
        let source = "at 1ms:\n    set v.background = red\nrun for=1s\nview v frame=(0,0,10,10)\n"
        guard let file = try? ScenarioParser.parse(source, path: "set.loop") else { return }   // a parse error is fine
        let outcome = ScenarioRunner(file: file, source: source).run()
        let failure = try #require(outcome.failure)
        #expect(failure.location.line == 2)
        #expect(failure.message.hasPrefix("'v' is used before its declaration has run"))
    }

    /// timeout-a13fa0e9: a layout body that marks its own layer held the
    /// fuzzer for 30 s (a layout feedback loop, docs/reference/core-animation-rules.md
    /// §2.4): the run stops with an error naming the layer, at the `run`.
    @Test("a layout body that marks its own layer stops the run with a feedback-loop error, not a hang")
    func aLayoutThatMarksItselfStops() throws {
        let source = "view screen frame=(0,0,320,240)\nview card parent=screen frame=(10,10,200,100)\nlayout card:\n    needsLayout card\nrun until=2s\n"
        let file = try ScenarioParser.parse(source, path: "feedback.loop")
        let outcome = ScenarioRunner(file: file, source: source).run()
        let failure = try #require(outcome.failure)
        #expect(failure.location.line == 5)
        #expect(failure.message.hasPrefix("layout feedback loop: layer 'card' had layoutSublayers called more than 100 times in one commit's layout phase"))
    }

    /// The same bound does not stop a body that marks its parent once
    /// (one more round) or a child (the same round).
    @Test("a layout body that marks its parent once, or a child, is not a feedback loop")
    func aLayoutThatMarksAnotherLayerOnceRuns() throws {
        let source = """
            view screen frame=(0,0,320,240)
            view card parent=screen frame=(10,10,200,100)
            view title parent=card frame=(0,0,200,20)
            layout screen:
                log "layout screen"
                needsLayout title
            layout card:
                needsLayout screen
            run until=1s
            expect log "layout screen" at=0
            """
        let file = try ScenarioParser.parse(source, path: "once.loop")
        let outcome = ScenarioRunner(file: file, source: source).run()
        #expect(outcome.failure == nil)
        #expect(outcome.events.filter { if case .log(let t) = $0.kind { t == "layout screen" } else { false } }.count == 2)
    }
}

/// The `fuzz-scenario` seeds are the goldens (docs/internals/reliability.md, "The
/// corpus"): a golden added later and not copied is a scenario the fuzzer
/// never starts from. `tools/fuzz.sh seeds` copies them.
@Suite struct ScenarioFuzzCorpusTests {
    @Test("every golden scenario is a seed of the scenario fuzzer, byte for byte, as FOLDER-NAME.loop")
    func everyGoldenIsASeed() throws {
        let root = GoldenTraceTests.root
        let corpus = root.appendingPathComponent("Tests/Fuzz/corpus/scenario")
        for relative in GoldenTraceTests.scenarios() {
            let parts = relative.split(separator: "/")
            let seed = corpus.appendingPathComponent(parts.joined(separator: "-")).path
            let golden = FileManager.default.contents(atPath: root.appendingPathComponent("Traces/" + relative).path)
            #expect(FileManager.default.contents(atPath: seed) == golden, "\(relative): no seed at \(seed), or a stale one (tools/fuzz.sh seeds)")
        }
    }
}
