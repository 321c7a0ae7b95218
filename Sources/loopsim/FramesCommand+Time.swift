/// The `--at` time parser (to be replaced by the shared time literal type).
extension FramesCommand {
    /// Why a time did not parse (the sentence after `invalid for '--at': `).
    struct TimeError: Error { var message: String }

    static let timeUnits: [(String, UInt64)] = [
        ("ns", 1), ("us", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000), ("min", 60_000_000_000),
    ]

    /// A time written as in the scenario language (`4.1s`, `250ms`, `100us`,
    /// `5ns`, `1min`, `0`) in nanoseconds, with exact decimal arithmetic:
    /// the value must be a whole number of nanoseconds, at most `Int64.max`.
    /// `frames` is not accepted: the folder does not record the refresh rate.
    static func timeValue(_ text: String) -> Result<Int64, TimeError> {
        Result { () throws(TimeError) -> Int64 in try parseTime(text) }
    }

    static func parseTime(_ text: String) throws(TimeError) -> Int64 {
        let bytes = Array(text.utf8)
        if bytes.first == UInt8(ascii: "-") { throw TimeError(message: "a time cannot be negative") }
        if bytes.first == UInt8(ascii: "+") { throw TimeError(message: "write a time without a sign") }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        var i = 0
        while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        let whole = bytes[0..<i]
        var fraction = bytes[i..<i]
        var hasPoint = false
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            hasPoint = true
            let start = i + 1
            i = start
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
            fraction = bytes[start..<i]
        }
        let unit = String(decoding: bytes[i...], as: UTF8.self)
        // Digits on both sides of a point ("1." and ".5s" are malformed), then letters.
        guard !whole.isEmpty, !hasPoint || !fraction.isEmpty,
              unit.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) }) else {
            throw TimeError(message: "expected a time like 250ms or 1.5s")
        }
        let units = "ns, us, ms, s or min"
        let isZero = (whole + fraction).allSatisfy { $0 == 0x30 }
        if unit.isEmpty {
            guard isZero else { throw TimeError(message: "'\(text)' needs a unit: \(units)") }
            return 0
        }
        guard let multiplier = timeUnits.first(where: { $0.0 == unit })?.1 else {
            if unit == "frames" || unit == "frame" {
                throw TimeError(message: "frames.jsonl does not record the refresh rate, so give the time in \(units)")
            }
            var message = "unknown unit '\(unit)'"
            if let close = timeUnits.map(\.0).min(by: { editDistance($0, unit) < editDistance($1, unit) }),
               editDistance(close, unit) <= 1 {
                message += "; did you mean '\(close)'?"
            }
            throw TimeError(message: message + " (units: \(units))")
        }
        let tooLarge = TimeError(message: "'\(text)' is too large (the limit is \(Int64.max) ns, about 292 years)")
        var total: UInt64 = 0
        for digit in whole {
            let (times10, o1) = total.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(digit - 0x30))
            if o1 || o2 { throw tooLarge }
            total = sum
        }
        var overflow: Bool
        (total, overflow) = total.multipliedReportingOverflow(by: multiplier)
        if overflow { throw tooLarge }
        // The fraction f / 10^k adds f × multiplier / 10^k, which must be whole.
        var digits = Array(fraction)
        while digits.last == 0x30 { digits.removeLast() }
        if !digits.isEmpty {
            let inexact = TimeError(message: "'\(text)' is not a whole number of nanoseconds")
            // multiplier < 10^11, and the last digit is not 0: more than 11
            // digits can never give a whole number.
            guard digits.count <= 11 else { throw inexact }
            var f: UInt64 = 0, scale: UInt64 = 1
            for digit in digits {
                f = f * 10 + UInt64(digit - 0x30)
                scale *= 10
            }
            let (product, o) = f.multipliedReportingOverflow(by: multiplier)
            guard !o, product % scale == 0 else { throw inexact }
            (total, overflow) = total.addingReportingOverflow(product / scale)
            if overflow { throw tooLarge }
        }
        guard total <= UInt64(Int64.max) else { throw tooLarge }
        return Int64(total)
    }
}
