import Foundation
import LoopSimSystem
import Raster
import RenderModel

/// `frames <dir> sheet --out FILE [--from F] [--to F] [--every N] [--columns N]`:
/// a contact sheet of the frames.
extension FramesInspector {
    package static func sheet(_ frames: FramesFolder, _ options: ContactSheet.Options, out: String) throws -> Int32 {
        let all = try frames.frames()
        let chosen = try select(all, options, in: frames)
        try refuseOverwriting(out, inputs: chosen.map { frames.filePath($0.file) })
        var items: [ContactSheet.Item] = []
        for frame in chosen {
            let image = try loadImage(frames.filePath(frame.file))
            if let first = items.first?.image, first.width != image.width || first.height != image.height {
                throw FramesDataError(message: "\(frames.filePath(frame.file)) is \(image.width)×\(image.height) but \(frames.filePath(chosen[0].file)) is \(first.width)×\(first.height): a sheet needs frames of one size")
            }
            items.append(ContactSheet.Item(image: image, label: ["vsync \(frame.frame)", frame.present.map(formatTime) ?? "time unknown"]))
        }
        let scale = ContactSheet.thumbnailScale(width: items[0].image.width, height: items[0].image.height)
        var title = "\(frames.path): \(count(chosen.count, "frame"))"
        if options.every > 1 { title += ", every \(options.every)th" }
        let layout = ContactSheet.layout(items, scale: scale, title: title, columns: options.columns)
        let limits = ImageLimits.default
        guard layout.sheet.width <= limits.maxWidth, layout.sheet.height <= limits.maxHeight,
              layout.sheet.width * layout.sheet.height <= limits.maxPixels else {
            throw FramesDataError(message: "a sheet of \(count(chosen.count, "frame")) from \(frames.path) would be \(layout.sheet.width)×\(layout.sheet.height) pixels, above the \(limits.maxWidth)×\(limits.maxHeight) limit; pick fewer with --from, --to or --every")
        }
        let sheet = ContactSheet.render(items, scale: scale, title: title, columns: options.columns)
        let bytes = PNGEncoder.encode(sheet)
        try write(bytes, to: out)
        let rows = (items.count + layout.columns - 1) / layout.columns
        let vsyncs = chosen.count == 1 ? "vsync \(chosen[0].frame)" : "vsync \(chosen.first!.frame) to \(chosen.last!.frame)"
        Console.out("wrote \(out) (\(sheet.width)×\(sheet.height)): \(count(items.count, "frame")), \(vsyncs), in \(count(layout.columns, "column")) and \(count(rows, "row")); thumbnails \(layout.thumb.width)×\(layout.thumb.height) (\(scale.description))")
        return ExitStatus.success
    }

    /// The frames `options` pick, in on-screen order; never empty.
    package static func select(_ all: [FramesFolder.Frame], _ options: ContactSheet.Options, in frames: FramesFolder) throws(FramesDataError) -> [FramesFolder.Frame] {
        guard !all.isEmpty else { throw FramesDataError(message: "no frames in \(frames.path) (no frame-*.ppm files); nothing written") }
        var start = 0, end = all.count - 1
        func timed(_ option: String) throws(FramesDataError) {
            if all.contains(where: { $0.present == nil }) {
                throw FramesDataError(message: "\(option) is a time, but \(frames.indexPath) is missing, so when each frame was on screen is unknown; give a frame index instead")
            }
        }
        switch options.from {
        case .frame(let n)?: start = all.firstIndex { $0.frame >= n } ?? all.count
        case .time(let t)?:
            try timed("--from")
            // The frame on screen at t, or the first one when none is yet.
            start = all.lastIndex { $0.present! <= t } ?? 0
        case nil: break
        }
        switch options.to {
        case .frame(let n)?: end = (all.lastIndex { $0.frame <= n }) ?? -1
        case .time(let t)?:
            try timed("--to")
            end = (all.lastIndex { $0.present! <= t }) ?? -1
        case nil: break
        }
        guard start <= end else {
            throw FramesDataError(message: "no frame of \(frames.path) is within --from and --to (it has \(count(all.count, "frame")), vsync \(all.first!.frame) to \(all.last!.frame)); nothing written")
        }
        return stride(from: start, through: end, by: options.every).map { all[$0] }
    }
}
