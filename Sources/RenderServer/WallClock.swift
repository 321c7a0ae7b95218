#if canImport(Glibc)
import Glibc
#endif

/// Wall-clock time for measurements only (`applied`'s durations, the
/// benches). Nothing the simulation records may depend on it.
public enum WallClock {
    /// CLOCK_MONOTONIC, in nanoseconds.
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
