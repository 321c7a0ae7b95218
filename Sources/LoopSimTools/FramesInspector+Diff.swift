import Foundation
import LoopSimSystem
import Raster
import RenderModel

/// `frames <dir> diff A B [--out FILE]`: how two frames differ.
extension FramesInspector {
    package static func diff(_ frames: FramesFolder, _ a: String, _ b: String, out: String?) throws -> Int32 {
        let pathA = try frames.resolve(a), pathB = try frames.resolve(b)
        if let out { try refuseOverwriting(out, inputs: [pathA, pathB]) }
        let imageA = try loadImage(pathA), imageB = try loadImage(pathB)
        guard imageA.width == imageB.width, imageA.height == imageB.height else {
            throw FramesDataError(message: "cannot diff \(pathA) (\(imageA.width)×\(imageA.height)) with \(pathB) (\(imageB.width)×\(imageB.height)): the sizes differ")
        }
        let diff = FrameDiffImage(imageA, imageB)
        let total = imageA.width * imageA.height
        if let (x, y) = diff.first, let box = diff.boxDescription {
            Console.out("\(diff.differing) of \(total) pixels differ between \(pathA) and \(pathB)")
            Console.out("first at (\(x), \(y)): \(hex(imageA[x, y])) in \(pathA), \(hex(imageB[x, y])) in \(pathB)")
            Console.out("within \(box)")
        } else {
            Console.out("0 of \(total) pixels differ: \(pathA) and \(pathB) are identical")
        }
        if let out {
            let bytes = out.lowercased().hasSuffix(".png") ? PNGEncoder.encode(diff.image) : PNMEncoder.p6(diff.image, over: .black)
            try write(bytes, to: out)
            Console.out("wrote \(out): the differing pixels in magenta over \(pathA) at a quarter of its brightness")
        }
        return diff.differing == 0 ? ExitStatus.success : ExitStatus.failure
    }
}
