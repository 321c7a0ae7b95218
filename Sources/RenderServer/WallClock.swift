/// Wall-clock time for measurements only (`applied`'s durations, the
/// benches). Nothing the simulation records may depend on it.
public enum WallClock {
    /// The instant every reading counts from (the first use).
    private static let origin = ContinuousClock.now

    /// Nanoseconds of `ContinuousClock` (monotonic) since a fixed origin;
    /// only differences of two readings mean anything.
    public static func nanoseconds() -> UInt64 {
        let (seconds, attoseconds) = origin.duration(to: .now).components
        return UInt64(seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
    }
}
