import LoopSimTrace
import RenderModel
import RenderWire

/// A frame the render server put on screen.
public struct PresentedFrame: Sendable, Equatable {
    public var index: UInt64
    public var present: Int64
    public var file: String
    public var hash: String
    public var transactions: [Int]
    /// The colour of each probe the server was given
    /// (``Simulation/attachRenderServer(_:display:frames:probes:)``), in
    /// its order: the frame's pixels, with or without a file.
    public var probeColors: [RGBA8] = []
    /// Virtual ns the server spent rendering it (0 when rendering is free).
    public var renderDuration: Int64 = 0
    /// The area of the box around what the server repainted, pixels (the
    /// `damage` of `frames.jsonl`: its width × height).
    public var damagedArea: Int64 = 0

    public init(index: UInt64, present: Int64, file: String, hash: String, transactions: [Int],
                probeColors: [RGBA8] = [], renderDuration: Int64 = 0, damagedArea: Int64 = 0) {
        self.index = index
        self.present = present
        self.file = file
        self.hash = hash
        self.transactions = transactions
        self.probeColors = probeColors
        self.renderDuration = renderDuration
        self.damagedArea = damagedArea
    }
}

/// One `presented` reply: what went on screen when. What the layers looked
/// like then is ``Simulation/presentedState(of:at:)`` (kept as the
/// changes each frame showed, not a tree per frame).
public struct Presentation: Sendable, Equatable {
    /// Its on-screen time.
    public var present: Int64
    /// Its on-screen vsync index when it drew a frame; nil when no pixel changed.
    public var frame: UInt64?
    /// The sequences of the commits it shows first, ascending.
    public var commits: [UInt64]

    /// Its frame file's name; nil when no pixel changed.
    public var file: String? { frame.map(FrameFolder.fileName(frame:)) }
}
