import LoopSimSystem
import LoopSimTrace
import Raster
import RenderModel

/// The frame PNGs `loopsim test` writes beside the actual trace of a
/// scenario whose frame hashes differ from its golden's (docs/guide/goldens.md):
/// `NAME.actual.png`, and when the expected frame can be found,
/// `NAME.expected.png` and `NAME.diff.png`, of the first differing frame.
///
/// A golden records each frame's hash, not its pixels, so the expected
/// frame is found, in this order: in `--expected-frames DIR`
/// (`DIR/NAME/frames/frame-NNNNNN.ppm`, a run of the golden's commit), when
/// its hash is the golden's; or among the actual run's own frames, when one
/// has the golden's hash (a frame that moved to another vsync). Otherwise
/// the message says how to make `--expected-frames`.
package enum FrameArtifacts {
    /// Where the artifacts go and what to say.
    package struct Context {
        package var scenario: String
        package var golden: String
        /// `…/NAME.actual.trace.jsonl`.
        package var artifact: String
        package var expectedFrames: String?
    }

    /// A `frame` event: the vsync, when it is on screen, its hash and file.
    package struct Frame: Equatable {
        package var frame: Int64
        package var present: Int64
        package var hash: String
        package var file: String
    }

    package static func frames(_ events: [TraceEvent]) -> [Frame] {
        events.compactMap { event in
            if case .frame(let f) = event.kind { return Frame(frame: f.frame, present: f.present, hash: f.hash, file: f.file) }
            return nil
        }
    }

    /// The golden's `frame` events; a line that does not read is skipped
    /// (the trace comparison reports it).
    package static func goldenFrames(_ text: String) -> [Frame] {
        let lines = text.split(separator: "\n").filter { $0.contains("\"ev\":\"frame\"") }
        return frames(lines.compactMap { try? JSONLTraceReader.parse(line: String($0)) })
    }

    /// The smallest vsync whose frame differs: another hash, or in one
    /// trace only; and when it is on screen.
    package static func firstMismatch(_ expected: [Frame], _ actual: [Frame]) -> (frame: Int64, present: Int64)? {
        let e = Dictionary(expected.map { ($0.frame, $0) }, uniquingKeysWith: { a, _ in a })
        let a = Dictionary(actual.map { ($0.frame, $0) }, uniquingKeysWith: { a, _ in a })
        for frame in Set(e.keys).union(a.keys).sorted() where e[frame]?.hash != a[frame]?.hash {
            return (frame, (e[frame] ?? a[frame])!.present)
        }
        return nil
    }

    /// Prints the first differing frame and writes its PNGs. `frames` is
    /// the actual run's frames folder, or nil when it wrote none
    /// (`--frames none`): then `rerun` runs the scenario again with frames
    /// and returns the folder.
    package static func write(_ c: Context, expected: String, actual events: [TraceEvent], frames framesPath: String?, rerun: () -> String) {
        let goldenFrames = Self.goldenFrames(expected), actualFrames = Self.frames(events)
        guard let mismatch = firstMismatch(goldenFrames, actualFrames) else { return }
        let t = mismatch.present, time = TimeLiteral.format(t)
        // What each side has on screen then (a frame only in one run shows the other's earlier frame).
        let e = goldenFrames.last { $0.present <= t }, a = actualFrames.last { $0.present <= t }
        Console.out("  first differing frame: \(mismatch.frame), on screen at \(time): expected \(e.map { "hash \($0.hash) (frame \($0.frame))" } ?? "no frame yet"), actual \(a.map { "hash \($0.hash) (frame \($0.frame))" } ?? "no frame yet")")
        let folder = FramesFolder(path: framesPath ?? rerun())
        let base = String(c.artifact.dropLast(".actual.trace.jsonl".count))
        var written: [String] = []
        var actualImage: Bitmap?
        if let a {
            if let image = load(folder.filePath(a.file)) {
                actualImage = image
                if save(image, to: base + ".actual.png") { written.append(base + ".actual.png") }
            }
        }
        var expectedImage: Bitmap?
        if let e {
            switch findExpected(e, c, actualFrames: actualFrames, folder: folder) {
            case .found(let image, let from):
                expectedImage = image
                if save(image, to: base + ".expected.png") { written.append(base + ".expected.png") }
                Console.out("  the expected frame is \(from)")
            case .notFound(let note):
                if let note { Console.out("  " + note) }
                let name = outputName(forScenario: c.scenario)
                Console.out([
                    "the expected frame is not stored with the golden, only its hash; to see it, run the scenario at the commit that recorded the golden and pass its frames:",
                    "  git worktree add /tmp/loopsim-golden $(git log -1 --format=%h -- \(c.golden))",
                    "  (cd /tmp/loopsim-golden && swift build && .build/debug/loopsim run \(c.scenario) --server thread --frames /tmp/loopsim-expected/\(name)/frames)",
                    "  loopsim test \(c.scenario) --expected-frames /tmp/loopsim-expected",
                ].map { "  " + $0 }.joined(separator: "\n"))
            }
        }
        if let expectedImage, let actualImage {
            if expectedImage.width == actualImage.width && expectedImage.height == actualImage.height {
                let diff = FrameDiffImage(expectedImage, actualImage)
                if save(diff.image, to: base + ".diff.png") { written.append(base + ".diff.png") }
                if let box = diff.boxDescription {
                    Console.out("  \(FramesInspector.count(diff.differing, "pixel")) of \(expectedImage.width * expectedImage.height) differ within \(box) (magenta in the diff, over the expected frame at a quarter of its brightness)")
                }
            } else {
                Console.out("  no diff image: the expected frame is \(expectedImage.width)×\(expectedImage.height), the actual \(actualImage.width)×\(actualImage.height)")
            }
        }
        if !written.isEmpty { Console.out("  frame images written: " + written.joined(separator: ", ")) }
    }

    package enum Lookup {
        case found(Bitmap, from: String)
        case notFound(note: String?)
    }

    /// The expected frame's pixels, from `--expected-frames` or the actual
    /// run's frames, checked against the golden's hash.
    package static func findExpected(_ e: Frame, _ c: Context, actualFrames: [Frame], folder: FramesFolder) -> Lookup {
        var note: String?
        if let root = c.expectedFrames {
            let path = FilePath.join(FilePath.join(FilePath.join(root, outputName(forScenario: c.scenario)), "frames"), e.file)
            if let image = load(path, quiet: true) {
                let hash = Bitmap.hashHex(TiledFrameHash(image).value)
                if hash == e.hash { return .found(image, from: path) }
                note = "\(path) has hash \(hash), not the golden's \(e.hash): not used (is it from the golden's commit?)"
            } else {
                note = "\(path) (--expected-frames) does not exist or is not a valid PNM image"
            }
        }
        if let same = actualFrames.first(where: { $0.hash == e.hash }), let image = load(folder.filePath(same.file), quiet: true) {
            return .found(image, from: "the actual run's frame \(same.frame), which has the golden's hash")
        }
        return .notFound(note: note)
    }

    package static func load(_ path: String, quiet: Bool = false) -> Bitmap? {
        do {
            return try FramesInspector.loadImage(path)
        } catch {
            if !quiet { Console.out("  cannot read the frame: \(error.message)") }
            return nil
        }
    }

    package static func save(_ image: Bitmap, to path: String) -> Bool {
        do {
            try FramesInspector.write(PNGEncoder.encode(image), to: path)
            return true
        } catch {
            Console.out("  cannot write the frame image: \(error.message)")
            return false
        }
    }
}
