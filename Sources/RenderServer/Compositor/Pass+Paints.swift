import Raster
import RenderModel

/// A pass's paints of one layer: background, border, contents, and the
/// clip of a `masksToBounds` layer (docs/internals/render-server.md, "The compositor").
extension Pass {
    static func packed(_ color: RGBA, opacity: UInt32) -> UInt32 {
        let c = RGBA8(color).premultiplied()
        let p = PixelMath.pack(r: c.r, g: c.g, b: c.b, a: c.a)
        return opacity == 255 ? p : PixelMath.scale(p, opacity)
    }

    func drawBackground(_ node: RenderNode, canvas: Canvas, clip: Clip, opacity: UInt32) {
        guard let color = node.hot.state.backgroundColor else { return }
        let packed = Pass.packed(color, opacity: opacity)
        guard packed != 0, let shape = Shapes.shape(node.hot.state.bounds, radius: node.hot.state.cornerRadius, transform: node.hot.toDevice) else { return }
        if let table = compositor.blendTable(color: packed) {
            scanner.fill(shape, clip: clip, painter: TabledSolidPainter(canvas: canvas, table: table))
        } else {
            scanner.fill(shape, clip: clip, painter: SolidPainter(canvas: canvas, color: packed))
        }
    }

    func drawBorder(_ node: RenderNode, canvas: Canvas, clip: Clip, opacity: UInt32) {
        let s = node.hot.state
        guard s.borderWidth > 0 else { return }
        let packed = Pass.packed(s.borderColor, opacity: opacity)
        guard packed != 0, let shape = Shapes.ring(s.bounds, radius: s.cornerRadius, width: s.borderWidth, transform: node.hot.toDevice) else { return }
        scanner.fill(shape, clip: clip, painter: SolidPainter(canvas: canvas, color: packed))
    }

    /// The clip for a `masksToBounds` layer's contents and sublayers: the
    /// enclosing clip narrowed to the rounded bounds — a plain rect when the
    /// bounds fall on whole pixels, a mask otherwise. `nil` when nothing is
    /// left.
    func boundsClip(_ node: RenderNode, within clip: Clip) -> Clip? {
        guard let shape = Shapes.shape(node.hot.state.bounds, radius: node.hot.state.cornerRadius, transform: node.hot.toDevice) else { return nil }
        let box: PixelRect
        switch shape {
        case let .rect(x0, y0, x1, y1):
            if x0 & 255 == 0, y0 & 255 == 0, x1 & 255 == 0, y1 & 255 == 0 {
                let r = PixelRect(x0: Int(x0 >> 8), y0: Int(y0 >> 8), x1: Int(x1 >> 8), y1: Int(y1 >> 8))
                guard let inside = clip.rect.intersection(r) else { return nil }
                return Clip(rect: inside, mask: clip.mask)
            }
            let xs = Fixed.pixelSpan(minUnits: x0, maxUnits: x1), ys = Fixed.pixelSpan(minUnits: y0, maxUnits: y1)
            box = PixelRect(x0: Int(xs.lo), y0: Int(ys.lo), x1: Int(xs.hi), y1: Int(ys.hi))
        case .polygons(let polygons):
            guard let b = deviceBox(polygons.flatMap { $0 }, clip: tree.displayRect) else { return nil }
            box = b
        }
        guard let rect = clip.rect.intersection(box) else { return nil }
        let mask = ClipMask(rect: rect)
        scanner.fill(shape, clip: Clip(rect: rect, mask: clip.mask), painter: MaskWriter(mask: mask))
        mask.findRuns()
        return Clip(rect: rect, mask: mask)
    }

    func drawContents(_ node: RenderNode, canvas: Canvas, clip: Clip, opacity: UInt32) {
        guard let (rect, bitmap) = tree.contentsRect(node),
              let shape = Shapes.shape(rect, radius: 0, transform: node.hot.toDevice) else { return }
        let iw = bitmap.width, ih = bitmap.height
        // Bitmap pixels to the display.
        let toLayer = Transform2D(a: rect.width / Double(iw), b: 0, c: 0, d: rect.height / Double(ih), tx: rect.minX, ty: rect.minY)
        let m = toLayer.concatenating(node.hot.toDevice)
        var exact = false
        var dx = 0, dy = 0
        var u = (o: Int64(0), x: Int64(0), y: Int64(0)), v = u
        if m.a == 1, m.d == 1, m.b == 0, m.c == 0 {
            let tx = Fixed.units(m.tx), ty = Fixed.units(m.ty)
            if tx & 255 == 0, ty & 255 == 0 {
                exact = true
                dx = Int(tx >> 8)
                dy = Int(ty >> 8)
            }
        }
        if !exact {
            guard let inv = m.inverted() else { return }
            // Sample point of pixel (x, y): its centre, mapped, less half a texel.
            let uo = inv.tx + 0.5 * inv.a + 0.5 * inv.c - 0.5
            let vo = inv.ty + 0.5 * inv.b + 0.5 * inv.d - 0.5
            let w = Double(tree.displayWidth + 1), h = Double(tree.displayHeight + 1)
            let limit = 1_073_741_824.0 // 2^30 texels of reach
            guard abs(uo) + abs(inv.a) * w + abs(inv.c) * h < limit,
                  abs(vo) + abs(inv.b) * w + abs(inv.d) * h < limit else { return }
            let one = 4_294_967_296.0
            @inline(__always) func fixed(_ value: Double) -> Int64 { Int64((value * one).rounded(.toNearestOrEven)) }
            u = (fixed(uo), fixed(inv.a), fixed(inv.c))
            v = (fixed(vo), fixed(inv.b), fixed(inv.d))
        }
        bitmap.pixels.withUnsafeBytes { raw in
            raw.withMemoryRebound(to: UInt32.self) { texels in
                let painter = ImagePainter(
                    canvas: canvas, texels: texels.baseAddress!, width: iw, height: ih, opacity: opacity,
                    u0: u.o, ux: u.x, uy: u.y, v0: v.o, vx: v.x, vy: v.y,
                    exact: exact, dx: dx, dy: dy)
                scanner.fill(shape, clip: clip, painter: painter)
            }
        }
    }
}
