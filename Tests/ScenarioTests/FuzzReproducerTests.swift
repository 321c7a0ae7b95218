import Scenario
import Testing

/// Scenarios the `fuzz-scenario` target found (Tests/Fuzz/corpus/scenario),
/// minimized. A test is disabled while its trap is open (a trap ends the test
/// process); enable it with the fix. docs/reliability.md lists them.
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
}
