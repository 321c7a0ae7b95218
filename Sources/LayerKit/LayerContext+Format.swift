import RenderModel

extension LayerContext {
    /// A property value as the trace writes it, in the language's spelling:
    /// `(10, 20, 100, 40)`, `#ffff00ff`, `0.5`, `true`, `resize`, `none`.
    public static func format(_ value: PropertyValue) -> String {
        switch value {
        case .rect(let r): return "(\(num(r.origin.x)), \(num(r.origin.y)), \(num(r.size.width)), \(num(r.size.height)))"
        case .point(let p): return "(\(num(p.x)), \(num(p.y)))"
        case .transform(let t):
            if t == .identity { return "identity" }
            return "(\(num(t.a)), \(num(t.b)), \(num(t.c)), \(num(t.d)), \(num(t.tx)), \(num(t.ty)))"
        case .number(let v): return num(v)
        case .bool(let b): return b ? "true" : "false"
        case .color(let c):
            let b = RGBA8(c)
            return "#" + [b.r, b.g, b.b, b.a].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        case .image(let id): return "image#\(id.rawValue)"
        case .gravity(let g): return g.rawValue
        case .null: return "none"
        }
    }

    /// A number without a trailing `.0`, rounded to 6 decimals so the trace
    /// does not show floating-point noise.
    static func num(_ v: Double) -> String {
        let r = (v * 1_000_000).rounded() / 1_000_000
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        return String(r)
    }
}
