import LayerKit
import RenderModel
import Simulation

/// Runs the commands of a `draw` block on a layer's drawing context.
enum DrawCommandRunner {
    static func run(_ command: DrawCommand, in ctx: DrawingContext) throws {
        switch command {
        case .fill(let shape, let color):
            ctx.fill(try path(shape), color: rgba8(color))
        case .stroke(let shape, let color, let width):
            ctx.stroke(try path(shape), color: rgba8(color), width: width)
        case .line(let x1, let y1, let x2, let y2, let color, let width):
            ctx.line(from: Point(x: x1, y: y1), to: Point(x: x2, y: y2), color: rgba8(color), width: width)
        case .text(let s, let x, let y, let color, let size):
            ctx.drawText(s, at: Point(x: x, y: y), color: rgba8(color), size: size)
        }
    }

    static func rgba8(_ c: [UInt8]) -> RGBA8 { RGBA8(r: c[0], g: c[1], b: c[2], a: c[3]) }

    static func path(_ shape: DrawCommand.Shape) throws -> Path {
        switch shape {
        case .rect(let x, let y, let w, let h): return .rect(Rect(x: x, y: y, width: w, height: h))
        case .roundedRect(let x, let y, let w, let h, let r): return .roundedRect(Rect(x: x, y: y, width: w, height: h), radius: r)
        case .ellipse(let x, let y, let w, let h): return .ellipse(in: Rect(x: x, y: y, width: w, height: h))
        case .path(let svg): return try Path(svg: svg)
        }
    }
}
