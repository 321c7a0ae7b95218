/// The animations attached to one layer, in `animationKeys()` order — the
/// order they apply in — and the evaluator that turns a model state into the
/// presentation state (`docs/reference/animations.md`, "Evaluation"; `docs/reference/core-animation-rules.md` §2.6, §3.2).
///
/// Adding under a key that is already attached replaces that animation: the
/// old one leaves its place and the new one goes last, as the newest
/// animation, so it applies on top of the others (a nil key never
/// replaces). Removing an unknown key does nothing, as in Core Animation.
///
///     var animations = LayerAnimations()
///     try animations.add(fade, forKey: "fade")
///     let onScreen = animations.presentation(of: model, atLocalTime: t)
///
/// Evaluation (``apply(to:atLocalTime:)``) never allocates: it walks the
/// stored entries and works on value types only.
public struct LayerAnimations: Hashable, Sendable {
    /// One attached animation and the key it was added under.
    public struct Entry: Hashable, Sendable {
        /// The key of `add(_:forKey:)`, or nil.
        public var key: String?
        /// The attached copy.
        public var animation: LayerAnimation {
            didSet {
                payload = AnimationPlan.payload(for: animation)
                plan = AnimationPlan(animation, payload: payload)
            }
        }
        /// Whether the animation was attached with `beginTime` 0 and has not
        /// been given its begin time yet (choice 2, ``stampBeginTimes(_:_:)``).
        public internal(set) var awaitsBeginTime: Bool
        /// `animation` compiled for evaluation, remade whenever it changes.
        private(set) var plan: AnimationPlan
        /// What `plan` refers to, kept alive with it.
        private var payload: AnimationPlan.Payload

        /// An entry; it awaits its begin time when `animation`'s `beginTime`
        /// is 0.
        public init(key: String?, animation: LayerAnimation) {
            self.key = key
            self.animation = animation
            self.awaitsBeginTime = animation.timing.beginTime == 0
            let payload = AnimationPlan.payload(for: animation)
            self.payload = payload
            self.plan = AnimationPlan(animation, payload: payload)
        }

        // The plan follows from the animation: equal entries have equal
        // plans.
        public static func == (a: Entry, b: Entry) -> Bool {
            a.key == b.key && a.animation == b.animation && a.awaitsBeginTime == b.awaitsBeginTime
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(key)
            hasher.combine(animation)
            hasher.combine(awaitsBeginTime)
        }
    }

    /// The attached animations, in application order.
    public internal(set) var entries: [Entry] = []

    /// No animations.
    public init() {}

    /// Whether no animation is attached.
    public var isEmpty: Bool { entries.isEmpty }

    /// The number of attached animations.
    public var count: Int { entries.count }

    /// `animationKeys()`: the keys in application order (animations added
    /// with a nil key are not listed); nil when there are none, as on Apple
    /// platforms.
    public var keys: [String]? {
        let keys = entries.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// The animation attached under `key`, or nil.
    public func animation(forKey key: String) -> LayerAnimation? {
        entries.first { $0.key == key }?.animation
    }

    /// Attaches `animation` under `key`, replacing the one with the same key
    /// (which leaves its place: the new one goes last).
    ///
    /// - Throws: `AnimationError` when the animation is not valid
    ///   (`LayerAnimation.validate()`), or when the layer already holds
    ///   ``RenderLimits/maxAnimationsPerLayer`` other animations.
    public mutating func add(_ animation: LayerAnimation, forKey key: String?) throws(AnimationError) {
        try animation.validate()
        let replaced = key.flatMap { k in entries.firstIndex { $0.key == k } }
        guard replaced != nil || entries.count < RenderLimits.maxAnimationsPerLayer else {
            throw AnimationError(field: "layer", reason: "a layer holds at most \(RenderLimits.maxAnimationsPerLayer) animations")
        }
        if let replaced { entries.remove(at: replaced) }
        entries.append(Entry(key: key, animation: animation))
    }

    /// Removes the animation attached under `key`; answers whether there
    /// was one.
    @discardableResult
    public mutating func removeAnimation(forKey key: String) -> Bool {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return false }
        entries.remove(at: index)
        return true
    }

    /// Removes every animation.
    public mutating func removeAll() {
        entries.removeAll()
    }

    /// Sets the `beginTime` of every animation that awaits one — attached
    /// with `beginTime` 0 and not stamped yet — to `time` (choice 2: the
    /// server stamps the layer-local time of the frame that first shows the
    /// commit); calls `stamped` with each one's index. An animation is
    /// stamped once, even when `time` is 0.
    public mutating func stampBeginTimes(_ time: Double, _ stamped: (Int) -> Void = { _ in }) {
        stamp(time) { i, _ in stamped(i) }
    }

    /// ``stampBeginTimes(_:_:)``, calling `stamped` with each entry once it
    /// is stamped (a copy: the closure may not touch these animations).
    public mutating func stampBeginTimes(_ time: Double, reporting stamped: (Entry) -> Void) {
        stamp(time) { _, entry in stamped(entry) }
    }

    private mutating func stamp(_ time: Double, _ stamped: (Int, Entry) -> Void) {
        for i in entries.indices where entries[i].awaitsBeginTime {
            entries[i].animation.timing.beginTime = time
            entries[i].awaitsBeginTime = false
            stamped(i, entries[i])
        }
    }

    /// Sets the begin time of the animation whose ``LayerAnimation/id`` is
    /// `id`, if it still awaits one (what the render server stamped,
    /// mirrored by the client); answers whether there was one.
    @discardableResult
    public mutating func stampBeginTime(ofAnimation id: UInt64, _ time: Double) -> Bool {
        guard let i = entries.firstIndex(where: { $0.animation.id == id && $0.awaitsBeginTime }) else { return false }
        entries[i].animation.timing.beginTime = time
        entries[i].awaitsBeginTime = false
        return true
    }

    /// Removes the animation whose ``LayerAnimation/id`` is `id`; answers
    /// whether there was one.
    @discardableResult
    public mutating func removeAnimation(withID id: UInt64) -> Bool {
        guard let i = entries.firstIndex(where: { $0.animation.id == id }) else { return false }
        entries.remove(at: i)
        return true
    }
}
