import RenderModel
import Testing
@testable import Simulation

/// `PresentedHistory`: what each frame showed, kept as changes, answers
/// what a whole tree kept per frame would.
struct PresentedHistoryTests {
    @Test("state(of:at:) equals the tree of the last presentation at or before the time, over 300 seeded random commits")
    func matchesTreesPerFrame() throws {
        var rng = SeededGenerator(seed: 42)
        var tree = LayerTree()
        var history = PresentedHistory()
        var kept: [(time: Int64, tree: LayerTree)] = []
        var sequence: UInt64 = 0
        for frame in 1...300 {
            sequence += 1
            let time = Int64(frame) * 16_666_666
            var ops: [DiffOp] = []
            let id = LayerID(1 + rng.next() % 4)
            if !tree.contains(id) {
                ops = [.create(id), .move(id, parent: 0, index: 0)]
            } else if rng.next() % 10 == 0 {
                ops = [.remove(id)]
            } else {
                switch rng.next() % 3 {
                case 0: ops = [.set(id, .backgroundColor, .color(RGBA(r: Double(rng.next() % 2), g: 0, b: 1)))]
                case 1: ops = [.set(id, .frame, .rect(Rect(x: Double(rng.next() % 5), y: 0, width: 10, height: 10)))]
                default: ops = [.set(id, .opacity, .number(Double(rng.next() % 3) / 2))]
                }
            }
            try tree.apply(CommitDiff(sequence: sequence, time: time, ops: ops)) { history.note($0, at: time) }
            kept.append((time, tree))
        }
        for (time, snapshot) in kept {
            for id: LayerID in 1...4 {
                #expect(history.state(of: id, at: time) == snapshot.state(of: id), "layer \(id) at \(time)")
                #expect(history.state(of: id, at: time + 1) == snapshot.state(of: id))
            }
        }
        #expect(history.state(of: 1, at: 0) == nil)
    }
}

struct SeededGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
