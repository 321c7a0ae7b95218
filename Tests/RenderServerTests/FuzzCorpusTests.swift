import Foundation
import RenderServer
import RenderWire
import Testing

/// The `fuzz-session` seeds (Tests/Fuzz/corpus/session) are wire bytes: a
/// change to the wire format leaves them refused at `hello`, and the fuzzer
/// then starts from nothing but refusals (every seed was still version 1
/// while the protocol was at 3). `tools/fuzz.sh seeds` regenerates them.
@Suite struct FuzzCorpusTests {
    static let folder = String(#filePath).components(separatedBy: "/Tests/RenderServerTests/")[0] + "/Tests/Fuzz/corpus/session"

    /// Every seed: its name and bytes, the two read-size bytes dropped.
    static func seeds() throws -> [(String, [UInt8])] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { name in
            let data = try #require(FileManager.default.contents(atPath: folder + "/" + name))
            return (name, Array(data.dropFirst(2)))
        }
    }

    @Test("every session seed opens with a hello of the current wire version, which a session welcomes")
    func seedsSpeakTheCurrentVersion() throws {
        let seeds = try Self.seeds()
        #expect(seeds.count >= 17)
        for (name, stream) in seeds {
            var decoder = FrameDecoder()
            decoder.feed(stream)
            let first: WireMessage?
            do { first = try decoder.next() } catch {
                Issue.record("\(name): \(error) (regenerate with tools/fuzz.sh seeds)")
                continue
            }
            guard case .hello(let hello)? = first else { Issue.record("\(name): first message \(String(describing: first))"); continue }
            #expect(hello.version == WireProtocol.version, "\(name)")
            let session = ServerSession(pid: 1) { _ in MemoryFrameOutput() }
            guard case .welcome? = session.handle(.hello(hello)).first else { Issue.record("\(name): hello not welcomed"); continue }
        }
    }

    /// crash-2322f8db as the corpus holds it (re-encoded at version 3, its
    /// version field since set to the current one: hello
    /// at 316 Hz, then a vsync with index 0x06000006ffffff00): the vsync's
    /// time is past the end of virtual time (issue 13, W2).
    @Test("the vsync-overflow reproducer in the corpus reaches its vsync and is refused with timeOutOfRange")
    func theOverflowReproducerIsRefused() throws {
        let stream = try #require(try Self.seeds().first { $0.0 == "crash-2322f8db-vsync-time-overflow" }?.1)
        let replies = FuzzReproducerTests.serve(stream)
        #expect(replies.count == 2, "\(replies)")
        guard case .welcome? = replies.first, case .error(let code, _)? = replies.last else { Issue.record("\(replies)"); return }
        #expect(code == ServerErrorCode.timeOutOfRange.rawValue)
    }
}
