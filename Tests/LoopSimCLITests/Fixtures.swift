/// Small scenarios written into a sandbox by the tests, so the tests do not
/// depend on what the repository's `Traces/` happen to say.
enum Fixtures {
    /// A timer and an input event; both expectations pass.
    static let passing = """
        # A one-shot timer and a tap; both expectations hold.
        timer once at=1s:
            log "fired"

        at 2s:
            log "tap"

        run until=3s
        expect log "fired" at=1s
        expect log "tap" at=2s

        """

    /// One expectation passes, one has the wrong time, one never happens.
    static let failing = """
        timer once at=1s:
            log "fired"
        run until=2s
        expect log "fired" at=1s
        expect log "fired" at=1.5s
        expect log "never"

        """

    /// A scenario that exercises timers, sources, observers, blocks and a
    /// nested run, for determinism checks.
    static let busyButSettling = """
        mode tracking
        timer tick every=100ms at=50ms mode=common:
            log "tick"
        source s order=1:
            log "source"
            perform:
                log "block"
        observer o on=beforeWaiting,afterWaiting order=5:
            log "observer"
        at 120ms signal s
        at 200ms:
            log "tap"
            run for=150ms mode=tracking
            async main:
                log "main queue"
        run until=600ms
        expect log "tap" at=200ms

        """

    /// A source that re-signals itself without letting time pass: the loop
    /// can never sleep, and the run must stop with an error naming `spin`.
    static let spinning = """
        source spin:
            log "spin"
            signal spin nowake
        at 10ms signal spin
        run until=1s

        """

    /// A repeating timer under `run until=idle max=1s`: never settles.
    static let neverIdle = """
        timer pulse every=100ms:
            log "pulse"
        run until=idle max=1s

        """

    /// A parse error, with the file, line, column and caret column expected.
    struct SyntaxError: Sendable, CustomStringConvertible {
        var name: String
        var text: String
        var line: Int
        var column: Int
        var sourceLine: String
        var mentions: String
        var description: String { name }
    }

    static let syntaxErrors: [SyntaxError] = [
        SyntaxError(name: "misspelt run option", text: "timer once at=1s:\n    log \"fired\"\nrun untl=2s\n",
                    line: 3, column: 5, sourceLine: "run untl=2s", mentions: "untl"),
        SyntaxError(name: "misspelt statement", text: "tiemr once at=1s:\n    log \"fired\"\nrun until=2s\n",
                    line: 1, column: 1, sourceLine: "tiemr once at=1s:", mentions: "tiemr"),
        SyntaxError(name: "unterminated string", text: "timer once at=1s:\n    log \"fired\nrun until=2s\n",
                    line: 2, column: 9, sourceLine: "    log \"fired", mentions: "string"),
        SyntaxError(name: "unknown unit", text: "timer once at=1s:\n    log \"x\"\nrun until=2s\nexpect log \"x\" at=1sec\n",
                    line: 4, column: 20, sourceLine: "expect log \"x\" at=1sec", mentions: "sec"),
    ]
}
