import LoopSimTools

/// `loopsim why RUN LAYER.PROP[==VALUE]`: the fate of every matching set
/// (docs/guide/fates.md). RUN is a scenario, which is run, or a recorded JSON
/// Lines trace (`*.jsonl`), which is read.
enum WhyCommand {
    static let spec = CommandSpec(
        name: "why",
        summary: "Say what became of every set of a layer property.",
        abstract: "Say what became of every set of a layer property: shipped and on screen, overwritten, or never committed.",
        usage: "loopsim why <run> <layer.prop[==value]>",
        arguments: [
            ("<run>", "A scenario file (*.loop), which is run with an in-process render server, or a recorded trace (*.jsonl)."),
            ("<layer.prop[==value]>", "The property, like button.background; ==value keeps the sets to that value (the trace's spelling, or a colour's name: ==yellow)."),
        ],
        discussion: """
        Prints one line per matching set, in trace order: when it was set and in
        which transaction, then the commit that shipped it and the frame that
        showed it (with its latency), or the set that overwrote it before any
        commit, or that its transaction was never committed.

        Exit status: 0 when a set matched, 1 when none did, 2 for a scenario or
        trace that does not read or run, 64 for a usage error, 66 when <run>
        cannot be read.
        """)

    static func run(_ parsed: ParsedArguments) throws -> Int32 {
        switch parsed.positionals.count {
        case 0: throw UsageError(message: "missing expected argument '<run>'")
        case 1: throw UsageError(message: "missing expected argument '<layer.prop[==value]>'")
        case 2: break
        default: throw UsageError(message: "unexpected argument '\(parsed.positionals[2])'")
        }
        let path = parsed.positionals[0]
        let query = try WhyQuery.Query(parsed.positionals[1])

        return WhyQuery.run(path, query)
    }
}
