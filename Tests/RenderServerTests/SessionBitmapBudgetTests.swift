import RenderModel
import RenderServer
import RenderWire
import Testing

/// The per-session bitmap budget (issue 13: eight 64 MiB images reached
/// 566 MB): what a session keeps is bounded, not only each message.
@Suite("ServerSession bitmap budget")
struct SessionBitmapBudgetTests {
    func session(budget: Int) -> ServerSession {
        let output = MemoryFrameOutput()
        let s = ServerSession(pid: 1) { _ in output }
        s.bitmapBudget = budget
        _ = s.handle(.hello(.init(width: 16, height: 16, refreshHz: 60, background: .black, outputFolder: "unused")))
        return s
    }

    /// A commit storing `images` bitmaps of 32 × 32 (4,096 bytes each).
    func commit(_ sequence: UInt64, images: [UInt64]) -> CommitDiff {
        var ops = Ops()
        for image in images { ops.bitmap(image, Bitmap(width: 32, height: 32)) }
        return ops.commit(sequence)
    }

    @Test("bitmaps up to the budget are kept; the commit that would pass it is refused with 276 and the session closes")
    func refusedPastTheBudget() {
        let s = session(budget: 3 * 4_096)
        #expect(s.handle(.commit(commit(1, images: [1, 2]))).isEmpty)
        let replies = s.handle(.commit(commit(2, images: [3, 4])))
        guard case .error(let code, let text)? = replies.first else { Issue.record("no error: \(replies)"); return }
        #expect(code == ServerErrorCode.sessionMemoryBudget.rawValue)
        #expect(text.contains("commit 2: the session's bitmaps would take 16384 bytes; its budget is 12288"))
        #expect(s.state == .closed)
    }

    @Test("replacing an image counts its new size only: a redraw of the same backing store never fills the budget")
    func replacingDoesNotAccumulate() {
        let s = session(budget: 2 * 4_096)
        #expect(s.handle(.commit(commit(1, images: [1, 2]))).isEmpty)
        for sequence in UInt64(2)...20 {
            #expect(s.handle(.commit(commit(sequence, images: [2]))).isEmpty)
        }
        #expect(s.inspectTree()?.layers.bitmapBytes == 2 * 4_096)
    }

    @Test("a shared bitmap is held to the same budget")
    func sharedBitmap() {
        let s = session(budget: 4_096)
        #expect(s.handleSharedBitmap(ImageID(rawValue: 1), width: 32, height: 32, pixels: [UInt8](repeating: 0, count: 4_096)).isEmpty)
        let replies = s.handleSharedBitmap(ImageID(rawValue: 2), width: 32, height: 32, pixels: [UInt8](repeating: 0, count: 4_096))
        guard case .error(let code, _)? = replies.first else { Issue.record("no error: \(replies)"); return }
        #expect(code == ServerErrorCode.sessionMemoryBudget.rawValue)
    }

    @Test("the default budget is the limits table's, two of the largest bitmaps")
    func defaultBudget() {
        #expect(ServerSession(pid: 1) { _ in MemoryFrameOutput() }.bitmapBudget == RenderLimits.maxSessionBitmapBytes)
        #expect(RenderLimits.maxSessionBitmapBytes == 2 * RenderLimits.maxBitmapBytes)
    }
}
