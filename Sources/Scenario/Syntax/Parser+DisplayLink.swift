/// `displaylink NAME [fps=N] [mode=M,…]:` (docs/guide/animations-language.md,
/// "The display link").
extension Parser {
    static let displayLinkSpec = OptionSpec(statement: "displaylink", keys: ["fps", "mode"])

    mutating func parseDisplayLink(_ node: LineNode, _ cursor: inout Cursor, _ keyword: Token) throws(Diagnostic) -> DisplayLinkDecl {
        let line = node.line
        let name = try expectName(&cursor, "a display link name", after: keyword)
        let options = try parseOptions(&cursor, Self.displayLinkSpec)
        var fps = 0
        if let (key, value) = options.value("fps") {
            let token = try atom(value, key, line, expected: "a frame rate")
            fps = try wholeNumber(token, line, "fps", in: 0...Self.maxHz)
            if fps != 0, hz % fps != 0 {
                throw error("fps=\(fps) is not a factor of the display's \(hz) Hz; use one of \(Self.frameRates(hz: hz)) (0: every vsync)",
                            at: token, in: line)
            }
        }
        var modes: [ModeRef] = [.default]
        if let (key, value) = options.value("mode") {
            modes = try self.modes(value, key, line)
        }
        declare(name, .displayLink, line)
        let body = try parseBody(node, cursor, "displaylink")
        return DisplayLinkDecl(name: name.text, framesPerSecond: fps, modes: modes, body: body,
                               location: location(of: keyword, in: line))
    }

    /// The rates a display link can have on a display of `hz`: 0 and the
    /// factors of `hz`, ascending, as a message lists them.
    static func frameRates(hz: Int) -> String {
        (["0"] + (1...hz).filter { hz % $0 == 0 }.map(String.init)).joined(separator: ", ")
    }
}
