import Raster
import RenderModel

/// One traversal of the tree for one region.
///
/// A pass only reads the tree, which its caller keeps alive and which does
/// not change meanwhile (a draw order made lazily, the one write, is kept
/// until the next commit): so the nodes and draw orders it walks are not
/// reference counted (the buffers of the tree's draw orders, `DrawOrder`,
/// nodes entered through unretained handles, a frame's node
/// `unowned(unsafe)`). Counting them was about a thousand atomic
/// increments and decrements a frame on each of the two bands' threads,
/// on counts both threads share (docs/internals/benchmarks-journal.md, "A pass counts no
/// references").
struct Pass {
    let tree: RenderTree
    let scanner: ScanConverter
    let compositor: Compositor

    /// A layer being drawn: where its content goes and what is left to do.
    struct Frame {
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
        swap(&stack, &compositor.hot.frames)
        defer {
            stack.removeAll(keepingCapacity: true)
            swap(&stack, &compositor.hot.frames)
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
                        guard child.hot.visible, let box = child.hot.subtreeBox else { return false }
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

    /// Draws `node`'s background and contents inside `clip` and answers
    /// the frame that draws its sublayers and then its border (``exit(_:)``);
    /// nil when nothing of it shows, or when it is a leaf, drawn whole here.
    private func enter(_ node: RenderNode, canvas: Canvas, clip: Clip) -> Frame? {
        guard node.hot.visible, let box = node.hot.subtreeBox, let rect = clip.rect.intersection(box) else { return nil }
        let opacity = UInt32(RGBA8.byte(node.hot.state.opacity))
        guard opacity > 0 else { return nil }
        let hasChildren = !node.hot.children.isEmpty
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
        let inner = node.hot.state.masksToBounds ? boundsClip(node, within: outer) : outer
        if let inner {
            drawContents(node, canvas: work, clip: inner, opacity: paintOpacity)
        }
        guard hasChildren else {
            // A leaf is done: its border now, as `exit` would draw it (a
            // leaf is never a group), without a frame to push and pop
            // (about 300 bytes, copied three times: about 3 % of the
            // animation bench's time went to those copies).
            drawBorder(node, canvas: work, clip: outer, opacity: paintOpacity)
            return nil
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
}
