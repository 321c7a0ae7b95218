import LoopSimSystem
import Raster
import RenderModel

/// Reading images and writing outputs; every failure names the file.
extension FramesInspector {
    /// Reads and decodes a PNM file; every failure names the file.
    package static func loadImage(_ path: String) throws(FramesDataError) -> Bitmap {
        guard let kind = FileSystem.kind(of: path) else { throw FramesDataError(message: "\(path) does not exist") }
        guard kind != .directory else { throw FramesDataError(message: "\(path) is a folder, not a frame file") }
        let bytes = try ReadLimit.read(path, limit: ReadLimit.image)
        do {
            return try PNMDecoder.decode(bytes)
        } catch {
            throw FramesDataError(message: "\(path) is not a valid PNM image: \(error.description)")
        }
    }

    package static func write(_ bytes: [UInt8], to path: String) throws(FramesDataError) {
        let parent = FilePath.parent(of: path)
        if !FileSystem.isDirectory(parent) {
            throw FramesDataError(message: "cannot write \(path): the folder \(parent) does not exist")
        }
        do throws(SystemError) {
            try FileSystem.writeFileAtomically(path, bytes)
        } catch {
            throw FramesDataError(message: "cannot write \(path): \(ReadLimit.reason(error))")
        }
    }

    /// `--out` must not replace one of the frames being read.
    package static func refuseOverwriting(_ out: String, inputs: [String]) throws {
        let target = FileSystem.canonicalPath(out)
        for input in inputs where FileSystem.canonicalPath(input) == target {
            throw UsageError(message: "'--out \(out)' would overwrite the input \(input); choose another file")
        }
    }
}
