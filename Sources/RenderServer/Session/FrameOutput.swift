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

/// Frames on disk: the folder is created (mode 0700) if missing; each frame
/// is written to a temporary file and renamed, so a reader never sees half a
/// frame, and `frames.jsonl` is appended line by line.
public final class FolderFrameOutput: FrameOutput {
    public let folder: String

    /// - Throws: ``LoopSimSystem/SystemError`` from `mkdir`.
    public init(folder: String) throws(SystemError) {
        self.folder = folder
        try FileSystem.createDirectory(folder, mode: 0o700, intermediates: true)
    }

    /// `frame-000042.ppm`: ``RenderWire/FrameFolder/fileName(frame:)``.
    public static func fileName(frame: UInt64) -> String {
        FrameFolder.fileName(frame: frame)
    }

    /// Writes the frame to `frame-NNNNNN.ppm.partial` (mode 0644) straight
    /// from the buffer (a frame is megabytes, and this runs once per frame),
    /// renames it into place, then appends its index line.
    /// - Throws: ``LoopSimSystem/SystemError`` from `open`, `write`, `rename`.
    public func write(frame: UInt64, ppm: [UInt8], indexLine: () -> String) throws {
        let path = FilePath.join(folder, FrameFolder.fileName(frame: frame))
        let temp = path + ".partial"
        try ppm.withUnsafeBytes { try FileSystem.writeFile(temp, $0) }
        try FileSystem.rename(temp, to: path)
        let line = Array((indexLine() + "\n").utf8)
        try line.withUnsafeBytes { try FileSystem.appendFile(FilePath.join(folder, FrameFolder.indexFileName), $0) }
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
