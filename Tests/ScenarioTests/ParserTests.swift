import LoopSimTestSupport
import Foundation
import Testing
@testable import Scenario

func parseScenario(_ source: String) throws -> ScenarioFile {
    try ScenarioParser.parse(source, path: "t.loop")
}

func loc(_ line: Int, _ column: Int) -> Scenario.SourceLocation {
    Scenario.SourceLocation(file: "t.loop", line: line, column: column)
}

/// The actions of `body` (lines without indentation) inside a source's block,
/// with a timer `t`, source `s`, port `p`, observer `o` and mode `tracking`
/// declared after it.
private func actions(_ body: String) throws -> [Action] {
    let indented = body.split(separator: "\n", omittingEmptySubsequences: false)
        .map { "    " + $0 }.joined(separator: "\n")
    let file = try parseScenario("""
    source s:
    \(indented)
    timer t after=1s:
        wake
    port p:
        wake
    observer o on=all:
        wake
    mode tracking
    """)
    guard case .source(let source) = file.statements.first else {
        Issue.record("no source")
        return []
    }
    return source.body
}

private func actionKinds(_ body: String) throws -> [ActionKind] {
    try actions(body).map(\.kind)
}

/// `sleep TEXT` in nanoseconds, with an optional display refresh rate.
private func nanoseconds(_ text: String, hz: Int? = nil) throws -> Int64 {
    let display = hz.map { "\ndisplay hz=\($0)" } ?? ""
    let file = try parseScenario("source s:\n    sleep \(text)\(display)")
    guard case .source(let source) = file.statements[0], case .sleep(let ns) = source.body[0].kind else {
        Issue.record("no sleep")
        return -1
    }
    return ns
}

private func background(_ color: String) throws -> [UInt8] {
    try parseScenario("display background=\(color)").display.background
}

@Suite(.quiescent) struct ParserTests {
    // MARK: Values

    static let durations: [(String, Int64)] = [
        ("0", 0), ("0.0", 0), ("0ms", 0), ("0frames", 0),
        ("5ns", 5), ("100us", 100_000), ("1.25us", 1_250), ("250ms", 250_000_000),
        ("16.667ms", 16_667_000), ("1.5s", 1_500_000_000), ("007ms", 7_000_000),
        ("0.000000001s", 1), ("1.000000000000000000000000s", 1_000_000_000),
        ("10min", 600_000_000_000), ("0.5min", 30_000_000_000), ("0.00000000005min", 3),
        ("9223372036854775807ns", Int64.max), ("9223372036.854775807s", Int64.max),
        ("2frames", 33_333_333), ("1frames", 16_666_666), ("1frame", 16_666_666),
        ("60frames", 1_000_000_000), ("3.0frames", 50_000_000),
    ]

    @Test func durationsAreExact() throws {
        for (text, expected) in Self.durations {
            #expect(try nanoseconds(text) == expected, "\(text)")
        }
    }

    @Test func framesUseTheDisplayRateEvenWhenDeclaredLater() throws {
        #expect(try nanoseconds("2frames", hz: 120) == 16_666_666)
        #expect(try nanoseconds("3frames", hz: 30) == 100_000_000)
        #expect(try nanoseconds("2frames", hz: 1000) == 2_000_000)
        #expect(try nanoseconds("9223372036frames", hz: 1) == 9_223_372_036_000_000_000)
        // N × 1e9 overflows 64 bits but the result fits.
        #expect(try nanoseconds("20000000000frames", hz: 4) == 5_000_000_000_000_000_000)
    }

