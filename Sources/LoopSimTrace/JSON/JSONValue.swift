/// A JSON value as the project's JSON reader returns it.
///
/// Every number LoopSim writes into a file it reads back (traces,
/// `frames.jsonl`) is a whole number: integers read as `.int`, and a number
/// with a fraction or an exponent reads as `.number` with its text, so a
/// reader refuses it by key rather than rounding it silently. Objects keep their
/// members in file order, with where each one was found, so a reader built
/// on top can point at the exact column of a wrong value.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    /// A number with a fraction or an exponent, as written (`4.5`, `1e3`).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// A short name of the value's type for error messages (`an integer`,
    /// `a string`, …).
    public var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "an integer"
        case .number: "a fraction"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` member of a JSON object, in file order.
package struct JSONMember: Sendable, Equatable {
    public var key: String
    public var value: JSONValue
    /// Byte offset of the key's opening quote in the reader's input.
    public var keyOffset: Int
    /// Byte offset of the value's first byte in the reader's input.
    public var valueOffset: Int

    public init(key: String, value: JSONValue, keyOffset: Int, valueOffset: Int) {
        self.key = key
        self.value = value
        self.keyOffset = keyOffset
        self.valueOffset = valueOffset
    }
}

/// Why JSON text could not be read: a message and the 1-based column (in
/// Unicode scalars, counted from the start of the text or line read) where
/// the problem is.
package struct JSONReadError: Error, Equatable, CustomStringConvertible {
    /// 1-based column, counted in Unicode scalars.
    public var column: Int
    public var message: String

    public init(column: Int, message: String) {
        self.column = column
        self.message = message
    }

    public var description: String { "column \(column): \(message)" }
}
