/// "Did you mean …?" for every place that names a misspelt word: scenario
/// keywords, options and units, and the command line's subcommands and
/// options. One distance, one rule for the nearest candidate.
package enum Spelling {
    /// Edit distance between `a` and `b` counted in Unicode scalars:
    /// insertions, deletions, substitutions, and swaps of two adjacent
    /// scalars (optimal string alignment), each costing 1. Case matters.
    ///
    /// Complexity: O(`a.count` × `b.count`) time, O(`b.count`) space.
    ///
    ///     Spelling.distance("kitten", "sitting")   // 3
    ///     Spelling.distance("form", "from")        // 1 (one swap)
    public static func distance(_ a: String, _ b: String) -> Int {
        distance(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }

    /// `distance(_:_:)` over scalars already split out.
    public static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows of the alignment table: i-2, i-1 and i.
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d = min(d, before[j - 2] + 1)
                }
                current[j] = d
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }

    /// The candidate closest to `word`, ignoring case, if it is within
    /// `maxDistance` edits (by default 1 for words of up to 4 scalars, else 2)
    /// and is not `word` itself. Ties go to the earlier candidate. Words longer
    /// than 40 scalars get no suggestion.
    ///
    ///     Spelling.suggestion(for: "colour", from: ["color", "width"])   // "color"
    public static func suggestion(for word: String, from candidates: [String], maxDistance: Int? = nil) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        guard !target.isEmpty, target.count <= 40 else { return nil }
        let limit = maxDistance ?? (target.count <= 4 ? 1 : 2)
        var best: (String, Int)?
        for candidate in candidates where candidate != word {
            let d = distance(target, Array(candidate.lowercased().unicodeScalars))
            if d <= limit, d < (best?.1 ?? Int.max) {
                best = (candidate, d)
            }
        }
        return best?.0
    }
}
