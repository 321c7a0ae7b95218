import LoopSimSystem
import Testing

@Suite struct SystemErrorTests {
    @Test("the description names the call, the subject, the C library's message, the errno's name and a note")
    func descriptions() {
        #expect(SystemError("sendmsg", .brokenPipe).description == "sendmsg: Broken pipe (EPIPE)")
        #expect(SystemError("open", .noSuchFile, subject: "/x.loop").description == "open /x.loop: No such file or directory (ENOENT)")
        #expect(SystemError("listen", .notPermitted, subject: "/tmp", note: "use a private folder").description
            == "listen /tmp: Operation not permitted (EPERM): use a private folder")
    }

    @Test("errno names are the C symbols; an unknown one says its number")
    func names() {
        #expect(Errno.interrupted.name == "EINTR")
        #expect(Errno.wouldBlock.name == "EAGAIN")
        #expect(Errno(rawValue: 4_242).name == "errno 4242")
        #expect(Errno.badFileDescriptor.message == "Bad file descriptor")
    }

    @Test("retryOnInterrupt calls again on EINTR only")
    func retry() {
        var results: [Int32] = [-1, -1, 5]
        var calls = 0
        let value = retryOnInterrupt { () -> Int32 in
            calls += 1
            Errno.current = .interrupted
            return results.removeFirst()
        }
        #expect(value == 5 && calls == 3)
        calls = 0
        let failed = retryOnInterrupt { () -> Int32 in
            calls += 1
            Errno.current = .brokenPipe
            return -1
        }
        #expect(failed == -1 && calls == 1)
    }
}
