import LoopSimSystem
import RenderModel
import RenderServer
import RenderWire
import Scenario
import Simulation

/// `fuzz-session --make-seeds OUT SCENARIO…`: runs each scenario with a
/// thread server that serves it as `SocketServer` does and logs the bytes
/// the client sent, then writes `OUT/session/NAME.bin` (two chunk-size bytes,
/// then the stream) and `OUT/commit/NAME-N.bin` (each commit's
/// `CommitCodec` bytes). `bitmapShared` frames are left out of the log:
/// their pixels come in a descriptor, which the session target cannot take.
enum SeedMaker {
    static func run(_ arguments: [String]) -> CInt {
        guard arguments.count >= 2 else { print("usage: fuzz-session --make-seeds OUT SCENARIO…"); return 64 }
        let out = arguments[0]
        for path in arguments.dropFirst() {
            let name = String(FilePath.join("", path).split(separator: "/").last!.dropLast(".loop".count))
            guard let (file, source) = try? ScenarioLoader.load(path: path) else { print("skip \(path): does not parse"); continue }
            let log = LogBox()
            let server = InProcessRenderServer { fd in log.set(serveLogging(fd)) }
            _ = ScenarioRunner(file: file, source: source, tracing: false,
                               render: .init(transport: .thread(server), frames: "/nonexistent/loopsim-seeds")).run()
            let stream = log.get()
            let session: [UInt8] = [0xFF, 0xFF] + stream
            _ = try? session.withUnsafeBytes { try FileSystem.writeFile(FilePath.join(out, "session/\(name).bin"), $0) }
            var commits = 0
            for message in (try? FrameDecoder.decodeAll(stream)) ?? [] {
                guard case .commit(let diff) = message else { continue }
                commits += 1
                _ = try? CommitCodec.encode(diff).withUnsafeBytes { try FileSystem.writeFile(FilePath.join(out, "commit/\(name)-\(commits).bin"), $0) }
            }
            print("\(name): \(stream.count) bytes, \(commits) commits")
        }
        return 0
    }

    /// Serves the client like `SocketServer.serve`; answers the bytes it sent.
    static func serveLogging(_ fd: FileDescriptor) -> [UInt8] {
        let session = ServerSession(pid: 1) { _ in MemoryFrameOutput() }
        var decoder = FrameDecoder()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var descriptors: [FileDescriptor] = []
        var log: [UInt8] = []
        while true {
            let n = (try? buffer.withUnsafeMutableBytes { bytes throws(SharedMemoryError) -> Int in
                try DescriptorSocket.receive(fd, into: bytes, descriptors: &descriptors, limit: 64)
            }) ?? 0
            if n == 0 { return log }
            decoder.feed(buffer[0..<n])
            while let message = try? decoder.next() {
                let replies: [WireMessage]
                if case .bitmapShared(let image, let width, let height, let offset, let count) = message, !descriptors.isEmpty {
                    let shared = descriptors.removeFirst()
                    let pixels = (try? SharedMemory.read(descriptor: shared, offset: offset, byteCount: Int(count))) ?? []
                    try? shared.close()
                    replies = session.handleSharedBitmap(image, width: width, height: height, pixels: pixels)
                } else {
                    log += message.encode()
                    replies = session.handle(message)
                }
                for reply in replies { try? fd.writeAll(reply.encode()) }
                if session.state == .closed { return log }
            }
        }
    }
}

/// The server thread's log, handed to the main thread after the run.
final class LogBox: @unchecked Sendable {
    private var bytes: [UInt8] = []
    private var done = false
    func set(_ value: [UInt8]) { bytes = value; done = true }
    func get() -> [UInt8] { precondition(done, "LogBox: read before the server thread finished"); return bytes }
}
