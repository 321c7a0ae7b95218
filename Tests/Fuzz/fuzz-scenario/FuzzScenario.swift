import RenderServer
import Scenario
import Simulation

/// libFuzzer target: a scenario file through the whole run — parse, check,
/// run with the thread transport (RenderServer's session on a thread, over
/// a socketpair, frames kept in memory). Wall time is bounded by libFuzzer's
/// `-timeout` (tools/fuzz.sh); virtual time by the run loop's settle bound.
/// Any trap is a finding; a `Diagnostic` or a failed expectation is not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let source = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    // Beside the render goldens, so `image file=assets/…` resolves.
    guard let file = try? ScenarioParser.parse(source, path: "Traces/render/fuzz.loop") else { return 0 }
    let server = InProcessRenderServer { fd in
        let session = ServerSession(pid: 1) { _ in MemoryFrameOutput() }
        _ = SocketServer.serve(fd: fd, session: session)
    }
    let runner = ScenarioRunner(file: file, source: source, tracing: true,
                                render: .init(transport: .thread(server), frames: "/nonexistent/loopsim-fuzz/frames"))
    _ = runner.run()
    return 0
}
