import LoopSimTrace

/// The keywords of the language, the statements reserved for later versions,
/// and "did you mean" suggestions.
extension Parser {
    static let topLevelKeywords = ["display", "costs", "mode", "timer", "source", "port", "observer", "displaylink", "at", "run",
                                   "expect", "layer", "view", "host", "image", "layout", "draw", "constraints", "pool"]
    static let actionKeywords = ["log", "sleep", "signal", "wake", "stop", "invalidate", "reschedule",
                                 "send", "perform", "async", "run",
                                 "set", "begin", "commit", "flush", "transaction", "completion",
                                 "add", "remove", "needsLayout", "needsDisplay", "layoutIfNeeded",
                                 "pause", "resume", "animate", "spring", "removeAnimation", "removeAnimations", "animations", "state",
                                 "task", "await", "group", "addTask", "cancel", "checkCancellation"]
    /// The lines of a `draw` block.
    static let drawKeywords = ["fill", "stroke", "line", "text"]

    /// Statements of the full language that this version does not implement,
    /// with what they belong to (none today: the animation statements are
    /// parsed, docs/guide/animations-language.md).
    static let reservedStatements: [String: String] = [:]

    /// `expect` forms of the full language that this version does not implement.
    static let reservedExpectations: [String: String] = [:]

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
            case "display", "costs", "mode", "pool": "is part of the setup"
            case "layer", "view", "host": "declares a layer"
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
        Spelling.suggestion(for: word, from: candidates)
    }
}
