import Foundation
import RenderModel

/// `frames <dir> diff A B [--out FILE]`: how two frames differ.
extension FramesCommand {
    static func diff(_ frames: FramesFolder, _ a: String, _ b: String, out: String?) throws -> Int32 {
        let pathA = try frames.resolve(a), pathB = try frames.resolve(b)
        if let out { try refuseOverwriting(out, inputs: [pathA, pathB]) }
        let imageA = try loadImage(pathA), imageB = try loadImage(pathB)
        guard imageA.width == imageB.width, imageA.height == imageB.height else {
            throw FramesDataError(message: "cannot diff \(pathA) (\(imageA.width)×\(imageA.height)) with \(pathB) (\(imageB.width)×\(imageB.height)): the sizes differ")
        }
        let width = imageA.width, height = imageA.height
        var differing = 0
        var first: (x: Int, y: Int)?
        var box = (minX: Int.max, minY: Int.max, maxX: -1, maxY: -1)
        var image = Bitmap(width: width, height: height)
        image.withUnsafeMutablePixels { (out: inout UnsafeMutableBufferPointer<UInt8>) in
            imageA.pixels.withUnsafeBufferPointer { pa in
                imageB.pixels.withUnsafeBufferPointer { pb in
                    var p = 0
                    for y in 0..<height {
                        for x in 0..<width {
                            if pa[p] != pb[p] || pa[p + 1] != pb[p + 1] || pa[p + 2] != pb[p + 2] || pa[p + 3] != pb[p + 3] {
                                differing += 1
                                if first == nil { first = (x, y) }
                                box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
                                out[p] = 255; out[p + 1] = 0; out[p + 2] = 255
                            } else {
                                out[p] = pa[p] / 4; out[p + 1] = pa[p + 1] / 4; out[p + 2] = pa[p + 2] / 4
                            }
                            out[p + 3] = 255
                            p += 4
                        }
                    }
                }
            }
        }
        if let (x, y) = first {
            printOut("\(differing) of \(width * height) pixels differ between \(pathA) and \(pathB)")
            printOut("first at (\(x), \(y)): \(hex(imageA[x, y])) in \(pathA), \(hex(imageB[x, y])) in \(pathB)")
            printOut("within x=\(box.minX) y=\(box.minY) w=\(box.maxX - box.minX + 1) h=\(box.maxY - box.minY + 1)")
        } else {
            printOut("0 of \(width * height) pixels differ: \(pathA) and \(pathB) are identical")
        }
        if let out {
            let bytes = out.lowercased().hasSuffix(".png") ? PNGEncoder.encode(image) : PNMEncoder.p6(image, over: .black)
            try write(bytes, to: out)
            printOut("wrote \(out): the differing pixels in magenta over \(pathA) at a quarter of its brightness")
        }
        return differing == 0 ? ExitStatus.success : ExitStatus.failure
    }
}
