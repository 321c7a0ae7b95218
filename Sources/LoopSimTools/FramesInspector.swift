import LoopSimSystem
import RenderModel

/// The logic of `loopsim frames <dir> list | pixel | diff | png | sheet`:
/// inspecting the frames a run wrote (`frame-NNNNNN.ppm` files and
/// `frames.jsonl`, `docs/guide/frames.md`), one action at a time, after the
/// command has validated its arguments. Problems with the files
/// themselves are a ``FramesDataError`` (exit 2), printed as one line
/// naming the file.
package enum FramesInspector {
    /// What to do, after validation.
    package enum Action {
        case list
        case pixel(x: Int, y: Int, at: Int64)
        case diff(a: String, b: String, out: String?)
        case png(FrameSelection, out: String, scale: ImageScale)
        case sheet(ContactSheet.Options, out: String)
    }

    /// The action names, in the order the help lists them.
    package static let actions = ["list", "pixel", "diff", "png", "sheet"]

    /// Runs `action` on the frames folder of `folder` (``FramesFolder/locate(_:)``);
    /// answers the exit status.
    package static func run(_ action: Action, in folder: String) throws -> Int32 {
        do {
            let frames = FramesFolder.locate(folder)
            switch action {
            case .list: return try list(frames)
            case .pixel(let x, let y, let time): return try pixel(frames, x: x, y: y, at: time)
            case .diff(let a, let b, let out): return try diff(frames, a, b, out: out)
            case .png(let selection, let out, let scale): return try png(frames, selection, out: out, scale: scale)
            case .sheet(let options, let out): return try sheet(frames, options, out: out)
            }
        } catch let error as FramesDataError {
            Console.error("Error: \(error.message)")
            return ExitStatus.scenarioError
        }
    }
}
