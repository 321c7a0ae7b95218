import LoopSimSystem
import Raster
import RenderModel
import LoopSimTrace

/// `frames <dir> png <frames> --out FILE|FOLDER [--scale n|1/n]`: frames
/// converted to PNG.
extension FramesInspector {
    package static func png(_ frames: FramesFolder, _ selection: FrameSelection, out: String, scale: ImageScale) throws -> Int32 {
        switch selection {
        case .one(let frame):
            let path = try frames.resolve(frame)
            try refuseOverwriting(out, inputs: [path])
            let (bytes, size) = try pngBytes(path, scale: scale)
            try write(bytes, to: out)
            Console.out("wrote \(out) (\(size), \(bytes.count) bytes) from \(path)")
        case .range, .all:
            let all = try frames.frames()
            let chosen: [FramesFolder.Frame]
            if case .range(let range) = selection { chosen = all.filter { range.contains($0.frame) } } else { chosen = all }
            guard !chosen.isEmpty else {
                let known = all.isEmpty ? "it has no frames" : "it has \(count(all.count, "frame")), \(all.map(\.frame).min()!)…\(all.map(\.frame).max()!)"
                let what = if case .range(let r) = selection { "no frame in \(r.lowerBound)-\(r.upperBound) in \(frames.path)" } else { "no frames in \(frames.path)" }
                throw FramesDataError(message: "\(what) (\(known)); nothing written")
            }
            try makeFolder(out)
            var written = 0
            for frame in chosen {
                let path = frames.filePath(frame.file)
                let target = FilePath.join(out, String(FrameFolder.fileName(frame: frame.frame).dropLast(".ppm".count)) + ".png")
                let (bytes, _) = try pngBytes(path, scale: scale)
                try write(bytes, to: target)
                written += 1
            }
            let first = chosen.first!.frame, last = chosen.last!.frame
            Console.out("wrote \(count(written, "PNG file")) to \(out) (frames \(first)…\(last)\(scale == .identity ? "" : ", scaled \(scale.description)"))")
        }
        return ExitStatus.success
    }

    /// The PNG of the frame file at `path` at `scale`, and its size as text.
    package static func pngBytes(_ path: String, scale: ImageScale) throws(FramesDataError) -> ([UInt8], String) {
        let bitmap = try loadImage(path)
        let size = scale.size(width: bitmap.width, height: bitmap.height)
        let limits = ImageLimits.default
        guard size.width <= limits.maxWidth, size.height <= limits.maxHeight, size.width * size.height <= limits.maxPixels else {
            throw FramesDataError(message: "\(path) (\(bitmap.width)×\(bitmap.height)) at --scale \(scale.description) would be \(size.width)×\(size.height), above the \(limits.maxWidth)×\(limits.maxHeight) and \(limits.maxPixels)-pixel limit")
        }
        let scaled = scale.apply(bitmap)
        return (PNGEncoder.encode(scaled), "\(scaled.width)×\(scaled.height)")
    }

    /// Makes the output folder of a range (its parent must exist); refuses
    /// an existing file.
    package static func makeFolder(_ path: String) throws(FramesDataError) {
        if let kind = FileSystem.kind(of: path) {
            guard kind == .directory else {
                throw FramesDataError(message: "--out \(path) is a file; several frames need a folder (it is made if missing)")
            }
            return
        }
        do throws(SystemError) {
            try FileSystem.createDirectory(path)
        } catch {
            throw FramesDataError(message: "cannot make the folder \(path): \(ReadLimit.reason(error))")
        }
    }
}
