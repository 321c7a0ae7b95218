import LoopSimTestSupport
import Foundation
import LoopSimSystem
import Testing
@testable import Scenario
import Simulation
import RenderWire

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
}
