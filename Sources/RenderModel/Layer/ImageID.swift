/// Identifies a bitmap that a layer shows as its `contents`: a decoded image
/// or a backing store drawn in the display phase.
///
/// The client assigns ids (in a fixed order, so runs repeat byte for byte)
/// and ships each bitmap once; layers and the wire refer to it by id.
public struct ImageID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The id's number.
    public var rawValue: UInt64

    /// The id numbered `rawValue`.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// `image#<n>`.
    public var description: String { "image#\(rawValue)" }
}
