import LayerKit
import RenderModel

/// The scenario language's named colours (`docs/guide/scenario-language.md`) by
/// their trace spelling, `#ffff00ff` → `yellow`: what the text trace and
/// the fates write beside or instead of a colour's bytes.
public enum ColorNames {
    /// Each named colour's trace spelling (`LayerContext.format`) to its
    /// name. Every named colour has different bytes, so no spelling has
    /// two names.
    public static let bySpelling: [String: String] = {
        var out: [String: String] = [:]
        for (name, color) in RGBA.namedColors { out[LayerContext.format(.color(color))] = name }
        return out
    }()

    /// The name of the colour spelt `spelling` (`#ffff00ff`), or nil.
    public static func name(of spelling: String) -> String? { bySpelling[spelling] }

    /// `spelling` as people say it: the colour's name when it has one,
    /// else the spelling itself (`yellow`, `#123456ff`, `0.5`).
    public static func spoken(_ spelling: String) -> String { bySpelling[spelling] ?? spelling }

    /// Whether a trace value `spelling` is `wanted`, written in the
    /// trace's spelling or as a colour's name.
    public static func matches(_ spelling: String, _ wanted: String) -> Bool {
        spelling == wanted || bySpelling[spelling] == wanted
    }
}
