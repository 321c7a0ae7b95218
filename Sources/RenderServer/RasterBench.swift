import Raster
import RenderModel
import RenderWire

/// The scene of `loopsim bench raster`: a 1280×720 display, 1,000
/// half-transparent rectangles, rendered whole, and then again after a
/// commit that changes 1 % of the display.
///
/// The scene is fixed so that other renderers (pixman, in
/// `tools/bench-pixman.sh`) can draw exactly the same one:
///
/// - a black opaque background;
/// - rectangle 0 is 96 × 96 at (592, 312) — 9,216 pixels, 1 % of the
///   display — coloured (255, 0, 0);
/// - rectangles 1…999 come from SplitMix64 seeded with `seed` (state +=
///   0x9E3779B97F4A7C15; z = state; z = (z ^ z>>30)·0xBF58476D1CE4E5B9;
///   z = (z ^ z>>27)·0x94D049BB133111EB; z ^ z>>31), four draws each:
///   `w = 16 + n1 % 128`, `h = 16 + n2 % 128`, `x = n3 % (1280 − w + 1)`,
///   `y = n4 % (720 − h + 1)`, then one draw `c` for the colour
///   `r = c & 255`, `g = c >> 8 & 255`, `b = c >> 16 & 255`;
/// - every rectangle has alpha 0.5 (byte 128), so its premultiplied bytes
///   are `(v·128 + 127) / 255`, drawn source-over in index order (0 at the
///   back) at whole-pixel positions.
///
/// The damaged frame recolours rectangle 0 (alternately (0, 0, 255) and
/// (255, 0, 0)): damage 96 × 96.
public enum RasterBench {
    /// Display width.
    public static let width = 1280
    /// Display height.
    public static let height = 720
    /// Rectangles in the scene.
    public static let count = 1000
    /// The SplitMix64 seed of rectangles 1…999.
    public static let seed: UInt64 = 0x4C6F_6F70_5369_6D21

    /// One rectangle: whole-pixel frame and straight colour (alpha 128).
    public struct Rectangle: Hashable, Sendable {
        /// Left column.
        public var x: Int
        /// Top row.
        public var y: Int
        /// Columns.
        public var width: Int
        /// Rows.
        public var height: Int
        /// Red, straight.
        public var r: UInt8
        /// Green, straight.
        public var g: UInt8
        /// Blue, straight.
        public var b: UInt8

