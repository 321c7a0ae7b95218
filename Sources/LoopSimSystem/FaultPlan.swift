#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Deterministic fault injection (`loopsim run --faults SEED`,
/// docs/internals/reliability.md): a seeded plan of faults, consulted at the OS edge
/// (``FileDescriptor/writeAll(_:)``'s `send` and `write`) and by the render
/// connection, so every fault goes through the real code paths.
///
/// Each decision is a pure function of the seed, the kind of fault and how
/// many times that point was reached on this plan (a SplitMix64 hash), never
/// of the wall clock or of thread timing: the same seed gives the same
/// faults. A plan is bound to the calling thread with ``withPlan(_:_:)``; a
/// run binds the client's plan around the simulation and, around each
/// render server it starts, ``nextServer()`` (a thread) or
/// ``spawnedServer(seed:generation:)`` (a `loopsim-render` process), so
/// every side keeps counts of its own.
///
///     let plan = FaultPlan(seed: 17)
///     FaultPlan.withPlan(plan) { runner.run() }   // each server binds plan.nextServer()
///     plan.summary   // "kill at message ×1, EINTR ×3"
public final class FaultPlan: Sendable {
    /// A kind of fault.
    public enum Fault: String, CaseIterable, Sendable {
        /// The render server is killed before the client sends a message
        /// (the handshake's `hello` included).
        case killAtMessage = "kill at message"
        /// The server is killed right after a respawned server said welcome.
        case killAfterRespawn = "kill after respawn"
        /// The server's reply is sent 1–20 ms of wall time late.
        case delayedReply = "delayed reply"
        /// A `send`/`write` writes fewer bytes than asked.
        case shortWrite = "short write"
        /// A `send`/`write` fails with `EINTR` before writing.
        case interrupted = "EINTR"
        /// A frame file `write` fails with `ENOSPC`.
        case noSpace = "ENOSPC on a frame write"
    }

    /// Which side of the render connection a plan's decisions are for.
    public enum Role: Sendable { case client, server }

    public let seed: UInt64
    public let role: Role
    /// Which spawned server this plan is for (0 the first, then one more
    /// per respawn; always 0 for a client or an in-process server).
    public let generation: UInt64
    /// One in `rate[fault]` of the points it can strike at does (0: never).
    private let rates: [Fault: UInt64]
    private let state: Mutex<State>
    /// The other side's plan (same seed and record), for ``server``.
    private let peer: FaultPlan?
    /// The server's frame-writing thread's plan, for ``frameWriter``.
    private let writer: FaultPlan?
    /// 0, or 1 for the frame writer: a salt of its own.
    private let lane: UInt64

    private struct State {
        var visits: [Fault: UInt64] = [:]
        var opens = 0
        var spawns: UInt64 = 0
    }

    /// The record of injected faults, shared by both roles.
    private let record: Record

    private final class Record: Sendable {
        let injected = Mutex<[(Fault, String)]>([])
    }

    /// The client's plan for `seed`; ``server`` is its server side. The seed
    /// picks which kinds of fault are on (each with probability 1/2, at least
    /// one) and how often each strikes.
    public convenience init(seed: UInt64) {
        self.init(seed: seed, role: .client, rates: Self.rates(for: seed), generation: 0, record: Record())
    }

    /// The server side of `seed`'s plan for a spawned `loopsim-render`
    /// (`--faults SEED --faults-generation N`, docs/internals/reliability.md): the
    /// same kinds and rates as ``server``, its own counts and record. For
    /// `generation` 0 (the first server) its decisions are those of
    /// ``server`` in a thread; each respawned server (generation 1, 2, …)
    /// gets decisions of its own, still a pure function of the seed and
    /// the generation.
    public static func spawnedServer(seed: UInt64, generation: UInt64) -> FaultPlan {
        FaultPlan(seed: seed, role: .server, rates: rates(for: seed), generation: generation, record: Record())
    }

    /// Which kinds of fault `seed` turns on, and how often each strikes.
    private static func rates(for seed: UInt64) -> [Fault: UInt64] {
        var rates: [Fault: UInt64] = [:]
        var h = Self.mix(seed ^ 0x5eed)
        for fault in Fault.allCases {
            h = Self.mix(h)
            guard h & 1 == 1 else { continue }
            let base: UInt64 = switch fault {
            case .killAtMessage: 12
            case .killAfterRespawn: 3
            case .delayedReply: 6
            case .shortWrite, .interrupted: 4
            case .noSpace: 10
            }
            rates[fault] = base + (h >> 8) % base
        }
        if rates.isEmpty { rates[.killAtMessage] = 12 }
        return rates
    }

    private init(seed: UInt64, role: Role, rates: [Fault: UInt64], generation: UInt64, record: Record, lane: UInt64 = 0) {
        self.seed = seed
        self.role = role
        self.rates = rates
        self.generation = generation
        self.record = record
        self.lane = lane
        self.state = Mutex(State())
        self.peer = role == .client ? FaultPlan(seed: seed, role: .server, rates: rates, generation: 0, record: record) : nil
        self.writer = role == .server && lane == 0 ? FaultPlan(seed: seed, role: .server, rates: rates, generation: generation, record: record, lane: 1) : nil
    }

