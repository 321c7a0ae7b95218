import RenderModel
import Simulation

/// Display links and the animation statements that this build parses but
/// does not run yet (docs/animations-language.md).
extension ScenarioRunner {
    /// `displaylink NAME fps=N mode=M:`: a ``DisplayLink`` on the display's
    /// vsync clock, added to its modes now (its first callout is at the
    /// first vsync it is due for after this instant).
    func addDisplayLink(_ d: DisplayLinkDecl) {
        let hz = file.display.hz
        let perFrame = d.framesPerSecond == 0 ? 1 : Int64(hz / d.framesPerSecond)
        let link = DisplayLink(name: d.name, clock: VsyncClock(hz: hz), vsyncsPerFrame: perFrame, context: context) { [unowned self] _ in
            try self.perform(d.body)
        }
        displayLinks[d.name] = link
        link.add(to: loop, modes: d.modes.map(mode))
    }

    /// The error for an animation statement or `expect presentation`: the
    /// parser checks them, but nothing runs them until the animation model
    /// is wired in.
    func notRunYet(at location: SourceLocation) -> Diagnostic {
        diagnostic(at: location, "animations are parsed but not yet run by this build (docs/animations-language.md)")
    }
}
