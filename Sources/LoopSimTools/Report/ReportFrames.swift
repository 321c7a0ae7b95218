import Foundation
import LoopSimTrace
import Raster
import RenderModel

/// The frames a report embeds: which ones (at most `maxFrames`), their
/// thumbnails and full-size images as PNG `data:` URIs (`PNGEncoder`), each
/// image once however many frames share its hash.
package struct ReportFrames {
    /// Full-size images past this many bytes (PNG, before base64) are left
    /// out; the viewer then shows the thumbnail enlarged.
    package static let fullSizeBudget = 24 << 20

    /// The frames, in on-screen order, as the page reads them.
    package var frames: [JSONTree] = []
    /// The images (data URIs), referred to by index from ``frames``.
    package var images: [String] = []
    /// How many frames the folder holds, and what the selection left out.
    package var total = 0
    package var note: String?

    /// Picks and encodes the frames of `folder`; `trace` gives each its
    /// latch and render time. A frame that the index lists but whose file
    /// is missing, or a file that does not decode, is an error naming it.
    package init(folder: FramesFolder?, trace: [Int64: TraceEvent.FrameInfo], maxFrames: Int) throws(FramesDataError) {
        guard let folder else { return }
        let files = try folder.frameFiles()
        let onDisk = Set(files.map(\.file))
        var entries: [FrameIndexEntry] = []
        if let index = try folder.index() {
            for entry in index where !onDisk.contains(entry.file) {
                throw FramesDataError(message: "\(folder.indexPath) lists \(entry.file), which is not in \(folder.path)")
            }
            entries = index
        } else {
            entries = files.map { FrameIndexEntry(frame: UInt64($0.frame), present: trace[Int64($0.frame)]?.present ?? 0, file: $0.file) }
        }
        total = entries.count
        let chosen = Self.select(entries, max: maxFrames)
        if chosen.count < entries.count {
            note = "showing \(chosen.count) of \(entries.count) frames: evenly spaced, and every frame that shows a transaction first (loopsim report --max-frames N)"
        }
        var byHash: [String: (thumb: Int, full: Int?)] = [:]
        var fullBytes = 0, leftOut = 0
        for entry in chosen {
            let path = folder.filePath(entry.file)
            let key = entry.hash ?? path
            if byHash[key] == nil {
                let bitmap = try FramesInspector.loadImage(path)
                let shrink = Self.thumbnailShrink(width: bitmap.width, height: bitmap.height)
                var full: Int?
                if shrink > 1 {
                    let png = PNGEncoder.encode(bitmap, compression: .runs)
                    if fullBytes + png.count <= Self.fullSizeBudget {
                        fullBytes += png.count
                        full = append(png)
                    } else {
                        leftOut += 1
                    }
                }
                let thumb = append(PNGEncoder.encode(shrink > 1 ? bitmap.downscaled(by: shrink) : bitmap, compression: .runs))
                byHash[key] = (thumb, full)
            }
            let image = byHash[key]!
            let info = trace[Int64(entry.frame)]
            let txns: [UInt64] = entry.txns ?? info.map { $0.txns.map { UInt64($0) } } ?? []
            let latch: JSONTree = info.map { .int($0.latch) } ?? .null
            let damage: JSONTree = entry.damage.map(Self.rect) ?? .null
            let rects: JSONTree = .array((entry.rects ?? []).map(Self.rect))
            let full: JSONTree = image.full.map { .int(Int64($0)) } ?? .null
            var members: [(String, JSONTree)] = [("frame", .int(Int64(entry.frame))), ("present", .int(entry.present))]
            members += [("latch", latch), ("render", .int(info?.render ?? 0)), ("file", .string(entry.file))]
            members += [("hash", .optional(entry.hash ?? info?.hash)), ("txns", .ints(txns.map { Int64($0) }))]
            members += [("damage", damage), ("rects", rects), ("thumb", .int(Int64(image.thumb))), ("full", full)]
            frames.append(.object(members))
        }
        if leftOut > 0 {
            note = (note.map { $0 + "; " } ?? "") + "\(leftOut) full-size images left out past \(Self.fullSizeBudget >> 20) MiB (their thumbnails are shown enlarged)"
        }
    }

    private static func rect(_ r: FrameIndexEntry.Rect) -> JSONTree {
        .ints([Int64(r.x), Int64(r.y), Int64(r.width), Int64(r.height)])
    }

    private mutating func append(_ png: [UInt8]) -> Int {
        images.append("data:image/png;base64," + Data(png).base64EncodedString())
        return images.count - 1
    }

    /// The box a thumbnail fits in, pixels.
    package static let thumbnailBox = (width: 240, height: 160)

    /// The whole factor that fits a frame in ``thumbnailBox`` (1 when it
    /// fits): smaller frames are enlarged by the page, crisp
    /// (`image-rendering: pixelated`).
    package static func thumbnailShrink(width: Int, height: Int) -> Int {
        let box = thumbnailBox
        return max(1, (width + box.width - 1) / box.width, (height + box.height - 1) / box.height)
    }

    /// `max` of `entries` when there are more, in order: the frames that
    /// show a transaction first (up to half of them), then evenly spaced
    /// others, starting with the first of them.
    package static func select(_ entries: [FrameIndexEntry], max: Int) -> [FrameIndexEntry] {
        guard entries.count > max else { return entries }
        var keep = Set<Int>()
        for (i, e) in entries.enumerated() where !(e.txns ?? []).isEmpty && keep.count < max / 2 { keep.insert(i) }
        // Evenly spaced among the others: distinct, as there are more of
        // them than room.
        let others = entries.indices.filter { !keep.contains($0) }
        let room = max - keep.count
        for k in 0..<room { keep.insert(others[k * others.count / room]) }
        return keep.sorted().map { entries[$0] }
    }
}
