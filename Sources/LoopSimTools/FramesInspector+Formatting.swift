import Foundation
import LoopSimTrace
import RenderModel

/// How `frames` prints colours, times, counts and tables.
extension FramesInspector {
    /// `#rrggbb` of an opaque pixel (frames are opaque).
    package static func hex(_ c: RGBA8) -> String {
        "#" + [c.r, c.g, c.b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// Nanoseconds as exact seconds without trailing zeros: `4.016666666s`, `2s`.
    package static func formatTime(_ ns: Int64) -> String { TimeLiteral.format(ns) }

    package static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// Rows as columns two spaces apart; the first column right-aligned.
    package static func table(_ rows: [[String]]) -> String {
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
}
