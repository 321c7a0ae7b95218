/// The `<frames>` argument of `frames png`: one frame (an index or a file),
/// an inclusive range of indices (`1-10`), or `all`.
package enum FrameSelection: Equatable {
    case one(String)
    case range(ClosedRange<UInt64>)
    case all

    /// Parses `all`, `A-B` (whole numbers, `A ≤ B`) or anything else as one
    /// frame (resolved later against the folder).
    package init(parsing text: String) throws(UsageError) {
        if text == "all" { self = .all; return }
        let digits = { (s: Substring) in !s.isEmpty && s.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, digits(parts[0]) || digits(parts[1]) else { self = .one(text); return }
        guard digits(parts[0]), digits(parts[1]) else {
            throw UsageError(message: "the range '\(text)' is invalid (expected FIRST-LAST with whole numbers, like 1-10, or all)")
        }
        guard let first = UInt64(parts[0]), let last = UInt64(parts[1]) else {
            throw UsageError(message: "the range '\(text)' has a frame index too large")
        }
        guard first <= last else {
            throw UsageError(message: "the range '\(text)' is empty: its first frame \(first) is after its last \(last)")
        }
        self = .range(first...last)
    }
}
