import LoopSimSystem
import RenderWire

extension FrameFolder {
    /// Removes a previous run's frames from `folder`: only the server's own
    /// file names (``RenderWire/FrameFolder/isServerFile(_:)``), nothing else.
    /// The client does this once before its first hello; a respawned server
    /// appends to what its predecessor wrote. A folder that does not exist
    /// yet, or a file that cannot be removed, is left to the server's
    /// writes to report.
    static func clearPreviousFrames(in folder: String) {
        for name in (try? FileSystem.contentsOfDirectory(folder)) ?? [] where isServerFile(name) {
            try? FileSystem.removeFile(FilePath.join(folder, name))
        }
    }
}
