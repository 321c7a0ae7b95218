import LoopSimSystem
import RenderWire

/// Where a render server writes its frames: `frame-NNNNNN.ppm` files and
/// `frames.jsonl` inside one folder, and nowhere else (the file names are
/// the server's own; nothing from the wire becomes a path below the folder).
public protocol FrameOutput: AnyObject {
    /// Writes one frame file (canonical P6), then appends its line to the
    /// index; `indexLine` is called after the file is written (the frame's
    /// hash may still be being computed meanwhile).
    func write(frame: UInt64, ppm: [UInt8], indexLine: () -> String) throws
}

/// Frames on disk: the folder is created (mode 0700) if missing and must
/// then pass ``PrivateFolder/check(_:call:owner:)`` (the server's own, not
/// writable by group or others); each frame is written to a new
/// `.partial` file (`O_CREAT | O_EXCL | O_NOFOLLOW`: a file or symbolic link
/// planted there is refused, never followed) and renamed into place, so a
/// reader never sees half a frame, and `frames.jsonl` is appended line by
/// line (`O_NOFOLLOW`).
///
/// Bytes written are counted against `budget`; the frame that would pass it
/// is not written, and the session ends with error 271.
///
/// Errors are ``SessionError``s the session sends to the client as they
/// are: 269 (the folder cannot be used), 270 (a frame cannot be written),
/// 271 (the budget is reached).
public final class FolderFrameOutput: FrameOutput {
    public let folder: String
    /// The most bytes (frame files and index lines) this output writes.
    public let budget: UInt64
    /// Bytes written so far.
    public private(set) var bytesWritten: UInt64 = 0

    /// Two GiB: about ten 8192 × 8192 frames, or 2,300 frames of 1280 × 720.
    /// `loopsim-render --frames-budget` and `LOOPSIM_FRAMES_BUDGET` change it.
    public static let defaultBudget: UInt64 = 2 << 30

    /// - Throws: a ``SessionError`` (code 269) naming the folder and the
    ///   cause: `mkdir` failed, or the folder fails the private-folder rule.
    public init(folder: String, budget: UInt64 = FolderFrameOutput.defaultBudget) throws {
        self.folder = folder
        self.budget = budget
        do throws(SystemError) {
            try FileSystem.createDirectory(folder, mode: 0o700, intermediates: true)
            try PrivateFolder.check(folder, call: "frames")
        } catch {
            throw SessionError(.framesFolderUnusable, "cannot use the frames folder '\(folder)': \(error)")
        }
    }

    /// `frame-000042.ppm`: ``RenderWire/FrameFolder/fileName(frame:)``.
    public static func fileName(frame: UInt64) -> String {
        FrameFolder.fileName(frame: frame)
    }

    /// Writes the frame to a new `frame-NNNNNN.ppm.partial` (mode 0644)
    /// straight from the buffer (a frame is megabytes, and this runs once
    /// per frame), renames it into place, then appends its index line. A
    /// `.partial` left by a server that died mid-write is removed first
    /// (`unlink` removes a link, never its target).
    /// - Throws: a ``SessionError``: 271 when the frame would pass the
    ///   budget, 270 naming the frame and the failed call otherwise.
    public func write(frame: UInt64, ppm: [UInt8], indexLine: () -> String) throws {
        let path = FilePath.join(folder, FrameFolder.fileName(frame: frame))
        guard bytesWritten + UInt64(ppm.count) <= budget else {
            throw SessionError(.framesBudgetReached, "frame \(frame): the frames budget of \(budget) bytes is reached (\(bytesWritten) written, this frame is \(ppm.count)); no more frames are written to '\(folder)'")
        }
        do {
            let temp = path + ".partial"
            try? FileSystem.removeFile(temp)
            try ppm.withUnsafeBytes { try FileSystem.writeNewFile(temp, $0) }
            try FileSystem.rename(temp, to: path)
            let line = Array((indexLine() + "\n").utf8)
            try line.withUnsafeBytes { try FileSystem.appendFile(FilePath.join(folder, FrameFolder.indexFileName), $0) }
            bytesWritten += UInt64(ppm.count + line.count)
        } catch {
            throw SessionError(.frameNotWritten, "frame \(frame): cannot write it to '\(folder)': \(error)")
        }
    }
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
