import Foundation
import Testing

/// The whole pipeline through the built binaries: the spawned render server,
/// frames on disk, and crash recovery.
struct RenderPipelineTests {
    @Test("a run whose server is SIGKILLed mid-run writes the same frames as a clean run, with one warning")
    func crashRecovery() async throws {
        let sandbox = try Sandbox()
        let crash = try await loopsim(["run", CLIPaths.traces.appendingPathComponent("render/server-crash.loop").path,
                                 "--frames", sandbox.file("crash").path, "--trace", sandbox.file("crash.jsonl").path], in: sandbox.url)
        let clean = try await loopsim(["run", CLIPaths.traces.appendingPathComponent("render/tap-block-green.loop").path,
                                 "--frames", sandbox.file("clean").path], in: sandbox.url)
        #expect(crash.status == 0 && clean.status == 0)
        let crashFrames = sandbox.files(under: "crash").filter { $0.hasSuffix(".ppm") }.sorted()
        let cleanFrames = sandbox.files(under: "clean").filter { $0.hasSuffix(".ppm") }.sorted()
        #expect(crashFrames == cleanFrames)
        #expect(crashFrames.count == 2)
        for name in crashFrames {
            #expect(FileManager.default.contents(atPath: sandbox.file("crash/" + name).path)
                    == FileManager.default.contents(atPath: sandbox.file("clean/" + name).path))
        }
        let trace = try sandbox.read("crash.jsonl")
        #expect(trace.components(separatedBy: "\"ev\":\"warn\"").count - 1 == 1)
    }

    @Test("spawn and thread transports give byte-identical traces and frames", arguments: [
        "render/rounded-border-opacity.loop", "render/transform-and-z.loop", "transactions/draw-block.loop",
    ])
    func transportsAgree(_ scenario: String) async throws {
        let sandbox = try Sandbox()
        let path = CLIPaths.traces.appendingPathComponent(scenario).path
        for transport in ["spawn", "thread"] {
            let r = try await loopsim(["run", path, "--server", transport, "--frames", sandbox.file(transport).path,
                                 "--trace", sandbox.file("\(transport).jsonl").path], in: sandbox.url)
            #expect(r.status == 0, "\(transport): \(r.stderr)")
        }
        #expect(try sandbox.read("spawn.jsonl") == sandbox.read("thread.jsonl"))
        let a = sandbox.files(under: "spawn").sorted(), b = sandbox.files(under: "thread").sorted()
        #expect(a == b && !a.isEmpty)
        for name in a where name.hasSuffix(".ppm") {
            #expect(FileManager.default.contents(atPath: sandbox.file("spawn/" + name).path)
                    == FileManager.default.contents(atPath: sandbox.file("thread/" + name).path))
        }
    }
}
