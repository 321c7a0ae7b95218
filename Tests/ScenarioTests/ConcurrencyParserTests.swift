import Testing
@testable import Scenario

/// The task statements' parse errors (docs/reference/concurrency.md, "The
/// language"): each at the offending token. Line 3 is the first line after
/// the test head.
@Suite struct ConcurrencyParserTests {
    typealias C = ConcurrencyTests

    struct Case: Sendable, CustomTestStringConvertible {
        var body: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { message }
    }

    static let cases: [Case] = [
        Case(body: "at 1s:\n    await yield\n", line: 4, column: 5,
             message: "`await` is only allowed in a task body (this block is synchronous)"),
        Case(body: "at 1s:\n    task t:\n        await main:\n            await yield\n", line: 6, column: 13,
             message: "`await` is only allowed in a task body (this block is synchronous)"),
        Case(body: "at 1s:\n    task t:\n        await continuation c:\n            await yield\n", line: 6, column: 13,
             message: "`await` is only allowed in a task body (this block is synchronous)"),
        Case(body: "at 1s:\n    async let f:\n        log \"x\"\n", line: 4, column: 5,
             message: "`async let` is only allowed in a task body (this block is synchronous)"),
        Case(body: "at 1s:\n    task t detached:\n        needsLayout box\n", line: 5, column: 9,
             message: "`needsLayout` changes the UI and must run on the main actor; wrap it in `await main:`"),
        Case(body: "at 1s:\n    task t:\n        async let f:\n            set box.opacity = 0\n", line: 6, column: 13,
             message: "`set` changes the UI and must run on the main actor; wrap it in `await main:`"),
        Case(body: "at 1s:\n    task t detached:\n        task u:\n            begin\n", line: 6, column: 13,
             message: "`begin` changes the UI and must run on the main actor; wrap it in `await main:`"),
        Case(body: "at 1s:\n    task t detached:\n        await continuation c:\n            run for=1s\n", line: 6, column: 13,
             message: "`run` changes the UI and must run on the main actor; wrap it in `await main:`"),
        Case(body: "host h:\n    state v = red\n    body:\n        log \"b\"\nat 1s:\n    task t detached:\n        state h.v = blue\n", line: 9, column: 9,
             message: "`state` changes the UI and must run on the main actor; wrap it in `await main:`"),
        Case(body: "at 1s:\n    task t:\n        group:\n            log \"a\"\n            set box.opacity = 0\n", line: 7, column: 13,
             message: "a `group:` block holds only `addTask` and `log`, found `set`"),
        Case(body: "at 1s:\n    task t:\n        addTask g:\n            log \"a\"\n", line: 5, column: 9,
             message: "`addTask` belongs directly in a `group:` block"),
        Case(body: "at 1s:\n    task t detached main:\n        log \"a\"\n", line: 4, column: 21,
             message: "`detached` and `main` exclude each other: give at most one of detached, immediate and main"),
        Case(body: "at 1s:\n    cancel nope\n", line: 4, column: 12, message: "unknown task 'nope'"),
        Case(body: "at 1s cancel nope\n", line: 3, column: 14, message: "unknown task 'nope'"),
        Case(body: "at 1s resume cc\n", line: 3, column: 14, message: "unknown continuation 'cc'"),
        Case(body: "at 1s:\n    task t:\n        await continuation c\nat 2s:\n    resume d\n", line: 7, column: 12,
             message: "unknown continuation or display link 'd'; did you mean 'c'?"),
        Case(body: "at 1s:\n    task t:\n        await continuation c\n    cancel c\n", line: 6, column: 12,
             message: "'c' is a continuation, but `cancel` needs a task or an async let or a group child"),
        Case(body: "at 1s:\n    task t:\n        await value box\n", line: 5, column: 21,
             message: "'box' is a view, but `await value` needs a task or an async let"),
        Case(body: "at 1s:\n    task t:\n        log \"a\"\nat 2s:\n    task t:\n        log \"b\"\n", line: 7, column: 10,
             message: "'t' is already declared (as a task on line 4)"),
        Case(body: "at 1s:\n    task t:\n        await frob\n", line: 5, column: 15,
             message: "expected yield, sleep, background, main, continuation or value after `await`, found 'frob'"),
        Case(body: "at 1s:\n    task t:\n        await sleep\n", line: 5, column: 20,
             message: "expected a duration after `await sleep`, like await sleep 100ms"),
        Case(body: "pool cores=0\n", line: 3, column: 12, message: "cores must be between 1 and 1024"),
        Case(body: "pool hop=1ms\npool cores=2\n", line: 4, column: 1, message: "only one `pool` statement is allowed (the first is on line 3)"),
        Case(body: "at 1s:\n    task t:\n        log \"a\"\nexpect task t ended result=maybe\n", line: 6, column: 28,
             message: "result= is returned or cancelled, found 'maybe'"),
        Case(body: "at 1s:\n    task t:\n        log \"a\"\nexpect task t done\n", line: 6, column: 13,
             message: "expected `ended` after the task's name, like expect task t ended at=2s"),
        Case(body: "expect task nope ended\n", line: 3, column: 13, message: "unknown task 'nope'"),
        Case(body: "at 1s:\n    task t:\n        log \"a\"\n    pool cores=1\n", line: 6, column: 5,
             message: "`pool` is part of the setup and must be at the top level, not inside a block"),
    ]

    @Test("each bad task statement is a positioned error", arguments: cases)
    func positionedErrors(_ c: Case) throws {
        let error = try #require(C.parseError(c.body))
        #expect(error.message == c.message)
        #expect(error.location.line == c.line && error.location.column == c.column, "\(error)")
    }

    @Test("the statements of docs/reference/concurrency.md parse into their actions")
    func parsesTheStatements() throws {
        let file = try ScenarioParser.parse(C.head + """
            pool cores=4 hop=1ms
            at 1s:
                task t immediate:
                    await sleep 100ms tolerance=10ms nothrow
                    await continuation c
            at 2s resume c
            expect task t ended at=2s result=returned
            """, path: "tasks.loop")
        #expect(file.pool == PoolDecl(cores: 4, hop: 1_000_000, location: SourceLocation(file: "tasks.loop", line: 3, column: 1)))
        guard case .at(let e) = file.statements[3], case .input(let body) = e.kind,
              case .task(.task("t", .immediate, let taskBody)) = body.first?.kind else {
            Issue.record("not a task: \(file.statements[3])")
            return
        }
        #expect(taskBody.map(\.kind) == [.task(.await(.sleep(100_000_000, tolerance: 10_000_000, nothrow: true))),
                                         .task(.await(.continuation(name: "c", body: nil)))])
        guard case .at(let r) = file.statements[4] else { return }
        #expect(r.kind == .resume(continuation: "c"))
        guard case .expect(let x) = file.statements[5] else { return }
        #expect(x.kind == .taskEnded(task: "t", at: 2_000_000_000, result: .returned))
    }
}
