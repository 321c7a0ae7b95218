/// Hitches over animations (`docs/reference/animations.md`, "Hitches"): the time
/// animations were running — the render server animating, or a display link
/// running — and the frames drawn for them that came late.
extension Simulation {
    /// Counts `link`'s running time as animation time.
    public func register(_ link: DisplayLink) {
        displayLinks.append(link)
    }

    /// The virtual time during which animations ran, as disjoint [start,
    /// end) intervals in order: the render server animating (from the frame
    /// that began an animation to the one after which nothing could change)
    /// joined with every registered display link's running time. Open
    /// intervals end at `now`.
    public func animationIntervals(until now: Int64) -> [(start: Int64, end: Int64)] {
        var all: [(start: Int64, end: Int64)] = []
        for i in serverAnimationIntervals { all.append((i.start, i.end ?? now)) }
        for link in displayLinks { for i in link.activeIntervals { all.append((i.start, i.end ?? now)) } }
        all = all.filter { $0.end > $0.start }.sorted { $0.start < $1.start || ($0.start == $1.start && $0.end < $1.end) }
        var merged: [(start: Int64, end: Int64)] = []
        for i in all {
            if let last = merged.last, i.start <= last.end {
                merged[merged.count - 1].end = max(last.end, i.end)
            } else {
                merged.append(i)
            }
        }
        return merged
    }

    /// Notes whether the server animates after the frame at `time`.
    func noteServerAnimating(_ animating: Bool, at time: Int64) {
        let open = serverAnimationIntervals.last.map { $0.end == nil } ?? false
        if animating, !open { serverAnimationIntervals.append((time, nil)) }
        if !animating, open { serverAnimationIntervals[serverAnimationIntervals.count - 1].end = time }
    }
}
