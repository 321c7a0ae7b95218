/// An append-only array kept in chunks of 4,096 elements, for records that
/// grow with the length of a run (``PresentedLog``).
///
/// An `Array` that grows by doubling copies all it holds into a buffer
/// twice as large, so its peak memory is up to three times what it holds
/// (the old buffer, the new, and its unused half); a chunk, once full, is
/// never copied again, so the peak is what is held plus one chunk.
/// `append` is O(1), the subscript O(1).
struct ChunkedArray<Element>: RandomAccessCollection {
    private static var chunkShift: Int { 12 }
    private static var chunkSize: Int { 1 << chunkShift }

    private var chunks: [[Element]] = []
    private(set) var count = 0

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(i: Int) -> Element {
        precondition(i >= 0 && i < count, "ChunkedArray index \(i) out of 0..<\(count)")
        return chunks[i >> Self.chunkShift][i & (Self.chunkSize - 1)]
    }

    mutating func append(_ element: Element) {
        if count & (Self.chunkSize - 1) == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
        for e in elements { append(e) }
    }
}
