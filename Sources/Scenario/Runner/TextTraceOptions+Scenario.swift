import LayerKit
import LoopSimTrace

extension TextTraceOptions {
    /// The text trace as `loopsim run` writes it by default: a colour that
    /// has a name in the language is shown with it, `#ffff00ff (yellow)`
    /// (``ColorNames``).
    public static var scenarioLanguage: TextTraceOptions { TextTraceOptions(valueNames: ColorNames.bySpelling) }

    /// The callout names of the six observers UIKit and Core Animation
    /// install (``LayerContext/uikitObservers``; the two autorelease-pool
    /// observers share one name): what `--quiet-observers` folds.
    public static var uikitObserverNames: Set<String> { Set(LayerContext.uikitObservers.map(\.2)) }
}
