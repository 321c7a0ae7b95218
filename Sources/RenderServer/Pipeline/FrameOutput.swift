import LoopSimSystem
import LoopSimTrace
import Raster
import RenderWire

/// Where a render server writes its frames: `frame-NNNNNN.ppm` files and
/// `frames.jsonl` inside one folder, and nowhere else (the file names are
/// the server's own; nothing from the wire becomes a path below the folder).
public protocol FrameOutput: AnyObject {
    /// Takes one frame file (canonical P6) and then its line of the index;
    /// `indexLine` is called once, before this returns. An output may write
    /// it later (``FolderFrameOutput`` writes behind the lockstep), so this
    /// may throw the failure of an *earlier* frame: the first frame lost.
    func write(frame: UInt64, ppm: [UInt8], indexLine: () -> String) throws

    /// The same, for a caller that keeps its P6 bytes up to date in place:
    /// `ppm` holds the frame, and `changed` says where it differs from the
    /// frame taken before it. On return `ppm` holds the same bytes, maybe
    /// in another buffer: an output that writes behind keeps the caller's
    /// buffer and gives back one it is done with, brought up to date by
    /// copying only what changed since that buffer's frame
    /// (``FolderFrameOutput``), not the whole frame.
    func write(frame: UInt64, ppm: inout [UInt8], changed: P6Changes, indexLine: () -> String) throws

    /// Returns once every frame taken so far is written; throws the first
    /// that was lost (a `sync` asks for this).
    func flush() throws

    /// False when the frames' bytes go nowhere (``DiscardingFrameOutput``):
    /// the session then need not keep the frame's P6 bytes up to date.
    var keepsFrames: Bool { get }
}

extension FrameOutput {
    /// Nothing is pending in an output that writes as it is given frames.
    public func flush() throws {}
    public var keepsFrames: Bool { true }
    /// Takes a copy of the bytes; `ppm` stays as it is.
    public func write(frame: UInt64, ppm: inout [UInt8], changed: P6Changes, indexLine: () -> String) throws {
        try write(frame: frame, ppm: ppm, indexLine: indexLine)
    }
}

/// Where a P6 frame differs from the one before it: display rectangles,
/// in the file's layout (a header of `headerCount` bytes, then rows of
/// `width` RGB pixels).
public struct P6Changes: Sendable {
    public var headerCount: Int
    public var width: Int
    public var rects: [PixelRect]

    public init(headerCount: Int, width: Int, rects: [PixelRect]) {
        self.headerCount = headerCount
        self.width = width
        self.rects = rects
    }
}

/// Frames on disk: the folder is created (mode 0700) if missing and must
/// then pass ``PrivateFolder/check(_:call:owner:)`` (the server's own, not
/// writable by group or others); each frame is written to a new
/// `.partial` file (`O_CREAT | O_EXCL | O_NOFOLLOW`: a file or symbolic link
/// planted there is refused, never followed), or rewritten in place into
/// one of the previous run's frame files that the client moved into
/// `.reuse` (``FrameFileWriter``), and renamed into place, so a reader
/// never sees half a frame, and `frames.jsonl` is appended line by line
/// (`O_NOFOLLOW`).
///
/// **Behind the lockstep.** The files are written by a background thread
/// (``BackgroundQueue``), in order, while the session answers the vsync and
/// the client goes on; at most ``framesInFlight`` frames are taken and not
/// known written. A frame's write failure is answered at a point fixed by
/// the frames alone, never by thread timing: the write of frame *n* is
/// waited for when frame *n* + ``framesInFlight`` is taken, or at
/// ``flush()`` (a `sync`), whichever comes first; the session then ends
/// with the error 270 naming that frame (no frame after it is written). The
/// bytes on disk are those a synchronous writer would write.
///
/// Bytes written are counted against `budget` when a frame is taken; the
/// frame that would pass it is not written, and the session ends with
/// error 271.
///
/// Errors are ``SessionError``s the session sends to the client as they
/// are: 269 (the folder cannot be used), 270 (a frame cannot be written),
/// 271 (the budget is reached).
public final class FolderFrameOutput: FrameOutput {
    public let folder: String
    /// The most bytes (frame files and index lines) this output writes.
    public let budget: UInt64
    /// Bytes taken so far (written, or queued to be).
    package internal(set) var bytesWritten: UInt64 = 0

