import Foundation
import Testing
@testable import Scenario

/// A scenario file that cannot be read (docs/guide/guard-rails.md): one line
/// naming the file, no source line and no caret, with the reason in
/// `fileProblem` (`loopsim` exits 66 for `.missing`).
@Suite struct DiagnosticFileProblemTests {
    @Test func aFileInAMissingFolderIsMissingAndPrintsOneLine() {
        let path = NSTemporaryDirectory() + "no-such-\(UUID().uuidString)/x.loop"
        do {
            _ = try ScenarioParser.parseFile(atPath: path)
            Issue.record("a file in a missing folder parsed")
        } catch {
            #expect(error.fileProblem == .missing)
            #expect(error.description == "\(path): error: cannot read the scenario file: No such file or directory",
                    "one line: no 1:1, no empty source line, no caret")
        }
    }

    @Test func anErrorInTheTextStillQuotesItsLineWithACaret() {
        let d = Diagnostic(location: SourceLocation(file: "a.loop", line: 2, column: 3), message: "bad", sourceLine: "x y z")
        #expect(d.fileProblem == nil)
        #expect(d.description == "a.loop:2:3: error: bad\nx y z\n  ^")
    }
}
