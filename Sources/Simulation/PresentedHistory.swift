import RenderModel

/// What the render server put on screen over a run, kept compactly: for
/// each layer, when it was on screen and the values its properties took,
/// each recorded only when it changed, at the on-screen time of the frame
/// that showed the change. It answers what a whole tree per frame would
/// (``state(of:at:)``) in memory that grows with the changes shown, not with
/// the frames (`docs/internals/render-server.md`). A change is 16 bytes: its time and
/// the index of its value in a table of the distinct values shown
/// (``ValueTable``), so a layer that alternates colours adds no value.
struct PresentedHistory {
    private struct Entry {
        /// When the layer entered (true) or left (false) the tree.
        var alive: [(time: Int64, alive: Bool)] = []
        /// Each stored property's values, in time order (never `.frame`,
        /// which is derived: its `bounds` and `position` are kept), as
        /// indexes into `table`.
        var values: [LayerProperty: [(time: Int64, value: UInt32)]] = [:]
    }

    private var layers: [LayerID: Entry] = [:]
    /// Each layer's animations as the frames showed them, recorded when
    /// they changed (added, stamped, ended), at the frame's time.
    private var animations: [LayerID: [(time: Int64, animations: LayerAnimations, chain: [MediaTiming])]] = [:]
    /// The times of the frames evaluated while some layer was animated,
    /// ascending: the frame on screen at `t` shows its animations at the
    /// last of these at or before `t`.
    private var animationFrameTimes: [Int64] = []
    private var table = ValueTable()

    /// Notes one change the client's copy of the on-screen tree reported
    /// while applying a commit shown at `time` (never earlier than the last).
    mutating func note(_ change: LayerTree.Change, at time: Int64) {
        switch change {
        case .created(let id):
            Self.append(&layers[id, default: Entry()].alive, (time, true))
            // A new layer starts from the default state.
            for property in Array(layers[id]!.values.keys) {
                record(id, property, LayerState().value(of: property), at: time)
            }
        case .removed(let id, _, _):
            Self.append(&layers[id, default: Entry()].alive, (time, false))
        case .set(let id, let property, let state):
            if property == .frame {
                record(id, .bounds, state.value(of: .bounds), at: time)
                record(id, .position, state.value(of: .position), at: time)
            } else {
                record(id, property, state.value(of: property), at: time)
            }
        case .moved, .storedBitmap:
            break
        case .animations, .timing:
            // Model values only: a layer's animations do not change them
            // (docs/reference/animations.md).
            break
        }
    }

    private mutating func record(_ id: LayerID, _ property: LayerProperty, _ value: PropertyValue, at time: Int64) {
        // One access path into both dictionaries, changed in place (the
        // list is never copied to append to it).
        Self.record(value, at: time, in: &layers[id, default: Entry()].values[property, default: []], table: &table)
    }

    private static func record(_ value: PropertyValue, at time: Int64, in list: inout [(time: Int64, value: UInt32)],
                               table: inout ValueTable) {
        if let last = list.last {
            if table[last.value] == value { return }
            if last.time == time { list.removeLast() }
        }
        list.append((time, table.index(of: value)))
    }

    private static func append(_ list: inout [(time: Int64, alive: Bool)], _ item: (Int64, Bool)) {
        if let last = list.last, last.time == item.0 { list.removeLast() }
        list.append((item.0, item.1))
    }

    /// The layer's state in the frame on screen at `time`; nil when it was
    /// not in the tree then.
    func state(of id: LayerID, at time: Int64) -> LayerState? {
        guard let entry = layers[id], entry.alive.last(where: { $0.time <= time })?.alive == true else { return nil }
        var state = LayerState()
        for (property, list) in entry.values {
            if let value = list.last(where: { $0.time <= time })?.value {
                try? state.setValue(table[value], for: property)
            }
        }
        return state
    }

    /// The first on-screen time at which the layer's state satisfied
    /// `matches`, or nil when it never did.
    func firstTime(of id: LayerID, where matches: (LayerState) -> Bool) -> Int64? {
        guard let entry = layers[id] else { return nil }
        var times = Set(entry.alive.map(\.time))
        for list in entry.values.values { times.formUnion(list.map(\.time)) }
        for t in times.sorted() {
            if let s = state(of: id, at: t), matches(s) { return t }
        }
        return nil
    }

    /// Notes layer `id`'s animations as the frame at `time` shows them.
    mutating func noteAnimations(_ id: LayerID, _ value: LayerAnimations, chain: [MediaTiming], at time: Int64) {
        var list = animations[id] ?? []
        if let last = list.last {
            if last.animations == value, last.chain == chain { return }
            if last.time == time { list.removeLast() }
        }
        list.append((time, value, chain))
        animations[id] = list
    }

    /// Notes that the frame at `time` evaluated animations.
    mutating func noteAnimationFrame(at time: Int64) {
        if animationFrameTimes.last != time { animationFrameTimes.append(time) }
    }

    /// Layer `id`'s animations in the frame on screen at `time`, with the
    /// layer-local time that frame evaluated them at (through the layer's
    /// and its ancestors' timing then); nil when it had none then.
    func animations(of id: LayerID, at time: Int64) -> (animations: LayerAnimations, localTime: Double)? {
        guard let list = animations[id], let e = Self.last(in: list, atOrBefore: time, \.time), !list[e].animations.isEmpty,
              let f = Self.last(in: animationFrameTimes, atOrBefore: time, \.self) else { return nil }
        let entry = list[e]
        return (entry.animations, MediaTiming.localTime(Double(animationFrameTimes[f]) / 1e9, through: entry.chain))
    }

    /// The index of the last element of `list`, ascending by `time`, at or
    /// before `t` (a binary search; nothing is copied).
    private static func last<E>(in list: [E], atOrBefore t: Int64, _ time: (E) -> Int64) -> Int? {
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if time(list[mid]) <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }
}

/// The distinct values a ``PresentedHistory`` has recorded, each once,
/// found by hashing. Two values share an entry only when they are the same
/// bit for bit (`==` takes 0 and -0 as equal; the history keeps what was
/// shown exactly).
struct ValueTable {
    private var values: [PropertyValue] = []
    private var indexes: [PropertyValue: UInt32] = [:]

    subscript(i: UInt32) -> PropertyValue { values[Int(i)] }

    /// The index of `value`, added if it is new.
    mutating func index(of value: PropertyValue) -> UInt32 {
        if let i = indexes[value], Self.identical(values[Int(i)], value) { return i }
        let i = UInt32(values.count)
        values.append(value)
        if indexes[value] == nil { indexes[value] = i }
        return i
    }

    /// `==`, and every `Double` the same bit pattern (the sign of a zero).
    static func identical(_ x: PropertyValue, _ y: PropertyValue) -> Bool {
        func s(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
        guard x == y else { return false }
        switch (x, y) {
        case (.rect(let a), .rect(let b)):
            return s(a.origin.x, b.origin.x) && s(a.origin.y, b.origin.y) && s(a.size.width, b.size.width) && s(a.size.height, b.size.height)
        case (.point(let a), .point(let b)):
            return s(a.x, b.x) && s(a.y, b.y)
        case (.transform(let a), .transform(let b)):
            return s(a.a, b.a) && s(a.b, b.b) && s(a.c, b.c) && s(a.d, b.d) && s(a.tx, b.tx) && s(a.ty, b.ty)
        case (.number(let a), .number(let b)):
            return s(a, b)
        case (.color(let a), .color(let b)):
            return s(a.r, b.r) && s(a.g, b.g) && s(a.b, b.b) && s(a.a, b.a)
        default:
            return true
        }
    }
}
