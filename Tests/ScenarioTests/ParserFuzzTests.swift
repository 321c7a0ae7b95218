import Testing
@testable import Scenario
import LoopSimTestSupport


@Suite(.quiescent, .tags(.fuzz)) struct ParserFuzzTests {
    static let corpus: [String] = [
        """
        # Animations (docs/guide/animations-language.md).
        display hz=60
        layer box frame=(0,0,10,10) speed=2 timeOffset=1s
        view card
        displaylink dl fps=30 mode=common:
            set box.position += (2, 0)
            set box.transform += rotate(6deg) scale(1.01)
            pause dl
            resume dl
        at 1s:
            animate box.transform from=rotate(0deg) to=rotate(360deg) duration=1s repeat=inf timing=(0.5,0,0.5,1) key=spin fill=both keep
            animate box.position keyframes=((0,0),(50,0),(50,50)) times=(0,0.5,1) timings=(easeIn, linear) mode=cubic
            spring box.position to=(100,100) mass=1 stiffness=100 damping=10 velocity=-2
            removeAnimation box key=spin
            removeAnimations box
            animations duration=0.3s delay=0 spring=(0.5, 1):
                set card.frame = (10,10,200,80)
                completion:
                    invalidate dl
        run until=2s
        expect presentation box.position == (50,0) at=0.5s tolerance=0.5
        """,
        """
        # A tap blocks the main thread.
        display size=(200,100) hz=60 background=#336699
        mode tracking common
        timer tick every=16.667ms at=1s tolerance=100us mode=default,tracking:
            log "tick \\"q\\""
            perform mode=common:
                signal wakeup nowake
        source wakeup order=-2147483647 mode=common:
            log "woken"
        at 1s:
            sleep 3s
            async main:
                log "later"
        run until=6s
        expect log "woken" at=1.25s
        """,
        """
        port net order=2:
            invalidate tick
            reschedule tick at=2frames
        timer tick after=0:
            send net
        observer probe on=beforeWaiting,exit order=100 once:
            log "sleeping"
        at 2s send net
        at 2.5s signal src
        at 3s wake
        source src:
            stop
        run iterations=3
        run until=idle max=10min
        """,
        """
        mode scrolling
        at 0 perform mode=scrolling:
            run mode=scrolling for=500ms returnAfterSource
            run until=1s
        at 1s async main:
            wake
        display hz=120
        run for=2frames
        run
        """,
        """
        observer all on=all:
            log "all"
        timer a every=1.5s:
            perform:
                async main:
                    perform mode=default:
                        log "deep"
        run until=idle
        expect log "deep"
        """,
        """
        display background=brown size=(320, 240)
        source s:
            log "é ☃ # not a comment"
        run until=0.000000001s
        """,
        """
        # Layers, views, transactions and the commit phases.
        display size=(200,100) hz=60
        layer root frame=(0,0,200,100) background=#336699
        view card parent=root frame=(10,10,80,80) corner=8 clips=true gravity=resizeAspect
        layer badge parent=card position=(40, 40) anchor=(0.5,0.5) transform=rotate(30deg) scale(2,1) translate(1,0)
        image logo file="assets/logo.ppm"
        layout card:
            set badge.bounds = (0, 0, 20, 20)
            layoutIfNeeded badge
        constraints card:
            needsLayout card
        draw card:
            fill roundedRect=(0,0,80,80) radius=4 color=white
            stroke path="M 0 0 L 10 0 Q 20 0 20 10 C 20 20 10 20 0 20 Z" color=orange width=2
            line from=(0,0) to=(80,80) color=#00000080
            text "Hi" at=(4,4) color=black size=8
        at 1s:
            set card.background = yellow
            begin
            transaction duration=0.5s timing=easeInEaseOut disableActions=true
            set badge.contents = logo
            completion:
                log "done"
            commit
            add badge to root at=0
            remove badge
            needsDisplay card
            flush
            sleep 3s
            set card.opacity=0.5
        run until=6s
        expect commits == 2
        expect log "done"
        """,
        """
        # Swift tasks (docs/reference/concurrency.md).
        pool cores=2 hop=1us
        view box frame=(0,0,10,10)
        at 1s:
            task t:
                set box.background = yellow
                await yield
                await sleep 100ms tolerance=10ms nothrow
                await background 5ms
                await main:
                    set box.background = green
                await continuation c:
                    log "armed"
                async let f:
                    sleep 1ms
                    checkCancellation
                group:
                    addTask g:
                        await sleep 1ms
                    log "in group"
                await value f
            task d detached:
                await main:
                    set box.opacity = 0.5
            task i immediate:
                await yield
            task m main:
                cancel t
        at 1.5s resume c
        at 2s cancel t
        run until=3s
        expect task t ended at=2s result=cancelled
        """,
    ]

    static let alphabet: [Unicode.Scalar] = Array(":()\"#0123456789 \n\t=,\\.-+asmé\r_x")
        .flatMap(\.unicodeScalars)
    static let snippets = ["timer ", "every=", "2frames", "99999999999999999999", "(", "mode=", "at ",
                           "    ", ":\n", "\n    ", "#FF00", "\"", "run ", "until=idle", "on=all",
                           "set ", "perform:", "1.5ns", "0.", "-", "signal ", "layer ", ".frame = ", "rotate(",
                           "path=\"M 0", " Q 1 2", "transform=", "none", "draw card:\n    ", "add ", " to ", "==",
                           "parent=card", "contents=", "task ", "await ", "async let ", "group:\n", "addTask ",
                           "cancel ", "resume ", "pool cores=", "detached", "continuation ", "sleep ", "value "]

    /// One random edit of `text`.
    static func mutate(_ text: [Unicode.Scalar], _ rng: inout SplitMix64) -> [Unicode.Scalar] {
        var s = text
        func position(_ extra: Int = 0) -> Int { Int.random(in: 0..<(s.count + max(extra, s.isEmpty ? 1 : 0)), using: &rng) }
        var lines: [[Unicode.Scalar]] {
            s.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        }
        func join(_ lines: [[Unicode.Scalar]]) -> [Unicode.Scalar] {
            Array(lines.joined(separator: ["\n"]))
        }
        switch Int.random(in: 0..<11, using: &rng) {
        case 0 where !s.isEmpty:
            s.remove(at: position())
        case 1:
            s.insert(alphabet.randomElement(using: &rng)!, at: position(1))
        case 2 where !s.isEmpty:
            let start = position()
            let end = min(s.count, start + Int.random(in: 1...12, using: &rng))
            s.insert(contentsOf: s[start..<end], at: position(1))
        case 3 where s.count > 1:
            s.swapAt(position(), position())
        case 4:
            var l = lines
            l.remove(at: Int.random(in: 0..<l.count, using: &rng))
            s = join(l)
        case 5:
            var l = lines
            let i = Int.random(in: 0..<l.count, using: &rng)
            l.insert(l[i], at: Int.random(in: 0...l.count, using: &rng))
            s = join(l)
        case 6:
            var l = lines
            l.swapAt(Int.random(in: 0..<l.count, using: &rng), Int.random(in: 0..<l.count, using: &rng))
            s = join(l)
        case 7:
            var l = lines
            let i = Int.random(in: 0..<l.count, using: &rng)
            l[i].insert("\t", at: Int.random(in: 0...min(4, l[i].count), using: &rng))
            s = join(l)
        case 8:
            s = Array(s.prefix(position(1)))
        case 9 where !s.isEmpty:
            s[position()] = alphabet.randomElement(using: &rng)!
        default:
            s.insert(contentsOf: snippets.randomElement(using: &rng)!.unicodeScalars, at: position(1))
        }
        return s
    }

    /// Parses `source` and checks that it either succeeds or fails with a
    /// diagnostic that points inside the text. Returns true if it parsed.
    @discardableResult
    static func check(_ source: String) -> Bool {
        do {
            _ = try ScenarioParser.parse(source, path: "fuzz.loop")
            return true
        } catch {
            expectPointsInside(error, source)
            return false
        }
    }

    /// A diagnostic of `source` (path `fuzz.loop`) names a line and column
    /// inside the text, quotes that line, and reads `path:line:column: error:`.
    /// The expansion fuzzer checks its errors the same way.
    static func expectPointsInside(_ error: Diagnostic, _ source: String) {
        let lines = Lexer.physicalLines(source)
        let location = error.location
        #expect(location.file == "fuzz.loop")
        #expect(!error.message.isEmpty)
        guard location.line >= 1, location.line <= lines.count else {
            Issue.record("line out of range: \(error)\n--- source:\n\(source)")
            return
        }
        #expect(error.sourceLine == lines[location.line - 1], "\(error)")
        #expect(location.column >= 1 && location.column <= error.sourceLine.unicodeScalars.count + 1,
                "\(error)\n--- source:\n\(source)")
        #expect(error.description.hasPrefix("fuzz.loop:\(location.line):\(location.column): error: "))
    }

    @Test func corpusIsValid() throws {
        for source in Self.corpus {
            _ = try ScenarioParser.parse(source, path: "fuzz.loop")
        }
    }

    @Test func mutatedScenariosNeverCrash() {
        var rng = SplitMix64(seed: 0x5EED_1001)
        var parsed = 0
        var total = 0
        for source in Self.corpus {
            let original = Array(source.unicodeScalars)
            for _ in 0..<1_000 {
                var text = original
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    text = Self.mutate(text, &rng)
                }
                if Self.check(String(String.UnicodeScalarView(text))) { parsed += 1 }
                total += 1
            }
        }
        // The mutations must exercise both outcomes.
        #expect(total == Self.corpus.count * 1_000)
        #expect(parsed > 100 && parsed < total * 4 / 5, "\(parsed) of \(total) parsed")
    }

    @Test func randomTokenSoupNeverCrashes() {
        var rng = SplitMix64(seed: 42)
        let words = ["timer", "t", "every=1s", "at", "1s", ":", "\n", "\n    ", "log", "\"x\"", "(", ")", ",",
                     "mode=", "on=", "all", "run", "until=idle", "perform", "async", "main", "signal", "send",
                     "=", "2frames", "#", "#00FF00", "display", "size=(1,2)", "observer", "source", "port",
                     "layer", "view", "a", "a.frame", "set", "begin", "commit", "draw", "fill", "rect=(0,0,1,1)",
                     "task", "await", "yield", "sleep", "continuation", "resume", "cancel", "group", "addTask", "detached",
                     "color=red", "path=\"M 0 0 L\"", "transform=", "rotate(1deg)", "parent=a", "expect commits =="]
        for _ in 0..<1_000 {
            let count = Int.random(in: 0...30, using: &rng)
            let text = (0..<count).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
            Self.check(text)
        }
    }
}