        /// A rectangle at (`x`, `y`) of `width` × `height` in colour (`r`, `g`, `b`).
        public init(x: Int, y: Int, width: Int, height: Int, r: UInt8, g: UInt8, b: UInt8) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.r = r
            self.g = g
            self.b = b
        }
    }

    /// The scene's rectangles, back to front.
    public static func rectangles() -> [Rectangle] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var result = [Rectangle(x: 592, y: 312, width: 96, height: 96, r: 255, g: 0, b: 0)]
        for _ in 1..<count {
            let w = 16 + Int(next() % 128)
            let h = 16 + Int(next() % 128)
            let x = Int(next() % UInt64(width - w + 1))
            let y = Int(next() % UInt64(height - h + 1))
            let c = next()
            result.append(Rectangle(x: x, y: y, width: w, height: h,
                                    r: UInt8(truncatingIfNeeded: c), g: UInt8(truncatingIfNeeded: c >> 8), b: UInt8(truncatingIfNeeded: c >> 16)))
        }
        return result
    }

    /// The layer id of rectangle `i` (the root, full-screen and without a
    /// background, is layer 1).
    public static func layerID(ofRectangle i: Int) -> LayerID { LayerID(i + 2) }

    private static func color(r: UInt8, g: UInt8, b: UInt8) -> RGBA {
        RGBA(r: Double(r) / 255, g: Double(g) / 255, b: Double(b) / 255, a: 0.5)
    }

    /// The commit that builds the scene from an empty tree.
    public static func sceneDiff() -> CommitDiff {
        var ops: [DiffOp] = [
            .create(1),
            .set(1, .anchorPoint, .point(.zero)),
            .set(1, .bounds, .rect(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))),
            .move(1, parent: 0, index: 0),
        ]
        for (i, r) in rectangles().enumerated() {
            let id = layerID(ofRectangle: i)
            ops.append(.create(id))
            ops.append(.set(id, .anchorPoint, .point(.zero)))
            ops.append(.set(id, .position, .point(Point(x: Double(r.x), y: Double(r.y)))))
            ops.append(.set(id, .bounds, .rect(Rect(x: 0, y: 0, width: Double(r.width), height: Double(r.height)))))
            ops.append(.set(id, .backgroundColor, .color(color(r: r.r, g: r.g, b: r.b))))
            ops.append(.move(id, parent: 1, index: UInt32(i)))
        }
        return CommitDiff(sequence: 1, time: 0, ops: ops)
    }

    /// The commit of damaged frame `n` (n ≥ 1): rectangle 0 turns blue on
    /// odd frames and red again on even ones.
    public static func changeDiff(frame n: Int) -> CommitDiff {
        let c = n % 2 == 1 ? color(r: 0, g: 0, b: 255) : color(r: 255, g: 0, b: 0)
        return CommitDiff(sequence: UInt64(n + 1), time: Int64(n) * 16_666_667,
                          ops: [.set(layerID(ofRectangle: 0), .backgroundColor, .color(c))])
    }

    /// The scene, ready to render: its tree, a compositor and a frame.
    public final class Scene {
        /// The tree holding the scene.
        public let tree: RenderTree
        /// The compositor (black background).
        public let compositor = Compositor(background: RGBA8.black)
        /// The current frame.
        public var frame: Bitmap
        private var changes = 0

        /// Builds the tree (not yet rendered).
        public init() {
            tree = RenderTree(displayWidth: RasterBench.width, displayHeight: RasterBench.height)
            // The scene commit is well-formed by construction.
            do {
                try tree.apply(RasterBench.sceneDiff())
            } catch {
                preconditionFailure("RasterBench scene: \(error)")
            }
            _ = tree.takeDamage()
            frame = Bitmap(width: RasterBench.width, height: RasterBench.height)
        }

        /// Renders the whole display.
        public func renderFull() {
            compositor.render(tree, into: &frame, region: tree.displayRect)
        }

        /// Applies the next recolouring commit and recomposites its damage;
        /// answers the damage.
        @discardableResult
        public func renderDamaged() -> DamageRegion {
            changes += 1
            do {
                try tree.apply(RasterBench.changeDiff(frame: changes))
            } catch {
                preconditionFailure("RasterBench change: \(error)")
            }
            return compositor.renderDamage(of: tree, into: &frame)
        }
    }

    /// Median wall-clock times of `iterations` full frames and of as many
    /// damaged frames (commit applied + damage recomposited), after one
    /// warm-up of each.
    public struct Timing: Sendable {
        /// Median full frame.
        public var full: Duration
        /// Median damaged frame.
        public var damaged: Duration
        /// The damaged frames' damage.
        public var damage: DamageRegion
        /// Content hash of the last full frame.
        public var fullHash: String
    }

    /// Renders the scene `iterations` times each way and answers the medians.
    public static func measure(iterations: Int = 21) -> Timing {
        let scene = Scene()
        let clock = ContinuousClock()
        scene.renderFull()
        var full: [Duration] = []
        for _ in 0..<Swift.max(1, iterations) {
            full.append(clock.measure { scene.renderFull() })
        }
        let hash = scene.frame.contentHash
        var damage = DamageRegion()
        scene.renderDamaged()
        var damaged: [Duration] = []
        for _ in 0..<Swift.max(1, iterations) {
            damaged.append(clock.measure { damage = scene.renderDamaged() })
        }
        full.sort()
        damaged.sort()
        return Timing(full: full[full.count / 2], damaged: damaged[damaged.count / 2], damage: damage, fullHash: hash)
    }
}
