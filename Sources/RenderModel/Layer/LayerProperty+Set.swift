extension LayerProperty {
    /// A set of properties in one word (bit `tag − 1` for each), walked in
    /// declaration order: what a layer has set since its last commit.
    public struct Set: Hashable, Sendable, Sequence, ExpressibleByArrayLiteral {
        /// The bits, `1 << (tag − 1)` per member.
        public private(set) var bits: UInt64 = 0

        /// The empty set.
        public init() {}

        /// A set of `properties`.
        public init(arrayLiteral properties: LayerProperty...) {
            for p in properties { insert(p) }
        }

        /// Adds `property`; `frame` adds `bounds` and `position`, which it sets.
        @inline(__always)
        public mutating func insert(_ property: LayerProperty) {
            if property == .frame {
                bits |= Self.bit(.bounds) | Self.bit(.position)
            } else {
                bits |= Self.bit(property)
            }
        }

        /// Whether `property` is in the set.
        public func contains(_ property: LayerProperty) -> Bool { bits & Self.bit(property) != 0 }

        /// Whether the set is empty.
        public var isEmpty: Bool { bits == 0 }

        /// Empties the set.
        public mutating func removeAll() { bits = 0 }

        @inline(__always)
        private static func bit(_ p: LayerProperty) -> UInt64 { 1 << UInt64(p.rawValue - 1) }

        /// The members in declaration order.
        public func makeIterator() -> Iterator { Iterator(bits: bits) }

        /// Walks the members in declaration order (lowest tag first).
        public struct Iterator: IteratorProtocol {
            var bits: UInt64

            public mutating func next() -> LayerProperty? {
                guard bits != 0 else { return nil }
                let index = bits.trailingZeroBitCount
                bits &= bits - 1
                return LayerProperty(rawValue: UInt8(index + 1))
            }
        }
    }
}
