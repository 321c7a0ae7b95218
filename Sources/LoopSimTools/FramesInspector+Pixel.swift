import Foundation
import LoopSimSystem
import RenderModel

/// `frames <dir> pixel X Y --at TIME`: the colour on screen at a virtual time.
extension FramesInspector {
    package static func pixel(_ frames: FramesFolder, x: Int, y: Int, at time: Int64) throws -> Int32 {
        guard let index = try frames.index() else {
            if try frames.frameFiles().isEmpty {
                Console.out("no frame is on screen at \(formatTime(time)): \(frames.path) has no frames")
                return ExitStatus.failure
            }
            throw FramesDataError(message: "\(frames.indexPath) is missing, so when each frame was on screen is unknown")
        }
        guard let entry = index.last(where: { $0.present <= time }) else {
            if let first = index.first {
                Console.out("no frame is on screen at \(formatTime(time)): the first, frame \(first.frame) (\(frames.filePath(first.file))), is on screen from \(formatTime(first.present))")
            } else {
                Console.out("no frame is on screen at \(formatTime(time)): \(frames.indexPath) lists no frames")
            }
            return ExitStatus.failure
        }
        let path = frames.filePath(entry.file)
        let bitmap = try loadImage(path)
        guard x < bitmap.width, y < bitmap.height else {
            throw FramesDataError(message: "pixel (\(x), \(y)) is outside \(path), which is \(bitmap.width)×\(bitmap.height)")
        }
        Console.out("\(hex(bitmap[x, y])) at (\(x), \(y)) in frame \(entry.frame) (\(path), on screen from \(formatTime(entry.present)))")
        return ExitStatus.success
    }
}
