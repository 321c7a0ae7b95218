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
        (or a size mismatch, or a pixel outside the frame); 64 for a usage error.
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
            switch timeValue(at) {
            case .success(let time): action = .pixel(x: x, y: y, at: time)
            case .failure(let error): throw UsageError(message: "the value '\(at)' is invalid for '--at': \(error.message)")
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
            if let close = actions.min(by: { editDistance($0, name) < editDistance($1, name) }), editDistance(close, name) <= 2 {
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
            if actions.contains(folder) { message += "; the folder comes first: 'loopsim frames <dir> \(folder) …'" }
            throw UsageError(message: message)
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

    // MARK: Actions

    static func list(_ frames: FramesFolder) throws -> Int32 {
        let onDisk = try frames.frameFiles()
        guard let index = try frames.index() else {
            if onDisk.isEmpty {
                printOut("no frames in \(frames.path) (no frames.jsonl and no frame-*.ppm files)")
                return ExitStatus.success
            }
            var rows = [["frame", "file"]]
            for (frame, file) in onDisk { rows.append([String(frame), file]) }
            printOut(table(rows), terminator: "")
            printOut("\(count(onDisk.count, "frame file")) in \(frames.path); no frames.jsonl, so their on-screen times are unknown")
            return ExitStatus.success
        }
        var rows = [["frame", "on screen", "file", "hash", "txns", "damage"]]
        let present = Set(onDisk.map(\.file))
        var missing = 0
        for entry in index {
            var damage = "-"
            if let d = entry.damage { damage = d.width == 0 || d.height == 0 ? "none" : "x=\(d.x) y=\(d.y) w=\(d.width) h=\(d.height)" }
            if let n = entry.rects?.count, n > 1 { damage += " (\(n) rects)" }
            let txns = entry.txns.map { $0.isEmpty ? "-" : $0.map(String.init).joined(separator: ",") } ?? "-"
            var row = [String(entry.frame), formatTime(entry.present), entry.file, entry.hash ?? "-", txns, damage]
            if !present.contains(entry.file) {
                missing += 1
                row[5] += "  (file missing)"
            }
            rows.append(row)
        }
        printOut(table(rows), terminator: "")
        var summary = "\(count(index.count, "frame")) in \(frames.indexPath)"
        if let first = index.first, let last = index.last {
            summary += ", on screen from \(formatTime(first.present)) to \(formatTime(last.present))"
        }
        if missing > 0 { summary += "; \(count(missing, "file")) missing" }
        let listed = Set(index.map(\.file))
        let unlisted = onDisk.filter { !listed.contains($0.file) }.count
        if unlisted > 0 { summary += "; \(count(unlisted, "frame file")) not in frames.jsonl" }
        printOut(summary)
        return ExitStatus.success
    }

    static func pixel(_ frames: FramesFolder, x: Int, y: Int, at time: Int64) throws -> Int32 {
        guard let index = try frames.index() else {
            if try frames.frameFiles().isEmpty {
                printOut("no frame is on screen at \(formatTime(time)): \(frames.path) has no frames")
                return ExitStatus.failure
            }
            throw FramesDataError(message: "\(frames.indexPath) is missing, so when each frame was on screen is unknown")
        }
        guard let entry = index.last(where: { $0.present <= time }) else {
            if let first = index.first {
                printOut("no frame is on screen at \(formatTime(time)): the first, frame \(first.frame) (\(frames.filePath(first.file))), is on screen from \(formatTime(first.present))")
            } else {
                printOut("no frame is on screen at \(formatTime(time)): \(frames.indexPath) lists no frames")
            }
            return ExitStatus.failure
        }
        let path = frames.filePath(entry.file)
        let bitmap = try loadImage(path)
        guard x < bitmap.width, y < bitmap.height else {
            throw FramesDataError(message: "pixel (\(x), \(y)) is outside \(path), which is \(bitmap.width)×\(bitmap.height)")
        }
        printOut("\(hex(bitmap[x, y])) at (\(x), \(y)) in frame \(entry.frame) (\(path), on screen from \(formatTime(entry.present)))")
        return ExitStatus.success
    }

    static func diff(_ frames: FramesFolder, _ a: String, _ b: String, out: String?) throws -> Int32 {
        let pathA = try frames.resolve(a), pathB = try frames.resolve(b)
        if let out { try refuseOverwriting(out, inputs: [pathA, pathB]) }
        let imageA = try loadImage(pathA), imageB = try loadImage(pathB)
        guard imageA.width == imageB.width, imageA.height == imageB.height else {
            throw FramesDataError(message: "cannot diff \(pathA) (\(imageA.width)×\(imageA.height)) with \(pathB) (\(imageB.width)×\(imageB.height)): the sizes differ")
        }
        let width = imageA.width, height = imageA.height
        var differing = 0
        var first: (x: Int, y: Int)?
        var box = (minX: Int.max, minY: Int.max, maxX: -1, maxY: -1)
        var image = Bitmap(width: width, height: height)
        image.withUnsafeMutablePixels { (out: inout UnsafeMutableBufferPointer<UInt8>) in
            imageA.pixels.withUnsafeBufferPointer { pa in
                imageB.pixels.withUnsafeBufferPointer { pb in
                    var p = 0
                    for y in 0..<height {
                        for x in 0..<width {
                            if pa[p] != pb[p] || pa[p + 1] != pb[p + 1] || pa[p + 2] != pb[p + 2] || pa[p + 3] != pb[p + 3] {
                                differing += 1
                                if first == nil { first = (x, y) }
                                box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
                                out[p] = 255; out[p + 1] = 0; out[p + 2] = 255
                            } else {
                                out[p] = pa[p] / 4; out[p + 1] = pa[p + 1] / 4; out[p + 2] = pa[p + 2] / 4
                            }
                            out[p + 3] = 255
                            p += 4
                        }
                    }
                }
            }
        }
        if let (x, y) = first {
            printOut("\(differing) of \(width * height) pixels differ between \(pathA) and \(pathB)")
            printOut("first at (\(x), \(y)): \(hex(imageA[x, y])) in \(pathA), \(hex(imageB[x, y])) in \(pathB)")
            printOut("within x=\(box.minX) y=\(box.minY) w=\(box.maxX - box.minX + 1) h=\(box.maxY - box.minY + 1)")
        } else {
            printOut("0 of \(width * height) pixels differ: \(pathA) and \(pathB) are identical")
        }
        if let out {
            let bytes = out.lowercased().hasSuffix(".png") ? PNGEncoder.encode(image) : PNMEncoder.p6(image, over: .black)
            try write(bytes, to: out)
            printOut("wrote \(out): the differing pixels in magenta over \(pathA) at a quarter of its brightness")
        }
        return differing == 0 ? ExitStatus.success : ExitStatus.failure
    }

    static func png(_ frames: FramesFolder, _ frame: String, out: String) throws -> Int32 {
        let path = try frames.resolve(frame)
        try refuseOverwriting(out, inputs: [path])
        let bitmap = try loadImage(path)
        let bytes = PNGEncoder.encode(bitmap)
        try write(bytes, to: out)
        printOut("wrote \(out) (\(bitmap.width)×\(bitmap.height), \(bytes.count) bytes) from \(path)")
        return ExitStatus.success
    }

    // MARK: Files

    /// Reads and decodes a PNM file; every failure names the file.
    static func loadImage(_ path: String) throws(FramesDataError) -> Bitmap {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FramesDataError(message: "\(path) does not exist")
        }
        guard !isDirectory.boolValue else { throw FramesDataError(message: "\(path) is a folder, not a frame file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FramesDataError(message: "cannot read \(path)")
        }
        do {
            return try PNMDecoder.decode([UInt8](data))
        } catch {
            throw FramesDataError(message: "\(path) is not a valid PNM image: \(error.description)")
        }
    }

    static func write(_ bytes: [UInt8], to path: String) throws(FramesDataError) {
        let parent = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        if !parent.isEmpty, !FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) || !isDirectory.boolValue {
            throw FramesDataError(message: "cannot write \(path): the folder \(parent) does not exist")
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            throw FramesDataError(message: "cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// `--out` must not replace one of the frames being read.
    static func refuseOverwriting(_ out: String, inputs: [String]) throws {
        let target = URL(fileURLWithPath: out).standardizedFileURL.resolvingSymlinksInPath().path
        for input in inputs where URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path == target {
            throw UsageError(message: "'--out \(out)' would overwrite the input \(input); choose another file")
        }
    }

    // MARK: Formatting

    /// `#rrggbb` of an opaque pixel (frames are opaque).
    static func hex(_ c: RGBA8) -> String {
        "#" + [c.r, c.g, c.b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// Nanoseconds as exact seconds without trailing zeros: `4.016666666s`, `2s`.
    static func formatTime(_ ns: Int64) -> String {
        let seconds = ns / 1_000_000_000, fraction = ns % 1_000_000_000
        if fraction == 0 { return "\(seconds)s" }
        let digits = String(fraction)
        let padded = String(repeating: "0", count: 9 - digits.count) + digits
        return "\(seconds).\(padded.reversed().drop { $0 == "0" }.reversed().map(String.init).joined())s"
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// Rows as columns two spaces apart; the first column right-aligned.
    static func table(_ rows: [[String]]) -> String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        var out = ""
        for row in rows {
            var line = ""
            for (i, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                if i == 0 { line += pad + cell } else { line += "  " + (i == row.count - 1 ? cell : cell + pad) }
            }
            out += line + "\n"
        }
        return out
    }

    // MARK: Times

    /// Why a time did not parse (the sentence after `invalid for '--at': `).
    struct TimeError: Error { var message: String }

    static let timeUnits: [(String, UInt64)] = [
        ("ns", 1), ("us", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000), ("min", 60_000_000_000),
    ]

    /// A time written as in the scenario language (`4.1s`, `250ms`, `100us`,
    /// `5ns`, `1min`, `0`) in nanoseconds, with exact decimal arithmetic:
    /// the value must be a whole number of nanoseconds, at most `Int64.max`.
    /// `frames` is not accepted: the folder does not record the refresh rate.
    static func timeValue(_ text: String) -> Result<Int64, TimeError> {
        Result { () throws(TimeError) -> Int64 in try parseTime(text) }
    }

    static func parseTime(_ text: String) throws(TimeError) -> Int64 {
        let bytes = Array(text.utf8)
        if bytes.first == UInt8(ascii: "-") { throw TimeError(message: "a time cannot be negative") }
        if bytes.first == UInt8(ascii: "+") { throw TimeError(message: "write a time without a sign") }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        var i = 0
        while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        let whole = bytes[0..<i]
        var fraction = bytes[i..<i]
        var hasPoint = false
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            hasPoint = true
            let start = i + 1
            i = start
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
            fraction = bytes[start..<i]
        }
        let unit = String(decoding: bytes[i...], as: UTF8.self)
        // Digits on both sides of a point ("1." and ".5s" are malformed), then letters.
        guard !whole.isEmpty, !hasPoint || !fraction.isEmpty,
              unit.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) }) else {
            throw TimeError(message: "expected a time like 250ms or 1.5s")
        }
        let units = "ns, us, ms, s or min"
        let isZero = (whole + fraction).allSatisfy { $0 == 0x30 }
        if unit.isEmpty {
            guard isZero else { throw TimeError(message: "'\(text)' needs a unit: \(units)") }
            return 0
        }
        guard let multiplier = timeUnits.first(where: { $0.0 == unit })?.1 else {
            if unit == "frames" || unit == "frame" {
                throw TimeError(message: "frames.jsonl does not record the refresh rate, so give the time in \(units)")
            }
            var message = "unknown unit '\(unit)'"
            if let close = timeUnits.map(\.0).min(by: { editDistance($0, unit) < editDistance($1, unit) }),
               editDistance(close, unit) <= 1 {
                message += "; did you mean '\(close)'?"
            }
            throw TimeError(message: message + " (units: \(units))")
        }
        let tooLarge = TimeError(message: "'\(text)' is too large (the limit is \(Int64.max) ns, about 292 years)")
        var total: UInt64 = 0
        for digit in whole {
            let (times10, o1) = total.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(digit - 0x30))
            if o1 || o2 { throw tooLarge }
            total = sum
        }
        var overflow: Bool
        (total, overflow) = total.multipliedReportingOverflow(by: multiplier)
        if overflow { throw tooLarge }
        // The fraction f / 10^k adds f × multiplier / 10^k, which must be whole.
        var digits = Array(fraction)
        while digits.last == 0x30 { digits.removeLast() }
        if !digits.isEmpty {
            let inexact = TimeError(message: "'\(text)' is not a whole number of nanoseconds")
            // multiplier < 10^11, and the last digit is not 0: more than 11
            // digits can never give a whole number.
            guard digits.count <= 11 else { throw inexact }
            var f: UInt64 = 0, scale: UInt64 = 1
            for digit in digits {
                f = f * 10 + UInt64(digit - 0x30)
                scale *= 10
            }
            let (product, o) = f.multipliedReportingOverflow(by: multiplier)
            guard !o, product % scale == 0 else { throw inexact }
            (total, overflow) = total.addingReportingOverflow(product / scale)
            if overflow { throw tooLarge }
        }
        guard total <= UInt64(Int64.max) else { throw tooLarge }
        return Int64(total)
    }
}

