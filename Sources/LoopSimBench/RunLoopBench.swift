import CoreFoundation
import Foundation
import RunLoopKit

/// `loopsim bench runloop`: the cost of one run-loop pass in LoopSim and in
/// Foundation's RunLoop (CFRunLoop), doing the same work in the same process.
///
/// - `runloop.observers6`: the six UIKit-profile observers of docs/reference/run-loop-rules.md §11
///   and nothing else; the order-0 BeforeWaiting observer calls WakeUp, so the
///   wait returns at once and every pass is BT BS BW(wait) AW.
/// - `runloop.timer`: a timer due on every pass (LoopSim: a 1 ns interval in
///   virtual time; Foundation: the callout sets the next date in the past).
/// - `runloop.source0`: a version-0 source that re-signals itself.
/// - `runloop.block`: one block enqueued, then a polling run that runs it.
package enum RunLoopBench {
    package static let batch = 1000

    package static func run(runs: Int, peers: Bool, filter: String?) -> [BenchResult] {
        var out: [BenchResult] = []
        func add(_ name: String, _ ours: @autoclosure () -> () -> Void, _ peer: @autoclosure () -> () -> Void) {
            if let filter, !name.contains(filter) { return }
            let ours = ours(), peer = peer()
            let m = measurePair(runs: runs, warmup: max(2, runs / 20), batch: batch, ours: ours, peer: peers ? peer : nil)
            out.append(BenchResult(name: name, unit: "ns/pass", p50: m.ours.p50, p90: m.ours.p90, p99: m.ours.p99, runs: runs, batch: batch,
                                   peer: m.peer?.p50, peerName: "Foundation.RunLoop"))
        }
        add("runloop.observers6", oursObservers(), cfObservers())
        add("runloop.timer", oursTimer(), cfTimer())
        add("runloop.source0", oursSource(), cfSource())
        add("runloop.block", oursBlock(), cfBlock())
        return out
    }

    package static let uikitOrders: [(Int, RunLoopActivity)] = [
        (-2147483647, .entry), (0, .beforeWaiting), (1999000, [.beforeWaiting, .exit]),
        (2000000, [.beforeWaiting, .exit]), (2001000, [.beforeWaiting, .exit]), (2147483647, [.beforeWaiting, .exit]),
    ]

    // MARK: LoopSim

    package static func quietLoop() -> SimRunLoop {
        let loop = SimRunLoop(context: SimContext(), isMain: false)
        loop.options.busyPassLimit = .max
        return loop
    }

    package static func oursObservers() -> () -> Void {
        let loop = quietLoop()
        var passes = 0
        for (order, acts) in uikitOrders {
            let o = SimObserver(name: "uikit\(order)", activities: acts, order: order) { _, activity in
                if order == 0 {
                    passes += 1
                    if passes >= batch { loop.stop() } else { loop.wakeUp() }
                }
            }
            loop.add(o, to: .common)
        }
        loop.add(SimSource(name: "keepalive") { _ in }, to: .default)
        return {
            passes = 0
            _ = try? loop.run(in: .default, timeout: .max)
        }
    }

    package static func oursTimer() -> () -> Void {
        let loop = quietLoop()
        var fires = 0
        let t = SimTimer(name: "t", fireDate: 0, interval: 1, context: loop.context) { _ in
            fires += 1
            if fires >= batch { loop.stop() }
        }
        loop.add(t, to: .default)
        return {
            fires = 0
            _ = try? loop.run(in: .default, timeout: .max)
        }
    }

    package static func oursSource() -> () -> Void {
        let loop = quietLoop()
        var performs = 0
        let ctx = loop.context
        let s = SimSource(name: "s") { s in
            performs += 1
            if performs >= batch { loop.stop() } else { s.signal(in: ctx) }
        }
        loop.add(s, to: .default)
        return {
            performs = 0
            s.signal(in: ctx)
            _ = try? loop.run(in: .default, timeout: .max)
        }
    }

    package static func oursBlock() -> () -> Void {
        let loop = quietLoop()
        final class Counter { var ran = 0 }
        let counter = Counter()
        return {
            for _ in 0..<batch {
                // A fresh closure per block, as on the Foundation side.
                loop.perform(in: .default) { counter.ran += 1 }
                _ = try? loop.run(in: .default, timeout: 0)
            }
        }
    }

    // MARK: Foundation (CFRunLoop underneath RunLoop)

    package static var cfDefault: CFRunLoopMode { kCFRunLoopDefaultMode! }

    /// Foundation's RunLoop.current is backed by this CFRunLoop.
    package static func currentLoop() -> CFRunLoop {
        _ = RunLoop.current
        return CFRunLoopGetCurrent()
    }

    package static func cfObservers() -> () -> Void {
        let rl = currentLoop()
        var passes = 0
        var observers: [CFRunLoopObserver] = []
        for (order, acts) in uikitOrders {
            let o = CFRunLoopObserverCreateWithHandler(nil, CFOptionFlags(acts.rawValue), true, CFIndex(order)) { _, _ in
                if order == 0 {
                    passes += 1
                    if passes >= batch { CFRunLoopStop(rl) } else { CFRunLoopWakeUp(rl) }
                }
            }!
            observers.append(o)
        }
        let keepalive = makeSource { }
        return {
            for o in observers { CFRunLoopAddObserver(rl, o, cfDefault) }
            CFRunLoopAddSource(rl, keepalive, cfDefault)
            passes = 0
            _ = CFRunLoopRunInMode(cfDefault, 1.0e10, false)
            for o in observers { CFRunLoopRemoveObserver(rl, o, cfDefault) }
            CFRunLoopRemoveSource(rl, keepalive, cfDefault)
        }
    }

    package static func cfTimer() -> () -> Void {
        let rl = currentLoop()
        var fires = 0
        return {
            fires = 0
            // Due on every pass: the callout moves the next date into the past
            // (a 1 ns interval would make CF sleep in the kernel until the
            // timerfd fires, measuring timer slack rather than a pass).
            let t = CFRunLoopTimerCreateWithHandler(nil, CFAbsoluteTimeGetCurrent(), 1000, 0, 0) { t in
                fires += 1
                if fires >= batch { CFRunLoopStop(rl) } else { CFRunLoopTimerSetNextFireDate(t, CFAbsoluteTimeGetCurrent() - 1) }
            }!
            CFRunLoopAddTimer(rl, t, cfDefault)
            _ = CFRunLoopRunInMode(cfDefault, 1.0e10, false)
            CFRunLoopTimerInvalidate(t)
        }
    }

    package final class Box { var body: () -> Void = {} }
    package nonisolated(unsafe) static var sourceBoxes: [Box] = []

    package static func makeSource(_ perform: @escaping () -> Void) -> CFRunLoopSource {
        let box = Box()
        box.body = perform
        sourceBoxes.append(box)
        var ctx = CFRunLoopSourceContext()
        ctx.info = Unmanaged.passUnretained(box).toOpaque()
        ctx.perform = { info in Unmanaged<Box>.fromOpaque(info!).takeUnretainedValue().body() }
        return CFRunLoopSourceCreate(nil, 0, &ctx)
    }

    package static func cfSource() -> () -> Void {
        let rl = currentLoop()
        var performs = 0
        var source: CFRunLoopSource?
        source = makeSource {
            performs += 1
            if performs >= batch { CFRunLoopStop(rl) } else { CFRunLoopSourceSignal(source) }
        }
        return {
            performs = 0
            CFRunLoopAddSource(rl, source, cfDefault)
            CFRunLoopSourceSignal(source)
            _ = CFRunLoopRunInMode(cfDefault, 1.0e10, false)
            CFRunLoopRemoveSource(rl, source, cfDefault)
        }
    }

    package static func cfBlock() -> () -> Void {
        let rl = currentLoop()
        var ran = 0
        return {
            for _ in 0..<batch {
                CFRunLoopPerformBlock(rl, cfDefault) { ran += 1 }
                _ = CFRunLoopRunInMode(cfDefault, 0, false)
            }
        }
    }
}
