import RenderServer
import Scenario
import Simulation

/// libFuzzer target: a scenario file through the whole run — parse, check,
/// run with the thread transport (RenderServer's session on a thread, over
/// a socketpair, each frame's P6 bytes made and dropped). Wall time is
/// bounded by libFuzzer's `-timeout` (tools/fuzz.sh); virtual time by the
/// run loop's settle bound. Any trap is a finding; a `Diagnostic` or a
/// failed expectation is not.
///
/// A file whose display is over 1 Mi pixels is parsed and checked, not run
/// (as the session target bounds displays to 4 MiB): a 16384 × 4096 display
/// costs 0.7 s a frame, so a few seconds of changes are a timeout that is
/// only the work asked for.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let source = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    // Beside the render goldens, so `image file=assets/…` resolves.
    guard let file = try? ScenarioParser.parse(source, path: "Traces/render/fuzz.loop") else { return 0 }
    guard file.display.width * file.display.height <= 1 << 20 else { return 0 }
    let server = InProcessRenderServer { fd in
        let session = ServerSession(pid: 1) { _ in DroppingFrameOutput() }
        _ = SocketServer.serve(fd: fd, session: session)
    }
    let runner = ScenarioRunner(file: file, source: source, tracing: true,
                                render: .init(transport: .thread(server), frames: "/nonexistent/loopsim-fuzz/frames"))
    _ = runner.run()
    return 0
}

/// Takes every frame (the session makes its P6 bytes, as for frame files)
/// and keeps none of them: a run may draw thousands of frames.
final class DroppingFrameOutput: FrameOutput {
    private(set) var bytes = 0

    func write(frame: UInt64, ppm: [UInt8], indexLine: () -> String) throws {
        bytes &+= ppm.count + indexLine().utf8.count
    }
}
