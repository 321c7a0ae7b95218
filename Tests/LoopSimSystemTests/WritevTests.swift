#if DEBUG
import LoopSimSystem
import Testing

/// `writeAll(vectors:)`: one `writev` for a whole frame file, scripted
/// with ``MockingDriver`` (EINTR, short writes) and once for real.
@Suite struct WritevTests {
    let fake = FileDescriptor(rawValue: 9_999)

    @Test("writeAll(vectors:) is one writev when the kernel takes everything")
    func oneCall() throws {
        try MockingDriver.withMocking { driver in
            driver.script("writev", [.value(15)])
            let header: [UInt8] = Array("P6\n".utf8), body = [UInt8](repeating: 7, count: 12)
            try header.withUnsafeBytes { h in try body.withUnsafeBytes { b in try fake.writeAll(vectors: [h, b]) } }
            #expect(driver.calls.map(\.description) == ["writev(9999, 3, 12)"])
        }
    }

    @Test("writeAll(vectors:) retries EINTR and continues a short write inside the second buffer")
    func interruptedThenShort() throws {
        try MockingDriver.withMocking { driver in
            driver.script("writev", [.error(.interrupted), .value(5), .value(10)])
            let a = [UInt8](repeating: 1, count: 3), b = [UInt8](repeating: 2, count: 12)
            try a.withUnsafeBytes { x in try b.withUnsafeBytes { y in try fake.writeAll(vectors: [x, y]) } }
            // 3 + 12 asked twice (EINTR), then the 10 bytes left of the second.
            #expect(driver.calls.map(\.description) == ["writev(9999, 3, 12)", "writev(9999, 3, 12)", "writev(9999, 10)"])
            #expect(driver.unusedScript.isEmpty)
        }
    }

    @Test("writeAll(vectors:) reports the errno of a failed writev")
    func failure() throws {
        MockingDriver.withMocking { driver in
            driver.script("writev", [.error(.noSpace)])
            let error = #expect(throws: SystemError.self) {
                try [UInt8]([1]).withUnsafeBytes { try fake.writeAll(vectors: [$0]) }
            }
            #expect(error?.call == "writev")
        }
    }
}
#endif