    /// Two GiB: about ten 8192 × 8192 frames, or 2,300 frames of 1280 × 720.
    /// `loopsim-render --frames-budget` and `LOOPSIM_FRAMES_BUDGET` change it.
    public static let defaultBudget: UInt64 = 2 << 30

    /// How many frames may be taken and not yet known written: the bound of
    /// the queue (so the server's memory does not grow with the frames:
    /// at most this many frame buffers are held), and how late a write
    /// failure is reported.
    package static let framesInFlight = 4

    let queue: BackgroundQueue<FrameJob, SessionError>
    /// Frames taken so far: each job's ``FrameJob/sequence``.
    var taken: UInt64 = 0
    /// The changes of the last frames taken, oldest first, with their
    /// sequence numbers: what a buffer given back is brought up to date
    /// with (``write(frame:ppm:changed:indexLine:)``); emptied by a frame
    /// taken without its changes.
    var recent: [(sequence: UInt64, changes: P6Changes)] = []
    /// Buffers made at the first frame taken with its changes, with the
    /// frame each holds: with the one the session holds they are every
    /// buffer the session ever needs, so the memory for frames is fixed
    /// from the first frame (``write(frame:ppm:changed:indexLine:)``).
    var spares: [(sequence: UInt64, ppm: [UInt8])]?

    /// - Throws: a ``SessionError`` (code 269) naming the folder and the
    ///   cause: `mkdir` failed, or the folder fails the private-folder rule;
    ///   257 when the writing thread cannot start.
    public init(folder: String, budget: UInt64 = FolderFrameOutput.defaultBudget) throws {
        self.folder = folder
        self.budget = budget
        do throws(SystemError) {
            try FileSystem.createDirectory(folder, mode: 0o700, intermediates: true)
            try PrivateFolder.check(folder, call: "frames")
        } catch {
            throw SessionError(.framesFolderUnusable, "cannot use the frames folder '\(folder)': \(error)")
        }
        // The writing thread's faults have counts of their own
        // (docs/internals/reliability.md), bound to that thread.
        let faults = FaultPlan.current?.frameWriter
        do throws(SystemError) {
            queue = try BackgroundQueue(capacity: Self.framesInFlight, recycling: true) { [folder] in
                let writer = FrameFileWriter(folder: folder)
                return { (job: FrameJob) throws(SessionError) in
                    do {
                        try FaultPlan.withPlan(faults) { try writer.write(job) }
                    } catch let e as SessionError {
                        throw e
                    } catch {
                        throw SessionError(.frameNotWritten, "frame \(job.frame): cannot write it to '\(folder)': \(error)")
                    }
                }
            }
        } catch {
            throw SessionError(.serverFailure, "cannot start the thread that writes frames: \(error)")
        }
    }

    /// Writes what is queued, then stops the writing thread.
    deinit { queue.finish() }

    /// `frame-000042.ppm`: ``LoopSimTrace/FrameFolder/fileName(frame:)``.
    public static func fileName(frame: UInt64) -> String {
        FrameFolder.fileName(frame: frame)
    }

    /// Queues the frame and its index line for the writing thread: `ppm`
    /// is copied into a buffer the thread is done with (at most
    /// ``framesInFlight`` of them are ever made), so the caller's array
    /// stays uniquely referenced and a frame costs one `memcpy`, not an
    /// allocation and a copy-on-write of the caller's buffer.
    /// - Throws: a ``SessionError``: 271 when the frame would pass the
    ///   budget (nothing queued); 270 when the frame taken
    ///   ``framesInFlight`` frames before this one (or one before it) could
    ///   not be written, naming that frame and the failed call.
    public func write(frame: UInt64, ppm: [UInt8], indexLine: () -> String) throws {
        let line = try take(frame: frame, bytes: ppm.count, indexLine: indexLine)
        recent.removeAll()    // the next buffer given back cannot be brought up to date past this frame
        var buffer: [UInt8]? = nil
        if var job = queue.reclaim() {
            buffer = job.ppm
            job.ppm = []      // `buffer` the only reference: copied into in place
        }
        queue.submit(FrameJob(frame: frame, sequence: taken, ppm: Self.copy(ppm, into: buffer), line: line))
    }

