import LoopSimTrace

/// `--from` / `--to` of `frames sheet`: a frame index (`12`) or a virtual
/// time (`1.5s`), which stands for the frame on screen at that time.
package enum FrameBound: Equatable {
    case frame(UInt64)
    case time(Int64)

    package init(parsing text: String, option: String) throws(UsageError) {
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            guard let frame = UInt64(text) else { throw UsageError(message: "the value '\(text)' is too large for '\(option)'") }
            self = .frame(frame)
            return
        }
        do {
            self = .time(try TimeLiteral(parsing: text).nanoseconds())
        } catch {
            throw UsageError(message: "the value '\(text)' is invalid for '\(option)' (expected a frame index like 12 or a time like 1.5s): \(error.message(quoted: "'\(text)'", framesAllowed: false))")
        }
    }
}
