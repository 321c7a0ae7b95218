import Foundation
import Testing
import LoopSimTestSupport

/// `loopsim run`'s progress line end to end (docs/guide/guard-rails.md): a pipe
/// gets none. The line itself is LoopSimToolsTests' `RunProgressTests`.
@Suite struct RunProgressOutputTests {
    @Test(.tags(.endToEnd)) func aRunInAPipeWritesNoProgress() async throws {
        let sandbox = try Sandbox()
        // Long enough in wall time to pass the one-second delay in a debug build.
        try sandbox.write("long.loop", """
            timer t every=1ms:
                log "tick"
            run until=15s
            """)
        let result = try await loopsim(["run", "long.loop", "--server", "none", "--trace", "t.jsonl"], in: sandbox.url, timeout: .seconds(120))
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "no progress line in a pipe\n\(result)")
        #expect(!result.stdout.contains("\r"), "\(result)")
    }
}
