@testable import RunLoopKit
import Testing

#if LOOPSIM_CHECK_EXCLUSIVITY
/// The build CI makes with `-DLOOPSIM_CHECK_EXCLUSIVITY` checks the hot
/// classes' state (docs/internals/safety.md, "Exclusivity"): this suite exists only
/// there, and proves that the condition reaches the attribute.
@Suite struct ExclusivityTests {
    @Test("built with LOOPSIM_CHECK_EXCLUSIVITY, two overlapping accesses to a hot class's state trap with Swift's message")
    func anOverlapOnHotStateTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let loop = SimRunLoop(context: SimContext())
            loop.hot.detachedUpTo.append(0)
            loop.hot.detachedUpTo.withUnsafeMutableBufferPointer { _ in
                // A write to another field of `hot` while it is being modified.
                loop.hot.blockSeq += 1
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Simultaneous accesses"), "\(stderr)")
    }
}
#endif
