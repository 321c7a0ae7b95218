import LoopSimTestSupport
import Testing
@testable import Scenario

func parseError(_ source: String) -> Diagnostic? {
    do {
        _ = try ScenarioParser.parse(source, path: "t.loop")
        return nil
    } catch {
        return error
    }
}

struct ErrorCase: Sendable, CustomTestStringConvertible {
    var source: String
    var line: Int
    var column: Int
    var message: String

    init(_ source: String, _ line: Int, _ column: Int, _ message: String) {
        self.source = source
        self.line = line
        self.column = column
        self.message = message
    }

    var testDescription: String { source.replacingOccurrences("\n", "⏎") }
}

private extension String {
    func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
        map { $0 == target ? replacement : String($0) }.joined()
    }
}

/// A body that makes a block statement complete.
private let body = "\n    wake"

@Suite(.quiescent) struct ParserErrorTests {
    // MARK: Full rendering

    @Test func rendersFileLineColumnSourceAndCaret() {
        let diagnostic = parseError("timer tick every=1s:\n    log \"x\"\nrun until=5 # oops")
        #expect(diagnostic?.description == """
        t.loop:3:11: error: '5' needs a unit: ns, us, ms, s, min or frames
        run until=5 # oops
                  ^
        """)
    }

    @Test func rendersUnknownStatementWithSuggestion() {
        #expect(parseError("obsrver probe on=entry:\n    wake")?.description == """
        t.loop:1:1: error: unknown statement 'obsrver'; did you mean `observer`?
        obsrver probe on=entry:
        ^
        """)
    }

    @Test func rendersAnAnimationOfAnUnknownLayerAtItsName() {
        // docs/guide/animations-language.md, "Checks": the name check finds it.
        #expect(parseError("at 1s:\n    animate box.position to=(1,2) duration=1s")?.description == """
        t.loop:2:13: error: unknown layer 'box'
            animate box.position to=(1,2) duration=1s
                    ^
        """)
    }

    @Test func rendersTabInIndentation() {
        #expect(parseError("at 1s:\n  \tlog \"x\"")?.description == """
        t.loop:2:3: error: tab in indentation; indent with spaces only
          \tlog "x"
          ^
        """)
    }

    @Test func rendersNameErrors() {
        #expect(parseError("source wakeup:\n    wake\nat 1s signal wakup")?.description == """
        t.loop:3:14: error: unknown source 'wakup'; did you mean 'wakeup'?
        at 1s signal wakup
                     ^
        """)
    }

    @Test func diagnosticDescriptionFormat() {
        let diagnostic = Diagnostic(location: Scenario.SourceLocation(file: "a/b.loop", line: 7, column: 1),
                                    message: "m", sourceLine: "")
        #expect(diagnostic.description == "a/b.loop:7:1: error: m\n\n^")
    }

    // MARK: Every error path

    static let cases: [ErrorCase] = [
        // Lexical and indentation
        ErrorCase("at 1s:\n\twake", 2, 1, "tab in indentation; indent with spaces only"),
        ErrorCase("at 1s:\n    log \"open", 2, 9, "unterminated string: missing the closing '\"'"),
        ErrorCase("at 1s:\n    log \"a\\n\"", 2, 11, "unknown escape '\\n' in a string; only \\\" and \\\\ are allowed"),
        ErrorCase("display background=#12345", 1, 20, "a colour is written #RRGGBB or #RRGGBBAA (hex digits)"),
        ErrorCase("timer t every=.5s:" + body, 1, 15, "a number must start with a digit (write 0.5, not .5)"),
        ErrorCase("timer t every=1.s:" + body, 1, 16, "expected digits after the decimal point"),
        ErrorCase("  run", 1, 3, "unexpected indentation (only a line ending in ':' opens a block)"),
        ErrorCase("run\n    wake", 2, 5, "unexpected indentation (only a line ending in ':' opens a block)"),
        ErrorCase("at 1s:\n    wake\n  stop", 3, 3, "inconsistent indentation: this line matches no enclosing block"),
        ErrorCase("at 1s:\nrun", 1, 6, "expected an indented block after ':'"),
        ErrorCase("run\nat 1s:", 2, 6, "expected an indented block after ':'"),
        ErrorCase("at 1s:\n    perform:\n    wake", 2, 12, "expected an indented block after ':'"),
        // Statements in general
        ErrorCase("5 x", 1, 1, "expected a statement, found '5'"),
        ErrorCase(":", 1, 1, "expected a statement before ':'"),
        ErrorCase("tmer t every=1s:" + body, 1, 1, "unknown statement 'tmer'; did you mean `timer`?"),
        ErrorCase("frobnicate", 1, 1, "unknown statement 'frobnicate'"),
        ErrorCase("at 1s:\n    lgo \"x\"", 2, 5, "unknown statement 'lgo'; did you mean `log`?"),
        ErrorCase("log \"x\"", 1, 1,
                  "`log` is an action and belongs inside a block (the body of a timer, source, port, observer, `at`, `layout` or `constraints`)"),
        ErrorCase("at 1s:\n    timer t every=1s:\n        wake", 2, 5,
                  "`timer` declares a run-loop object and must be at the top level, not inside a block"),
        ErrorCase("at 1s:\n    at 2s wake", 2, 5,
                  "`at` schedules an outside event and must be at the top level, not inside a block"),
        ErrorCase("at 1s:\n    expect log \"x\"", 2, 5, "`expect` is an expectation and must be at the top level, not inside a block"),
        ErrorCase("at 1s:\n    display", 2, 5, "`display` is part of the setup and must be at the top level, not inside a block"),
        ErrorCase("at 1s:\n    spring box.position to=(100,100)", 2, 12, "unknown layer 'box'"),
        ErrorCase("at 1s:\n    removeAnimation spinner key=spin", 2, 21, "unknown layer 'spinner'"),
        ErrorCase("at 1s:\n    displaylink dl:\n        wake", 2, 5,
                  "`displaylink` declares a run-loop object and must be at the top level, not inside a block"),
        ErrorCase("at 1s:\n    log \"x\":\n        wake", 2, 12, "`log` does not take a block"),
        ErrorCase("run until=idle:\n    wake", 1, 15, "`run` does not take a block"),
        ErrorCase("timer t every=1s", 1, 17, "`timer` needs a block: end the line with ':' and indent the body below it"),
        ErrorCase("at 1s: log \"x\"", 1, 6, "unexpected ':': a block's body goes on the following lines, indented"),
        // Options
        ErrorCase("timer t every=1s evry=2s:" + body, 1, 18,
                  "unknown option 'evry' for `timer`; did you mean 'every'? (allowed: every=, at=, after=, tolerance=, mode=)"),
        ErrorCase("observer o on=entry sometimes:" + body, 1, 21,
                  "unknown option 'sometimes' for `observer` (allowed: on=, order=, mode=, once)"),
        ErrorCase("timer t every=1s every=2s:" + body, 1, 18, "option 'every=' is given twice"),
        ErrorCase("observer o on=entry once once:" + body, 1, 26, "flag 'once' is given twice"),
        ErrorCase("timer t every:" + body, 1, 9, "option 'every' needs a value: every=…"),
        ErrorCase("observer o on=entry once=1:" + body, 1, 21, "'once' is a flag and takes no value"),
        ErrorCase("display size=", 1, 14, "expected a value after 'size='"),
        ErrorCase("source s mode=default,:" + body, 1, 23, "expected a value after ','"),
        ErrorCase("display size=(10 10)", 1, 18, "expected ',' or ')' in the tuple opened at column 14, found '10'"),
        ErrorCase("display size=(10,10", 1, 20, "expected ',' or ')' to continue the tuple opened at column 14"),
        ErrorCase("display size=()", 1, 15, "expected a value after '(', found ')'"),
        ErrorCase("display size=(10,10)) ", 1, 21, "expected an option (key=value), found ')'"),
        ErrorCase("display hz==3", 1, 12, "expected a value after 'hz=', found '='"),
        ErrorCase("at 1s:\n    wake now", 2, 10, "unexpected 'now': `wake` takes no options"),
        ErrorCase("at 1s:\n    log \"x\" \"y\"", 2, 13, "unexpected '\"y\"': `log` takes no options"),
        ErrorCase("run for=1s,2s", 1, 12, "'for=' takes a single value, not a list"),
        ErrorCase("display hz=(60)", 1, 12, "expected a refresh rate for 'hz=', found a tuple"),
        // display and mode
        ErrorCase("display size=(0,100)", 1, 15, "the width must be between 1 and 16384"),
        ErrorCase("display size=(10,16385)", 1, 18, "the height must be between 1 and 16384"),
        ErrorCase("display size=(10,10,10)", 1, 14, "size= is a tuple (width, height), like size=(320,240)"),
        ErrorCase("display size=10", 1, 14, "size= is a tuple (width, height), like size=(320,240)"),
        ErrorCase("display size=((1,2),3)", 1, 15, "expected a whole number for the width, found a tuple"),
        ErrorCase("display hz=2000", 1, 12, "hz must be between 1 and 1000"),
        ErrorCase("display hz=0", 1, 12, "hz must be between 1 and 1000"),
        ErrorCase("display hz=60Hz", 1, 12, "hz is a plain number, without a unit"),
        ErrorCase("display render=-5ms", 1, 16, "a duration cannot be negative"),
        ErrorCase("display render=5", 1, 16, "'5' needs a unit: ns, us, ms, s, min or frames"),
        ErrorCase("display render=61s", 1, 16, "render= is at most 60s (the time the server spends on one frame), found '61s'"),
        ErrorCase("display render=(1,2)", 1, 16, "expected a duration for 'render=', found a tuple"),
        ErrorCase("display hz=59.94", 1, 12, "hz must be a whole number"),
        ErrorCase("display hz=fast", 1, 12, "expected a whole number for hz, found 'fast'"),
        ErrorCase("display background=purpl", 1, 20,
                  "unknown colour 'purpl'; did you mean 'purple'? (use #RRGGBB, #RRGGBBAA or a UIKit colour name)"),
        ErrorCase("display background=\"red\"", 1, 20,
                  "expected a colour (#RRGGBB, #RRGGBBAA or a name like red), found '\"red\"'"),
        ErrorCase("display\ndisplay", 2, 1, "only one `display` statement is allowed (the first is on line 1)"),
        ErrorCase("mode common", 1, 6, "'common' is not a mode name: it stands for the common modes"),
        ErrorCase("mode default", 1, 6, "the `default` mode always exists and is already a common mode"),
        ErrorCase("mode", 1, 5, "expected a mode name after `mode`"),
        ErrorCase("mode tracking sometimes", 1, 15, "unknown option 'sometimes' for `mode` (allowed: common)"),
        // Timers
        ErrorCase("timer t:" + body, 1, 1, "a one-shot timer needs at= or after= (or every= to repeat)"),
        ErrorCase("timer t every=0:" + body, 1, 15, "every= must be greater than 0 (leave it out for a one-shot timer)"),
        ErrorCase("timer t every=1s at=1s after=2s:" + body, 1, 24, "give either at= or after=, not both"),
        ErrorCase("timer every=1s:" + body, 1, 7, "expected a timer name after `timer`, found 'every'"),
        ErrorCase("timer:" + body, 1, 6, "expected a timer name after `timer`"),
        ErrorCase("timer \"t\" every=1s:" + body, 1, 7, "expected a timer name after `timer`, found '\"t\"'"),
        // Durations
        ErrorCase("timer t every=-1s:" + body, 1, 15, "a duration cannot be negative"),
        ErrorCase("timer t every=+1s:" + body, 1, 15, "write a duration without a sign"),
        ErrorCase("timer t every=1.5ns:" + body, 1, 15, "'1.5ns' is not a whole number of nanoseconds"),
        ErrorCase("timer t every=0.0000000001s:" + body, 1, 15, "'0.0000000001s' is not a whole number of nanoseconds"),
        ErrorCase("timer t every=250:" + body, 1, 15, "'250' needs a unit: ns, us, ms, s, min or frames"),
        ErrorCase("timer t every=3sec:" + body, 1, 16, "unknown unit 'sec' (units: ns, us, ms, s, min or frames)"),
        ErrorCase("timer t every=3mn:" + body, 1, 16,
                  "unknown unit 'mn'; did you mean 'ms'? (units: ns, us, ms, s, min or frames)"),
        ErrorCase("timer t every=fast:" + body, 1, 15, "expected a duration like 250ms or 1.5s, found 'fast'"),
        ErrorCase("timer t every=99999999999999999999s:" + body, 1, 15,
                  "'99999999999999999999s' is too large (the limit is 9223372036854775807 ns, about 292 years)"),
        ErrorCase("timer t every=9300000000s:" + body, 1, 15,
                  "'9300000000s' is too large (the limit is 9223372036854775807 ns, about 292 years)"),
        ErrorCase("timer t every=9223372036854775808ns:" + body, 1, 15,
                  "'9223372036854775808ns' is too large (the limit is 9223372036854775807 ns, about 292 years)"),
        ErrorCase("timer t every=1.5frames:" + body, 1, 15, "a frame count must be a whole number"),
        ErrorCase("display hz=1\ntimer t every=9223372037frames:" + body, 2, 15,
                  "'9223372037frames' is too large (the limit is 9223372036854775807 ns, about 292 years)"),
        ErrorCase("at -1s:" + body, 1, 4, "a time cannot be negative"),
        ErrorCase("at 1s:\n    sleep", 2, 10, "expected a duration after `sleep`, like sleep 3s"),
        // Sources, ports and observers
        ErrorCase("source s mode=default,default:" + body, 1, 23, "mode 'default' is listed twice"),
        ErrorCase("source s mode=\"x\":" + body, 1, 15, "expected a mode name, found '\"x\"'"),
        ErrorCase("port p order=1.5:" + body, 1, 14, "order must be a whole number"),
        ErrorCase("observer o on=entry order=2147483648:" + body, 1, 27, "order must be between -2147483648 and 2147483647"),
        ErrorCase("observer o order=1:" + body, 1, 1,
                  "`observer` needs on= with the activities to observe, like on=beforeWaiting,exit"),
        ErrorCase("observer o on=entry,bogus:" + body, 1, 21,
                  "unknown activity 'bogus' (activities: entry, beforeTimers, beforeSources, beforeWaiting, afterWaiting, exit, all)"),
        ErrorCase("observer o on=beforewaiting:" + body, 1, 15,
                  "unknown activity 'beforewaiting'; did you mean 'beforeWaiting'? (activities: entry, beforeTimers, beforeSources, beforeWaiting, afterWaiting, exit, all)"),
        ErrorCase("observer o on=exit,exit:" + body, 1, 20, "activity 'exit' is listed twice"),
        ErrorCase("observer o on=all,entry:" + body, 1, 19, "`all` already includes every activity; list it alone"),
        ErrorCase("observer o on=entry,all:" + body, 1, 21, "`all` already includes every activity; list it alone"),
        ErrorCase("observer o on=(entry):" + body, 1, 15, "expected an activity name, found '('"),
        // Outside events
        ErrorCase("at", 1, 3, "expected a time after `at`, like `at 1s:`"),
        ErrorCase("at 1s", 1, 6, "expected ':' (an input event) or send, signal, wake, async main, perform, cancel, resume or crash server after the time"),
        ErrorCase("at 1s sned net", 1, 7,
                  "expected ':' (an input event) or send, signal, wake, async main, perform, cancel, resume or crash server after the time, found 'sned'; did you mean `send`?"),
        ErrorCase("at 1s send", 1, 11, "expected a port name after `send`"),
        ErrorCase("port p:\n    wake\nat 1s send p q", 3, 14, "unexpected 'q' after the port name"),
        ErrorCase("at 1s wake:" + body, 1, 11, "`at … wake` does not take a block"),
        ErrorCase("at 1s wake up", 1, 12, "unexpected 'up': `at … wake` takes no options"),
        ErrorCase("at 1s async:" + body, 1, 12, "expected `main` after `async` (the main queue is the only queue)"),
        ErrorCase("at 1s async queue:" + body, 1, 13,
                  "expected `main` after `async` (the main queue is the only queue), found 'queue'"),
        ErrorCase("at 1s perform", 1, 14, "`at … perform` needs a block: end the line with ':' and indent the body below it"),
        // Runs
        ErrorCase("run until=1s for=2s", 1, 14, "give only one of until=, for= and iterations="),
        ErrorCase("run max=3s", 1, 5, "max= only applies to until=idle"),
        ErrorCase("run mode=common", 1, 10, "a run happens in one mode, not in the common modes; name a mode"),
        ErrorCase("run mode=5", 1, 10, "expected a mode name, found '5'"),
        ErrorCase("run iterations=0", 1, 16, "iterations must be between 1 and 2147483647"),
        ErrorCase("run iterations=1.5", 1, 16, "iterations must be a whole number"),
        ErrorCase("run until=never", 1, 11, "expected a time like 250ms or 1.5s, found 'never'"),
        ErrorCase("at 1s:\n    run until=idle", 2, 15, "until=idle is only allowed in a top-level `run`"),
        // Expectations
        ErrorCase("view button\nexpect visible button.background == yellow", 2, 8,
                  "`expect visible` needs at=T, the time of the frame on screen to check"),
        ErrorCase("view button\nexpect never button.background == yellow", 2, 8,
                  "expected `visible` after `expect never`, like expect never visible button.background == yellow"),
        ErrorCase("expect pixel (100,50) == yellow", 1, 8,
                  "`expect pixel` needs at=T, the time of the frame on screen to check"),
        ErrorCase("expect pixel (1.5,50) == yellow at=1s", 1, 14, "a pixel is a pair of whole numbers from 0, like (100, 50)"),
        ErrorCase("expect frames = 3", 1, 15, "expected '==' after `expect frames`, found a single '='"),
        ErrorCase("expect presentation box.position == (50,0) at=0.5s", 1, 21, "unknown layer 'box'"),
        ErrorCase("expect frobs", 1, 8, "unknown expectation 'frobs'; expected log, commits, frames, visible, never visible, pixel, presentation or task"),
        ErrorCase("expect", 1, 7, "expected what to expect after `expect`, like `expect log \"done\"`"),
        ErrorCase("expect log", 1, 11, "expected the logged text in quotes after `expect log`"),
        ErrorCase("expect log 5", 1, 12, "expected the logged text in quotes, found '5'"),
        // Actions
        ErrorCase("at 1s:\n    log", 2, 8, "expected the text to log in quotes, like log \"done\""),
        ErrorCase("at 1s:\n    log x", 2, 9, "expected the text to log in quotes, found 'x'"),
        ErrorCase("at 1s:\n    reschedule", 2, 15, "expected a timer name after `reschedule`"),
        ErrorCase("timer t after=1s:" + body + "\nat 1s:\n    reschedule t", 4, 5,
                  "`reschedule` needs at= with the new fire time, like reschedule t at=2s"),
        ErrorCase("source s:" + body + "\nat 1s:\n    signal s nowake=1", 4, 14, "'nowake' is a flag and takes no value"),
        ErrorCase("at 1s:\n    invalidate", 2, 15, "expected the name of a timer, source, port, observer or display link after `invalidate`"),
        ErrorCase("at 1s:\n    async main", 2, 15, "`async main` needs a block: end the line with ':' and indent the body below it"),
        ErrorCase("at 1s:\n    perform mode=tracking:\n        wake", 2, 18, "unknown mode 'tracking'; declare it with `mode tracking`"),
        // Names
        ErrorCase("source s:" + body + "\nport s:" + body, 3, 6, "'s' is already declared (as a source on line 1)"),
        ErrorCase("timer t after=1s:" + body + "\nobserver t on=all:" + body, 3, 10,
                  "'t' is already declared (as a timer on line 1)"),
        ErrorCase("mode tracking\nmode tracking", 2, 6, "mode 'tracking' is already declared on line 1"),
        ErrorCase("at 1s:\n    signal p\nport p:" + body, 2, 12, "'p' is a port, but `signal` needs a source"),
        ErrorCase("at 1s:\n    send nope", 2, 10, "unknown port 'nope'"),
        ErrorCase("source s:\n    reschedule s at=1s", 2, 16, "'s' is a source, but `reschedule` needs a timer"),
        ErrorCase("timer tick after=1s:\n    reschedule other at=1s", 2, 16, "unknown timer 'other'"),
        ErrorCase("timer tick after=1s:\n    reschedule tik at=1s", 2, 16, "unknown timer 'tik'; did you mean 'tick'?"),
        ErrorCase("at 1s:\n    invalidate nothing", 2, 16,
                  "unknown name 'nothing': `invalidate` needs a timer, source, port, observer or display link"),
        ErrorCase("at 1s signal s", 1, 14, "unknown source 's'"),
        ErrorCase("timer t every=1s mode=tracking:" + body, 1, 23, "unknown mode 'tracking'; declare it with `mode tracking`"),
        ErrorCase("mode tracking\nrun mode=trakcing", 2, 10, "unknown mode 'trakcing'; did you mean 'tracking'?"),
    ]

    @Test(arguments: cases)
    func reportsError(_ errorCase: ErrorCase) throws {
        let diagnostic = try #require(parseError(errorCase.source))
        #expect(diagnostic.message == errorCase.message)
        #expect(diagnostic.location == loc(errorCase.line, errorCase.column))
        let lines = Lexer.physicalLines(errorCase.source)
        #expect(diagnostic.sourceLine == lines[errorCase.line - 1])
    }

    /// `levels` nested blocks: `at 0:` and then `perform:` lines.
    private func nested(_ levels: Int) -> String {
        var lines = ["at 0:"]
        for level in 1..<levels {
            lines.append(String(repeating: " ", count: level) + "perform:")
        }
        lines.append(String(repeating: " ", count: levels) + "wake")
        return lines.joined(separator: "\n")
    }

    @Test func nestingIsBounded() throws {
        let file = try parseScenario(nested(Lexer.maxBlockDepth))
        #expect(file.statements.count == 1)
        let diagnostic = parseError(nested(Lexer.maxBlockDepth + 1))
        #expect(diagnostic?.location == loc(Lexer.maxBlockDepth + 1, Lexer.maxBlockDepth + 1))
        #expect(diagnostic?.message == "blocks are nested too deeply (at most 64 levels)")
        // Deeply nested tuples stop at the first `(` too many.
        let tuple = "display size=" + String(repeating: "(", count: 10_000)
        #expect(parseError(tuple)?.location == loc(1, 14 + Parser.maxTupleDepth))
        #expect(parseError(tuple)?.message == "tuples are nested too deeply (at most 8 levels)")
    }

    @Test func largeInputsAreFine() throws {
        let many = String(repeating: "at 1s wake\n", count: 20_000)
        #expect(try parseScenario(many).statements.count == 20_000)
        let longName = String(repeating: "x", count: 100_000)
        #expect(parseError("at 1s signal \(longName)")?.message == "unknown source '\(longName)'")
    }

    @Test func theFirstErrorInFileOrderWins() {
        // A syntax error on line 1 is reported before a lexical error on line 3.
        #expect(parseError("run for=x\nrun\nlog \"open")?.location == loc(1, 9))
        // A lexical error on line 1 is reported before a syntax error on line 2.
        #expect(parseError("log \"open\nrun for=x")?.location == loc(1, 5))
        // The header of a block is checked before its body.
        #expect(parseError("timer t:\n    log x")?.location == loc(1, 1))
        // Syntax errors come before name errors, which need the whole file.
        #expect(parseError("at 1s signal nope\nrun for=x")?.location == loc(2, 9))
    }
}
