import LoopSimSystem
import LoopSimTools
import LoopSimTrace

/// `loopsim diff A B [--out DIR]`: how two runs differ — the first
/// diverging trace event with context, the frames whose hashes (or files)
/// differ, and with `--out` side-by-side and difference images of each
/// (docs/guide/frames.md).
enum DiffCommand {
    static let spec = CommandSpec(
        name: "diff",
        summary: "Compare two runs: the first diverging event, the frames that differ.",
        abstract: "Compare two runs: the first diverging event and the frames that differ.",
        usage: "loopsim diff <a> <b> [--out <dir>]",
        arguments: [
            ("<a> <b>", "Traces (.jsonl, as 'loopsim run --trace' and the goldens write them) or run folders (loopsim-out/NAME: its trace.jsonl if any, and its frames)."),
        ],
        options: [
            .value("--out", "<dir>", "Write frame-NNNNNN.side-by-side.png (A, B and their diff) and frame-NNNNNN.diff.png for each differing frame both have files of (the folder is made if missing)."),
        ],
        discussion: """
        Events are compared line by line (traces are canonical JSON Lines, so
        equal runs give equal bytes); the first differing line is printed with
        the 3 lines before it. Frames are matched by vsync index; a frame differs
        when it is in one run only, when the recorded hashes differ, or when both
        frame files exist and their bytes differ.

        Exit status: 0 when the runs are identical, 1 when they differ, 2 for a
        malformed trace, frames.jsonl or frame file, 64 for a usage error, 66
        when an input does not exist.
        """)

    static func run(_ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.positionals.count >= 2 else {
            throw UsageError(message: parsed.positionals.isEmpty ? "missing expected arguments '<a> <b>'" : "missing expected argument '<b>'")
        }
        guard parsed.positionals.count == 2 else { throw UsageError(message: "unexpected argument '\(parsed.positionals[2])'") }
        let (a, b) = (parsed.positionals[0], parsed.positionals[1])
        for path in [a, b] {
            guard let kind = FileSystem.kind(of: path) else {
                printError("Error: \(path) does not exist (expected a trace .jsonl file or a run folder)")
                return ExitStatus.noInput
            }
            if kind != .directory && !path.hasSuffix(".jsonl") {
                throw UsageError(message: "'\(path)' is not a trace (.jsonl) or a run folder")
            }
        }
        return try RunDiff.run(a, b, out: parsed.values["--out"])
    }
}
