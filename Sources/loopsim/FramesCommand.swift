import LoopSimSystem
import LoopSimTools
import LoopSimTrace

/// `loopsim frames <dir> list | pixel | diff | png | sheet`: inspect the
/// frames a run wrote (`frame-NNNNNN.ppm` files and `frames.jsonl`,
/// `docs/guide/frames.md`).
///
/// Parse, validate, then run: argument problems are usage errors (exit 64)
/// raised before any file is read; problems with the files themselves are a
/// `FramesDataError` (exit 2), printed as one line naming the file.
enum FramesCommand {
    static let spec = CommandSpec(
        name: "frames",
        summary: "Inspect a run's frames: list, pixel, diff, png, sheet.",
        abstract: "Inspect the frames of a run: list them, read a pixel, diff two, convert to PNG, draw a contact sheet.",
        usage: """
        loopsim frames <dir> list
               loopsim frames <dir> pixel <x> <y> --at <time>
               loopsim frames <dir> diff <a> <b> [--out <file>]
               loopsim frames <dir> png <frames> --out <file>|<folder> [--scale <n>|1/<n>]
               loopsim frames <dir> sheet --out <file> [--from <f>] [--to <f>] [--every <n>] [--columns <n>]
        """,
        arguments: [
            ("<dir>", "A run folder (loopsim-out/NAME) or its frames folder (frame-NNNNNN.ppm and frames.jsonl)."),
            ("<x> <y>", "A pixel's column and row, from 0 at the top left."),
            ("<a> <b> <frame>", "A frame index (as in frames.jsonl) or the path of a PNM file (also looked for in <dir>)."),
            ("<frames>", "png: a frame (index or file), a range of indices like 1-10, or all."),
        ],
        options: [
            .value("--at", "<time>", "pixel: the virtual time, like 4.1s, 250ms, 100us, 5ns, 1min or 0."),
            .value("--out", "<file>", "diff: write a diff image (.ppm or .png); png: the PNG file, or the folder for a range or all; sheet: the PNG file."),
            .value("--scale", "<n>|1/<n>", "png: enlarge n times (nearest neighbour) or shrink n times (each n×n block averaged); n from 1 to 64."),
            .value("--from", "<f>", "sheet: the first frame, as an index (12) or a time (1.5s: the frame on screen then)."),
            .value("--to", "<f>", "sheet: the last frame, as an index or a time (the frame on screen then)."),
            .value("--every", "<n>", "sheet: every n-th frame of the selection, from its first (default 1)."),
            .value("--columns", "<n>", "sheet: thumbnails per row (default: as many as fit in about 1000 pixels)."),
        ],
        discussion: """
        list   one line per frame of frames.jsonl (index, on-screen time, file,
               hash, damage) and a summary; without frames.jsonl, the frame files.
        pixel  the colour (#rrggbb) at (x, y) in the frame on screen at --at: the
               last frame whose on-screen time is at or before it.
        diff   the number of differing pixels, the first one with both colours and
               their bounding box; --out draws them in magenta over a copy of <a>
               at a quarter of its brightness.
        png    frames as PNG files, for browsers and image viewers: one frame to
               the file --out, a range or all to frame-NNNNNN.png in the folder
               --out (made if missing).
        sheet  a contact sheet: a grid of thumbnails, each labelled with its
               vsync and on-screen time. A thumbnail fits in 160×120: a smaller
               frame is enlarged by the largest whole factor that fits, a larger
               one shrunk by the smallest that fits (docs/guide/frames.md).

        Exit status: 0 on success; 1 when diff finds differing pixels or no frame
        is on screen yet at --at; 2 for a missing, unreadable or malformed file
        (or a size mismatch, a pixel outside the frame, no frame selected);
        64 for a usage error; 66 when <dir> does not exist.
        """,
        precheck: { try rejectNegativeNumbers($0) })

    static let actions = FramesInspector.actions

    static func run(_ parsed: ParsedArguments) throws -> Int32 {
        let (folder, action) = try validate(parsed)
        return try FramesInspector.run(action, in: folder)
    }
}

/// Parsing and validating `frames` arguments: every problem is a usage
/// error (exit 64) raised before a file is read.
extension FramesCommand {
    // MARK: Validation

