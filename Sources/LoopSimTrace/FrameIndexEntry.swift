/// One line of `frames.jsonl`, the index the render server writes next to
/// the frame files (`docs/guide/trace-format.md`, "Frame index"); the one type that
/// writes and reads it.
///
///     {"frame":2,"present":33333333,"file":"frame-000002.ppm","hash":"9f3a…","txns":[1],"damage":[0,0,64,48],"rects":[[0,0,64,48]]}
///
/// Keys are written in that order with the project's JSON writer. Reading
/// takes any key order and ignores keys it does not know; `frame`, `present`
/// and `file` are required, the rest optional. Numbers are whole and 0 or
/// more; `file` must name a file inside the folder (no `/`, not `.` or `..`).
public struct FrameIndexEntry: Sendable, Equatable {
    /// A rectangle of pixels, written `[x, y, w, h]`.
    public struct Rect: Sendable, Equatable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// The vsync index the frame is on screen at.
    public var frame: UInt64
    /// When the frame is first on screen, in nanoseconds of virtual time.
    public var present: Int64
    /// The frame file's name in the folder.
    public var file: String
    /// The hash of the whole framebuffer, as hex.
    public var hash: String?
    /// The transactions the frame shows first.
    public var txns: [UInt64]?
    /// The union box repainted.
    public var damage: Rect?
    /// The rectangles recomposited.
    public var rects: [Rect]?

    public init(frame: UInt64, present: Int64, file: String, hash: String? = nil, txns: [UInt64]? = nil,
                damage: Rect? = nil, rects: [Rect]? = nil) {
        self.frame = frame
        self.present = present
        self.file = file
        self.hash = hash
        self.txns = txns
        self.damage = damage
        self.rects = rects
    }

    // MARK: Writing

    /// The entry as one JSON line, without the closing `"\n"`.
    public var jsonLine: String {
        var out: [UInt8] = []
        out.reserveCapacity(160)
        JSONWriter.appendLiteral(#"{"frame":"#, to: &out)
        JSONWriter.appendUInt(frame, to: &out)
        JSONWriter.appendLiteral(#","present":"#, to: &out)
        JSONWriter.appendInt(present, to: &out)
        JSONWriter.appendLiteral(#","file":"#, to: &out)
        JSONWriter.appendString(file, to: &out)
        if let hash {
            JSONWriter.appendLiteral(#","hash":"#, to: &out)
            JSONWriter.appendString(hash, to: &out)
        }
        if let txns {
            JSONWriter.appendLiteral(#","txns":"#, to: &out)
            JSONWriter.appendArray(txns, to: &out) { JSONWriter.appendUInt($0, to: &$1) }
        }
        if let damage {
            JSONWriter.appendLiteral(#","damage":"#, to: &out)
            Self.append(damage, to: &out)
        }
        if let rects {
            JSONWriter.appendLiteral(#","rects":"#, to: &out)
            JSONWriter.appendArray(rects, to: &out) { Self.append($0, to: &$1) }
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    private static func append(_ r: Rect, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (i, v) in [r.x, r.y, r.width, r.height].enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            JSONWriter.appendInt(Int64(v), to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    // MARK: Reading

    /// Why a line of `frames.jsonl` could not be read: a message that names
    /// the key (`'present' must be a whole number of nanoseconds`).
    public struct ReadError: Error, Equatable, CustomStringConvertible {
        public var message: String
        public init(message: String) { self.message = message }
        public var description: String { message }
    }

    /// Reads one line written by `jsonLine`.
    public init(jsonLine line: String) throws(ReadError) {
        var reader = JSONReader(line)
        var close = 0
        guard let members = try? reader.readObjectDocument(closeOffset: &close) else {
            throw ReadError(message: "not a JSON object")
        }
        func value(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }
        func whole(_ value: JSONValue?) -> Int64? {
            if case .int(let v)? = value, v >= 0 { return v }
            return nil
        }
        guard let frame = whole(value("frame")) else { throw ReadError(message: "'frame' must be a whole number of 0 or more") }
        guard let present = whole(value("present")) else {
            throw ReadError(message: "'present' must be a whole number of nanoseconds")
        }
        guard case .string(let file)? = value("file"), !file.isEmpty, !file.contains("/"), file != ".", file != ".." else {
            throw ReadError(message: "'file' must be the name of a file in the folder")
        }
        self.init(frame: UInt64(frame), present: present, file: file)
        if case .string(let hash)? = value("hash") { self.hash = hash }
        if let list = value("txns") {
            guard case .array(let items) = list, case let ids = items.compactMap(whole), ids.count == items.count else {
                throw ReadError(message: "'txns' must be a list of transaction ids")
            }
            txns = ids.map { UInt64($0) }
        }
        if let box = value("damage") {
            guard let rect = Self.rect(box, whole: whole) else { throw ReadError(message: "'damage' must be [x, y, w, h]") }
            damage = rect
        }
        if let list = value("rects") {
            guard case .array(let items) = list, case let all = items.compactMap({ Self.rect($0, whole: nil) }),
                  all.count == items.count else {
                throw ReadError(message: "'rects' must be a list of [x, y, w, h]")
            }
            rects = all
        }
    }

    /// `[x, y, w, h]` as a rectangle; each number passes `whole` when given.
    private static func rect(_ value: JSONValue, whole: ((JSONValue?) -> Int64?)?) -> Rect? {
        guard case .array(let items) = value, items.count == 4 else { return nil }
        var numbers: [Int] = []
        for item in items {
            guard case .int(let v) = item, let n = Int(exactly: v) else { return nil }
            if let whole, whole(item) == nil { return nil }
            numbers.append(n)
        }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}
