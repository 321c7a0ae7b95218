/// A small line diff for golden mismatches: unified hunks with 3 lines of
/// context, computed by LCS on the part between the common prefix and suffix.
package enum LineDiff {
    package enum Op: Equatable { case same(String), del(String), add(String) }

    package static func lines(_ s: String) -> [String] {
        var l = s.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if l.last == "" { l.removeLast() }
        return l
    }

    package static func ops(_ a: [String], _ b: [String]) -> [Op] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let ma = Array(a[prefix..<(a.count - suffix)]), mb = Array(b[prefix..<(b.count - suffix)])
        var out = a[..<prefix].map { Op.same($0) }
        if ma.count * mb.count > 4_000_000 {
            out += ma.map { .del($0) } + mb.map { .add($0) }
        } else {
            // LCS table over the middle.
            let n = ma.count, m = mb.count
            var table = [Int](repeating: 0, count: (n + 1) * (m + 1))
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    table[i * (m + 1) + j] = ma[i] == mb[j] ? table[(i + 1) * (m + 1) + j + 1] + 1
                        : max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1])
                }
            }
            var i = 0, j = 0
            while i < n || j < m {
                // Removed lines before added ones, as diff -u prints them.
                if i < n, j < m, ma[i] == mb[j] { out.append(.same(ma[i])); i += 1; j += 1 }
                else if i < n, j == m || table[(i + 1) * (m + 1) + j] >= table[i * (m + 1) + j + 1] { out.append(.del(ma[i])); i += 1 }
                else { out.append(.add(mb[j])); j += 1 }
            }
        }
        out += a[(a.count - suffix)...].map { Op.same($0) }
        return out
    }

    /// A unified diff of two texts, or "" when they are equal.
    package static func unified(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let all = ops(lines(old), lines(new))
        guard all.contains(where: { if case .same = $0 { return false } else { return true } }) else { return "" }
        var out = "--- \(oldName)\n+++ \(newName)\n"
        var idx = 0
        var oldLine = 1, newLine = 1
        var positions: [(Int, Int)] = []
        for op in all {
            positions.append((oldLine, newLine))
            switch op {
            case .same: oldLine += 1; newLine += 1
            case .del: oldLine += 1
            case .add: newLine += 1
            }
        }
        while idx < all.count {
            guard let start = all[idx...].firstIndex(where: { if case .same = $0 { return false } else { return true } }) else { break }
            let lo = max(0, start - context)
            var hi = start
            var lastChange = start
            while hi < all.count {
                if case .same = all[hi] {
                    if hi - lastChange > 2 * context { break }
                } else { lastChange = hi }
                hi += 1
            }
            hi = min(all.count, lastChange + context + 1)
            let oldCount = all[lo..<hi].filter { if case .add = $0 { return false } else { return true } }.count
            let newCount = all[lo..<hi].filter { if case .del = $0 { return false } else { return true } }.count
            out += "@@ -\(positions[lo].0),\(oldCount) +\(positions[lo].1),\(newCount) @@\n"
            for op in all[lo..<hi] {
                switch op {
                case .same(let s): out += " \(s)\n"
                case .del(let s): out += "-\(s)\n"
                case .add(let s): out += "+\(s)\n"
                }
            }
            idx = hi
        }
        return out
    }

    /// The first line where the texts differ (1-based), with both versions.
    package static func firstDifference(_ a: String, _ b: String) -> (line: Int, expected: String, actual: String)? {
        let la = lines(a), lb = lines(b)
        for i in 0..<max(la.count, lb.count) {
            let x = i < la.count ? la[i] : "(end of trace)"
            let y = i < lb.count ? lb[i] : "(end of trace)"
            if x != y { return (i + 1, x, y) }
        }
        return nil
    }
}
