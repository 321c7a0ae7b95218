import LoopSimSystem

extension SocketServer {
    /// Serves one client on `fd` as the `loopsim-render` process does: a
    /// session that writes its frames to the folder the client's hello
    /// names, under this process's id. What an in-process server (the
    /// `thread` transport) runs. Does not close `fd`.
    /// - Parameters:
    ///   - framesBudget: the most bytes of frames the session writes
    ///     (``FolderFrameOutput/budget``); nil: ``framesBudgetFromEnvironment()``.
    ///   - deadlines: bounds on a client of a listening server; nil for none.
    ///   - writesFrames: false: no frame files whatever the client's folder
    ///     (`loopsim-render --frames none`); a client's empty folder means
    ///     none too.
    ///   - spins: whether each wait for the client spins first
    ///     (``serve(fd:session:limits:deadlines:spins:)``): the server
    ///     process does.
    public static func serveClient(on fd: FileDescriptor, framesBudget: UInt64? = nil, deadlines: Deadlines? = nil,
                                   writesFrames: Bool = true, spins: Bool = false) -> Outcome {
        let budget = framesBudget ?? framesBudgetFromEnvironment()
        let session = ServerSession(pid: UInt32(CurrentProcess.id)) { hello throws -> FrameOutput in
            // An empty folder: no frame files (`--frames none`, docs/internals/render-server.md).
            writesFrames && hello.writesFrameFiles ? try FolderFrameOutput(folder: hello.outputFolder, budget: budget) : DiscardingFrameOutput()
        }
        return serve(fd: fd, session: session, deadlines: deadlines, spins: spins)
    }

    /// `LOOPSIM_FRAMES_BUDGET` (bytes, or with a `K`, `M` or `G` suffix for
    /// KiB, MiB, GiB) when set and valid, else ``FolderFrameOutput/defaultBudget``.
    /// The spawned server inherits the variable, the thread transport reads
    /// it in process: one setting for every transport.
    public static func framesBudgetFromEnvironment() -> UInt64 {
        CurrentProcess.environment("LOOPSIM_FRAMES_BUDGET").flatMap(parseByteCount) ?? FolderFrameOutput.defaultBudget
    }

    /// `2048`, `64K`, `512M`, `2G` as bytes; nil for anything else.
    public static func parseByteCount(_ text: String) -> UInt64? {
        let shifts: [Character: UInt64] = ["K": 10, "M": 20, "G": 30]
        var digits = Substring(text)
        var shift: UInt64 = 0
        if let last = digits.last, let s = shifts[last] { shift = s; digits = digits.dropLast() }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let n = UInt64(digits) else { return nil }
        let (value, overflow) = n.multipliedReportingOverflow(by: 1 << shift)
        return overflow ? nil : value
    }
}
