import LayerKit
import RenderModel
import RunLoopKit
import Simulation

/// Running a scenario from Swift code: the entry points an app team's tests
/// use (docs/guide/library.md).
///
///     let outcome = try ScenarioRunner.run(source: text, render: .spawn(frames: folder))
///     #expect(outcome.allPassed)
///     let shown = outcome.presentedValue("button", .backgroundColor, at: 4_500_000_000)
extension ScenarioRunner {
    /// Parses `source` and runs it.
    ///
    /// - Parameters:
    ///   - source: the scenario text.
    ///   - path: the name diagnostics give it (`path:line:column`); image
    ///     files are read relative to its folder.
    ///   - render: how to reach a render server, or nil for none (frame
    ///     expectations then fail with "no render server").
    /// - Throws: the parse error, positioned and with a caret. Runtime
    ///   failures are not thrown: they are the outcome's ``ScenarioOutcome/failure``.
    public static func run(source: String, path: String = "scenario.loop", render: RenderOptions? = nil) throws(Diagnostic) -> ScenarioOutcome {
        let file = try ScenarioParser.parse(source, path: path)
        return ScenarioRunner(file: file, source: source, render: render).run()
    }

    /// Reads the scenario file at `path`, parses it and runs it.
    ///
    /// - Throws: a ``Diagnostic`` when the file cannot be read, is not UTF-8
    ///   or does not parse.
    public static func run(file path: String, render: RenderOptions? = nil) throws(Diagnostic) -> ScenarioOutcome {
        let (file, source) = try ScenarioLoader.load(path: path)
        return ScenarioRunner(file: file, source: source, render: render).run()
    }
}

extension ScenarioRunner.RenderOptions {
    /// The `loopsim-render` process, spawned over a socketpair, writing its
    /// frames to `folder` (see ``RenderConnection/serverExecutable()`` for
    /// where the binary is looked up).
    public static func spawn(frames folder: String) -> Self {
        Self(transport: .spawn, frames: folder)
    }
}

/// Reading what a run put on screen.
extension ScenarioOutcome {
    /// The frames the render server wrote, in order.
    public var frames: [PresentedFrame] { simulation.presentedFrames }

    /// The value of `property` of the layer or view named `layer` in the
    /// frame on screen at `time`, or nil before it reached the screen (or
    /// when no layer has that name).
    public func presentedValue(_ layer: String, _ property: LayerProperty, at time: Nanoseconds) -> PropertyValue? {
        guard let l = layers[layer] else { return nil }
        return simulation.presentedState(of: l, at: time)?.value(of: property)
    }

    /// The frame on screen at `time`, decoded (nil before the first drawn
    /// frame); see ``Simulation/frameImage(onScreenAt:)``.
    public func frameImage(onScreenAt time: Nanoseconds) throws -> Bitmap? {
        try simulation.frameImage(onScreenAt: time)
    }
}
