import Raster
import RenderModel

/// Renders a `RenderTree` into display bitmaps: exact, integer, the same
/// bytes on every machine (docs/reference/core-animation-rules.md choice 7).
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
    /// What a pass reads and writes, in the compositor's one stored
    /// property not checked for exclusivity at run time (docs/internals/safety.md,
    /// "Exclusivity").
    struct Hot {
        var background: RGBA8
        fileprivate var scanner: ScanConverter?
        fileprivate var pool: [(pointer: UnsafeMutablePointer<UInt32>, capacity: Int)] = []
        /// A pass's stack of layers being drawn, kept for its capacity.
        var frames: [Pass.Frame] = []
        /// Blend tables of background colours over the display's background,
        /// the most recently used first; a colour's table is made the second
        /// time a pass asks for it (`probation`), so that a scene of many
        /// colours used once does not build one per layer.
        fileprivate var tables: [BlendTable] = []
        fileprivate var probation: [UInt32] = []
        /// ``Compositor/usesBlendTables``.
        var usesBlendTables = true
    }
    #if !LOOPSIM_CHECK_EXCLUSIVITY
    @exclusivity(unchecked)
    #endif
    var hot: Hot

    /// The display's colour under every layer (premultiplied).
    public var background: RGBA8 {
        get { hot.background }
        set { hot.background = newValue }
    }
    static let maxBlendTables = 16

    /// How many blend tables are kept, and whether any is used (tests
    /// compare frames drawn with and without them).
    var blendTableCount: Int { hot.tables.count }
    var usesBlendTables: Bool {
        get { hot.usesBlendTables }
        set { hot.usesBlendTables = newValue }
    }

    /// The table of `color` over the background, if one is kept or now made.
    func blendTable(color: UInt32) -> BlendTable? {
        guard hot.usesBlendTables else { return nil }
        let under = PixelMath.pack(r: background.r, g: background.g, b: background.b, a: background.a)
        if let i = hot.tables.firstIndex(where: { $0.color == color && $0.under == under }) {
            if i != 0 { hot.tables.insert(hot.tables.remove(at: i), at: 0) }
            return hot.tables[0]
        }
        guard let p = hot.probation.firstIndex(of: color) else {
            if hot.probation.count == Self.maxBlendTables { hot.probation.removeFirst() }
            hot.probation.append(color)
            return nil
        }
        hot.probation.remove(at: p)
        let table = BlendTable(color: color, under: under)
        if hot.tables.count == Self.maxBlendTables { hot.tables.removeLast() }
        hot.tables.insert(table, at: 0)
        return table
    }

    /// A compositor that clears to `background` (premultiplied bytes;
    /// default opaque black).
    public init(background: RGBA8 = .black) {
        hot = Hot(background: background)
    }

    /// A compositor that clears to the straight colour `background`.
    public convenience init(background: RGBA) {
        self.init(background: RGBA8(background).premultiplied())
    }

    deinit {
        for buffer in hot.pool { buffer.pointer.deallocate() }
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
        if hot.scanner?.capacity != tree.displayWidth {
            hot.scanner = ScanConverter(displayWidth: tree.displayWidth, displayHeight: tree.displayHeight)
        }
        let scanner = hot.scanner!
        let bg = PixelMath.pack(r: background.r, g: background.g, b: background.b, a: background.a)
        tree.updateRootBoxes()
        bytes.withMemoryRebound(to: UInt32.self) { pixels in
            let display = Canvas(base: pixels.baseAddress!, rect: tree.displayRect, stride: tree.displayWidth)
            tree.hot.rootBoxes.withUnsafeBufferPointer { boxes in
                tree.hot.rootBandStarts.withUnsafeBufferPointer { starts in
                    tree.hot.rootBandIndexes.withUnsafeBufferPointer { indexes in
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
        if let i = hot.pool.firstIndex(where: { $0.capacity >= count }) {
            buffer = hot.pool.remove(at: i)
        } else {
            buffer = (.allocate(capacity: Swift.max(count, 1)), Swift.max(count, 1))
        }
        buffer.pointer.update(repeating: 0, count: count)
        return buffer
    }

    func release(_ buffer: (pointer: UnsafeMutablePointer<UInt32>, capacity: Int)) {
        hot.pool.append(buffer)
    }
}
