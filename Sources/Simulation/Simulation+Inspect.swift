import LayerKit
import LoopSimSystem
import Raster
import RenderModel
import RunLoopKit

/// Driving a simulation step by step from Swift code, and reading what it
/// put on screen.
///
///     let sim = Simulation()
///     try sim.attachRenderServer(.spawn, display: .init(width: 64, height: 64), frames: folder)
///     let box = sim.layers.makeLayer(name: "box", root: true)
///     try box.set(.backgroundColor, .color(.red))
///     try sim.step()                              // one pass: the implicit commit ships it
///     try sim.advance(to: 100_000_000)            // 100 ms of virtual time
///     let shown = sim.presentedState(of: box, at: sim.now)?.backgroundColor
extension Simulation {
    /// Runs one pass of the main run loop in `mode` (a run with a pass limit
    /// of one; the UIKit observers, the implicit commit among them, run in it).
    @discardableResult
    public func step(mode: RunLoopMode = .default) throws -> RunResult {
        try run(mode: mode, limit: .iterations(1))
    }

    /// Runs the main run loop in `mode` until virtual time `time`; nothing
    /// runs when `time` is not after ``now`` (a `warn` says so).
    @discardableResult
    public func advance(to time: Nanoseconds, mode: RunLoopMode = .default) throws -> RunResult {
        try run(mode: mode, limit: .until(time))
    }

    /// The last presentation on screen at `time` (whether or not it changed
    /// a pixel), or nil before the first one.
    public func presentation(onScreenAt time: Nanoseconds) -> Presentation? {
        presentedLog.lastPresentation(onScreenAt: time)
    }

    /// The state of `layer` in the tree the render server applied for the
    /// frame on screen at `time`: what the user of the simulated app saw.
    /// Nil before that layer reached the screen.
    public func presentedState(of layer: Layer, at time: Nanoseconds) -> LayerState? {
        presentedHistory.state(of: layer.id, at: time)
    }

    /// The first on-screen time at which `layer`'s state in the frame on
    /// screen satisfied `matches`; nil when it never did.
    public func firstPresentation(of layer: Layer, where matches: (LayerState) -> Bool) -> Nanoseconds? {
        presentedHistory.firstTime(of: layer.id, where: matches)
    }

    var presentedHistory: PresentedHistory { render?.history ?? finishedHistory }

    /// The presentation value of `keyPath` of `layer` in the frame on
    /// screen at `time`: the model value that frame showed, with the
    /// layer's animations applied at the time the frame evaluated them —
    /// the render server's own evaluator, so it agrees with the pixels
    /// (`expect presentation`). Nil before the layer reached the screen.
    public func presentationValue(of layer: Layer, _ keyPath: AnimationKeyPath, at time: Nanoseconds) -> AnimationValue? {
        guard let model = presentedHistory.state(of: layer.id, at: time) else { return nil }
        guard let (animations, local) = presentedHistory.animations(of: layer.id, at: time) else { return keyPath.value(in: model) }
        return animations.presentationValue(of: keyPath, model: model, atLocalTime: local)
    }

    /// The frame file on screen at `time`, decoded; nil before the first
    /// drawn frame (the display shows its background then).
    ///
    /// - Throws: ``SystemError`` when the file cannot be read, and
    ///   ``ImageDecodeError`` when it is not a frame the server wrote.
    public func frameImage(onScreenAt time: Nanoseconds) throws -> Bitmap? {
        guard let folder = framesFolder,
              let file = presentedLog.lastPresentation(onScreenAt: time, drawnOnly: true)?.file else { return nil }
        // Written behind the lockstep: make sure it is on disk first.
        waitForFramesWritten(before: "reading \(file)")
        return try PNMDecoder.decode(try FileSystem.readFile(FilePath.join(folder, file)))
    }
}
