import Foundation
import Testing
import LoopSimTestSupport

/// `loopsim run --trace PATH --format text|jsonl|chrome`: the JSONL contract
/// (`t`, `iter`, `ev` first, same bytes on every run) and the chrome format.
@Suite(.tags(.endToEnd)) struct TraceOutputTests {
    /// `{"t":<int>,"iter":<int>,"ev":"<kind>"` at the start of every line.
    static let jsonlPrefix = #"^\{"t":[0-9]+,"iter":[0-9]+,"ev":"[^"]+"[,}]"#

    func expectJSONL(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let prefix = try Regex(Self.jsonlPrefix)
        let lines = splitLines(text)
        #expect(!lines.isEmpty, "the trace is empty", sourceLocation: sourceLocation)
        #expect(text.hasSuffix("\n"), "the last line ends with a newline", sourceLocation: sourceLocation)
        var bad = 0
        for (index, line) in lines.enumerated() where bad < 5 {
            let object = jsonObject(line)
            let ordered = line.prefixMatch(of: prefix) != nil
            if object == nil || !ordered || !(object?["t"] is NSNumber) || !(object?["iter"] is NSNumber) || !(object?["ev"] is String) {
                bad += 1
                Issue.record("line \(index + 1) is not a JSON object starting with t, iter, ev: \(line)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func traceToAJSONLFileWritesOneOrderedObjectPerLine() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("s.loop", Fixtures.busyButSettling)
        let result = try await loopsim(["run", "s.loop", "--trace", "s.jsonl"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.contains("run.begin"), "the trace went to the file, not stdout\n\(result)")
        let text = try sandbox.read("s.jsonl")
        try expectJSONL(text)
        let kinds = Set(splitLines(text).compactMap { jsonObject($0)?["ev"] as? String })
        for kind in ["run.begin", "run.end", "activity", "callout", "callout.end", "log", "sleep", "wake"] {
            #expect(kinds.contains(kind), "no '\(kind)' event in \(kinds.sorted())")
        }
        // The nested tracking run is in the trace at depth 2.
        #expect(splitLines(text).contains { $0.contains("\"ev\":\"run.begin\",\"mode\":\"tracking\",\"depth\":2") })
    }

    @Test func explicitFormatWinsOverTheTraceExtension() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("s.loop", Fixtures.passing)
        let jsonl = try await loopsim(["run", "s.loop", "--trace", "trace.out", "--format", "jsonl"], in: sandbox.url)
        #expect(jsonl.status == 0, "\(jsonl)")
        try expectJSONL(try sandbox.read("trace.out"))

        let text = try await loopsim(["run", "s.loop", "--trace=trace.jsonl", "--format=text"], in: sandbox.url)
        #expect(text.status == 0, "\(text)")
        let written = try sandbox.read("trace.jsonl")
        #expect(written.contains("run.begin") && jsonObject(splitLines(written).first ?? "") == nil, "--format text wins over .jsonl")
    }

    @Test func theSameScenarioGivesByteIdenticalJSONLOnEveryRun() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("s.loop", Fixtures.busyButSettling)
        let first = try await loopsim(["run", "s.loop", "--trace", "one.jsonl"], in: sandbox.url)
        let second = try await loopsim(["run", "s.loop", "--trace", "two.jsonl", "--format", "jsonl"], in: sandbox.url)
        #expect(first.status == 0 && second.status == 0, "\(first)\n\(second)")
        let one = try Data(contentsOf: sandbox.file("one.jsonl")), two = try Data(contentsOf: sandbox.file("two.jsonl"))
        #expect(!one.isEmpty)
        #expect(one == two, "two runs of one scenario wrote different JSONL")
        #expect(first.stdout == second.stdout, "the expectation report is the same too")
    }

    /// Every scenario in the repository's `Traces/` gives the same JSONL bytes
    /// twice, and those bytes are its golden trace.
    @Test(.tags(.golden)) func everyTracesScenarioRunsTwiceToTheSameBytesAsItsGolden() async throws {
        let sandbox = try Sandbox()
        try sandbox.copyFromTraces(to: "Traces")
        let scenarios = sandbox.files(under: "Traces").filter { $0.hasSuffix(".loop") }
        try #require(!scenarios.isEmpty, "no scenarios under \(CLIPaths.traces.path)")
        for (index, scenario) in scenarios.enumerated() {
            let path = "Traces/" + scenario
            let a = try await loopsim(["run", path, "--trace", "a\(index).jsonl"], in: sandbox.url)
            let b = try await loopsim(["run", path, "--trace", "b\(index).jsonl"], in: sandbox.url)
            #expect(a.status == 0, "\(scenario)\n\(a)")
            #expect(b.stdout == a.stdout, "\(scenario): the expectation report differs between two runs")
            let one = try Data(contentsOf: sandbox.file("a\(index).jsonl"))
            let two = try Data(contentsOf: sandbox.file("b\(index).jsonl"))
            #expect(one == two, "\(scenario): two runs wrote different JSONL")
            let golden = sandbox.file(String(path.dropLast(".loop".count)) + ".trace.jsonl")
            if let expected = try? Data(contentsOf: golden) {
                #expect(one == expected, "\(scenario): 'loopsim run --trace x.jsonl' differs from its golden trace")
            } else {
                Issue.record("\(scenario) has no golden trace beside it")
            }
        }
    }

    func expectChrome(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8))
        guard let object = parsed as? [String: Any] else {
            Issue.record("the chrome trace is not a JSON object: \(text.suffix(300))", sourceLocation: sourceLocation)
            return
        }
        guard let events = object["traceEvents"] as? [[String: Any]] else {
            Issue.record("no traceEvents array in \(object.keys.sorted())", sourceLocation: sourceLocation)
            return
        }
        #expect(!events.isEmpty, sourceLocation: sourceLocation)
        #expect(events.allSatisfy { $0["ph"] is String && $0["name"] is String && $0["pid"] != nil && $0["tid"] != nil },
                "every trace event has ph, name, pid and tid", sourceLocation: sourceLocation)
        let phases = Set(events.compactMap { $0["ph"] as? String })
        #expect(phases.contains("B") || phases.contains("X"), "there are duration slices: \(phases.sorted())", sourceLocation: sourceLocation)
    }

    @Test func chromeFormatToAFileParsesAndHasTraceEvents() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("s.loop", Fixtures.busyButSettling)
        let explicit = try await loopsim(["run", "s.loop", "--trace", "trace.out", "--format", "chrome"], in: sandbox.url)
        #expect(explicit.status == 0, "\(explicit)")
        expectChrome(try sandbox.read("trace.out"))

        // A .json trace path means chrome when --format is not given.
        let inferred = try await loopsim(["run", "s.loop", "--trace", "trace.json"], in: sandbox.url)
        #expect(inferred.status == 0, "\(inferred)")
        let text = try sandbox.read("trace.json")
        expectChrome(text)
        #expect(text == (try sandbox.read("trace.out")), "the chrome trace is deterministic too")
    }

    /// `run FILE --format chrome` without `--trace` writes the chrome trace
    /// to stdout; the result must still be one JSON document, so a scenario
    /// with expectations must not append the text report to it.
    @Test func chromeFormatOnStdoutIsOneJSONDocument() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("s.loop", Fixtures.passing)
        let result = try await loopsim(["run", "s.loop", "--format", "chrome"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        expectChrome(result.stdout)
    }

    /// `run FILE --format jsonl` without `--trace`: every stdout line is a
    /// trace event (the expectation report must not be mixed into it).
    @Test func jsonlFormatOnStdoutIsPureJSONL() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("s.loop", Fixtures.passing)
        let result = try await loopsim(["run", "s.loop", "--format", "jsonl"], in: sandbox.url)
        #expect(result.status == 0, "\(result)")
        try expectJSONL(result.stdout)
    }

    /// The machine formats on stdout on a scenario without expectations:
    /// the trace alone, exactly the bytes `--trace` writes.
    @Test(arguments: ["jsonl", "chrome", "text"])
    func stdoutTraceEqualsTheFileTrace(format: String) async throws {
        let sandbox = try Sandbox()
        try sandbox.write("s.loop", Fixtures.spinning.replacingOccurrences(of: "signal spin nowake", with: "sleep 100ms"))
        let toStdout = try await loopsim(["run", "s.loop", "--format", format], in: sandbox.url)
        let toFile = try await loopsim(["run", "s.loop", "--format", format, "--trace", "t.out"], in: sandbox.url)
        #expect(toStdout.status == 0 && toFile.status == 0, "\(toStdout)\n\(toFile)")
        #expect(toFile.stdout.isEmpty, "\(toFile)")
        #expect(toStdout.stdout == (try sandbox.read("t.out")))
    }
}
