/// The keywords of the language, the statements reserved for later versions,
/// and "did you mean" suggestions.
extension Parser {
    static let topLevelKeywords = ["display", "mode", "timer", "source", "port", "observer", "at", "run", "expect",
                                   "layer", "view", "image", "layout", "draw", "constraints"]
    static let actionKeywords = ["log", "sleep", "signal", "wake", "stop", "invalidate", "reschedule",
                                 "send", "perform", "async", "run",
                                 "set", "begin", "commit", "flush", "transaction", "completion",
                                 "add", "remove", "needsLayout", "needsDisplay", "layoutIfNeeded"]
    /// The lines of a `draw` block.
    static let drawKeywords = ["fill", "stroke", "line", "text"]

    /// Statements of the full language that this version does not implement,
    /// with what they belong to.
    static let reservedStatements: [String: String] = {
        var table: [String: String] = [:]
        for word in ["animate", "spring", "removeAnimation"] {
            table[word] = "animations"
        }
        table["displaylink"] = "display links"
        return table
    }()

    /// `expect` forms of the full language that this version does not implement.
    static let reservedExpectations: [String: String] = [
        "presentation": "animation expectations",
    ]

    /// The error for a keyword that cannot start a statement here: reserved
    /// for later, valid only in the other context, or unknown.
    func misplacedOrUnknown(_ keyword: Token, in line: LexedLine, topLevel: Bool) -> Diagnostic {
        let word = keyword.text
        if let reason = Self.reservedStatements[word] {
            return error("`\(word)` is not supported yet (\(reason) arrive in a later version)", at: keyword, in: line)
        }
        if topLevel, Self.actionKeywords.contains(word) {
            return error("`\(word)` is an action and belongs inside a block (the body of a timer, source, port, observer, `at`, `layout` or `constraints`)",
                         at: keyword, in: line)
        }
        if !topLevel, Self.topLevelKeywords.contains(word) {
            let what = switch word {
            case "at": "schedules an outside event"
            case "expect": "is an expectation"
            case "display", "mode": "is part of the setup"
            case "layer", "view": "declares a layer"
            case "image": "declares an image"
            case "layout", "draw", "constraints": "defines a layer's behaviour"
            default: "declares a run-loop object"
            }
            return error("`\(word)` \(what) and must be at the top level, not inside a block", at: keyword, in: line)
        }
        if Self.drawKeywords.contains(word) {
            return error("`\(word)` is a drawing command and belongs in a `draw` block", at: keyword, in: line)
        }
        var message = "unknown statement '\(word)'"
        let candidates = topLevel ? Self.topLevelKeywords : Self.actionKeywords
        if let suggestion = suggest(word, from: candidates)
            ?? suggest(word, from: Self.topLevelKeywords + Self.actionKeywords + Self.drawKeywords) {
            message += "; did you mean `\(suggestion)`?"
        }
        return error(message, at: keyword, in: line)
    }

    /// The error for a line of a `draw` block that is not a drawing command.
    func notADrawCommand(_ keyword: Token, in line: LexedLine) -> Diagnostic {
        let word = keyword.text
        if Self.actionKeywords.contains(word) || Self.topLevelKeywords.contains(word)
            || Self.reservedStatements[word] != nil {
            return error("`\(word)` is not allowed in a `draw` block (it holds only fill, stroke, line and text)",
                         at: keyword, in: line)
        }
        var message = "unknown drawing command '\(word)'"
        if let suggestion = suggest(word, from: Self.drawKeywords) {
            message += "; did you mean `\(suggestion)`?"
        }
        return error(message + " (a draw block holds fill, stroke, line and text)", at: keyword, in: line)
    }

    /// The candidate closest to `word`, if it is close enough to be a typo:
    /// at most two edits (one for short words), ignoring case.
    func suggest(_ word: String, from candidates: [String]) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        guard !target.isEmpty, target.count <= 40 else { return nil }
        let limit = target.count <= 4 ? 1 : 2
        var best: (String, Int)?
        for candidate in candidates where candidate != word {
            let distance = Self.editDistance(target, Array(candidate.lowercased().unicodeScalars))
            if distance <= limit, distance < (best?.1 ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// Edit distance counting insertions, deletions, substitutions and
    /// swaps of two adjacent characters (optimal string alignment).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
