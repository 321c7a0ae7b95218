/// The names a render server gives the files in its frames folder (the
/// folder a `hello` names): one home for the grammar that the server writes,
/// the client clears, and `loopsim frames` reads. Names only, no I/O.
public enum FrameFolder {
    /// The index, one JSON line per drawn frame: `frames.jsonl`.
    public static let indexFileName = "frames.jsonl"

    /// The hidden folder inside a frames folder that holds the previous
    /// run's frame files while a new run rewrites them in place
    /// (docs/render-server.md, "Files"): `.reuse`.
    public static let reuseFolderName = ".reuse"

    /// `frame-000042.ppm` (at least six digits).
    public static func fileName(frame: UInt64) -> String {
        let digits = String(frame)
        return "frame-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".ppm"
    }

    /// Whether `name` is one the server writes: the index, a frame, or a
    /// frame still being written (`.ppm.partial`). Nothing else in the
    /// folder is the server's to remove.
    public static func isServerFile(_ name: String) -> Bool {
        name == indexFileName || (name.hasPrefix("frame-") && (name.hasSuffix(".ppm") || name.hasSuffix(".ppm.partial")))
    }

    /// Whether `name` is a finished frame file (`frame-*.ppm`), the kind a
    /// new run may rewrite in place.
    public static func isFrameFile(_ name: String) -> Bool {
        name.hasPrefix("frame-") && name.hasSuffix(".ppm")
    }
}
