/// The order siblings are composited in (docs/reference/core-animation-rules.md §2.3 and choice
/// 7): sorted by `zPosition`, ties kept in sublayer-array order, back to
/// front. Higher `zPosition` draws on top; a subtree never draws beneath its
/// superlayer's own background and contents.
package enum RenderOrder {
    /// The indices of `zPositions` (one per sublayer, in array order) in
    /// back-to-front drawing order. Stable: equal values keep array order.
    public static func backToFront(_ zPositions: [Double]) -> [Int] {
        zPositions.indices.sorted { a, b in
            zPositions[a] != zPositions[b] ? zPositions[a] < zPositions[b] : a < b
        }
    }
}