/// A problem with the frames on disk (exit status 2): a one-line message
/// that names the file.
struct FramesDataError: Error {
    var message: String
}

/// A frames folder as `loopsim-render` writes it.
struct FramesFolder {
    var path: String

    var indexPath: String { filePath("frames.jsonl") }

    func filePath(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// The `frame-NNNNNN.ppm` files, by index.
    func frameFiles() throws(FramesDataError) -> [(frame: Int, file: String)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            throw FramesDataError(message: "cannot list the folder \(path)")
        }
        var out: [(frame: Int, file: String)] = []
        for name in names where name.hasPrefix("frame-") && name.hasSuffix(".ppm") {
            let digits = name.dropFirst("frame-".count).dropLast(".ppm".count)
            if !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let frame = Int(digits) {
                out.append((frame, name))
            }
        }
        return out.sorted { ($0.frame, $0.file) < ($1.frame, $1.file) }
    }

    /// The lines of `frames.jsonl` in on-screen order, or nil when the file
    /// does not exist.
    func index() throws(FramesDataError) -> [FrameIndexEntry]? {
        let indexPath = self.indexPath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: indexPath, isDirectory: &isDirectory) else { return nil }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: indexPath) else {
            throw FramesDataError(message: "cannot read \(indexPath)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw FramesDataError(message: "\(indexPath) is not UTF-8 text")
        }
        var entries: [FrameIndexEntry] = []
        var seen: [UInt64: Int] = [:]
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let number = n + 1
            let entry: FrameIndexEntry
            do {
                entry = try FrameIndexEntry(jsonLine: String(line))
            } catch {
                throw FramesDataError(message: "\(indexPath):\(number): \(error.message)")
            }
            if let earlier = seen[entry.frame] {
                throw FramesDataError(message: "\(indexPath):\(number): frame \(entry.frame) is listed twice (also on line \(earlier))")
            }
            seen[entry.frame] = number
            entries.append(entry)
        }
        return entries.sorted { ($0.present, $0.frame) < ($1.present, $1.frame) }
    }

    /// The file of a frame argument: a frame index (looked up in
    /// frames.jsonl, else `frame-NNNNNN.ppm`) or a path (as given, else
    /// inside the folder).
    func resolve(_ argument: String) throws(FramesDataError) -> String {
        let fm = FileManager.default
        if !argument.isEmpty, argument.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            guard let frame = Int(argument) else { throw FramesDataError(message: "no frame \(argument) in \(path)") }
            let index = try index()
            if let entry = index?.first(where: { $0.frame == UInt64(frame) }) { return filePath(entry.file) }
            let byName = filePath(FolderFrameOutput.fileName(frame: UInt64(frame)))
            if fm.fileExists(atPath: byName) { return byName }
            if let index {
                let known = index.isEmpty ? "it lists no frames"
                    : "it lists \(FramesCommand.count(index.count, "frame")), \(index.map(\.frame).min()!)…\(index.map(\.frame).max()!)"
                throw FramesDataError(message: "frame \(frame) is not in \(indexPath) (\(known)) and \(byName) does not exist")
            }
            throw FramesDataError(message: "\(byName) does not exist (frame \(frame))")
        }
        if fm.fileExists(atPath: argument) { return argument }
        if !argument.hasPrefix("/"), fm.fileExists(atPath: filePath(argument)) { return filePath(argument) }
        throw FramesDataError(message: "\(argument) does not exist (nor \(filePath(argument)))")
    }
}
