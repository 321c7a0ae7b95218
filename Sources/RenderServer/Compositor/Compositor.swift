import RenderModel

/// Renders a `RenderTree` into display bitmaps: exact, integer, the same
/// bytes on every machine (docs/core-animation-rules.md choice 7).
///
/// Per layer, back to front: background (in the rounded bounds), contents
/// (placed by `contentsGravity`), sublayers (sorted by zPosition, stable),
/// border (inset, following the corner radius); `masksToBounds` clips
/// contents and sublayers to the rounded bounds; a hidden layer skips its
/// subtree. A layer with sublayers and opacity < 1 is drawn as a group into
/// an offscreen buffer, which is then composited with the opacity; a layer
/// without sublayers multiplies each of its paints by its opacity. All
/// blending is premultiplied source-over with `(v·m + 127) / 255`; edges are
/// anti-aliased by exact coverage on a 16 × 16 sample grid after rounding
/// vertices to 1/256 pixel (`ScanConverter`, shared with LayerKit's
/// `DrawingContext`).
///
/// Every pixel's value depends only on the tree and the pixel, so
/// rendering a damaged region gives exactly the bytes a full render gives
/// there.
///
///     let compositor = Compositor(background: RGBA8(r: 0, g: 0, b: 0))
///     var frame = compositor.render(tree)                // the whole display
///     let damage = try tree.apply(diff)
///     compositor.render(tree, into: &frame, damage: damage)
public final class Compositor {
    /// The display's colour under every layer (premultiplied).
    @exclusivity(unchecked) public var background: RGBA8

    @exclusivity(unchecked) private var scanner: ScanConverter?
    @exclusivity(unchecked) private var pool: [(pointer: UnsafeMutablePointer<UInt32>, capacity: Int)] = []
    /// A pass's stack of layers being drawn, kept for its capacity.
    @exclusivity(unchecked) fileprivate var frames: [Pass.Frame] = []

    /// Blend tables of background colours over the display's background,
    /// the most recently used first; a colour's table is made the second
    /// time a pass asks for it (`probation`), so that a scene of many
    /// colours used once does not build one per layer.
    @exclusivity(unchecked) private var tables: [BlendTable] = []
    @exclusivity(unchecked) private var probation: [UInt32] = []
    static let maxBlendTables = 16

    /// How many blend tables are kept, and whether any is used (tests
    /// compare frames drawn with and without them).
    var blendTableCount: Int { tables.count }
    @exclusivity(unchecked) var usesBlendTables = true

    /// The table of `color` over the background, if one is kept or now made.
    func blendTable(color: UInt32) -> BlendTable? {
        guard usesBlendTables else { return nil }
        let under = PixelMath.pack(r: background.r, g: background.g, b: background.b, a: background.a)
        if let i = tables.firstIndex(where: { $0.color == color && $0.under == under }) {
            if i != 0 { tables.insert(tables.remove(at: i), at: 0) }
            return tables[0]
        }
        guard let p = probation.firstIndex(of: color) else {
            if probation.count == Self.maxBlendTables { probation.removeFirst() }
            probation.append(color)
            return nil
        }
        probation.remove(at: p)
        let table = BlendTable(color: color, under: under)
        if tables.count == Self.maxBlendTables { tables.removeLast() }
        tables.insert(table, at: 0)
        return table
    }

    /// A compositor that clears to `background` (premultiplied bytes;
    /// default opaque black).
    public init(background: RGBA8 = .black) {
        self.background = background
    }

    /// A compositor that clears to the straight colour `background`.
    public convenience init(background: RGBA) {
        self.init(background: RGBA8(background).premultiplied())
    }

    deinit {
        for buffer in pool { buffer.pointer.deallocate() }
    }

    /// A new bitmap of the whole display.
    public func render(_ tree: RenderTree) -> Bitmap {
        var bitmap = Bitmap(width: tree.displayWidth, height: tree.displayHeight)
        render(tree, into: &bitmap, region: tree.displayRect)
        return bitmap
    }