    /// The server side: same seed, same record, its own counts.
    public var server: FaultPlan { peer ?? self }

    /// The plan for the next render server this client starts, in a thread
    /// or a process: generation ``countSpawn()`` (0 for the first), its own
    /// counts, this plan's record. Its decisions are those of
    /// ``spawnedServer(seed:generation:)`` for the same generation, so both
    /// transports strike the same server-side faults, respawns included.
    public func nextServer() -> FaultPlan {
        FaultPlan(seed: seed, role: .server, rates: rates, generation: countSpawn(), record: record)
    }

    /// The plan for the server's frame-writing thread (its file writes):
    /// the server's faults with counts of their own, so that what strikes
    /// there does not depend on how that thread and the session's
    /// interleave.
    public var frameWriter: FaultPlan { (role == .client ? server : self).writer ?? self }

    /// The kinds of fault this seed turns on.
    public var enabled: [Fault] { Fault.allCases.filter { rates[$0] != nil } }

    /// Every fault injected so far (both roles), with where.
    public var injected: [(fault: Fault, at: String)] { record.injected.withLock { $0.map { ($0.0, $0.1) } } }

    /// `3 faults: kill at message ×1, EINTR ×2` (or `no fault injected`).
    public var summary: String {
        let all = injected
        guard !all.isEmpty else { return "no fault injected" }
        let counts = Fault.allCases.compactMap { f -> String? in
            let n = all.filter { $0.fault == f }.count
            return n == 0 ? nil : "\(f.rawValue) ×\(n)"
        }
        return "\(all.count) fault\(all.count == 1 ? "" : "s"): \(counts.joined(separator: ", "))"
    }

    /// Whether `fault` strikes at its next point, counting the visit.
    public func strikes(_ fault: Fault, at place: @autoclosure () -> String) -> Bool {
        guard let rate = rates[fault] else { return false }
        let n = state.withLock { s -> UInt64 in
            defer { s.visits[fault, default: 0] += 1 }
            return s.visits[fault, default: 0]
        }
        let salt = UInt64(Fault.allCases.firstIndex(of: fault)!) &* 0x9E37_79B9_7F4A_7C15
        let strike = Self.mix(seed ^ salt ^ (n &* 0xD1B5_4A32_D192_ED03) ^ (role == .server ? 0xABCD : 0)
                              ^ (generation &* 0x9FB2_1C65_1E98_DF25) ^ (lane &* 0x5A5A_5A5A)) % rate == 0
        if strike { record.injected.withLock { $0.append((fault, place())) } }
        return strike
    }

    /// Counts a connection's handshake; true for the second and later (a
    /// respawn).
    public func countOpen() -> Bool {
        state.withLock { s in
            s.opens += 1
            return s.opens > 1
        }
    }

    /// Counts a start of a render server (a spawn, or a thread); returns
    /// its generation (0 for the first, then 1, 2, … for respawns), which
    /// the server's plan is made with (``nextServer()``,
    /// ``spawnedServer(seed:generation:)``).
    public func countSpawn() -> UInt64 {
        state.withLock { s in
            defer { s.spawns += 1 }
            return s.spawns
        }
    }

    /// A number in `0..<bound` from the seed and `n` (a delay, a byte count).
    func draw(_ n: UInt64, below bound: UInt64) -> UInt64 {
        Self.mix(seed &+ n &* 0x2545_F491_4F6C_DD1D) % bound
    }

    /// SplitMix64's finalizer.
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The plan bound to this thread (nil: no faults).
    @TaskLocal public static var current: FaultPlan?

    /// Runs `body` with `plan` bound to the current thread (and task).
    public static func withPlan<R>(_ plan: FaultPlan?, _ body: () throws -> R) rethrows -> R {
        try $current.withValue(plan) { try body() }
    }

    /// The OS edge's hook for a `send` or `write` of `count` bytes: nil to
    /// fail it (errno set: `EINTR`, or `ENOSPC` for a server's file
    /// `write`), else the byte count to pass on (fewer for a short write).
    /// A server's `send` may first wait (a delayed reply).
    static func faultedCount(_ name: String, _ count: Int) -> Int? {
        guard let plan = current else { return count }
        if plan.strikes(.interrupted, at: "\(name) (\(plan.role))") {
            Errno.current = .interrupted
            return nil
        }
        if plan.role == .server, name == "write", plan.strikes(.noSpace, at: "frame write") {
            Errno.current = .noSpace
            return nil
        }
        if plan.role == .server, name == "send", plan.strikes(.delayedReply, at: "server reply") {
            let ms = 1 + plan.draw(UInt64(count), below: 20)
            var pause = timespec(tv_sec: 0, tv_nsec: Int(ms) * 1_000_000), left = timespec()
            while nanosleep(&pause, &left) == -1 && Errno.current == .interrupted { pause = left }
        }
        if count > 1, plan.strikes(.shortWrite, at: "\(name) of \(count) bytes (\(plan.role))") {
            return 1 + Int(plan.draw(UInt64(count), below: UInt64(count - 1)))
        }
        return count
    }
}
