extension TraceEvent {
    /// What every display-link callout of one vsync sees (CADisplayLink's
    /// `timestamp` and `targetTimestamp`), in virtual nanoseconds; written as
    /// the `callout` event's last two keys (`docs/guide/trace-format.md`,
    /// `docs/guide/animations-language.md`).
    public struct FrameTimestamps: Sendable, Hashable {
        /// The vsync the callout is for: when the last frame was displayed.
        public var timestamp: Int64
        /// When the frame the callout prepares will be displayed: the next
        /// vsync the display link is due for.
        public var targetTimestamp: Int64

        public init(timestamp: Int64, targetTimestamp: Int64) {
            self.timestamp = timestamp
            self.targetTimestamp = targetTimestamp
        }
    }
}
