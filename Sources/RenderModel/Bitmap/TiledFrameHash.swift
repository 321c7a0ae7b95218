/// The frame hash of `frames.jsonl`, `presented` and the `frame` trace
/// event, kept up to date in time proportional to the damage.
///
/// The bitmap is cut into tiles of ``tileSize`` × ``tileSize`` pixels
/// (smaller at the right and bottom edges), in row-major order. A tile's
/// rows, from the top, are taken as little-endian 64-bit words (two pixels
/// each; a last odd pixel as a zero-extended 32-bit word); word `j` of a
/// row goes to lane `j mod 4`, four FNV-1a 64 hashes that each start from
/// the offset basis; the tile's hash is FNV-1a 64 over the four lanes'
/// hashes as words, lane 0 first. (Four independent multiplies a step
/// instead of one after another: the multiply's latency bounded the single
/// chain.) The frame hash is FNV-1a 64, one byte at a time, over the width
/// and the height (each as a little-endian 64-bit integer) and then every
/// tile hash (little-endian), in tile order.
///
/// ``update(_:rows:columns:)`` rehashes only the tiles a rectangle touches,
/// so a frame whose damage is one 30 × 22 cell costs a few tiles, not the
/// whole framebuffer; ``value`` combines the tile hashes (one per tile,
/// 20 at 320 × 240). A tile is rehashed from its first changed row, not
/// from its top: the four lanes' states before each of its rows are kept
/// (2 KB a tile), and the rows above the change, unchanged, leave the
/// same states. Equal to ``init(_:)`` over the same pixels whatever the
/// damage history (tested).
public struct TiledFrameHash: Sendable, Equatable {
    /// Pixels on a side of a tile.
    public static let tileSize = 64

    public let width: Int
    public let height: Int
    private let columns: Int
    private var tiles: [UInt64]
    /// The tiles ``mark(rows:columns:)`` marked, one flag each (made at the
    /// first mark; all false between frames), and their indexes in the
    /// order marked, so that rehashing visits those tiles only.
    private var marked: [Bool] = []
    private var markedTiles: [Int] = []
    /// For each marked tile, its first row (within the tile) a mark touched.
    private var firstRows: [Int] = []
    /// For each tile and each of its rows, the four lanes' states before
    /// the row (tile-major, row, lane): where a rehash from that row starts.
    private var rowStates: [UInt64]

    private static let offset: UInt64 = 0xCBF2_9CE4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The hash of every tile of `bitmap`.
    public init(_ bitmap: Bitmap) {
        width = bitmap.width
        height = bitmap.height
        columns = (width + Self.tileSize - 1) / Self.tileSize
        let rows = (height + Self.tileSize - 1) / Self.tileSize
        tiles = [UInt64](repeating: 0, count: columns * rows)
        rowStates = [UInt64](repeating: 0, count: columns * rows * Self.tileSize * 4)
        update(bitmap, rows: 0..<height, columns: 0..<width)
    }

    /// Rehashes the tiles that the pixels `columns` × `rows` touch (clipped
    /// to the bitmap), from `bitmap`'s current pixels: ``mark(rows:columns:)``
    /// then ``rehashMarked(_:)``.
    ///
    /// Traps when `bitmap` is not the size this hash was made for.
    public mutating func update(_ bitmap: Bitmap, rows: Range<Int>, columns cols: Range<Int>) {
        mark(rows: rows, columns: cols)
        rehashMarked(bitmap)
    }

    /// Marks the tiles that the pixels `columns` × `rows` touch (clipped to
    /// the hash's size) for the next ``rehashMarked(_:)``. A frame damaged
    /// in several rectangles marks them all and then hashes each tile once,
    /// however many of its rectangles touch it.
    public mutating func mark(rows: Range<Int>, columns cols: Range<Int>) {
        let y0 = max(0, rows.lowerBound), y1 = min(height, rows.upperBound)
        let x0 = max(0, cols.lowerBound), x1 = min(width, cols.upperBound)
        guard y0 < y1, x0 < x1 else { return }
        let s = Self.tileSize
        if marked.isEmpty {
            marked = [Bool](repeating: false, count: tiles.count)
            firstRows = [Int](repeating: 0, count: tiles.count)
        }
        for ty in (y0 / s)...((y1 - 1) / s) {
            let first = Swift.max(y0 - ty * s, 0)
            for tx in (x0 / s)...((x1 - 1) / s) {
                let i = ty * columns + tx
                if !marked[i] {
                    marked[i] = true
                    markedTiles.append(i)
                    firstRows[i] = first
                } else if first < firstRows[i] {
                    firstRows[i] = first
                }
            }
        }
    }

    /// Rehashes every marked tile from `bitmap`'s current pixels, once
    /// each, and clears the marks.
    ///
    /// Traps when `bitmap` is not the size this hash was made for.
    public mutating func rehashMarked(_ bitmap: Bitmap) {
        precondition(bitmap.width == width && bitmap.height == height,
                     "TiledFrameHash.update: a \(bitmap.width)×\(bitmap.height) bitmap for a hash of \(width)×\(height)")
        bitmap.pixels.withUnsafeBytes { raw in
            withRehasher(pixels: raw) { $0.rehash(tileRows: 0..<Int.max) }
        }
    }

