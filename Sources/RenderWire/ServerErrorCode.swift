/// The codes of the `error` messages the render server sends for its own
/// failures (256 and up; 1–5 are `WireError.Kind`s). Each raw value is
/// pinned by a test and listed in `docs/reference/wire-protocol.md`.
public enum ServerErrorCode: UInt16, CaseIterable, Sendable {
    /// A commit or snapshot the render tree refuses (`LayerTreeError`).
    case refusedCommit = 256
    /// Any other failure of the server (writing a frame).
    case serverFailure = 257
    /// A message after the session closed.
    case sessionClosed = 258
    /// A first message other than `hello`.
    case helloExpected = 259
    /// A message only the server sends (`welcome`, `presented`, `applied`).
    case serverOnlyMessage = 260
    /// A vsync before the display exists. Not sent: a session has its
    /// display from `hello` on, and a vsync before `hello` is 259. Kept so
    /// the number is not reused.
    case noDisplay = 261
    /// A commit or snapshot earlier than the last vsync.
    case commitBeforeVsync = 262
    /// A commit sequence that does not follow the last one.
    case sequenceNotFollowing = 263
    /// A vsync whose time is not `index * 1e9 / refreshHz` (`VsyncClock`).
    case vsyncTimeMismatch = 264
    /// A vsync index that does not grow.
    case vsyncIndexNotGrowing = 265
    /// A vsync earlier than the last commit.
    case vsyncBeforeCommit = 266
    /// A `bitmapShared` without its descriptor.
    case bitmapWithoutDescriptor = 267
    /// A shared-memory descriptor the server cannot use (not a regular file,
    /// too short) or too many descriptors.
    case unusableDescriptor = 268
    /// The frames folder cannot be used: it cannot be created, is not a
    /// folder, belongs to another user or others can write to it (answers
    /// `hello`).
    case framesFolderUnusable = 269
    /// A frame cannot be written (`open`, `write`, `rename` or the
    /// `frames.jsonl` append failed; a planted `.partial` or link is refused).
    case frameNotWritten = 270
    /// The session's frames budget is reached (`--frames-budget`).
    case framesBudgetReached = 271
    /// A listening server's client sent no complete `hello` within the
    /// handshake deadline.
    case handshakeDeadline = 272
    /// A listening server's client sent nothing within the idle deadline.
    case idleDeadline = 273
    /// A listening server already serves its most clients at once.
    case tooManyClients = 274
    /// A vsync index, or a frame's on-screen time with the render cost,
    /// past the end of virtual time (`Int64.max` ns, about 292 years;
    /// `docs/reference/limits.md`).
    case timeOutOfRange = 275
    /// A commit, snapshot or shared bitmap that would take the session's
    /// bitmaps past their budget (`RenderLimits.maxSessionBitmapBytes`).
    case sessionMemoryBudget = 276
    /// A commit or snapshot that would make the render tree hold more than
    /// `RenderLimits.maxLayerCount` layers or be deeper than
    /// `RenderLimits.maxTreeDepth` (`docs/reference/limits.md`).
    case treeTooLarge = 277
}
