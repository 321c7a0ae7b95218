#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's sine and cosine, kept behind one internal shim so the rest
/// of the target needs no platform import.
enum Trig {
    static func sine(_ x: Double) -> Double { sin(x) }
    static func cosine(_ x: Double) -> Double { cos(x) }
}
