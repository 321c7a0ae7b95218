import LoopSimTrace
import Raster
import RenderModel
import RenderWire
import Testing
@testable import Simulation

/// `PresentedLog` and the compact stores under it: what they give back is
/// what was put in, across chunk boundaries and shared pools.
struct PresentedLogTests {
    @Test("ChunkedArray keeps order and count across chunks of 4,096")
    func chunkedArray() {
        var a = ChunkedArray<Int>()
        #expect(a.isEmpty)
        for i in 0..<10_000 { a.append(i * 3) }
        a.append(contentsOf: [-1, -2])
        #expect(a.count == 10_002)
        #expect(a[0] == 0 && a[4095] == 4095 * 3 && a[4096] == 4096 * 3 && a[9999] == 9999 * 3)
        #expect(Array(a.suffix(2)) == [-1, -2])
        #expect(Array(a) == (0..<10_000).map { $0 * 3 } + [-1, -2])
    }

    @Test("frames and presentations come back as they were noted: file names and hash text made from the integers, pools split per entry")
    func roundTrip() {
        var log = PresentedLog()
        var frames: [PresentedFrame] = []
        var shown: [Presentation] = []
        for i in 0..<5_000 {
            let index = UInt64(i + 2), present = Int64(i + 2) * 16_666_667
            let txns = Array(repeating: i, count: i % 3)
            let colors = i % 2 == 0 ? [RGBA8(r: UInt8(i % 256), g: 1, b: 2, a: 255)] : []
            let hash = UInt64(i) &* 0x9E37_79B9_7F4A_7C15
            log.appendFrame(index: index, present: present, hash: hash, transactions: txns, probeColors: colors, renderDuration: Int64(i % 7))
            frames.append(PresentedFrame(index: index, present: present, file: FrameFolder.fileName(frame: index), hash: Bitmap.hashHex(hash),
                                         transactions: txns, probeColors: colors, renderDuration: Int64(i % 7)))
            let drawn = i % 4 != 3
            let commits = (0..<(i % 4)).map { UInt64(i * 10 + $0) }
            log.appendPresentation(present: present, frame: drawn ? index : nil, commits: commits)
            shown.append(Presentation(present: present, frame: drawn ? index : nil, commits: commits))
        }
        #expect(log.frameCount == 5_000 && log.presentationCount == 5_000)
        #expect(log.frames == frames)
        #expect(log.presentations == shown)
        #expect(log.lastFrame(onScreenAt: frames[100].present + 1) == frames[100])
        #expect(log.lastFrame(onScreenAt: 0) == nil)
        #expect(log.lastPresentation(onScreenAt: shown[3].present) == shown[3])
        #expect(log.lastPresentation(onScreenAt: shown[3].present, drawnOnly: true) == shown[2])
    }

    @Test("the history's value table shares a value only when it is the same bit for bit: 0 and -0 stay apart")
    func valueTableKeepsSignedZeros() {
        var table = ValueTable()
        let zero = table.index(of: .number(0))
        let minusZero = table.index(of: .number(-0.0))
        #expect(zero != minusZero)
        #expect(table[minusZero] == .number(-0.0) && table[minusZero].description == PropertyValue.number(-0.0).description)
        #expect(table.index(of: .number(0)) == zero)
        let red = table.index(of: .color(.red))
        #expect(table.index(of: .color(.red)) == red)
        #expect(table.index(of: .color(RGBA(r: 1, g: -0.0, b: 0, a: 1))) != red)
    }

    @Test("a latency record gives back the latency info it was made of")
    func latencyRecord() {
        let info = TraceEvent.LatencyInfo(txn: 7, frame: 12, start: 100, present: 216_666_767, latency: 216_666_667,
                                          expected: 200_000_100, hitch: 16_666_667, late: .commit)
        #expect(LatencyRecord(info).info == info)
    }
}

