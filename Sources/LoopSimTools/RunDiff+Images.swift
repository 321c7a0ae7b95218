import LoopSimSystem
import LoopSimTrace
import Raster
import RenderModel

/// `loopsim diff --out DIR`: the pictures of each differing frame.
extension RunDiff {
    package static func writeImages(_ frames: [FrameDifference], a: DiffInput, b: DiffInput, to out: String) throws {
        try FramesInspector.makeFolder(out)
        for d in frames {
            let base = FilePath.join(out, String(FrameFolder.fileName(frame: d.frame).dropLast(".ppm".count)))
            guard let pa = d.a?.path, let pb = d.b?.path else {
                let missing = [d.a?.path == nil ? "A" : nil, d.b?.path == nil ? "B" : nil].compactMap { $0 }.joined(separator: " and ")
                Console.out("  frame \(d.frame): no images, as \(missing) \(missing.count > 1 ? "have" : "has") no frame file for it")
                continue
            }
            let imageA = try FramesInspector.loadImage(pa), imageB = try FramesInspector.loadImage(pb)
            // Small frames are enlarged as a contact sheet's thumbnails are
            // (never shrunk: the diff image keeps every pixel).
            var scale = ImageScale.identity
            if case .up(let n) = ContactSheet.thumbnailScale(width: max(imageA.width, imageB.width), height: max(imageA.height, imageB.height)) {
                scale = .up(n)
            }
            let side = FrameDiffImage.sideBySide(scale.apply(imageA), scale.apply(imageB),
                                                 labels: ("A frame \(d.frame)", "B frame \(d.frame)", "diff"))
            try FramesInspector.write(PNGEncoder.encode(side), to: base + ".side-by-side.png")
            guard imageA.width == imageB.width, imageA.height == imageB.height else {
                Console.out("  frame \(d.frame): wrote \(base).side-by-side.png; no diff image: \(pa) is \(imageA.width)×\(imageA.height), \(pb) \(imageB.width)×\(imageB.height)")
                continue
            }
            let diff = FrameDiffImage(imageA, imageB)
            try FramesInspector.write(PNGEncoder.encode(diff.image), to: base + ".diff.png")
            let pixels = diff.boxDescription.map { "\(FramesInspector.count(diff.differing, "pixel")) \(diff.differing == 1 ? "differs" : "differ") within \($0)" }
                ?? "no pixel differs"
            Console.out("  frame \(d.frame): wrote \(base).side-by-side.png and \(base).diff.png (\(pixels))")
        }
    }
}