    static let namedColours: [(String, [UInt8])] = [
        ("black", [0, 0, 0, 255]), ("white", [255, 255, 255, 255]), ("gray", [128, 128, 128, 255]),
        ("darkGray", [85, 85, 85, 255]), ("lightGray", [170, 170, 170, 255]),
        ("red", [255, 0, 0, 255]), ("green", [0, 255, 0, 255]), ("blue", [0, 0, 255, 255]),
        ("yellow", [255, 255, 0, 255]), ("orange", [255, 128, 0, 255]), ("purple", [128, 0, 128, 255]),
        ("cyan", [0, 255, 255, 255]), ("magenta", [255, 0, 255, 255]), ("brown", [153, 102, 51, 255]),
        ("clear", [0, 0, 0, 0]),
    ]

    @Test func namedColoursRoundExactly() throws {
        #expect(Self.namedColours.count == Parser.namedColors.count)
        for (name, bytes) in Self.namedColours {
            #expect(try background(name) == bytes, "\(name)")
        }
    }

    @Test func hexColours() throws {
        #expect(try background("#102030") == [16, 32, 48, 255])
        #expect(try background("#a0B0c0d0") == [160, 176, 192, 208])
    }

    // MARK: Setup

    @Test func emptyFileHasTheDefaultDisplay() throws {
        let file = try parseScenario("# nothing here\n\n")
        #expect(file.statements.isEmpty)
        #expect(file.path == "t.loop")
        let display = file.display
        #expect((display.width, display.height, display.hz, display.background) == (320, 240, 60, [0, 0, 0, 255]))
    }

