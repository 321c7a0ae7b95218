/// What Linux says about a process in `/proc/PID/status`.
public enum ProcessStatus {
    /// The process's peak resident set size in bytes (`VmHWM`, the high
    /// water mark of its RSS), for `loopsim bench scale`.
    /// - Parameter pid: a process id; nil for this process (`/proc/self`).
    /// - Throws: ``SystemError`` when the file cannot be read (the process
    ///   is gone), or `EINVAL` when it has no `VmHWM` line.
    public static func peakResidentBytes(of pid: Int32? = nil) throws(SystemError) -> UInt64 {
        let path = "/proc/\(pid.map(String.init) ?? "self")/status"
        let text = String(decoding: try FileSystem.readFile(path), as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            // "VmHWM:\t   32716 kB"
            let fields = line.dropFirst("VmHWM:".count).split(whereSeparator: { $0 == " " || $0 == "\t" })
            if let kib = fields.first.flatMap({ UInt64($0) }), fields.dropFirst().first == "kB" { return kib * 1024 }
        }
        throw SystemError("read", .invalidArgument, subject: path, note: "no VmHWM line")
    }
}