    /// Takes frame `frame` of `bytes`: waits for the frame taken
    /// ``framesInFlight`` frames before (throwing its failure), checks the
    /// budget, counts the bytes and the frame (``taken``); returns its index
    /// line. Both writes start here.
    func take(frame: UInt64, bytes: Int, indexLine: () -> String) throws -> [UInt8] {
        let ticket = queue.ticketCount + 1
        if ticket > UInt64(Self.framesInFlight), let lost = queue.wait(through: ticket - UInt64(Self.framesInFlight)) {
            throw Self.reported(lost)
        }
        guard bytesWritten + UInt64(bytes) <= budget else {
            throw SessionError(.framesBudgetReached, "frame \(frame): the frames budget of \(budget) bytes is reached (\(bytesWritten) written, this frame is \(bytes)); no more frames are written to '\(folder)'")
        }
        let line = Array((indexLine() + "\n").utf8)
        bytesWritten += UInt64(bytes + line.count)
        taken += 1
        return line
    }

    /// Waits until every frame taken is written.
    /// - Throws: the ``SessionError`` 270 of the first frame lost.
    public func flush() throws {
        if let lost = queue.waitForAll() { throw Self.reported(lost) }
    }

    /// `ppm`'s bytes in `buffer` when it has their size (a copy in place,
    /// the buffer being the thread's no more); otherwise a new array.
    static func copy(_ ppm: [UInt8], into buffer: consuming [UInt8]?) -> [UInt8] {
        guard var buffer, buffer.count == ppm.count else { return Array(unsafeUninitializedCapacity: ppm.count) { b, n in
            _ = b.initialize(fromContentsOf: ppm)
            n = ppm.count
        } }
        buffer.withUnsafeMutableBytes { dst in ppm.withUnsafeBytes { dst.copyMemory(from: $0) } }
        return buffer
    }

    static func reported(_ lost: SessionError) -> SessionError {
        var e = lost
        e.message += "; no frame after it is written"
        return e
    }
}

/// One frame for the writing thread: its file's bytes and its index line.
struct FrameJob: Sendable {
    var frame: UInt64
    /// Its place among the frames taken (1 for the first).
    var sequence: UInt64
    var ppm: [UInt8]
    var line: [UInt8]
}

/// The writing thread's side of ``FolderFrameOutput``: it alone holds the
/// open `frames.jsonl`, and the previous run's frame files it rewrites.
final class FrameFileWriter {
    let folder: String
    /// `frames.jsonl`, opened once (`O_APPEND | O_NOFOLLOW`) at the first
    /// frame and kept open: one `write` per index line, no reopen, no `fsync`.
    private var index: FileDescriptor?
    /// The names in the reuse folder not rewritten yet, the last taken
    /// first (listed once, at the first frame, sorted so that the first
    /// frame takes the smallest name); nil before that.
    private var reusable: [String]?
    /// `<folder>/.reuse`: where the client put the previous run's frame
    /// files (``LoopSimTrace/FrameFolder/reuseFolderName``).
    private let reuseFolder: String

    init(folder: String) {
        self.folder = folder
        reuseFolder = FilePath.join(folder, FrameFolder.reuseFolderName)
    }

    /// Closes the index. What is left in the reuse folder (the previous
    /// run's frames this run did not need) is the client's to remove, once
    /// every frame is confirmed written (`FrameFolder.removeReuseLeftovers`
    /// in Simulation): a server may die, or exit, before it gets here.
    deinit { try? index?.close() }

    /// Opens a new file at `path` (`O_CREAT | O_EXCL | O_NOFOLLOW`); on
    /// `EEXIST` removes what is there and tries once more.
    private static func openNew(_ path: String) throws(SystemError) -> FileDescriptor {
        let flags: FileSystem.OpenFlags = [.writeOnly, .create, .exclusive, .noFollow]
        if let file = try? FileSystem.open(path, flags: flags) { return file }
        try? FileSystem.removeFile(path)
        return try FileSystem.open(path, flags: flags)
    }

