import LoopSimTrace
import Scenario

extension RunCommand {
    /// The text trace's options: colour names always; `--only`, `--hide`
    /// and `--quiet-observers`, which only the text form takes
    /// (docs/trace-format.md §3).
    static func textTraceOptions(_ parsed: ParsedArguments, format: TraceFormat) throws -> TextTraceOptions {
        var options = TextTraceOptions.scenarioLanguage
        let only = parsed.values["--only"], hide = parsed.values["--hide"]
        let quiet = parsed.flags.contains("--quiet-observers")
        if format != .text {
            let given = [only.map { _ in "--only" }, hide.map { _ in "--hide" }, quiet ? "--quiet-observers" : nil].compactMap { $0 }
            if let first = given.first {
                throw UsageError(message: "'\(first)' filters the text trace only, not --format \(format.rawValue) (the JSON Lines and Chrome traces are always whole)")
            }
        }
        if only != nil || hide != nil {
            do throws(TextTraceFilter.UnknownKind) {
                options.filter = try TextTraceFilter(only: only, hide: hide)
            } catch {
                let option = (try? TextTraceFilter(only: only)) == nil ? "--only" : "--hide"
                throw UsageError(message: "the value '\(error.kind)' is invalid for '\(option)': \(error.description)")
            }
        }
        if quiet { options.foldedObservers = TextTraceOptions.uikitObserverNames }
        return options
    }
}
