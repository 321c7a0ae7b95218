#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's sine, cosine, arc tangent, exponential and logarithm,
/// kept behind one internal shim so the rest of the target needs no platform
/// import.
enum Trig {
    /// sin(±0) is ±0 and cos(±0) is 1, exactly: answered without the
    /// library call, which an unturned transform makes at every frame (a
    /// spring's scale: ~180 instructions).
    static func sine(_ x: Double) -> Double { x == 0 ? x : sin(x) }
    static func cosine(_ x: Double) -> Double { x == 0 ? 1 : cos(x) }
    /// The angle of (`x`, `y`) in (−π, π], as C's `atan2(y, x)`.
    static func angle(y: Double, x: Double) -> Double { atan2(y, x) }
    static func exponential(_ x: Double) -> Double { exp(x) }
    static func naturalLog(_ x: Double) -> Double { log(x) }
}
