import LoopSimTestSupport
import Foundation
import RenderModel
import RenderWire
import Testing
@testable import Simulation

/// `RenderConnection.send`: large bitmaps leave the commit and travel as
/// shared memory; the server shows the same frame either way.
@Suite(.quiescent) struct RenderConnectionTests {
    /// A 128 × 96 image (48 KiB, above the default threshold) as a layer's
    /// contents, then a second commit that replaces it.
    static func commits() -> [CommitDiff] {
        func image(_ shift: Int) -> Bitmap {
            var b = Bitmap(width: 128, height: 96)
            for y in 0..<96 { for x in 0..<128 { b[x, y] = RGBA8(r: UInt8((x + shift) & 255), g: UInt8(y * 2), b: UInt8(shift), a: 255) } }
            return b
        }
        let id = ImageID(rawValue: 1)
        return [
            CommitDiff(sequence: 1, time: 0, ops: [
                .bitmap(id, image(0)), .create(1), .set(1, .frame, .rect(Rect(x: 10, y: 5, width: 128, height: 96))),
                .set(1, .contents, .image(id)), .move(1, parent: 0, index: 0),
                .bitmap(ImageID(rawValue: 2), Bitmap(width: 2, height: 2, fill: .white)),
            ]),
            CommitDiff(sequence: 2, time: 20_000_000, ops: [.bitmap(id, image(60))]),
        ]
    }

    func frames(threshold: Int) throws -> [UInt64] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-connection-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let connection = try RenderConnection.open(.thread(.renderServer), hello: .init(width: 160, height: 120, refreshHz: 60, background: .black, outputFolder: folder))
        defer { connection.close() }
        connection.sharedBitmapThreshold = threshold
        var hashes: [UInt64] = []
        for (k, diff) in Self.commits().enumerated() {
            try connection.send(.commit(diff))
            let vsync = UInt64(k * 2 + 1)
            try connection.send(.vsync(index: vsync, time: Int64(vsync) * 1_000_000_000 / 60))
            guard case .presented(let p)? = try connection.receive() else { throw RenderConnection.Failure(description: "no presented") }
            #expect(p.firstVisible == [diff.sequence])
            hashes.append(p.frameHash)
        }
        return hashes
    }

    @Test("bitmaps sent as shared memory (every one, or the large ones) give the frames of bitmaps inline")
    func sharedEqualsInline() throws {
        let inline = try frames(threshold: .max)
        #expect(inline.count == 2 && inline[0] != inline[1])
        #expect(try frames(threshold: 16 * 1024) == inline)
        #expect(try frames(threshold: 0) == inline)
    }
}
