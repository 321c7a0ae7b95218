import RenderModel
import RenderWire

/// libFuzzer target: the commit decoder (`CommitCodec.decode`). A diff it
/// accepts must encode back to bytes that decode and encode to the same
/// bytes (compared as bytes: a NaN component is not equal to itself), and must
/// apply to a fresh ``LayerTree`` or be refused with a ``LayerTreeError``.
/// The animations the tree then holds are evaluated at a few times (none may
/// trap or hang), and the springs' settling durations computed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommit(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let diff = try? CommitCodec.decode(bytes) else { return 0 }
    let again = CommitCodec.encode(diff)
    guard let round = try? CommitCodec.decode(again) else {
        fatalError("CommitCodec: a decoded diff re-encodes to bytes it refuses")
    }
    precondition(CommitCodec.encode(round) == again, "CommitCodec: encode(decode(encode(d))) differs from encode(d)")
    var tree = LayerTree()
    _ = try? tree.apply(diff)
    for id in tree.layerIDs {
        let animations = tree.animations(of: id)
        guard !animations.isEmpty, let model = tree.state(of: id) else { continue }
        for t in [-1.0, 0, 0.125, 1, 1e9] {
            _ = animations.presentation(of: model, atLocalTime: t)
        }
        for entry in animations.entries {
            if case .spring(let spring) = entry.animation.content { _ = spring.settlingDuration }
        }
    }
    return 0
}