    /// Recomposites `region` of `bitmap` (clipped to the display) from the
    /// background up; pixels outside it are left alone.
    ///
    /// Traps unless `bitmap` is the display's size.
    public func render(_ tree: RenderTree, into bitmap: inout Bitmap, region: PixelRect) {
        precondition(bitmap.width == tree.displayWidth && bitmap.height == tree.displayHeight,
                     "Compositor.render: a \(bitmap.width)×\(bitmap.height) bitmap for a \(tree.displayWidth)×\(tree.displayHeight) display")
        guard region.intersection(tree.displayRect) != nil else { return }
        bitmap.withUnsafeMutablePixels { bytes in
            render(tree, pixels: UnsafeMutableRawBufferPointer(bytes), region: region)
        }
    }

    /// Recomposites `region` (clipped to the display) of the display's
    /// pixels, `pixels` (a display-sized bitmap's bytes): what
    /// ``render(_:into:region:)`` does, for a caller that holds the bytes.
    /// Reads the tree, writes only the region's pixels.
    func render(_ tree: RenderTree, pixels bytes: UnsafeMutableRawBufferPointer, region: PixelRect) {
        withUnsafePointer(to: region) { render(tree, pixels: bytes, regions: UnsafeBufferPointer(start: $0, count: 1), within: region) }
    }

    /// Recomposites each of `regions`, clipped to `box` and to the display,
    /// in turn (``render(_:pixels:region:)`` for each): the session drawing
    /// a frame's damaged boxes, or a band's share of them when it draws the
    /// two halves of a frame at once with one compositor each
    /// (`FrameDrawing`). One pass's set-up serves them all.
    func render(_ tree: RenderTree, pixels bytes: UnsafeMutableRawBufferPointer, regions: UnsafeBufferPointer<PixelRect>, within box: PixelRect) {
        precondition(bytes.count == tree.displayWidth * tree.displayHeight * 4,
                     "Compositor.render: \(bytes.count) bytes for a \(tree.displayWidth)×\(tree.displayHeight) display")
        guard let box = box.intersection(tree.displayRect) else { return }
        if scanner?.capacity != tree.displayWidth {
            scanner = ScanConverter(displayWidth: tree.displayWidth, displayHeight: tree.displayHeight)
        }
        let scanner = self.scanner!
        let bg = PixelMath.pack(r: background.r, g: background.g, b: background.b, a: background.a)
        tree.updateRootBoxes()
        bytes.withMemoryRebound(to: UInt32.self) { pixels in
            let display = Canvas(base: pixels.baseAddress!, rect: tree.displayRect, stride: tree.displayWidth)
            tree.rootBoxes.withUnsafeBufferPointer { boxes in
                tree.rootBandStarts.withUnsafeBufferPointer { starts in
                    tree.rootBandIndexes.withUnsafeBufferPointer { indexes in
                        let pass = Pass(tree: tree, scanner: scanner, compositor: self)
                        let roots = tree.orderedRootsBuffer()
                        for r in regions {
                            guard let region = r.intersection(box) else { continue }
                            for y in region.y..<region.maxY {
                                display.pointer(x: region.x, y: y).update(repeating: bg, count: region.width)
                            }
                            pass.draw(roots: roots, boxes: boxes, bands: (starts, indexes),
                                      canvas: display, clip: Clip(rect: region, mask: nil))
                        }
                    }
                }
            }
        }
    }

    /// Recomposites every rectangle of `damage` (clipped to the display).
    public func render(_ tree: RenderTree, into bitmap: inout Bitmap, damage: DamageRegion) {
        for rect in damage.rects { render(tree, into: &bitmap, region: rect) }
    }

