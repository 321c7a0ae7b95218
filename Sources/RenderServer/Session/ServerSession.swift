import RenderModel
import RenderWire

/// One client's session with the render server: the protocol's state
/// machine, with no I/O of its own (frames go to a ``FrameOutput``).
///
/// The display refreshes at `hz`; vsync `k` is at `k * 1e9 / hz` ns. On a
/// `vsync(k)` message the server latches every commit whose time is at or
/// before it, recomposites the damaged region, and the frame is on screen at
/// vsync `k + 1`: it is written as `frame-(k+1).ppm` and reported back with
/// `presented`. A vsync on which nothing changed writes no file (its reply
/// has an empty damage rectangle).
public final class ServerSession {
    public enum State: Equatable, Sendable { case awaitingHello, running, closed }

    public private(set) var state = State.awaitingHello
    public private(set) var hello: WireMessage.Hello?
    public private(set) var tree: RenderTree?
    private var compositor = Compositor()
    private var framebuffer = Bitmap(width: 0, height: 0)
    /// `framebuffer.contentHash64`, recomputed only when a frame is drawn.
    private var framebufferHash: UInt64 = 0
    private var pending: [CommitDiff] = []
    private let output: (WireMessage.Hello) throws -> FrameOutput
    private var frames: FrameOutput?
    private let pid: UInt32
    /// Frames written so far.
    public private(set) var framesWritten = 0

    /// - Parameters:
    ///   - pid: reported in `welcome`.
    ///   - output: makes the frame output for the folder the client names.
    public init(pid: UInt32, output: @escaping (WireMessage.Hello) throws -> FrameOutput) {
        self.pid = pid
        self.output = output
    }

    /// Handles one message from the client; returns the replies to send.
    /// A protocol violation returns an `error` reply and closes the session.
    public func handle(_ message: WireMessage) -> [WireMessage] {
        do {
            return try dispatch(message)
        } catch let e as RenderTreeError {
            state = .closed
            return [.error(code: 256, message: "commit: \(e.description)")]
        } catch let e as SessionError {
            state = .closed
            return [.error(code: e.code, message: e.message)]
        } catch {
            state = .closed
            return [.error(code: 257, message: "server: \(error)")]
        }
    }

    private func dispatch(_ message: WireMessage) throws -> [WireMessage] {
        switch (state, message) {
        case (.closed, _):
            throw SessionError(code: 258, message: "the session is closed")
        case (.awaitingHello, .hello(let h)):
            hello = h
            frames = try output(h)
            compositor = Compositor(background: h.background)
            tree = RenderTree(displayWidth: Int(h.width), displayHeight: Int(h.height))
            framebuffer = Bitmap(width: Int(h.width), height: Int(h.height), fill: h.background)
            framebufferHash = framebuffer.contentHash64
            state = .running
            return [.welcome(version: WireProtocol.version, serverPID: pid)]
        case (.awaitingHello, _):
            throw SessionError(code: 259, message: "\(message.tag): the first message must be hello")
        case (.running, .commit(let diff)):
            pending.append(diff)
            return []
        case (.running, .snapshot(let diff)):
            let t = RenderTree(displayWidth: Int(hello!.width), displayHeight: Int(hello!.height))
            _ = try t.apply(diff)
            t.damageAll()
            tree = t
            pending.removeAll()
            return []
        case (.running, .vsync(let index, let time)):
            return [try present(vsync: index, time: time)]
        case (.running, .goodbye):
            state = .closed
            return []
        case (.running, .error):
            state = .closed
            return []
        case (.running, let other):
            throw SessionError(code: 260, message: "\(other.tag): not expected from a client")
        }
    }

    /// The virtual time of vsync `k`.
    public func vsyncTime(_ k: UInt64) -> Int64 {
        Int64(k) * 1_000_000_000 / Int64(hello?.refreshHz ?? 60)
    }

    private func present(vsync k: UInt64, time: Int64) throws -> WireMessage {
        guard let tree, let hello else { throw SessionError(code: 261, message: "vsync: no display") }
        var latched: [UInt64] = []
        while let first = pending.first, first.time <= time {
            pending.removeFirst()
            _ = try tree.apply(first)
            latched.append(first.sequence)
        }
        let frame = k + 1
        let onScreen = vsyncTime(frame)
        guard let damage = tree.takeDamage(), !damage.isEmpty else {
            return .presented(.init(frame: frame, onScreenTime: onScreen, frameHash: framebufferHash,
                                    damage: .none, firstVisible: latched))
        }
        compositor.render(tree, into: &framebuffer, region: damage)
        let ppm = PNMEncoder.p6(framebuffer, over: hello.background)
        let hash = framebuffer.contentHash64
        framebufferHash = hash
        let hashHex = String(repeating: "0", count: 16 - String(hash, radix: 16).count) + String(hash, radix: 16)
        let line = "{\"frame\":\(frame),\"present\":\(onScreen),\"file\":\"\(FolderFrameOutput.fileName(frame: frame))\","
            + "\"hash\":\"\(hashHex)\",\"txns\":[\(latched.map(String.init).joined(separator: ","))],"
            + "\"damage\":[\(damage.x),\(damage.y),\(damage.width),\(damage.height)]}"
        try frames?.write(frame: frame, ppm: ppm, indexLine: line)
        framesWritten += 1
        return .presented(.init(frame: frame, onScreenTime: onScreen, frameHash: hash,
                                damage: .init(x: UInt32(damage.x), y: UInt32(damage.y),
                                              width: UInt32(damage.width), height: UInt32(damage.height)),
                                firstVisible: latched))
    }
}

/// A protocol violation by the client.
struct SessionError: Error {
    var code: UInt16
    var message: String
}
