import Testing
import LoopSimTrace

@Suite("JSON reader and writer")
struct JSONReaderTests {
    @Test("nested values read back in order, with where each member was")
    func nested() throws {
        var reader = JSONReader(#" {"a":[1,[2,-3]],"b":{"c":null,"d":true},"e":"x"} "#)
        var close = 0
        let members = try reader.readObjectDocument(closeOffset: &close)
        #expect(members.map(\.key) == ["a", "b", "e"])
        #expect(members[0].value == .array([.int(1), .array([.int(2), .int(-3)])]))
        #expect(members[1].value == .object([
            JSONMember(key: "c", value: .null, keyOffset: 22, valueOffset: 26),
            JSONMember(key: "d", value: .bool(true), keyOffset: 31, valueOffset: 35),
        ]))
        #expect(reader.column(of: members[2].valueOffset) == members[2].valueOffset + 1)
        #expect(close == 48)
    }

    @Test("nesting is bounded")
    func depth() {
        var reader = JSONReader(String(repeating: "[", count: 40) + String(repeating: "]", count: 40), maxDepth: 32)
        #expect(throws: JSONReadError(column: 33, message: "arrays and objects nest more than 32 deep")) {
            try reader.readDocument()
        }
        var shallow = JSONReader("[[[]]]", maxDepth: 3)
        #expect(throws: Never.self) { try shallow.readDocument() }
    }

    @Test("the writer escapes what the reader unescapes", arguments: ["", "plain", "q\"\\\n\t\u{01}é😀"])
    func roundTrip(text: String) throws {
        var out: [UInt8] = []
        JSONWriter.appendString(text, to: &out)
        var reader = JSONReader(bytes: out)
        #expect(try reader.readDocument() == .string(text))
    }
}