    /// Takes the tree's pending damage (`RenderTree.takeDamage()`),
    /// recomposites it into `bitmap` (the previous frame) and answers it;
    /// empty when nothing changed.
    @discardableResult
    public func renderDamage(of tree: RenderTree, into bitmap: inout Bitmap) -> DamageRegion {
        let damage = tree.takeDamage()
        render(tree, into: &bitmap, damage: damage)
        return damage
    }

    // MARK: Offscreen buffers

    func acquire(_ count: Int) -> (pointer: UnsafeMutablePointer<UInt32>, capacity: Int) {
        let buffer: (pointer: UnsafeMutablePointer<UInt32>, capacity: Int)
        if let i = pool.firstIndex(where: { $0.capacity >= count }) {
            buffer = pool.remove(at: i)
        } else {
            buffer = (.allocate(capacity: Swift.max(count, 1)), Swift.max(count, 1))
        }
        buffer.pointer.update(repeating: 0, count: count)
        return buffer
    }

    func release(_ buffer: (pointer: UnsafeMutablePointer<UInt32>, capacity: Int)) {
        pool.append(buffer)
    }
}

/// One traversal of the tree for one region.
///
/// A pass only reads the tree, which its caller keeps alive and which does
/// not change meanwhile (a draw order made lazily, the one write, is kept
/// until the next commit): so the nodes and draw orders it walks are not
/// reference counted (buffers of the tree's arrays, nodes entered through
/// unretained handles, a frame's node `unowned(unsafe)`). Counting them was
/// about a thousand atomic increments and decrements a frame on each of
/// the two bands' threads, on counts both threads share (docs/benchmarks.md,
/// "A pass counts no references").
struct Pass {
    let tree: RenderTree
    let scanner: ScanConverter
    let compositor: Compositor

    /// A layer being drawn: where its content goes and what is left to do.
    fileprivate struct Frame {
        unowned(unsafe) let node: RenderNode
        /// Where the layer's own paints and its sublayers go.
        let canvas: Canvas
        /// The clip of the background and the border.
        let outer: Clip
        /// The clip of contents and sublayers (`nil`: nothing shows inside).
        let inner: Clip?
        /// The sublayers back to front (``RenderTree/orderedChildrenBuffer(_:)``).
        let children: UnsafeBufferPointer<RenderNode>
        var next = 0
        /// Opacity the layer's own paints are multiplied by.
        let paintOpacity: UInt32
        /// For a group: the canvas and clip it composites onto, its opacity,
        /// and its offscreen buffer.
        let group: (target: Canvas, clip: Clip, opacity: UInt32, buffer: (pointer: UnsafeMutablePointer<UInt32>, capacity: Int))?
    }

