import Foundation
import LoopSimSystem

/// `frames <dir> list`: one row per frames.jsonl entry (or per frame file
/// without it) and a summary line.
extension FramesInspector {
    package static func list(_ frames: FramesFolder) throws -> Int32 {
        let onDisk = try frames.frameFiles()
        guard let index = try frames.index() else {
            if onDisk.isEmpty {
                Console.out("no frames in \(frames.path) (no frames.jsonl and no frame-*.ppm files)")
                return ExitStatus.success
            }
            var rows = [["frame", "file"]]
            for (frame, file) in onDisk { rows.append([String(frame), file]) }
            Console.out(table(rows), terminator: "")
            Console.out("\(count(onDisk.count, "frame file")) in \(frames.path); no frames.jsonl, so their on-screen times are unknown")
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
        Console.out(table(rows), terminator: "")
        var summary = "\(count(index.count, "frame")) in \(frames.indexPath)"
        if let first = index.first, let last = index.last {
            summary += ", on screen from \(formatTime(first.present)) to \(formatTime(last.present))"
        }
        if missing > 0 { summary += "; \(count(missing, "file")) missing" }
        let listed = Set(index.map(\.file))
        let unlisted = onDisk.filter { !listed.contains($0.file) }.count
        if unlisted > 0 { summary += "; \(count(unlisted, "frame file")) not in frames.jsonl" }
        Console.out(summary)
        return ExitStatus.success
    }
}
