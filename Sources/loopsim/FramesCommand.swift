import Foundation
import RenderModel
import LoopSimTrace
import RenderServer

/// `loopsim frames <dir> list | pixel | diff | png | sheet`: inspect the
/// frames a run wrote (`frame-NNNNNN.ppm` files and `frames.jsonl`,
/// `docs/frames.md`).
///
/// Parse, validate, then run: argument problems are usage errors (exit 64)
/// raised before any file is read; problems with the files themselves are a
/// `FramesDataError` (exit 2), printed as one line naming the file.
enum FramesCommand {
    static let spec = CommandSpec(
        name: "frames",
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
            ("--at <time>", "pixel: the virtual time, like 4.1s, 250ms, 100us, 5ns, 1min or 0."),
            ("--out <file>", "diff: write a diff image (.ppm or .png); png: the PNG file, or the folder for a range or all; sheet: the PNG file."),
            ("--scale <n>|1/<n>", "png: enlarge n times (nearest neighbour) or shrink n times (each n×n block averaged); n from 1 to 64."),
            ("--from <f>", "sheet: the first frame, as an index (12) or a time (1.5s: the frame on screen then)."),
            ("--to <f>", "sheet: the last frame, as an index or a time (the frame on screen then)."),
            ("--every <n>", "sheet: every n-th frame of the selection, from its first (default 1)."),
            ("--columns <n>", "sheet: thumbnails per row (default: as many as fit in about 1000 pixels)."),
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
               one shrunk by the smallest that fits (docs/frames.md).

        Exit status: 0 on success; 1 when diff finds differing pixels or no frame
        is on screen yet at --at; 2 for a missing, unreadable or malformed file
        (or a size mismatch, a pixel outside the frame, no frame selected);
        64 for a usage error; 66 when <dir> does not exist.
        """)

    /// What to do, after validation.
    enum Action {
        case list
        case pixel(x: Int, y: Int, at: Int64)
        case diff(a: String, b: String, out: String?)
        case png(FrameSelection, out: String, scale: ImageScale)
        case sheet(ContactSheet.Options, out: String)
    }

    static let actions = ["list", "pixel", "diff", "png", "sheet"]

    static func main(_ args: [String]) throws -> Int32 {
        try rejectNegativeNumbers(args)
        let parsed = try ParsedArguments(args, valueOptions: ["--at", "--out", "--scale", "--from", "--to", "--every", "--columns"],
                                         flagOptions: [])
        if parsed.wantsHelp { printOut(spec.help()); return ExitStatus.success }
        let (folder, action) = try validate(parsed)
        do {
            let frames = FramesFolder.locate(folder)
            switch action {
            case .list: return try list(frames)
            case .pixel(let x, let y, let time): return try pixel(frames, x: x, y: y, at: time)
            case .diff(let a, let b, let out): return try diff(frames, a, b, out: out)
            case .png(let selection, let out, let scale): return try png(frames, selection, out: out, scale: scale)
            case .sheet(let options, let out): return try sheet(frames, options, out: out)
            }
        } catch let error as FramesDataError {
            printError("Error: \(error.message)")
            return ExitStatus.scenarioError
        }
    }
}