    /// `-1` would otherwise read as an unknown option.
    static func rejectNegativeNumbers(_ args: [String]) throws {
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--" { return }
            if a == "--at" || a == "--out" { i += 2; continue }
            if a.count > 1, a.hasPrefix("-"), a.dropFirst().first?.isASCII == true, a.dropFirst().first?.isNumber == true {
                throw UsageError(message: "'\(a)' is negative: pixel coordinates and frame indices start at 0")
            }
            i += 1
        }
    }

    static func validate(_ parsed: ParsedArguments) throws -> (String, FramesInspector.Action) {
        let positionals = parsed.positionals
        guard let folder = positionals.first else { throw UsageError(message: "missing expected argument '<dir>'") }
        guard positionals.count > 1 else {
            throw UsageError(message: "missing the action after '\(folder)': list, pixel, diff, png or sheet")
        }
        let name = positionals[1]
        /// The n-th argument after the action.
        func argument(_ n: Int, _ what: String) throws -> String {
            guard positionals.count > 2 + n else { throw UsageError(message: "missing expected argument '\(what)'") }
            return positionals[2 + n]
        }
        let at = parsed.values["--at"], out = parsed.values["--out"]
        let action: FramesInspector.Action
        let used: Int
        switch name {
        case "list":
            action = .list
            used = 0
        case "pixel":
            let x = try wholeNumber(argument(0, "<x>"), "<x>"), y = try wholeNumber(argument(1, "<y>"), "<y>")
            guard let at else {
                throw UsageError(message: "missing '--at <time>': the pixel is read from the frame on screen at that time")
            }
            do {
                action = .pixel(x: x, y: y, at: try TimeLiteral(parsing: at).nanoseconds())
            } catch {
                throw UsageError(message: "the value '\(at)' is invalid for '--at': \(error.message(quoted: "'\(at)'", framesAllowed: false))")
            }
            used = 2
        case "diff":
            let a = try argument(0, "<a>"), b = try argument(1, "<b>")
            if let out { try requireExtension(out, [".ppm", ".png"]) }
            action = .diff(a: a, b: b, out: out)
            used = 2
        case "png":
            let frames = try argument(0, "<frames>")
            guard let out else { throw UsageError(message: "missing '--out <file>': the PNG file (or, for a range or all, the folder) to write") }
            let selection = try FrameSelection(parsing: frames)
            if case .one = selection { try requireExtension(out, [".png"]) }
            action = .png(selection, out: out, scale: try parsed.values["--scale"].map(ImageScale.init(parsing:)) ?? .identity)
            used = 1
        case "sheet":
            guard let out else { throw UsageError(message: "missing '--out <file>': the PNG file of the contact sheet") }
            try requireExtension(out, [".png"])
            var options = ContactSheet.Options()
            options.from = try parsed.values["--from"].map { try FrameBound(parsing: $0, option: "--from") }
            options.to = try parsed.values["--to"].map { try FrameBound(parsing: $0, option: "--to") }
            if let every = parsed.values["--every"] { options.every = try positiveNumber(every, "--every", upTo: 1_000_000) }
            if let columns = parsed.values["--columns"] { options.columns = try positiveNumber(columns, "--columns", upTo: 1000) }
            if case .frame(let from)? = options.from, case .frame(let to)? = options.to, from > to {
                throw UsageError(message: "'--from \(from)' is after '--to \(to)': the first frame must come before the last")
            }
            if case .time(let from)? = options.from, case .time(let to)? = options.to, from > to {
                throw UsageError(message: "'--from \(FramesInspector.formatTime(from))' is after '--to \(FramesInspector.formatTime(to))'")
            }
            action = .sheet(options, out: out)
            used = 0
        default:
            var message = "unknown action '\(name)' (expected list, pixel, diff, png or sheet)"
            if let close = Spelling.suggestion(for: name, from: actions, maxDistance: 2) {
                message += "; did you mean '\(close)'?"
            }
            if actions.contains(folder) { message += "; the folder comes first: 'loopsim frames <dir> \(folder) …'" }
            throw UsageError(message: message)
        }
        if positionals.count > 2 + used { throw UsageError(message: "unexpected argument '\(positionals[2 + used])'") }
        if at != nil, name != "pixel" { throw UsageError(message: "'--at' only applies to 'pixel'") }
        if out != nil, name != "diff", name != "png", name != "sheet" {
            throw UsageError(message: "'--out' only applies to 'diff', 'png' and 'sheet'")
        }
        if parsed.values["--scale"] != nil, name != "png" { throw UsageError(message: "'--scale' only applies to 'png'") }
        for option in ["--from", "--to", "--every", "--columns"] where parsed.values[option] != nil && name != "sheet" {
            throw UsageError(message: "'\(option)' only applies to 'sheet'")
        }

        guard let kind = FileSystem.kind(of: folder) else {
            var message = "no such folder '\(folder)'"
            if actions.contains(folder) {
                message += "; the folder comes first: 'loopsim frames <dir> \(folder) …'"
                throw UsageError(message: message)
            }
            throw NoInputError(message: message)
        }
        guard kind == .directory else { throw UsageError(message: "'\(folder)' is not a folder") }
        return (folder, action)
    }

    static func wholeNumber(_ text: String, _ what: String) throws -> Int {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            throw UsageError(message: "the value '\(text)' is invalid for '\(what)' (expected a whole number of 0 or more)")
        }
        guard let value = Int(text) else { throw UsageError(message: "the value '\(text)' is too large for '\(what)'") }
        return value
    }

    /// A whole number from 1 to `limit`.
    static func positiveNumber(_ text: String, _ what: String, upTo limit: Int) throws -> Int {
        let value = try wholeNumber(text, what)
        guard value >= 1, value <= limit else {
            throw UsageError(message: "the value '\(text)' is invalid for '\(what)' (expected a whole number from 1 to \(limit))")
        }
        return value
    }

    static func requireExtension(_ path: String, _ allowed: [String]) throws {
        guard allowed.contains(where: { path.lowercased().hasSuffix($0) }) else {
            let list = allowed.count == 1 ? allowed[0] : allowed.dropLast().joined(separator: ", ") + " or " + allowed.last!
            throw UsageError(message: "the value '\(path)' is invalid for '--out' (expected a file name ending in \(list))")
        }
    }
}
