extension RGBA {
    /// (1, 0, 0).
    public static let red = RGBA(r: 1, g: 0, b: 0)
    /// (0, 1, 0).
    public static let green = RGBA(r: 0, g: 1, b: 0)
    /// (0, 0, 1).
    public static let blue = RGBA(r: 0, g: 0, b: 1)
    /// (1, 1, 0).
    public static let yellow = RGBA(r: 1, g: 1, b: 0)
    /// (1, 0.5, 0).
    public static let orange = RGBA(r: 1, g: 0.5, b: 0)
    /// (0.5, 0, 0.5).
    public static let purple = RGBA(r: 0.5, g: 0, b: 0.5)
    /// (0, 1, 1).
    public static let cyan = RGBA(r: 0, g: 1, b: 1)
    /// (1, 0, 1).
    public static let magenta = RGBA(r: 1, g: 0, b: 1)
    /// (0.6, 0.4, 0.2).
    public static let brown = RGBA(r: 0.6, g: 0.4, b: 0.2)
    /// White 1.
    public static let white = RGBA(white: 1)
    /// White 0.
    public static let black = RGBA(white: 0)
    /// White 0.5.
    public static let gray = RGBA(white: 0.5)
    /// White 1/3.
    public static let darkGray = RGBA(white: 1.0 / 3.0)
    /// White 2/3.
    public static let lightGray = RGBA(white: 2.0 / 3.0)
    /// (0, 0, 0, 0): fully transparent.
    public static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)

    /// The scenario language's named colours — UIKit's class colours — in the
    /// order `docs/guide/scenario-language.md` lists them.
    public static let namedColors: [(name: String, color: RGBA)] = [
        ("red", .red), ("green", .green), ("blue", .blue), ("yellow", .yellow),
        ("orange", .orange), ("purple", .purple), ("cyan", .cyan), ("magenta", .magenta),
        ("brown", .brown), ("white", .white), ("black", .black), ("gray", .gray),
        ("darkGray", .darkGray), ("lightGray", .lightGray), ("clear", .clear),
    ]

    /// The named colour called `name` (case-sensitive, as the language spells
    /// it: `darkGray`), or `nil`.
    public static func named(_ name: String) -> RGBA? {
        namedColors.first { $0.name == name }?.color
    }
}
