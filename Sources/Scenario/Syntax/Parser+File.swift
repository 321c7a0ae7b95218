import LoopSimSystem

extension ScenarioParser {
    /// Reads, decodes and parses a scenario file. A file that cannot be read
    /// is reported at line 1, column 1, with its ``Diagnostic/fileProblem``
    /// (printed without a line or a caret); bytes that are not UTF-8 at
    /// their own line and column.
    package static func parseFile(atPath path: String) throws(Diagnostic) -> ScenarioFile {
        try ScenarioLoader.load(path: path).0
    }

    static func readFile(_ path: String) throws(Diagnostic) -> [UInt8] {
        do throws(SystemError) {
            return try FileSystem.readFile(path)
        } catch {
            let missing = error.errno == .noSuchFile || error.errno == .notDirectory
            throw Diagnostic(location: SourceLocation(file: path, line: 1, column: 1),
                             message: "cannot read the scenario file: \(error.errno.message)",
                             sourceLine: "", fileProblem: missing ? .missing : .unreadable)
        }
    }

    /// Decodes UTF-8, reporting the first invalid byte at its line and column
    /// (columns count Unicode scalars, like everywhere else).
    static func decodeUTF8(_ bytes: [UInt8], path: String) throws(Diagnostic) -> String {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var column = 1
        var lineStart = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1 && encoded.first == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                    lineStart = offset + 1
                } else if !(offset == 0 && encoded.count == 3 && Array(encoded) == [0xEF, 0xBB, 0xBF]) {
                    column += 1  // (a leading byte-order mark is not a column)
                }
                offset += encoded.count
            case .emptyInput:
                return String(decoding: bytes, as: UTF8.self)
            case .error:
                var lineEnd = offset
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                var text = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
                if text.unicodeScalars.last == "\r" { text = String(text.unicodeScalars.dropLast()) }
                if lineStart == 0, text.unicodeScalars.first == "\u{FEFF}" {
                    text = String(text.unicodeScalars.dropFirst())
                }
                let byte = String(bytes[offset], radix: 16, uppercase: true)
                throw Diagnostic(location: SourceLocation(file: path, line: line, column: column),
                                 message: "invalid UTF-8 (byte 0x\(byte.count == 1 ? "0" : "")\(byte))",
                                 sourceLine: text)
            }
        }
    }
}
