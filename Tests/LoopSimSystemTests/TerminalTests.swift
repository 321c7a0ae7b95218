import Testing
import LoopSimSystem

/// `FileDescriptor.isTerminal` (isatty), which decides `loopsim run`'s progress line.
@Suite struct TerminalTests {
    @Test func aSocketAndAClosedDescriptorAreNotTerminals() throws {
        let (a, b) = try FileDescriptor.socketPair()
        defer { try? a.close(); try? b.close() }
        #expect(!a.isTerminal)
        #expect(!FileDescriptor(rawValue: 9_999).isTerminal)
    }
}
