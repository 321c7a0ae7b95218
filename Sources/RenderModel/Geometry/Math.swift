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
    static func sine(_ x: Double) -> Double { sin(x) }
    static func cosine(_ x: Double) -> Double { cos(x) }
    /// The angle of (`x`, `y`) in (−π, π], as C's `atan2(y, x)`.
    static func angle(y: Double, x: Double) -> Double { atan2(y, x) }
    static func exponential(_ x: Double) -> Double { exp(x) }
    static func naturalLog(_ x: Double) -> Double { log(x) }
}