    @Test func display() throws {
        let file = try parseScenario("display size=(200, 100) hz=120 background=lightGray  # comment")
        #expect(file.statements == [.display(DisplayDecl(width: 200, height: 100, hz: 120,
                                                         background: [170, 170, 170, 255], location: loc(1, 1)))])
        #expect(try parseScenario("display").statements == [.display(DisplayDecl(location: loc(1, 1)))])
        #expect(try parseScenario("display size=(16384,1) hz=1").display.width == 16384)
    }

    @Test func modes() throws {
        let file = try parseScenario("mode tracking common\nmode modal-panel")
        #expect(file.statements == [
            .mode(name: "tracking", common: true, location: loc(1, 1)),
            .mode(name: "modal-panel", common: false, location: loc(2, 1)),
        ])
    }

    // MARK: Run-loop objects

    @Test func repeatingTimerDefaults() throws {
        let file = try parseScenario("timer tick every=1s:\n    log \"tick\"")
        #expect(file.statements == [.timer(TimerDecl(
            name: "tick", interval: 1_000_000_000, firstFire: nil, after: nil, tolerance: 0,
            modes: [.default], body: [Action(.log("tick"), at: loc(2, 5))], location: loc(1, 1)))])
    }

    @Test func timerOptions() throws {
        let file = try parseScenario("""
        mode tracking
        timer a every=2frames at=1s tolerance=100us mode=default,common,tracking:
            wake
        timer b at=250ms:
            wake
        timer c after=0 mode=common:
            wake
        """)
        guard case .timer(let a) = file.statements[1], case .timer(let b) = file.statements[2],
              case .timer(let c) = file.statements[3] else {
            Issue.record("expected timers")
            return
        }
        #expect((a.interval, a.firstFire, a.after, a.tolerance) == (33_333_333, 1_000_000_000, nil, 100_000))
        #expect(a.modes == [.default, .common, .named("tracking")])
        #expect((b.interval, b.firstFire, b.after) == (0, 250_000_000, nil))
        #expect((c.interval, c.firstFire, c.after, c.modes) == (0, nil, 0, [.common]))
    }

    @Test func sourcesAndPorts() throws {
        let file = try parseScenario("""
        source wakeup order=-2147483648 mode=common:
            log "woken"
        port net order=2147483647:
            log "message"
        source plain:
            stop
        """)
        #expect(file.statements == [
            .source(SourceDecl(name: "wakeup", order: -2_147_483_648, modes: [.common],
                               body: [Action(.log("woken"), at: loc(2, 5))], location: loc(1, 1))),
            .port(PortDecl(name: "net", order: 2_147_483_647, modes: [.default],
                           body: [Action(.log("message"), at: loc(4, 5))], location: loc(3, 1))),
            .source(SourceDecl(name: "plain", order: 0, modes: [.default],
                               body: [Action(.stop, at: loc(6, 5))], location: loc(5, 1))),
        ])
    }

    @Test func observers() throws {
        let file = try parseScenario("""
        observer probe on=exit, beforeWaiting order=100 once mode=common:
            log "about to sleep"
        observer all on=all:
            wake
        observer few on=afterWaiting,entry,beforeSources,beforeTimers order=-2147483647:
            wake
        """)
        #expect(file.statements[0] == .observer(ObserverDecl(
            name: "probe", activities: [.beforeWaiting, .exit], order: 100, repeats: false, modes: [.common],
            body: [Action(.log("about to sleep"), at: loc(2, 5))], location: loc(1, 1))))
        guard case .observer(let all) = file.statements[1], case .observer(let few) = file.statements[2] else {
            Issue.record("expected observers")
            return
        }
        #expect(all.activities == ActivityName.allCases)
        #expect(all.repeats && all.order == 0 && all.modes == [.default])
        #expect(few.activities == [.entry, .beforeTimers, .beforeSources, .afterWaiting])
        #expect(few.order == -2_147_483_647)
    }

    // MARK: Outside events

    @Test func atStatements() throws {
        let file = try parseScenario("""
        at 1s:
            log "tap"
        at 2s send net
        at 2.5s signal wakeup
        at 2.5s signal wakeup nowake
        at 3s wake
        at 4s async main:
            stop
        at 5s perform mode=tracking:
            wake
        at 6s perform:
            wake
        port net:
            wake
        source wakeup:
            wake
        mode tracking
        """)
        let events = file.statements.compactMap { statement -> ExternalEvent? in
            if case .at(let event) = statement { return event }
            return nil
        }
        #expect(events.map(\.time) == [1, 2, 2.5, 2.5, 3, 4, 5, 6].map { Int64($0 * 1_000_000_000) })
        #expect(events.map(\.kind) == [
            .input(body: [Action(.log("tap"), at: loc(2, 5))]),
            .send(port: "net"),
            .signal(source: "wakeup", wake: true),
            .signal(source: "wakeup", wake: false),
            .wake,
            .asyncMain(body: [Action(.stop, at: loc(8, 5))]),
            .perform(modes: [.named("tracking")], body: [Action(.wake, at: loc(10, 5))]),
            .perform(modes: [.default], body: [Action(.wake, at: loc(12, 5))]),
        ])
        #expect(events.map(\.location) == [loc(1, 1), loc(3, 1), loc(4, 1), loc(5, 1), loc(6, 1), loc(7, 1),
                                           loc(9, 1), loc(11, 1)])
    }

    // MARK: Driving the loop

    @Test func runStatements() throws {
        let file = try parseScenario("""
        run until=6s
        run for=500ms mode=tracking
        run iterations=3
        run until=idle
        run until=idle max=5s returnAfterSource
        run for=1s returnAfterSource
        run
        run mode=default until=0
        mode tracking
        """)
        let runs = file.statements.compactMap { statement -> RunCommand? in
            if case .run(let run) = statement { return run }
            return nil
        }
        #expect(runs == [
            RunCommand(limit: .until(6_000_000_000), location: loc(1, 1)),
            RunCommand(limit: .duration(500_000_000), mode: "tracking", location: loc(2, 1)),
            RunCommand(limit: .iterations(3), location: loc(3, 1)),
            RunCommand(limit: .idle(max: 600_000_000_000), location: loc(4, 1)),
            RunCommand(limit: .idle(max: 5_000_000_000), returnAfterSource: true, location: loc(5, 1)),
            RunCommand(limit: .duration(1_000_000_000), returnAfterSource: true, location: loc(6, 1)),
            RunCommand(limit: .forever, location: loc(7, 1)),
            RunCommand(limit: .until(0), location: loc(8, 1)),
        ])
    }

    @Test func expectations() throws {
        let file = try parseScenario("expect log \"done\" at=1.25s\nexpect log \"any time\"")
        #expect(file.statements == [
            .expect(Expectation(kind: .log(text: "done", at: 1_250_000_000), location: loc(1, 1))),
            .expect(Expectation(kind: .log(text: "any time", at: nil), location: loc(2, 1))),
        ])
    }

    // MARK: Actions

    @Test func simpleActions() throws {
        let kinds = try actionKinds("""
        log "a \\"quoted\\" \\\\ text"
        sleep 3s
        signal s
        signal s nowake
        wake
        stop
        invalidate t
        invalidate o
        invalidate p
        invalidate s
        reschedule t at=2s
        send p
        """)
        #expect(kinds == [
            .log(#"a "quoted" \ text"#), .sleep(3_000_000_000), .signal(source: "s", wake: true),
            .signal(source: "s", wake: false), .wake, .stop, .invalidate("t"), .invalidate("o"),
            .invalidate("p"), .invalidate("s"), .reschedule(timer: "t", at: 2_000_000_000), .send(port: "p"),
        ])
    }

    @Test func actionLocations() throws {
        let body = try actions("wake\n  \n# comment\nstop")
        #expect(body.map(\.location) == [loc(2, 5), loc(5, 5)])
    }

    @Test func nestedBlocksAndRuns() throws {
        let kinds = try actionKinds("""
        perform mode=tracking,common:
            async main:
                run mode=tracking for=2s returnAfterSource
                run until=3s
                run iterations=2
                run
            perform:
                stop
        async main:
            log "later"
        """)
        #expect(kinds == [
            .perform(modes: [.named("tracking"), .common], body: [
                Action(.asyncMain(body: [
                    Action(.run(RunCommand(limit: .duration(2_000_000_000), mode: "tracking", returnAfterSource: true,
                                           location: loc(4, 13))), at: loc(4, 13)),
                    Action(.run(RunCommand(limit: .until(3_000_000_000), location: loc(5, 13))), at: loc(5, 13)),
                    Action(.run(RunCommand(limit: .iterations(2), location: loc(6, 13))), at: loc(6, 13)),
                    Action(.run(RunCommand(limit: .forever, location: loc(7, 13))), at: loc(7, 13)),
                ]), at: loc(3, 9)),
                Action(.perform(modes: [.default], body: [Action(.stop, at: loc(9, 13))]), at: loc(8, 9)),
            ]),
            .asyncMain(body: [Action(.log("later"), at: loc(11, 9))]),
        ])
    }

    @Test func spacingAroundOptionsIsFree() throws {
        let file = try parseScenario("mode a\nsource s order = 3 mode = a , common :\n    wake")
        guard case .source(let source) = file.statements[1] else {
            Issue.record("expected a source")
            return
        }
        #expect(source.order == 3 && source.modes == [.named("a"), .common])
    }

    @Test func namesMayBeUsedBeforeTheirDeclaration() throws {
        let file = try parseScenario("""
        at 1s signal later
        run mode=scrolling for=1s
        source later mode=scrolling:
            send net
        port net:
            reschedule tick at=0
        timer tick every=1s:
            invalidate net
        mode scrolling
        """)
        #expect(file.statements.count == 6)
    }

    @Test func keywordsMayBeNames() throws {
        let file = try parseScenario("source run:\n    signal run\nport at:\n    send at")
        #expect(file.statements.count == 2)
    }

    @Test func aFullScenario() throws {
        let source = """
        # A tap blocks the main thread; a timer fires late.
        display size=(200,100) hz=60
        mode tracking common

        timer tick every=100ms at=1s mode=common:
            log "tick"

        observer probe on=beforeWaiting once:
            log "about to sleep"

        at 1s:
            log "tap"
            sleep 3s
            log "tap done"

        run until=6s
        expect log "tap done" at=1s
        """
        let file = try parseScenario(source)
        #expect(file.statements == [
            .display(DisplayDecl(width: 200, height: 100, hz: 60, location: loc(2, 1))),
            .mode(name: "tracking", common: true, location: loc(3, 1)),
            .timer(TimerDecl(name: "tick", interval: 100_000_000, firstFire: 1_000_000_000, after: nil, tolerance: 0,
                             modes: [.common], body: [Action(.log("tick"), at: loc(6, 5))], location: loc(5, 1))),
            .observer(ObserverDecl(name: "probe", activities: [.beforeWaiting], order: 0, repeats: false,
                                   modes: [.default], body: [Action(.log("about to sleep"), at: loc(9, 5))],
                                   location: loc(8, 1))),
            .at(ExternalEvent(time: 1_000_000_000, kind: .input(body: [
                Action(.log("tap"), at: loc(12, 5)),
                Action(.sleep(3_000_000_000), at: loc(13, 5)),
                Action(.log("tap done"), at: loc(14, 5)),
            ]), location: loc(11, 1))),
            .run(RunCommand(limit: .until(6_000_000_000), location: loc(16, 1))),
            .expect(Expectation(kind: .log(text: "tap done", at: 1_000_000_000), location: loc(17, 1))),
        ])
    }

    @Test func windowsLineEndingsAndByteOrderMark() throws {
        let file = try parseScenario("\u{FEFF}at 1s:\r\n    wake\r\nrun\r\n")
        #expect(file.statements == [
            .at(ExternalEvent(time: 1_000_000_000, kind: .input(body: [Action(.wake, at: loc(2, 5))]),
                              location: loc(1, 1))),
            .run(RunCommand(limit: .forever, location: loc(3, 1))),
        ])
    }

    // MARK: Files

    private func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "scenario-\(UUID().uuidString).loop"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func parseFile() throws {
        let path = try temporaryFile(Array("run for=1s\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try ScenarioParser.parseFile(atPath: path)
        #expect(file.path == path)
        #expect(file.statements == [.run(RunCommand(limit: .duration(1_000_000_000),
                                                    location: Scenario.SourceLocation(file: path, line: 1, column: 1)))])
    }

    @Test func parseFileReportsInvalidUTF8AtTheByte() throws {
        let path = try temporaryFile(Array("run\nlog \"é".utf8) + [0xFF] + Array("\"\r\nrun".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: Diagnostic(location: Scenario.SourceLocation(file: path, line: 2, column: 7),
                                   message: "invalid UTF-8 (byte 0xFF)", sourceLine: "log \"é\u{FFFD}\"")) {
            try ScenarioParser.parseFile(atPath: path)
        }
    }

    @Test func parseFileIgnoresAByteOrderMarkInColumns() throws {
        let path = try temporaryFile([0xEF, 0xBB, 0xBF] + Array("ru".utf8) + [0x80])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: Diagnostic(location: Scenario.SourceLocation(file: path, line: 1, column: 3),
                                   message: "invalid UTF-8 (byte 0x80)", sourceLine: "ru\u{FFFD}")) {
            try ScenarioParser.parseFile(atPath: path)
        }
    }

    @Test func parseFileReportsUnreadableFiles() throws {
        let missing = NSTemporaryDirectory() + "no-such-\(UUID().uuidString).loop"
        #expect(throws: Diagnostic(location: Scenario.SourceLocation(file: missing, line: 1, column: 1),
                                   message: "cannot read the scenario file: No such file or directory",
                                   sourceLine: "", fileProblem: .missing)) {
            try ScenarioParser.parseFile(atPath: missing)
        }
        let directory = NSTemporaryDirectory()
        #expect(throws: Diagnostic(location: Scenario.SourceLocation(file: directory, line: 1, column: 1),
                                   message: "cannot read the scenario file: Is a directory", sourceLine: "", fileProblem: .unreadable)) {
            try ScenarioParser.parseFile(atPath: directory)
        }
    }
}
