import RenderModel
import Simulation

/// Display links (docs/guide/animations-language.md).
extension ScenarioRunner {
    /// `displaylink NAME fps=N mode=M:`: a ``DisplayLink`` on the display's
    /// vsync clock, added to its modes now (its first callout is at the
    /// first vsync it is due for after this instant).
    func addDisplayLink(_ d: DisplayLinkDecl) {
        let hz = file.display.hz
        let perFrame = d.framesPerSecond == 0 ? 1 : Int64(hz / d.framesPerSecond)
        let link = DisplayLink(name: d.name, clock: VsyncClock(hz: hz), vsyncsPerFrame: perFrame, context: context) { [unowned self] link in
            // What the callout changes was due at the vsync it stands for.
            try self.layerContext.withFrameDeadline(link.dueTime ?? self.context.now) { try self.perform(d.body) }
        }
        displayLinks[d.name] = link
        simulation.register(link)
        link.add(to: loop, modes: d.modes.map(mode))
    }
}
