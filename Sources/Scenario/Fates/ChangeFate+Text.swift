import Foundation
import LoopSimTrace

extension ChangeFate {
    /// The fate as one sentence, led by the value (a colour by its name):
    ///
    ///     yellow: set at 1.000 s in txn 2, overwritten at 4.000 s by green in the same transaction; never committed
    ///     green: set at 4.000 s in txn 2, shipped in the commit at 4.000 s, on screen in frame 241 at 4.017 s (16.667 ms after the set; txn 2: latency 3016.667 ms, hitch 3000.000 ms, late commit)
    ///
    /// - Parameter target: lead with `LAYER.PROP = ` too (`loopsim why`).
    public func chain(target: Bool = false) -> String {
        let s = set
        var out = target ? "\(s.target) = " : ""
        out += "\(ColorNames.spoken(s.value)): set at \(Self.seconds(s.t)) in txn \(s.txn)"
        switch outcome {
        case .neverCommitted:
            out += "; never committed: txn \(s.txn) was still open when the run ended"
        case .overwritten(let by):
            let whereText = by.txn == s.txn ? "in the same transaction" : "in txn \(by.txn), committed with it"
            out += ", overwritten at \(Self.seconds(by.t)) by \(ColorNames.spoken(by.value)) \(whereText); never committed"
        case .unchanged(let c):
            out += "; nothing shipped: the commit at \(Self.seconds(c.t)) found \(s.target) already \(ColorNames.spoken(s.value)) on the server"
        case .shipped(let c, let screen):
            out += ", shipped in the commit at \(Self.seconds(c.t))"
            switch screen {
            case .onScreen(let l, _):
                out += ", on screen in frame \(l.frame) at \(Self.seconds(l.present)) (\(Self.ms(l.present - s.t)) after the set"
                out += "; txn \(l.txn): latency \(Self.ms(l.latency))"
                if l.hitch > 0 { out += ", hitch \(Self.ms(l.hitch))" + (l.late.map { ", late \($0.rawValue)" } ?? "") }
                out += ")"
            case .replaced(let by, let frame):
                out += ", replaced by \(ColorNames.spoken(by.value)) (set at \(Self.seconds(by.t))) before frame \(frame) showed it; never on screen"
            case .notShown:
                out += "; never on screen: no frame showed it before the run ended (or there was no render server)"
            }
        }
        return out
    }

    /// `1.000 s`.
    static func seconds(_ ns: Int64) -> String { String(format: "%.3f s", Double(ns) / 1e9) }

    /// `16.667 ms`.
    static func ms(_ ns: Int64) -> String { String(format: "%.3f ms", Double(ns) / 1e6) }
}
