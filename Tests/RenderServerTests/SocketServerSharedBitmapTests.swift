import LoopSimSystem
import RenderModel
import RenderServer
import RenderWire
import Testing

/// `SocketServer` serving `bitmapShared` frames: the descriptor that came
/// with each is read, closed and stored like a `bitmap` op.
@Suite struct SocketServerSharedBitmapTests {
    /// A server on a thread over a socketpair; answers the client's end and
    /// the frames it wrote once the client has said goodbye.
    final class Served: @unchecked Sendable {
        /// What the server thread leaves behind.
        final class Result: @unchecked Sendable {
            let output = MemoryFrameOutput()
            var outcome: SocketServer.Outcome?
        }

        let result = Result()
        private let server: SocketPairServer
        var output: MemoryFrameOutput { result.output }
        var outcome: SocketServer.Outcome? { result.outcome }

        init() throws {
            let result = self.result
            server = try SocketPairServer { fd in
                let output = result.output
                result.outcome = SocketServer.serve(fd: fd, session: ServerSession(pid: 1) { _ in output })
            }
        }

        func send(_ message: WireMessage, descriptor: FileDescriptor? = nil) {
            try? server.client.send(message.encode(), descriptors: descriptor.map { [$0] } ?? [])
        }

        func receive() throws -> WireMessage? { try server.receive() }

        func finish() { server.finish() }
    }

    static let hello = WireMessage.hello(.init(width: 40, height: 30, refreshHz: 60, background: .black, outputFolder: "memory"))
    static let image = ImageID(rawValue: 3)

    static func gradient() -> Bitmap {
        var b = Bitmap(width: 32, height: 24)
        for y in 0..<24 { for x in 0..<32 { b[x, y] = RGBA8(r: UInt8(x * 8), g: UInt8(y * 10), b: 90, a: 255) } }
        return b
    }

    static func showImage(_ inline: Bool) -> CommitDiff {
        var ops: [DiffOp] = inline ? [.bitmap(image, gradient())] : []
        ops += [.create(1), .set(1, .frame, .rect(Rect(x: 4, y: 3, width: 32, height: 24))),
                .set(1, .contents, .image(image)), .move(1, parent: 0, index: 0)]
        return CommitDiff(sequence: 1, time: 0, ops: ops)
    }

    static func sealed(_ bytes: [UInt8]) throws -> FileDescriptor {
        try bytes.withUnsafeBytes { try FileDescriptor.makeSealedMemoryFile(name: "test", contents: $0) }
    }

    @Test("a bitmap sent as shared memory shows the same frame as the same bitmap inline in the commit")
    func sameFrameAsInline() throws {
        var frames: [[UInt8]] = []
        for inline in [true, false] {
            let served = try Served()
            served.send(Self.hello)
            _ = try served.receive()
            if !inline {
                let pixels = Self.gradient().pixels
                let file = try Self.sealed(pixels)
                served.send(.bitmapShared(Self.image, width: 32, height: 24, offset: 0, byteCount: UInt64(pixels.count)), descriptor: file)
                try? file.close()
            }
            served.send(.commit(Self.showImage(inline)))
            served.send(.vsync(index: 0, time: 0))
            guard case .presented(let p)? = try served.receive() else { Issue.record("no presented"); return }
            #expect(p.firstVisible == [1])
            served.send(.goodbye)
            served.finish()
            #expect(served.outcome == .goodbye)
            frames.append(served.output.frames.first?.ppm ?? [])
        }
        #expect(frames[0] == frames[1])
        #expect(frames[0].count == "P6\n40 30\n255\n".utf8.count + 40 * 30 * 3)
    }

    @Test("a bitmapShared frame that came without a descriptor is refused with an error, then the connection ends")
    func noDescriptor() throws {
        let served = try Served()
        served.send(Self.hello)
        _ = try served.receive()
        served.send(.bitmapShared(Self.image, width: 1, height: 1, offset: 0, byteCount: 4))
        guard case .error(let code, let text)? = try served.receive() else { Issue.record("no error"); return }
        #expect(code == 267 && text.contains("no descriptor came with the frame"))
        served.finish()
    }

    @Test("a shared file shorter than the bitmap it claims is refused, naming the sizes, never a crash")
    func shortFile() throws {
        let served = try Served()
        served.send(Self.hello)
        _ = try served.receive()
        let file = try Self.sealed([UInt8](repeating: 7, count: 100))
        served.send(.bitmapShared(Self.image, width: 8, height: 8, offset: 0, byteCount: 256), descriptor: file)
        try? file.close()
        guard case .error(let code, let text)? = try served.receive() else { Issue.record("no error"); return }
        #expect(code == 268 && text.contains("past the end of the 100-byte file"), "\(text)")
        served.finish()
    }
}
