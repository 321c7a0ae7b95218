import Foundation
import RenderModel

/// `frames <dir> png FRAME --out FILE`: a frame converted to PNG.
extension FramesCommand {
    static func png(_ frames: FramesFolder, _ frame: String, out: String) throws -> Int32 {
        let path = try frames.resolve(frame)
        try refuseOverwriting(out, inputs: [path])
        let bitmap = try loadImage(path)
        let bytes = PNGEncoder.encode(bitmap)
        try write(bytes, to: out)
        printOut("wrote \(out) (\(bitmap.width)×\(bitmap.height), \(bytes.count) bytes) from \(path)")
        return ExitStatus.success
    }
}
