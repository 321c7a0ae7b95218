import RenderModel

/// The frame hash of `frames.jsonl`, `presented` and the `frame` trace
/// event, kept up to date in time proportional to the damage.
///
/// The bitmap is cut into tiles of ``tileSize`` × ``tileSize`` pixels
/// (smaller at the right and bottom edges), in row-major order. Each row
/// of a tile is hashed on its own: its pixels as little-endian 64-bit
/// words (two pixels each; a last odd pixel as a zero-extended 32-bit
/// word), word `j` to lane `j mod 4`, four FNV-1a 64 hashes that each
/// start from the offset basis, folded into the row's hash by FNV-1a 64
/// over the four lanes' hashes as words, lane 0 first. (Four independent
/// multiplies a step instead of one after another: the multiply's latency
/// bounded the single chain.) A tile's hash is the same over its rows'
/// hashes, top row first: row `r` to lane `r mod 4`, folded the same way.
/// The frame hash is FNV-1a 64, one byte at a time, over the width and
/// the height (each as a little-endian 64-bit integer) and then every tile
/// hash (little-endian), in tile order.
///
/// ``update(_:rows:columns:)`` rehashes only the rows of the tiles a
/// rectangle touches, so a frame whose damage is one 30 × 22 cell costs 22
/// rows of a few tiles, not the whole framebuffer; ``value`` combines the
/// tile hashes (one per tile, 20 at 320 × 240). The rows' hashes are kept
/// (512 bytes a tile), so the rows of a tile outside the damage are not
/// read again. Equal to ``init(_:)`` over the same pixels whatever the
/// damage history (tested).
package struct TiledFrameHash: Sendable, Equatable {
    /// Pixels on a side of a tile.
    public static let tileSize = 64

    public let width: Int
    public let height: Int
    private let columns: Int
    private var tiles: [UInt64]
    /// The rows ``mark(rows:columns:)`` marked: one bit a row of each tile
    /// (bit `r`, row `r` from the tile's top; made at the first mark; all
    /// zero between frames), and the marked tiles' indexes in the order
    /// marked, so that rehashing visits those tiles and rows only.
    private var markedRows: [UInt64] = []
    private var markedTiles: [Int] = []
    /// Each row's hash, tile-major: row `r` of tile `i` at `i * tileSize + r`.
    private var rowHashes: [UInt64]

    private static let offset: UInt64 = 0xCBF2_9CE4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The hash of every tile of `bitmap`.
    public init(_ bitmap: Bitmap) {
        width = bitmap.width
        height = bitmap.height
        columns = (width + Self.tileSize - 1) / Self.tileSize
        let rows = (height + Self.tileSize - 1) / Self.tileSize
        tiles = [UInt64](repeating: 0, count: columns * rows)
        rowHashes = [UInt64](repeating: 0, count: columns * rows * Self.tileSize)
        update(bitmap, rows: 0..<height, columns: 0..<width)
    }

    /// Rehashes the rows of the tiles that the pixels `columns` × `rows`
    /// touch (clipped to the bitmap), from `bitmap`'s current pixels:
    /// ``mark(rows:columns:)`` then ``rehashMarked(_:)``.
    ///
    /// Traps when `bitmap` is not the size this hash was made for.
    public mutating func update(_ bitmap: Bitmap, rows: Range<Int>, columns cols: Range<Int>) {
        mark(rows: rows, columns: cols)
        rehashMarked(bitmap)
    }

    /// Marks the rows of the tiles that the pixels `columns` × `rows` touch
    /// (clipped to the hash's size) for the next ``rehashMarked(_:)``. A
    /// frame damaged in several rectangles marks them all and then hashes
    /// each row once, however many of its rectangles touch it.
    public mutating func mark(rows: Range<Int>, columns cols: Range<Int>) {
        let y0 = max(0, rows.lowerBound), y1 = min(height, rows.upperBound)
        let x0 = max(0, cols.lowerBound), x1 = min(width, cols.upperBound)
        guard y0 < y1, x0 < x1 else { return }
        let s = Self.tileSize
        if markedRows.isEmpty { markedRows = [UInt64](repeating: 0, count: tiles.count) }
        for ty in (y0 / s)...((y1 - 1) / s) {
            // The tile's rows first...<last, as bits.
            let first = Swift.max(y0 - ty * s, 0), last = Swift.min(y1 - ty * s, s)
            let bits: UInt64 = (last - first == 64 ? ~0 : (1 << UInt64(last - first)) - 1) << UInt64(first)
            for tx in (x0 / s)...((x1 - 1) / s) {
                let i = ty * columns + tx
                if markedRows[i] == 0 { markedTiles.append(i) }
                markedRows[i] |= bits
            }
        }
    }

    /// Rehashes every marked row once, and its tile, from `bitmap`'s
    /// current pixels, and clears the marks.
    ///
    /// Traps when `bitmap` is not the size this hash was made for.
    public mutating func rehashMarked(_ bitmap: Bitmap) {
        precondition(bitmap.width == width && bitmap.height == height,
                     "TiledFrameHash.update: a \(bitmap.width)×\(bitmap.height) bitmap for a hash of \(width)×\(height)")
        bitmap.pixels.withUnsafeBytes { raw in
            withRehasher(pixels: raw) { $0.rehash(tileRows: 0..<Int.max) }
        }
    }

    /// Rehashes the marked rows as ``rehashMarked(_:)`` does, in parts:
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
            markedRows.withUnsafeBufferPointer { markedRows in
                rowHashes.withUnsafeMutableBufferPointer { rowHashes in
                    tiles.withUnsafeMutableBufferPointer { tiles in
                        body(Rehasher(raw: pixels, tiles: tiles, marked: marked, markedRows: markedRows, rowHashes: rowHashes,
                                      width: width, height: height, columns: columns))
                    }
                }
            }
        }
        for i in markedTiles { markedRows[i] = 0 }
        markedTiles.removeAll(keepingCapacity: true)
        return result
    }

    /// The marked tiles of a ``TiledFrameHash``, to rehash by rows
    /// (``withRehasher(_:_:)``); valid only inside that call.
    public struct Rehasher: @unchecked Sendable {
        fileprivate let raw: UnsafeRawBufferPointer
        fileprivate let tiles: UnsafeMutableBufferPointer<UInt64>
        fileprivate let marked: UnsafeBufferPointer<Int>
        fileprivate let markedRows: UnsafeBufferPointer<UInt64>
        fileprivate let rowHashes: UnsafeMutableBufferPointer<UInt64>
        fileprivate let width: Int, height: Int, columns: Int

        /// Rehashes the marked rows of the marked tiles whose tile row
        /// (y / ``tileSize``) is in `tileRows`, then those tiles.
        public func rehash(tileRows: Range<Int>) {
            let s = TiledFrameHash.tileSize
            guard let base = raw.baseAddress, let hashes = rowHashes.baseAddress else { return }
            for i in marked {
                let tx = i % columns, ty = i / columns
                guard tileRows.contains(ty) else { continue }
                let x = tx * s, y = ty * s, w = min(s, width - x), h = min(s, height - y)
                let rows = hashes + i * s
                var bits = markedRows[i]
                while bits != 0 {
                    let r = bits.trailingZeroBitCount
                    bits &= bits - 1
                    guard bits != 0 else {
                        rows[r] = TiledFrameHash.rowHash(base + ((y + r) * width + x) * 4, pixels: w)
                        break
                    }
                    // Two rows at once: eight multiply chains, and both
                    // rows' loads in flight together.
                    let r2 = bits.trailingZeroBitCount
                    bits &= bits - 1
                    (rows[r], rows[r2]) = TiledFrameHash.rowHashes(base + ((y + r) * width + x) * 4,
                                                                   base + ((y + r2) * width + x) * 4, pixels: w)
                }
                tiles[i] = TiledFrameHash.laneHash(UnsafePointer(rows), count: h)
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

    /// FNV-1a 64 over the four lanes' hashes as words, lane 0 first.
    @inline(__always)
    private static func fold(_ l0: UInt64, _ l1: UInt64, _ l2: UInt64, _ l3: UInt64) -> UInt64 {
        var hash = (offset ^ l0) &* prime
        hash = (hash ^ l1) &* prime
        hash = (hash ^ l2) &* prime
        return (hash ^ l3) &* prime
    }

    /// The lane hash of `count` words: word `j` to lane `j mod 4`, folded.
    /// A tile's hash, over its rows' hashes.
    fileprivate static func laneHash(_ words: UnsafePointer<UInt64>, count: Int) -> UInt64 {
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (offset, offset, offset, offset)
        var j = 0
        while j + 4 <= count {
            lanes.0 = (lanes.0 ^ words[j]) &* prime
            lanes.1 = (lanes.1 ^ words[j + 1]) &* prime
            lanes.2 = (lanes.2 ^ words[j + 2]) &* prime
            lanes.3 = (lanes.3 ^ words[j + 3]) &* prime
            j += 4
        }
        if j < count { lanes.0 = (lanes.0 ^ words[j]) &* prime }
        if j + 1 < count { lanes.1 = (lanes.1 ^ words[j + 1]) &* prime }
        if j + 2 < count { lanes.2 = (lanes.2 ^ words[j + 2]) &* prime }
        return fold(lanes.0, lanes.1, lanes.2, lanes.3)
    }

    /// The hash of the `pixels` pixels of one tile row at `p`: their
    /// little-endian words (the odd pixel's zero-extended) in lanes, folded.
    fileprivate static func rowHash(_ p: UnsafeRawPointer, pixels w: Int) -> UInt64 {
        var l0 = offset, l1 = offset, l2 = offset, l3 = offset
        var p = p
        for _ in 0..<(w / 8) {
            l0 = (l0 ^ UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))) &* prime
            l1 = (l1 ^ UInt64(littleEndian: p.loadUnaligned(fromByteOffset: 8, as: UInt64.self))) &* prime
            l2 = (l2 ^ UInt64(littleEndian: p.loadUnaligned(fromByteOffset: 16, as: UInt64.self))) &* prime
            l3 = (l3 ^ UInt64(littleEndian: p.loadUnaligned(fromByteOffset: 24, as: UInt64.self))) &* prime
            p += 32
        }
        return rowEnd(l0, l1, l2, l3, p, pixels: w)
    }

    /// ``rowHash(_:pixels:)`` of two rows of the same width at once: the
    /// row at `p` on the scalar multiplier as there, the row at `q` in
    /// vector registers (its lanes 0–1 and 2–3, ``timesPrime(_:)``), so
    /// that the two run side by side (20 → 26 bytes a nanosecond on rows
    /// in the cache, docs/internals/benchmarks.md).
    @inline(__always)
    fileprivate static func rowHashes(_ p: UnsafeRawPointer, _ q: UnsafeRawPointer, pixels w: Int) -> (UInt64, UInt64) {
        var a0 = offset, a1 = offset, a2 = offset, a3 = offset
        var b01 = SIMD2<UInt64>(repeating: offset), b23 = b01
        var p = p, q = q
        for _ in 0..<(w / 8) {
            a0 = (a0 ^ UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))) &* prime
            b01 = timesPrime(b01 ^ littleEndian(q.loadUnaligned(as: SIMD2<UInt64>.self)))
            a1 = (a1 ^ UInt64(littleEndian: p.loadUnaligned(fromByteOffset: 8, as: UInt64.self))) &* prime
            a2 = (a2 ^ UInt64(littleEndian: p.loadUnaligned(fromByteOffset: 16, as: UInt64.self))) &* prime
            b23 = timesPrime(b23 ^ littleEndian(q.loadUnaligned(fromByteOffset: 16, as: SIMD2<UInt64>.self)))
            a3 = (a3 ^ UInt64(littleEndian: p.loadUnaligned(fromByteOffset: 24, as: UInt64.self))) &* prime
            p += 32
            q += 32
        }
        return (rowEnd(a0, a1, a2, a3, p, pixels: w), rowEnd(b01[0], b01[1], b23[0], b23[1], q, pixels: w))
    }

    /// `v &* prime` lane by lane, as the vector unit does it cheaply: the
    /// prime is 2^40 + 0x1B3, so `v · prime = (v << 40) + lo·0x1B3 +
    /// (hi·0x1B3 << 32)` modulo 2^64, with `lo` and `hi` the halves of `v`:
    /// two 32 × 32-bit multiplies a lane (SSE2's `pmuludq`), where a full
    /// 64-bit one takes three.
    @inline(__always)
    private static func timesPrime(_ v: SIMD2<UInt64>) -> SIMD2<UInt64> {
        let lo = v & SIMD2(repeating: 0xFFFF_FFFF), hi = v &>> 32
        return (v &<< 40) &+ (lo &* 0x1B3) &+ ((hi &* 0x1B3) &<< 32)
    }

    @inline(__always)
    private static func littleEndian(_ v: SIMD2<UInt64>) -> SIMD2<UInt64> {
        SIMD2(UInt64(littleEndian: v[0]), UInt64(littleEndian: v[1]))
    }

    /// The end of a row's hash, from its lanes after its whole groups of
    /// four words and `p` past them: the last words, then the fold.
    @inline(__always)
    private static func rowEnd(_ l0: UInt64, _ l1: UInt64, _ l2: UInt64, _ l3: UInt64, _ p: UnsafeRawPointer,
                               pixels w: Int) -> UInt64 {
        var (l0, l1, l2, l3, p) = (l0, l1, l2, l3, p)
        let rest = (w / 2) % 4
        // The row's last words: lanes 0, 1, 2 in turn, the odd pixel's
        // word in the lane after them.
        var lane = 0
        func put(_ v: UInt64) {
            switch lane {
            case 0: l0 = (l0 ^ v) &* prime
            case 1: l1 = (l1 ^ v) &* prime
            case 2: l2 = (l2 ^ v) &* prime
            default: l3 = (l3 ^ v) &* prime
            }
            lane += 1
        }
        for _ in 0..<rest {
            put(UInt64(littleEndian: p.loadUnaligned(as: UInt64.self)))
            p += 8
        }
        if w & 1 == 1 { put(UInt64(UInt32(littleEndian: p.loadUnaligned(as: UInt32.self)))) }
        return fold(l0, l1, l2, l3)
    }
}
