import Foundation
import RenderModel
import LoopSimTrace
import RenderServer

/// `loopsim frames <dir> list | pixel | diff | png`: inspect the frames a
/// run wrote (`frame-NNNNNN.ppm` files and `frames.jsonl`,
/// `docs/render-server.md`).
///
/// Parse, validate, then run: argument problems are usage errors (exit 64)
/// raised before any file is read; problems with the files themselves are a
/// `FramesDataError` (exit 2), printed as one line naming the file.
enum FramesCommand {
    static let spec = CommandSpec(
        name: "frames",
        abstract: "Inspect the frames of a run: list them, read a pixel, diff two, convert one to PNG.",
        usage: """
        loopsim frames <dir> list
               loopsim frames <dir> pixel <x> <y> --at <time>
               loopsim frames <dir> diff <a> <b> [--out <file>]
               loopsim frames <dir> png <frame> --out <file>
        """,
        arguments: [
            ("<dir>", "The frames folder (frame-NNNNNN.ppm and frames.jsonl, from 'loopsim run --frames')."),
            ("<x> <y>", "A pixel's column and row, from 0 at the top left."),
            ("<a> <b> <frame>", "A frame index (as in frames.jsonl) or the path of a PNM file (also looked for in <dir>)."),
        ],
        options: [
            ("--at <time>", "pixel: the virtual time, like 4.1s, 250ms, 100us, 5ns, 1min or 0."),
            ("--out <file>", "diff: write a diff image (.ppm or .png); png: the PNG file to write."),
        ],
        discussion: """
        list   one line per frame of frames.jsonl (index, on-screen time, file,
               hash, damage) and a summary; without frames.jsonl, the frame files.
        pixel  the colour (#rrggbb) at (x, y) in the frame on screen at --at: the
               last frame whose on-screen time is at or before it.
        diff   the number of differing pixels, the first one with both colours and
               their bounding box; --out draws them in magenta over a copy of <a>
               at a quarter of its brightness.
        png    the frame as a PNG file, for browsers and image viewers.

        Exit status: 0 on success; 1 when diff finds differing pixels or no frame
        is on screen yet at --at; 2 for a missing, unreadable or malformed file
        (or a size mismatch, or a pixel outside the frame); 64 for a usage error;
        66 when <dir> does not exist.
        """)

    /// What to do, after validation.
    enum Action {
        case list
        case pixel(x: Int, y: Int, at: Int64)
        case diff(a: String, b: String, out: String?)
        case png(frame: String, out: String)
    }

    static let actions = ["list", "pixel", "diff", "png"]

    static func main(_ args: [String]) throws -> Int32 {
        try rejectNegativeNumbers(args)
        let parsed = try ParsedArguments(args, valueOptions: ["--at", "--out"], flagOptions: [])
        if parsed.wantsHelp { printOut(spec.help()); return ExitStatus.success }
        let (folder, action) = try validate(parsed)
        do {
            let frames = FramesFolder(path: folder)
            switch action {
            case .list: return try list(frames)
            case .pixel(let x, let y, let time): return try pixel(frames, x: x, y: y, at: time)
            case .diff(let a, let b, let out): return try diff(frames, a, b, out: out)
            case .png(let frame, let out): return try png(frames, frame, out: out)
            }
        } catch let error as FramesDataError {
            printError("Error: \(error.message)")
            return ExitStatus.scenarioError
        }
    }

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

    static func validate(_ parsed: ParsedArguments) throws -> (String, Action) {
        let positionals = parsed.positionals
        guard let folder = positionals.first else { throw UsageError(message: "missing expected argument '<dir>'") }
        guard positionals.count > 1 else {
            throw UsageError(message: "missing the action after '\(folder)': list, pixel, diff or png")
        }
        let name = positionals[1]
        /// The n-th argument after the action.
        func argument(_ n: Int, _ what: String) throws -> String {
            guard positionals.count > 2 + n else { throw UsageError(message: "missing expected argument '\(what)'") }
            return positionals[2 + n]
        }
        let at = parsed.values["--at"], out = parsed.values["--out"]
        let action: Action
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
            let frame = try argument(0, "<frame>")
            guard let out else { throw UsageError(message: "missing '--out <file>': the PNG file to write") }
            try requireExtension(out, [".png"])
            action = .png(frame: frame, out: out)
            used = 1
        default:
            var message = "unknown action '\(name)' (expected list, pixel, diff or png)"
            if let close = Spelling.suggestion(for: name, from: actions, maxDistance: 2) {
                message += "; did you mean '\(close)'?"
            }
            if actions.contains(folder) { message += "; the folder comes first: 'loopsim frames <dir> \(folder) …'" }
            throw UsageError(message: message)
        }
        if positionals.count > 2 + used { throw UsageError(message: "unexpected argument '\(positionals[2 + used])'") }
        if at != nil, name != "pixel" { throw UsageError(message: "'--at' only applies to 'pixel'") }
        if out != nil, name != "diff", name != "png" { throw UsageError(message: "'--out' only applies to 'diff' and 'png'") }

        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            var message = "no such folder '\(folder)'"
            if actions.contains(folder) {
                message += "; the folder comes first: 'loopsim frames <dir> \(folder) …'"
                throw UsageError(message: message)
            }
            throw NoInputError(message: message)
        }
        guard isDirectory.boolValue else { throw UsageError(message: "'\(folder)' is not a folder") }
        return (folder, action)
    }

    static func wholeNumber(_ text: String, _ what: String) throws -> Int {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            throw UsageError(message: "the value '\(text)' is invalid for '\(what)' (expected a whole number of 0 or more)")
        }
        guard let value = Int(text) else { throw UsageError(message: "the value '\(text)' is too large for '\(what)'") }
        return value
    }

    static func requireExtension(_ path: String, _ allowed: [String]) throws {
        guard allowed.contains(where: { path.lowercased().hasSuffix($0) }) else {
            let list = allowed.count == 1 ? allowed[0] : allowed.dropLast().joined(separator: ", ") + " or " + allowed.last!
            throw UsageError(message: "the value '\(path)' is invalid for '--out' (expected a file name ending in \(list))")
        }
    }
}
