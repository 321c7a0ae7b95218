import LoopSimSystem
import RenderWire

/// A connection's replies on their way to the client: written on the
/// session's thread, or handed to the frame pipeline's helper to write
/// (``FramePipeline/deliver(_:through:)``; docs/internals/render-server.md, "Who
/// answers the vsync"). The socket code writes through it and knows only
/// that a reply may be in flight: every write, and the connection's end,
/// waits for that one first (``drain()``).
final class Outbox {
    private let fd: FileDescriptor
    private let replyTimeout: Duration?
    /// The reply the helper is writing, if any, and the helper.
    private var inFlight: (answer: HandedAnswer, helper: PipelineHelper)?

    /// Writes to `fd`; each reply waits at most `replyTimeout` for room in
    /// the socket (nil: as long as it takes).
    init(fd: FileDescriptor, replyTimeout: Duration?) {
        self.fd = fd
        self.replyTimeout = replyTimeout
    }

    /// When a reply written now must have found room in the socket.
    func replyDeadline() -> ContinuousClock.Instant? { replyTimeout.map { .now + $0 } }

    /// Writes `replies` on this thread, after the reply in flight, if any;
    /// stops after an `error`. Throws how a write failed (the one in
    /// flight included).
    func write(_ replies: [WireMessage]) throws(SystemError) {
        if let error = drain() { throw error }
        for reply in replies {
            try fd.writeAll(reply.encode(), deadline: replyDeadline())
            if case .error = reply { return }
        }
    }

    /// Hands `reply` to `helper` to write, after the reply in flight, and
    /// returns at once: false, and nothing done, when the helper does not
    /// run. The write goes through the same code as ``write(_:)``, with
    /// this thread's fault plan and mocking driver (`SystemCallBindings`).
    func hand(_ reply: WireMessage, to helper: PipelineHelper) throws(SystemError) -> Bool {
        if let error = drain() { throw error }
        let bytes = reply.encode(), fd = fd.rawValue, deadline = replyDeadline()
        let bindings = SystemCallBindings.current, answer = HandedAnswer()
        let started = helper.start(.answer) {
            answer.error = bindings.apply { () -> SystemError? in
                do throws(SystemError) { try FileDescriptor(rawValue: fd).writeAll(bytes, deadline: deadline) } catch { return error }
                return nil
            }
        }
        if started { inFlight = (answer, helper) }
        return started
    }

    /// Waits for the reply the helper is writing, if any: how its write
    /// failed, else nil.
    func drain() -> SystemError? {
        guard let (answer, helper) = inFlight.take() else { return nil }
        helper.finish(.answer)
        return answer.error
    }

    /// How the helper's write of a reply failed. The helper sets `error`
    /// before its part ends; the outbox reads it after waiting for that
    /// (``drain()``), so the two never overlap.
    private final class HandedAnswer: @unchecked Sendable {
        var error: SystemError?
    }
}
