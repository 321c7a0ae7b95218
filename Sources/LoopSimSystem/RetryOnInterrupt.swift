/// Runs `call` again while it fails with `EINTR`: the one EINTR policy of
/// the package (docs/internals/system.md). Every LoopSimSystem wrapper of a call that
/// can be interrupted goes through it; `close` does not (see
/// ``FileDescriptor/close()``).
///
/// - Parameter call: a C call returning -1 (with errno set) on failure.
/// - Returns: the first result that is not an `EINTR` failure; -1 with
///   errno set still means failure.
@inlinable
public func retryOnInterrupt<Result: FixedWidthInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result == -1 && Errno.current == .interrupted { continue }
        return result
    }
}

/// `call`'s result, retried on `EINTR`, or a ``SystemError`` named `name`.
@usableFromInline
func valueOrError<Result: FixedWidthInteger>(_ name: String, subject: String? = nil, _ call: () -> Result) throws(SystemError) -> Result {
    let result = retryOnInterrupt(call)
    guard result != -1 else { throw SystemError(name, .current, subject: subject) }
    return result
}

/// Runs `body`, whose untyped `throws` comes only from a rethrowing wrapper
/// (`withUnsafeBytes`) around code that throws ``SystemError``, and
/// throws that error typed again.
@usableFromInline
func typed<R>(_ body: () throws -> R) throws(SystemError) -> R {
    do { return try body() } catch let error as SystemError { throw error } catch {
        preconditionFailure("LoopSimSystem: a wrapper threw \(error), not a SystemError")
    }
}
