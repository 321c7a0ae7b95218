import Foundation
import Raster
import RenderModel

/// Reading images and writing outputs; every failure names the file.
extension FramesCommand {
    /// Reads and decodes a PNM file; every failure names the file.
    static func loadImage(_ path: String) throws(FramesDataError) -> Bitmap {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FramesDataError(message: "\(path) does not exist")
        }
        guard !isDirectory.boolValue else { throw FramesDataError(message: "\(path) is a folder, not a frame file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FramesDataError(message: "cannot read \(path)")
        }
        do {
            return try PNMDecoder.decode([UInt8](data))
        } catch {
            throw FramesDataError(message: "\(path) is not a valid PNM image: \(error.description)")
        }
    }

    static func write(_ bytes: [UInt8], to path: String) throws(FramesDataError) {
        let parent = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        if !parent.isEmpty, !FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) || !isDirectory.boolValue {
            throw FramesDataError(message: "cannot write \(path): the folder \(parent) does not exist")
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            throw FramesDataError(message: "cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// `--out` must not replace one of the frames being read.
    static func refuseOverwriting(_ out: String, inputs: [String]) throws {
        let target = URL(fileURLWithPath: out).standardizedFileURL.resolvingSymlinksInPath().path
        for input in inputs where URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path == target {
            throw UsageError(message: "'--out \(out)' would overwrite the input \(input); choose another file")
        }
    }
}