    /// Draws `roots` (back to front, with their subtree boxes `boxes` and
    /// the roots of each band of rows `bands`: ``RenderTree/rootBoxes``,
    /// ``RenderTree/rootBandStarts``, ``RenderTree/rootBandIndexes``)
    /// inside `clip`.
    func draw(roots: UnsafeBufferPointer<RenderNode>, boxes: UnsafeBufferPointer<RenderTree.RootBox>,
              bands: (starts: UnsafeBufferPointer<Int>, indexes: UnsafeBufferPointer<Int>), canvas: Canvas, clip: Clip) {
        // The compositor's scratch stack, taken for the pass (a pass per
        // damaged box, a hundred a frame, allocated one each).
        var stack: [Frame] = []
        swap(&stack, &compositor.frames)
        defer {
            stack.removeAll(keepingCapacity: true)
            swap(&stack, &compositor.frames)
        }
        let (cx0, cy0, cx1, cy1) = (clip.rect.x, clip.rect.y, clip.rect.maxX, clip.rect.maxY)
        func drawRoot(_ index: Int) {
            // The roots that cannot touch the clip are skipped as the
            // sublayers are below, before `enter` builds a frame for
            // nothing (it would return nil for them): 100 roots and a
            // damaged cell made this the server's largest cost. Their
            // boxes are read from one flat array, not from each node.
            let box = boxes[index]
            guard box.x0 < cx1, box.x1 > cx0, box.y0 < cy1, box.y1 > cy0 else { return }
            if let frame = Pass.node(roots, index)._withUnsafeGuaranteedRef({ enter($0, canvas: canvas, clip: clip) }) { stack.append(frame) }
            while !stack.isEmpty {
                let top = stack.count - 1
                guard let inner = stack[top].inner else {
                    exit(stack.removeLast())
                    continue
                }
                // Skip the sublayers that cannot touch the clip in a tight
                // loop (a damaged rectangle in a big tree culls most of
                // them), then enter the next one that can.
                let children = stack[top].children
                var next = stack[top].next
                let (x0, y0, x1, y1) = (inner.rect.x, inner.rect.y, inner.rect.maxX, inner.rect.maxY)
                while next < children.count {
                    let touches = Pass.node(children, next)._withUnsafeGuaranteedRef { child in
                        guard child.visible, let box = child.subtreeBox else { return false }
                        return box.x < x1 && box.maxX > x0 && box.y < y1 && box.maxY > y0
                    }
                    if touches { break }
                    next += 1
                }
                guard next < children.count else {
                    exit(stack.removeLast())
                    continue
                }
                stack[top].next = next + 1
                let canvas = stack[top].canvas
                if let frame = Pass.node(children, next)._withUnsafeGuaranteedRef({ enter($0, canvas: canvas, clip: inner) }) { stack.append(frame) }
            }
        }
        // A clip within one band, or two, visits their roots only, merged
        // in draw order (a root in both once); a taller one visits all.
        let h = RenderTree.rootBandHeight
        let b0 = cy0 / h, b1 = (cy1 - 1) / h
        guard cy1 > cy0, b1 - b0 <= 1, b1 + 1 < bands.starts.count else {
            for index in roots.indices { drawRoot(index) }
            return
        }
        let indexes = bands.indexes
        var i = bands.starts[b0], j = b1 == b0 ? 0 : bands.starts[b1]
        let iEnd = bands.starts[b0 + 1], jEnd = b1 == b0 ? 0 : bands.starts[b1 + 1]
        while i < iEnd || j < jEnd {
            if j == jEnd || (i < iEnd && indexes[i] <= indexes[j]) {
                if j < jEnd, indexes[j] == indexes[i] { j += 1 }
                drawRoot(indexes[i])
                i += 1
            } else {
                drawRoot(indexes[j])
                j += 1
            }
        }
    }

    /// `nodes[i]`, not counted: the tree keeps it for the pass.
    @inline(__always)
    private static func node(_ nodes: UnsafeBufferPointer<RenderNode>, _ i: Int) -> Unmanaged<RenderNode> {
        nodes.withMemoryRebound(to: Unmanaged<RenderNode>.self) { $0[i] }
    }

    private func enter(_ node: RenderNode, canvas: Canvas, clip: Clip) -> Frame? {
        guard node.visible, let box = node.subtreeBox, let rect = clip.rect.intersection(box) else { return nil }
        let opacity = UInt32(RGBA8.byte(node.state.opacity))
        guard opacity > 0 else { return nil }
        let hasChildren = !node.children.isEmpty
        let work: Canvas
        let outer: Clip
        let paintOpacity: UInt32
        var group: (target: Canvas, clip: Clip, opacity: UInt32, buffer: (pointer: UnsafeMutablePointer<UInt32>, capacity: Int))?
        if hasChildren, opacity < 255 {
            let buffer = compositor.acquire(rect.area)
            work = Canvas(base: buffer.pointer, rect: rect, stride: rect.width)
            outer = Clip(rect: rect, mask: nil)
            paintOpacity = 255
            group = (canvas, Clip(rect: rect, mask: clip.mask), opacity, buffer)
        } else {
            work = canvas
            outer = Clip(rect: rect, mask: clip.mask)
            paintOpacity = hasChildren ? 255 : opacity
        }
        drawBackground(node, canvas: work, clip: outer, opacity: paintOpacity)
        let inner = node.state.masksToBounds ? boundsClip(node, within: outer) : outer
        if let inner {
            drawContents(node, canvas: work, clip: inner, opacity: paintOpacity)
        }
        return Frame(node: node, canvas: work, outer: outer, inner: inner,
                     children: inner == nil ? UnsafeBufferPointer(start: nil, count: 0) : tree.orderedChildrenBuffer(node),
                     paintOpacity: paintOpacity, group: group)
    }

