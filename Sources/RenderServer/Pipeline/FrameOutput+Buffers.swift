/// Frame buffers that go round (`docs/internals/render-server.md`, "Files"): the
/// writing thread takes the session's P6 buffer itself, and the session
/// goes on in a buffer the thread is done with, brought up to date by
/// copying the rectangles that changed since that buffer's frame from the
/// frame just taken (which both then only read). A frame whose damage is a
/// small part of the display costs that part, not a copy of the whole file.
extension FolderFrameOutput {
    /// How many frames' changes are kept: a buffer given back older than
    /// that is brought up to date by a whole copy instead.
    static let changesKept = 8

    /// Takes `ppm` (the frame) for the writing thread and leaves in `ppm`
    /// the same bytes in a buffer the thread is done with (see the type).
    /// Throws as ``write(frame:ppm:indexLine:)``.
    public func write(frame: UInt64, ppm: inout [UInt8], changed: P6Changes, indexLine: () -> String) throws {
        let line = try take(frame: frame, bytes: ppm.count, indexLine: indexLine)
        recent.append((taken, changed))
        if recent.count > Self.changesKept { recent.removeFirst(recent.count - Self.changesKept) }
        let full = ppm
        // framesInFlight buffers besides the session's: after `take` at
        // most framesInFlight − 1 frames are queued, so one of them is
        // always back (or still spare), and none is made after this.
        if spares == nil { spares = (0..<Self.framesInFlight).map { _ in (taken, Self.copy(full, into: nil)) } }
        // The buffer moves out of its job, so that it is the only reference
        // to its bytes and is changed in place.
        var held: UInt64?
        var buffer: [UInt8]? = nil
        if var job = queue.reclaim() {
            held = job.sequence
            buffer = job.ppm
            job.ppm = []
        } else if let spare = spares?.popLast() {
            (held, buffer) = (spare.sequence, spare.ppm)
        }
        queue.submit(FrameJob(frame: frame, sequence: taken, ppm: full, line: line))
        if let held, var caughtUp = buffer, caughtUp.count == full.count, let first = recent.first?.sequence, first <= held + 1 {
            buffer = nil
            for (sequence, changes) in recent where sequence > held {
                Self.copy(changes, from: full, into: &caughtUp)
            }
            ppm = caughtUp
        } else {
            ppm = Self.copy(full, into: buffer)
        }
    }

    /// Copies the rows of each of `changes`' rectangles (clipped to the
    /// frame) from `source` into `buffer`, both files of the same layout.
    static func copy(_ changes: P6Changes, from source: [UInt8], into buffer: inout [UInt8]) {
        let width = changes.width, header = changes.headerCount
        guard width > 0, source.count == buffer.count, source.count >= header else { return }
        let height = (source.count - header) / (width * 3)
        source.withUnsafeBytes { src in
            buffer.withUnsafeMutableBytes { dst in
                for r in changes.rects {
                    let x0 = max(r.x, 0), x1 = min(r.x + r.width, width)
                    let y0 = max(r.y, 0), y1 = min(r.y + r.height, height)
                    guard x0 < x1, y0 < y1 else { continue }
                    let count = (x1 - x0) * 3
                    for y in y0..<y1 {
                        let offset = header + (y * width + x0) * 3
                        (dst.baseAddress! + offset).copyMemory(from: src.baseAddress! + offset, byteCount: count)
                    }
                }
            }
        }
    }
}
