#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RenderModel

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

    public init(folder: String) throws {
        self.folder = folder
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    /// Removes a previous run's frames (only the server's own file names) —
    /// the client does this once before its first hello; a respawned server
    /// appends to what its predecessor wrote.
    public static func clearPreviousFrames(in folder: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name == "frames.jsonl" || (name.hasPrefix("frame-") && (name.hasSuffix(".ppm") || name.hasSuffix(".ppm.partial"))) {
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
        }
    }

    public static func fileName(frame: UInt64) -> String {
        let digits = String(frame)
        return "frame-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".ppm"
    }

    /// Writes `bytes` to a new file at `path` (mode 0644) straight from the
    /// buffer: a frame is megabytes, and this runs once per frame.
    private static func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)]) }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)])
            }
            offset += n
        }
    }

    public func write(frame: UInt64, ppm: [UInt8], indexLine: () -> String) throws {
        let name = FolderFrameOutput.fileName(frame: frame)
        let path = (folder as NSString).appendingPathComponent(name)
        let temp = path + ".partial"
        try Self.writeFile(temp, ppm)
        guard rename(temp, path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        let index = (folder as NSString).appendingPathComponent("frames.jsonl")
        let line = Data((indexLine() + "\n").utf8)
        if let handle = FileHandle(forWritingAtPath: index) {
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: line)
        } else {
            guard FileManager.default.createFile(atPath: index, contents: line) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: index])
            }
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
