import Foundation
import LoopSimSystem
import Raster
@testable import RenderServer
import Testing

/// The frame buffers that go round between the session and the writing
/// thread (`FolderFrameOutput.write(frame:ppm:changed:indexLine:)`,
/// docs/internals/render-server.md "Files"): every file holds the bytes the session
/// had for its frame, whichever buffer, how stale, it was given back.
struct FrameBuffersTests {
    static let width = 37, height = 23, header = 15

    /// A frame changed from `previous` in `count` random rectangles (some
    /// reaching past the edges), and the rectangles.
    static func changed(_ previous: [UInt8], count: Int, _ rng: inout SplitMix64) -> ([UInt8], [PixelRect]) {
        var next = previous
        var rects: [PixelRect] = []
        for _ in 0..<count {
            let r = PixelRect(x: Int.random(in: -4..<width, using: &rng), y: Int.random(in: -4..<height, using: &rng),
                              width: Int.random(in: 0...12, using: &rng), height: Int.random(in: 0...9, using: &rng))
            rects.append(r)
            let value = UInt8.random(in: 0...255, using: &rng)
            let x0 = max(r.x, 0), x1 = min(r.x + r.width, width), y0 = max(r.y, 0), y1 = min(r.y + r.height, height)
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 {
                for x in x0..<x1 {
                    for c in 0..<3 { next[header + (y * width + x) * 3 + c] = value &+ UInt8(c) }
                }
            }
        }
        return (next, rects)
    }

    @Test("200 frames with random damage, some taken by the copying write: every file is its frame, byte for byte")
    func everyFileIsItsFrame() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lsb-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let output = try FolderFrameOutput(folder: dir)
        var rng = SplitMix64(seed: 0xB0FF_E125)
        var expected = [UInt8](repeating: 7, count: Self.header + Self.width * Self.height * 3)
        var session = expected          // the session's buffer, which the output swaps
        var frames: [[UInt8]] = []
        for frame in 1...200 {
            let (next, rects) = Self.changed(expected, count: Int.random(in: 0...4, using: &rng), &rng)
            // The session changes its own buffer only where the frame changed.
            let changes = P6Changes(headerCount: Self.header, width: Self.width, rects: rects)
            FolderFrameOutput.copy(changes, from: next, into: &session)
            let upToDate = session == next     // compared first: a failure names the frame, not 2,500 bytes
            #expect(upToDate, "frame \(frame): the buffer given back before did not hold the previous frame")
            expected = next
            frames.append(next)
            if frame % 37 == 0 {
                try output.write(frame: UInt64(frame), ppm: session) { "{}" }   // no changes known
            } else {
                try output.write(frame: UInt64(frame), ppm: &session, changed: changes) { "{}" }
            }
            // Now and then the writer falls behind: buffers come back older.
            if frame % 11 == 0 { try output.flush() }
        }
        try output.flush()
        let last = session == expected
        #expect(last)
        for (i, bytes) in frames.enumerated() {
            let name = FolderFrameOutput.fileName(frame: UInt64(i + 1))
            let same = try FileSystem.readFile(dir + "/" + name) == bytes
            #expect(same, "\(name) does not hold its frame")
        }
    }
}