    /// The next file of the previous run to rewrite, open for writing, its
    /// path and its size; nil when none is left. A name is taken only if it
    /// opens with `O_WRONLY | O_NOFOLLOW | O_NONBLOCK` (no link is
    /// followed, no pipe waited on) and `fstat` says it is a regular file
    /// of ours with one link (so no other name sees its new bytes);
    /// anything else is skipped (and removed with the leftovers at the end
    /// of the run).
    private func nextReusable() -> (file: FileDescriptor, path: String, size: UInt64)? {
        if reusable == nil {
            let names = FileSystem.isPrivateFolder(reuseFolder) ? (try? FileSystem.contentsOfDirectory(reuseFolder)) ?? [] : []
            reusable = names.filter(FrameFolder.isFrameFile).sorted(by: >)
        }
        while let name = reusable!.popLast() {
            let path = FilePath.join(reuseFolder, name)
            guard let file = try? FileSystem.open(path, flags: [.writeOnly, .noFollow, .nonBlocking]) else { continue }
            if let info = try? file.status(), info.kind == .regular, info.linkCount == 1, info.ownerID == CurrentProcess.userID {
                return (file, path, info.size)
            }
            try? file.close()
        }
        return nil
    }

    /// Writes the frame with one `writev` straight from the buffer, into a
    /// file of the previous run when one is left in the reuse folder
    /// (rewritten from its first byte and cut to the frame's size: the same
    /// bytes as a new file, without a new inode), else into a new
    /// `frame-NNNNNN.ppm.partial` (mode 0644); then renames it into place
    /// and appends its index line to the open `frames.jsonl`. Either way the
    /// name `frame-NNNNNN.ppm` appears only once the frame is complete: a
    /// frame cut short by a crash is left in the reuse folder, or as a
    /// `.partial` (which the next open of that name removes: `unlink`
    /// removes a link, never its target, and the open is tried once more).
    /// Nothing is synced to the disk: a frame is complete for readers once
    /// renamed, and durability across a machine crash is not a goal.
    /// - Throws: a ``SessionError`` 270 naming the frame and the failed call.
    func write(_ job: FrameJob) throws(SessionError) {
        let path = FilePath.join(folder, FrameFolder.fileName(frame: job.frame))
        do {
            let count = UInt64(job.ppm.count)
            if let (file, reused, size) = nextReusable() {
                try file.closeAfter { () throws in
                    try job.ppm.withUnsafeBytes { raw in try file.writeAll(vectors: [raw]) }
                    if size > count { try file.truncate(to: count) }
                }
                try FileSystem.rename(reused, to: path)
            } else {
                let temp = path + ".partial"
                let file = try Self.openNew(temp)
                try file.closeAfter { () throws in
                    try job.ppm.withUnsafeBytes { raw in try file.writeAll(vectors: [raw]) }
                }
                try FileSystem.rename(temp, to: path)
            }
            if index == nil {
                index = try FileSystem.open(FilePath.join(folder, FrameFolder.indexFileName),
                                            flags: [.writeOnly, .create, .append, .noFollow])
            }
            let indexFile = index!
            try job.line.withUnsafeBytes { raw in try indexFile.writeAll(vectors: [raw]) }
        } catch {
            throw SessionError(.frameNotWritten, "frame \(job.frame): cannot write it to '\(folder)': \(error)")
        }
    }
}

/// Frames nowhere (`--frames none`): the server draws, hashes and answers
/// as usual and writes no file; the client keeps the hashes and the index
/// (`docs/internals/render-server.md`, "Files").
public final class DiscardingFrameOutput: FrameOutput {
    public init() {}
    public var keepsFrames: Bool { false }
    public func write(frame: UInt64, ppm: [UInt8], indexLine: () -> String) throws {}
}

/// Frames kept in memory (tests, and the thread transport's checks).
public final class MemoryFrameOutput: FrameOutput {
    public private(set) var frames: [(frame: UInt64, ppm: [UInt8])] = []
    public private(set) var index: [String] = []

    public init() {}

    public func write(frame: UInt64, ppm: [UInt8], indexLine: () -> String) throws {
        frames.append((frame, ppm))
        index.append(indexLine())
    }
}
