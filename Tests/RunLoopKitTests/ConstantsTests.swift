import LoopSimTestSupport
import RunLoopKit
import Testing

/// docs/reference/run-loop-rules.md §1, "Constants": CF's raw values.
@Suite(.quiescent) struct ConstantsTests {
    @Test("RunLoopActivity raw values are CFRunLoopActivity's")
    func activities() {
        #expect(RunLoopActivity.entry.rawValue == 0x1)
        #expect(RunLoopActivity.beforeTimers.rawValue == 0x2)
        #expect(RunLoopActivity.beforeSources.rawValue == 0x4)
        #expect(RunLoopActivity.beforeWaiting.rawValue == 0x20)
        #expect(RunLoopActivity.afterWaiting.rawValue == 0x40)
        #expect(RunLoopActivity.exit.rawValue == 0x80)
        #expect(RunLoopActivity.allActivities.rawValue == 0x0FFF_FFFF)
        let all: RunLoopActivity = [.entry, .beforeTimers, .beforeSources, .beforeWaiting, .afterWaiting, .exit]
        #expect(RunLoopActivity.allActivities.isSuperset(of: all))
        #expect(all.rawValue == 0xE7)
    }

    @Test("RunResult raw values are CFRunLoopRunResult's")
    func results() {
        #expect(RunResult.finished.rawValue == 1)
        #expect(RunResult.stopped.rawValue == 2)
        #expect(RunResult.timedOut.rawValue == 3)
        #expect(RunResult.handledSource.rawValue == 4)
        #expect(RunResult(rawValue: 1) == .finished)
        #expect(RunResult(rawValue: 4) == .handledSource)
        #expect(RunResult.idle.rawValue != 0 && !(1...4).contains(RunResult.idle.rawValue))
    }

    @Test("TIMER_INTERVAL_LIMIT is 504911232 s")
    func intervalLimit() {
        #expect(Nanoseconds.timerIntervalLimit == 504_911_232 * S)
    }
}
