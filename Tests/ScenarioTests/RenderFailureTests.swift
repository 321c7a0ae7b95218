import LoopSimTestSupport
import Foundation
import LoopSimSystem
import LoopSimTrace
import Testing
@testable import Scenario
import Simulation
import RenderServer
import RenderWire
import Synchronization

/// A run whose frames the server cannot write fails, with the server's
/// reason: never "did not answer hello with welcome", never exit 0.
@Suite(.quiescent) struct RenderFailureTests {
    static let source = """
    display size=(40,30) hz=60
    view root frame=(0,0,40,30) background=red
    at 100ms:
        set root.background = green
    run until=1s
    """

    func run(frames: String) throws -> ScenarioOutcome {
        let file = try ScenarioParser.parse(Self.source, path: "lost.loop")
        return ScenarioRunner(file: file, source: Self.source, render: .init(transport: .thread(.renderServer), frames: frames)).run()
    }

    func sandbox() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-lost-\(UUID().uuidString)").path
        try FileSystem.createDirectory(path, mode: 0o700)
        return path
    }

    @Test("a frames folder that cannot be created fails the run with the server's reason (error 269)")
    func folderCannotBeCreated() throws {
        let base = try sandbox()
        defer { try? FileManager.default.removeItem(atPath: base) }
        try [UInt8]([1]).withUnsafeBytes { try FileSystem.writeFile(base + "/file", $0) }
        let outcome = try run(frames: base + "/file/frames")
        let message = outcome.failure?.message ?? ""
        #expect(message.contains("the render server refused hello: cannot use the frames folder '\(base)/file/frames': mkdir"), "\(message)")
        #expect(message.contains("(error 269)"))
        #expect(!outcome.allPassed)
    }

    @Test("a frames folder that exists but where frames cannot be written fails the run, naming the frame (error 270)")
    func framesCannotBeWritten() throws {
        let base = try sandbox()
        defer { try? FileManager.default.removeItem(atPath: base) }
        // Every frame name taken by a folder: each rename fails.
        for k in 0..<80 { try FileSystem.createDirectory(base + "/" + FrameFolder.fileName(frame: UInt64(k)), mode: 0o700) }
        let outcome = try run(frames: base)
        let message = outcome.failure?.message ?? ""
        // Written behind the lockstep: the loss is answered to the sync
        // before goodbye (this scenario draws fewer frames than are in flight).
        #expect(message.hasPrefix("frames were lost: the render server lost a frame before the end of the run, error 270 (frameNotWritten): frame 1: cannot write it to '\(base)': rename"), "\(message)")
        #expect(message.hasSuffix("; no frame after it is written"))
        #expect(!outcome.allPassed)
    }

    /// Issue 13: a layer the server refused (a backing store over its
    /// limits) was taken for a server crash: the client respawned the server,
    /// which refused again or never saw the layer, and the run exited 0 with
    /// frames missing. The client checks the limits table first (C6, C7), so
    /// this server is stricter than the client: its bitmaps may be at most 8
    /// pixels wide (the display too), and the scenario draws one 16 wide.
    @Test("a drawn layer the server refuses fails the run with the server's reason, and the server is not started again")
    func aRefusedLayerIsNotACrash() throws {
        let starts = Atomic<Int>(0)
        let strict = InProcessRenderServer { fd in
            starts.add(1, ordering: .relaxed)
            let session = ServerSession(pid: 1) { _ in MemoryFrameOutput() }
            _ = SocketServer.serve(fd: fd, session: session, limits: WireLimits(maxBitmapWidth: 8))
        }
        let source = """
            display size=(8,8) hz=60
            view root frame=(0,0,8,8) background=red
            view wide parent=root frame=(0,0,16,4)
            draw wide:
                fill rect=(0,0,16,4) color=blue
            run until=1s
            """
        let file = try ScenarioParser.parse(source, path: "refused.loop")
        let outcome = ScenarioRunner(file: file, source: source, render: .init(transport: .thread(strict), frames: nil)).run()
        let message = outcome.failure?.message ?? ""
        #expect(message.contains("the render server refused"), "\(message)")
        #expect(message.contains("16 exceeds the limit 8"), "\(message)")
        #expect(!outcome.allPassed)
        #expect(starts.load(ordering: .relaxed) == 1, "\(outcome.events.compactMap { e -> String? in if case .warn(let text) = e.kind { text } else { nil } }), \(message)")
        let warnings = outcome.events.compactMap { e -> String? in if case .warn(let text) = e.kind { text } else { nil } }
        // The trace warns with the refusal itself; nothing says the server was restarted.
        #expect(!warnings.contains { $0.contains("restarted") || $0.contains("started it again") }, "\(warnings)")
    }
}