    /// Rehashes the marked tiles as ``rehashMarked(_:)`` does, in parts:
    /// `body` gets a ``Rehasher`` whose ``Rehasher/rehash(tileRows:)``
    /// rehashes the marked tiles of those tile rows from `pixels` (the
    /// bitmap's bytes, row-major RGBA, as ``Bitmap/withUnsafeMutablePixels(_:)``
    /// gives them to whoever is drawing into it), and calls for disjoint
    /// rows may run at once on different threads (each writes only its own
    /// tiles' hashes). Every marked tile must be rehashed by one call; the
    /// marks are cleared when `body` returns. The hash is the same however
    /// the rows are cut.
    ///
    /// Traps when `pixels` is not the size this hash was made for.
    public mutating func withRehasher<R>(pixels: UnsafeRawBufferPointer, _ body: (Rehasher) -> R) -> R {
        precondition(pixels.count == width * height * 4,
                     "TiledFrameHash.withRehasher: \(pixels.count) bytes for a hash of \(width)×\(height)")
        let (width, height, columns) = (self.width, self.height, self.columns)
        let result = markedTiles.withUnsafeBufferPointer { marked in
            firstRows.withUnsafeBufferPointer { firstRows in
                rowStates.withUnsafeMutableBufferPointer { rowStates in
                    tiles.withUnsafeMutableBufferPointer { tiles in
                        body(Rehasher(raw: pixels, tiles: tiles, marked: marked, firstRows: firstRows, rowStates: rowStates,
                                      width: width, height: height, columns: columns))
                    }
                }
            }
        }
        for i in markedTiles { marked[i] = false }
        markedTiles.removeAll(keepingCapacity: true)
        return result
    }

    /// The marked tiles of a ``TiledFrameHash``, to rehash by rows
    /// (``withRehasher(_:_:)``); valid only inside that call.
    public struct Rehasher: @unchecked Sendable {
        fileprivate let raw: UnsafeRawBufferPointer
        fileprivate let tiles: UnsafeMutableBufferPointer<UInt64>
        fileprivate let marked: UnsafeBufferPointer<Int>
        fileprivate let firstRows: UnsafeBufferPointer<Int>
        fileprivate let rowStates: UnsafeMutableBufferPointer<UInt64>
        fileprivate let width: Int, height: Int, columns: Int

        /// Rehashes the marked tiles whose tile row (y / ``tileSize``) is in
        /// `tileRows`, each from its first marked row.
        public func rehash(tileRows: Range<Int>) {
            let s = TiledFrameHash.tileSize
            for i in marked {
                let tx = i % columns, ty = i / columns
                guard tileRows.contains(ty) else { continue }
                tiles[i] = TiledFrameHash.tileHash(raw, width: width, x: tx * s, y: ty * s,
                                                   w: min(s, width - tx * s), h: min(s, height - ty * s),
                                                   from: firstRows[i], states: rowStates.baseAddress! + i * s * 4)
            }
        }
    }

    /// Equal when the size and every tile hash are (the marks are scratch).
    public static func == (a: TiledFrameHash, b: TiledFrameHash) -> Bool {
        a.width == b.width && a.height == b.height && a.tiles == b.tiles
    }

    /// The frame hash: the size, then every tile hash.
    public var value: UInt64 {
        var hash = Self.offset
        func mix(_ v: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash = (hash ^ ((v >> UInt64(shift)) & 0xFF)) &* Self.prime
            }
        }
        mix(UInt64(width))
        mix(UInt64(height))
        for t in tiles { mix(t) }
        return hash
    }

    /// The hash of the tile at (`x`, `y`), `w` × `h`, its lanes taken up
    /// at row `first` of the tile from `states` (the lanes before each of
    /// its rows, four words a row), which it rewrites from that row down.
    fileprivate static func tileHash(_ raw: UnsafeRawBufferPointer, width: Int, x: Int, y: Int, w: Int, h: Int,
                                     from first: Int, states: UnsafeMutablePointer<UInt64>) -> UInt64 {
        var l0 = offset, l1 = offset, l2 = offset, l3 = offset
        if first > 0 {
            let saved = states + first * 4
            (l0, l1, l2, l3) = (saved[0], saved[1], saved[2], saved[3])
        }
        let pairs = w / 2, groups = pairs / 4, rest = pairs % 4
        guard let base = raw.baseAddress else { return offset }
        for row in (y + first)..<(y + h) {
            let saved = states + (row - y) * 4
            (saved[0], saved[1], saved[2], saved[3]) = (l0, l1, l2, l3)
            var p = base + (row * width + x) * 4
            for _ in 0..<groups {
                l0 = (l0 ^ UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))) &* prime
                l1 = (l1 ^ UInt64(littleEndian: p.loadUnaligned(fromByteOffset: 8, as: UInt64.self))) &* prime
                l2 = (l2 ^ UInt64(littleEndian: p.loadUnaligned(fromByteOffset: 16, as: UInt64.self))) &* prime
                l3 = (l3 ^ UInt64(littleEndian: p.loadUnaligned(fromByteOffset: 24, as: UInt64.self))) &* prime
                p += 32
            }
            // The row's last words: lanes 0, 1, 2 in turn, the odd pixel's
            // word in the lane after them.
            var lane = 0
            func fold(_ v: UInt64) {
                switch lane {
                case 0: l0 = (l0 ^ v) &* prime
                case 1: l1 = (l1 ^ v) &* prime
                case 2: l2 = (l2 ^ v) &* prime
                default: l3 = (l3 ^ v) &* prime
                }
                lane += 1
            }
            for _ in 0..<rest {
                fold(UInt64(littleEndian: p.loadUnaligned(as: UInt64.self)))
                p += 8
            }
            if w & 1 == 1 { fold(UInt64(UInt32(littleEndian: p.loadUnaligned(as: UInt32.self)))) }
        }
        var hash = (offset ^ l0) &* prime
        hash = (hash ^ l1) &* prime
        hash = (hash ^ l2) &* prime
        return (hash ^ l3) &* prime
    }
}