    private func exit(_ frame: Frame) {
        drawBorder(frame.node, canvas: frame.canvas, clip: frame.outer, opacity: frame.paintOpacity)
        if let group = frame.group {
            let r = frame.canvas.rect
            let shape = DeviceShape.rect(x0: Int64(r.x) * 256, y0: Int64(r.y) * 256, x1: Int64(r.maxX) * 256, y1: Int64(r.maxY) * 256)
            scanner.fill(shape, clip: group.clip, painter: GroupPainter(canvas: group.target, source: frame.canvas, opacity: group.opacity))
            compositor.release(group.buffer)
        }
    }

    // MARK: Paints

    private static func packed(_ color: RGBA, opacity: UInt32) -> UInt32 {
        let c = RGBA8(color).premultiplied()
        let p = PixelMath.pack(r: c.r, g: c.g, b: c.b, a: c.a)
        return opacity == 255 ? p : PixelMath.scale(p, opacity)
    }

    private func drawBackground(_ node: RenderNode, canvas: Canvas, clip: Clip, opacity: UInt32) {
        guard let color = node.state.backgroundColor else { return }
        let packed = Pass.packed(color, opacity: opacity)
        guard packed != 0, let shape = Shapes.shape(node.state.bounds, radius: node.state.cornerRadius, transform: node.toDevice) else { return }
        if let table = compositor.blendTable(color: packed) {
            scanner.fill(shape, clip: clip, painter: TabledSolidPainter(canvas: canvas, table: table))
        } else {
            scanner.fill(shape, clip: clip, painter: SolidPainter(canvas: canvas, color: packed))
        }
    }

    private func drawBorder(_ node: RenderNode, canvas: Canvas, clip: Clip, opacity: UInt32) {
        let s = node.state
        guard s.borderWidth > 0 else { return }
        let packed = Pass.packed(s.borderColor, opacity: opacity)
        guard packed != 0, let shape = Shapes.ring(s.bounds, radius: s.cornerRadius, width: s.borderWidth, transform: node.toDevice) else { return }
        scanner.fill(shape, clip: clip, painter: SolidPainter(canvas: canvas, color: packed))
    }

    /// The clip for a `masksToBounds` layer's contents and sublayers: the
    /// enclosing clip narrowed to the rounded bounds — a plain rect when the
    /// bounds fall on whole pixels, a mask otherwise. `nil` when nothing is
    /// left.
    private func boundsClip(_ node: RenderNode, within clip: Clip) -> Clip? {
        guard let shape = Shapes.shape(node.state.bounds, radius: node.state.cornerRadius, transform: node.toDevice) else { return nil }
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

    private func drawContents(_ node: RenderNode, canvas: Canvas, clip: Clip, opacity: UInt32) {
        guard let (rect, bitmap) = tree.contentsRect(node),
              let shape = Shapes.shape(rect, radius: 0, transform: node.toDevice) else { return }
        let iw = bitmap.width, ih = bitmap.height
        // Bitmap pixels to the display.
        let toLayer = Transform2D(a: rect.width / Double(iw), b: 0, c: 0, d: rect.height / Double(ih), tx: rect.minX, ty: rect.minY)
        let m = toLayer.concatenating(node.toDevice)
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
