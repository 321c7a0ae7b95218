import LoopSimTrace
import Scenario

/// `run.json`: what a run concluded that its trace does not say — each
/// expectation with its result and fates, the warnings, the failure, and
/// the summary lines `loopsim run` printed. The one type that writes and
/// reads the file (`docs/guide/report.md`).
package struct RunRecord: Equatable {
    package static let fileName = "run.json"
    package static let version: Int64 = 1

    package struct Expectation: Equatable {
        package var passed: Bool
        package var line: Int
        package var column: Int
        package var summary: String
        package var observed: String
        package var fates: [String]

        package init(passed: Bool, line: Int, column: Int, summary: String, observed: String, fates: [String]) {
            self.passed = passed
            self.line = line
            self.column = column
            self.summary = summary
            self.observed = observed
            self.fates = fates
        }
    }

    /// The scenario's path as given to `loopsim run`.
    package var scenario: String
    package var width: Int
    package var height: Int
    package var hz: Int
    /// The time of the last event (ns).
    package var end: Int64
    /// The run's failure (`FILE:LINE:COL: error: …`), nil when it ran to the end.
    package var failure: String?
    package var warnings: [String]
    /// The latency and hitch lines (``LatencySummary/description``).
    package var summary: [String]
    package var expectations: [Expectation]

    package var passed: Bool { failure == nil && expectations.allSatisfy(\.passed) }

    package init(scenario: String, width: Int, height: Int, hz: Int, end: Int64, failure: String?,
         warnings: [String], summary: [String], expectations: [Expectation]) {
        self.scenario = scenario
        self.width = width
        self.height = height
        self.hz = hz
        self.end = end
        self.failure = failure
        self.warnings = warnings
        self.summary = summary
        self.expectations = expectations
    }

    /// The expectations of a run, as `loopsim run` printed them.
    package static func expectations(_ results: [ExpectationResult]) -> [Expectation] {
        results.map {
            Expectation(passed: $0.passed, line: $0.expectation.location.line, column: $0.expectation.location.column,
                        summary: $0.summary, observed: $0.observed, fates: $0.fates)
        }
    }

    package var json: JSONTree {
        .object([
            ("version", .int(Self.version)),
            ("scenario", .string(scenario)),
            ("display", .object([("width", .int(Int64(width))), ("height", .int(Int64(height))), ("hz", .int(Int64(hz)))])),
            ("end", .int(end)),
            ("passed", .bool(passed)),
            ("failure", .optional(failure)),
            ("warnings", .strings(warnings)),
            ("summary", .strings(summary)),
            ("expectations", .array(expectations.map { e in
                .object([("passed", .bool(e.passed)), ("line", .int(Int64(e.line))), ("column", .int(Int64(e.column))),
                         ("summary", .string(e.summary)), ("observed", .string(e.observed)), ("fates", .strings(e.fates))])
            })),
        ])
    }

    /// The file's bytes: one JSON object and a newline.
    package var fileBytes: [UInt8] { json.bytes + [UInt8(ascii: "\n")] }

    /// Reads `run.json`; every problem names the file and the key.
    package init(reading path: String) throws(FramesDataError) {
        let data = try ReadLimit.read(path, limit: ReadLimit.record)
        let root: JSONValue
        do {
            var reader = JSONReader(bytes: data)
            root = try reader.readDocument()
        } catch {
            throw FramesDataError(message: "\(path): not JSON: \(error)")
        }
        func bad(_ key: String, _ what: String) -> FramesDataError {
            FramesDataError(message: "\(path): '\(key)' must be \(what)")
        }
        func string(_ v: JSONValue?, _ key: String) throws(FramesDataError) -> String {
            guard let s = v?.stringValue else { throw bad(key, "a string") }
            return s
        }
        func int(_ v: JSONValue?, _ key: String) throws(FramesDataError) -> Int64 {
            guard let i = v?.intValue else { throw bad(key, "an integer") }
            return i
        }
        func strings(_ v: JSONValue?, _ key: String) throws(FramesDataError) -> [String] {
            guard let a = v?.arrayValue else { throw bad(key, "an array of strings") }
            var out: [String] = []
            for item in a { out.append(try string(item, key)) }
            return out
        }
        guard case .object = root else { throw FramesDataError(message: "\(path): not a JSON object") }
        guard try int(root.member("version"), "version") == Self.version else {
            throw FramesDataError(message: "\(path): version \(root.member("version")?.intValue ?? 0) is not \(Self.version)")
        }
        scenario = try string(root.member("scenario"), "scenario")
        let display = root.member("display")
        width = Int(clamping: try int(display?.member("width"), "display.width"))
        height = Int(clamping: try int(display?.member("height"), "display.height"))
        hz = Int(clamping: try int(display?.member("hz"), "display.hz"))
        end = try int(root.member("end"), "end")
        if let f = root.member("failure"), f != .null { failure = try string(f, "failure") } else { failure = nil }
        warnings = try strings(root.member("warnings"), "warnings")
        summary = try strings(root.member("summary"), "summary")
        guard let list = root.member("expectations")?.arrayValue else { throw bad("expectations", "an array") }
        var expectations: [Expectation] = []
        for e in list {
            guard let passed = e.member("passed")?.boolValue else { throw bad("expectations[].passed", "a boolean") }
            expectations.append(Expectation(
                passed: passed, line: Int(clamping: try int(e.member("line"), "expectations[].line")),
                column: Int(clamping: try int(e.member("column"), "expectations[].column")),
                summary: try string(e.member("summary"), "expectations[].summary"),
                observed: try string(e.member("observed"), "expectations[].observed"),
                fates: try strings(e.member("fates"), "expectations[].fates")))
        }
        self.expectations = expectations
    }
}
