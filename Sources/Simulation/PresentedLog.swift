import LoopSimTrace
import Raster
import RenderModel
import RenderWire

/// The frames the render server drew and every `presented` reply, kept
/// compactly so that a long run's memory grows by tens of bytes a frame
/// (`docs/internals/render-server.md`, "Memory flat"): a frame is its index, times
/// and hash as integers (its file name and hash text are made when asked
/// for), its transactions and probe colours in shared pools; a
/// presentation is its time, its frame and a range of a pool of commits.
/// All in ``ChunkedArray``s, which never copy what they hold as they grow.
/// ``frames`` and ``presentations`` build the public values on demand.
struct PresentedLog {
    private struct Frame {
        var index: UInt64
        var present: Int64
        var hash: UInt64
        var renderDuration: Int64
        /// The area of its damage box, pixels.
        var damagedArea: Int64
        /// The end of its transactions in `transactions` (the start is the
        /// previous frame's end), and of its colours in `probeColors`.
        var transactionsEnd: Int
        var probeColorsEnd: Int
    }

    private struct Shown {
        var present: Int64
        /// Its frame index, or `noFrame` when no pixel changed.
        var frame: UInt64
        var commitsEnd: Int
        static let noFrame = UInt64.max
    }

    private var drawn = ChunkedArray<Frame>()
    private var transactions = ChunkedArray<Int>()
    private var probeColors = ChunkedArray<RGBA8>()
    private var shown = ChunkedArray<Shown>()
    private var commits = ChunkedArray<UInt64>()

    /// Notes a frame the server drew.
    mutating func appendFrame(index: UInt64, present: Int64, hash: UInt64, transactions txns: [Int],
                              probeColors colors: [RGBA8], renderDuration: Int64, damagedArea: Int64 = 0) {
        transactions.append(contentsOf: txns)
        probeColors.append(contentsOf: colors)
        drawn.append(Frame(index: index, present: present, hash: hash, renderDuration: renderDuration, damagedArea: damagedArea,
                           transactionsEnd: transactions.count, probeColorsEnd: probeColors.count))
    }

    /// Notes a `presented` reply: its on-screen time, its frame (nil when
    /// nothing changed) and the commits it latched.
    mutating func appendPresentation(present: Int64, frame: UInt64?, commits latched: [UInt64]) {
        precondition(frame != Shown.noFrame, "frame index \(UInt64.max) is past the end of virtual time")
        commits.append(contentsOf: latched)
        shown.append(Shown(present: present, frame: frame ?? Shown.noFrame, commitsEnd: commits.count))
    }

    var frameCount: Int { drawn.count }
    var presentationCount: Int { shown.count }

    /// The frame number (on-screen vsync index) of the `i`-th frame drawn,
    /// in O(1).
    func frameNumber(_ i: Int) -> UInt64 { drawn[i].index }

    /// The `i`-th frame drawn.
    func frame(_ i: Int) -> PresentedFrame {
        let f = drawn[i]
        let txnStart = i == 0 ? 0 : drawn[i - 1].transactionsEnd
        let colorStart = i == 0 ? 0 : drawn[i - 1].probeColorsEnd
        return PresentedFrame(index: f.index, present: f.present, file: FrameFolder.fileName(frame: f.index),
                              hash: Bitmap.hashHex(f.hash), transactions: Array(transactions[txnStart..<f.transactionsEnd]),
                              probeColors: Array(probeColors[colorStart..<f.probeColorsEnd]), renderDuration: f.renderDuration,
                              damagedArea: f.damagedArea)
    }

    /// The `i`-th presentation.
    func presentation(_ i: Int) -> Presentation {
        let s = shown[i]
        let start = i == 0 ? 0 : shown[i - 1].commitsEnd
        return Presentation(present: s.present, frame: s.frame == Shown.noFrame ? nil : s.frame,
                            commits: Array(commits[start..<s.commitsEnd]))
    }

    /// Every frame drawn, in order (built now: O(frames)).
    var frames: [PresentedFrame] { (0..<drawn.count).map(frame) }

    /// Every presentation, in order (built now: O(presentations)).
    var presentations: [Presentation] { (0..<shown.count).map(presentation) }

    /// The last frame on screen at `time` (its on-screen time at or before
    /// it), without building the others.
    func lastFrame(onScreenAt time: Int64) -> PresentedFrame? {
        (0..<drawn.count).last { drawn[$0].present <= time }.map(frame)
    }

    /// The last presentation on screen at `time`; with `drawnOnly`, the last
    /// that drew a frame.
    func lastPresentation(onScreenAt time: Int64, drawnOnly: Bool = false) -> Presentation? {
        (0..<shown.count).last { shown[$0].present <= time && (!drawnOnly || shown[$0].frame != Shown.noFrame) }.map(presentation)
    }
}
