import RenderModel

/// One message between the client (the simulated app) and the render
/// server, as it travels in one frame (`docs/reference/wire-protocol.md`).
///
///     let frame = WireMessage.vsync(index: 3, time: 50_000_000).encode()
///     try WireMessage.decode(frame: frame)   // .vsync(index: 3, time: 50000000)
///
/// A session: the client sends `hello`, the server answers `welcome` (or
/// `error` and closes); then the client sends `commit`s, `bitmapShared`s,
/// `sync`s and `vsync`s, and the server answers each `sync` with `applied`
/// and each `vsync` with `presented`; either
/// side ends with `goodbye`. After a server restart the client sends a
/// `snapshot` before anything else.
public enum WireMessage: Hashable, Sendable {
    /// Client → server, first: the display and where frames go.
    case hello(Hello)
    /// Server → client, the answer to `hello`: the version the server
    /// speaks and its process id.
    case welcome(version: UInt16, serverPID: UInt32)
    /// Client → server: one outermost transaction's changes.
    case commit(CommitDiff)
    /// Client → server: the whole tree (and its backing stores) as one diff
    /// from an empty tree, sent to a respawned server.
    case snapshot(CommitDiff)
    /// Client → server: latch the commits applied since the previous vsync
    /// and render the frame of vsync `index` (lockstep: the server answers
    /// with `presented`). Virtual time never goes back on the wire.
    case vsync(index: UInt64, time: Int64)
    /// Server → client: what the frame of a `vsync` showed.
    case presented(Presented)
    /// Either way: why the sender is about to close (the `code`s of
    /// `WireError.Kind.code`, others reserved), then a clean close.
    case error(code: UInt16, message: String)
    /// Either way: a clean end of the session.
    case goodbye
    /// Client → server: a backing store that travels as shared memory — the
    /// premultiplied RGBA8 pixels of `image` are `byteCount` bytes at
    /// `offset` in the file descriptor sent alongside the frame
    /// (SCM_RIGHTS: LoopSimSystem's `FileDescriptor.send(_:descriptors:)`
    /// passes it, RenderServer's `SharedMemory` reads it).
    case bitmapShared(ImageID, width: UInt32, height: UInt32, offset: UInt64, byteCount: UInt64)
    /// Client → server: answer with `applied` once every message before
    /// this one is handled (Wayland's `wl_display.sync`).
    case sync(token: UInt64)
    /// Server → client, the answer to `sync`: the last commit applied and
    /// what decoding and applying cost.
    case applied(Applied)

    /// The handshake's opening message.
    public struct Hello: Hashable, Sendable {
        /// The protocol version the client speaks (`WireProtocol.version`).
        public var version: UInt16
        /// Display width in pixels.
        public var width: UInt32
        /// Display height in pixels.
        public var height: UInt32
        /// Display refresh rate: vsync `k` is at `k * 1e9 / refreshHz` ns.
        public var refreshHz: UInt32
        /// What the display shows where no layer covers it (straight RGBA8).
        public var background: RGBA8
        /// The folder the server writes frames into (UTF-8, no NUL byte);
        /// empty: the server writes no frame files (`--frames none`;
        /// version 3).
        public var outputFolder: String
        /// Virtual nanoseconds the server spends rendering each frame it
        /// draws (prepare + execute), `0...maxRenderCost`; 0: instant.
        public var renderCost: Int64
        /// Virtual time the server spends per pixel it composites (the
        /// damage it redraws), on top of `renderCost`: exact picoseconds per
        /// pixel (``CostRate``), 0 … 60 s; 0: free. (Version 2.)
        public var rasterCost: CostRate
        /// Display pixels whose colour every drawn frame's `presented`
        /// reports, in this order (what `expect pixel` reads, with or
        /// without frame files). (Version 3.)
        public var probes: [Probe]

        /// A display pixel: `x < width`, `y < height`.
        public struct Probe: Hashable, Sendable {
            public var x: UInt32
            public var y: UInt32
            public init(x: UInt32, y: UInt32) {
                self.x = x
                self.y = y
            }
        }

        /// Whether the server writes frame files (a non-empty folder).
        public var writesFrameFiles: Bool { !outputFolder.isEmpty }

        /// The most virtual time a frame's render may take: 60 s.
        public static let maxRenderCost: Int64 = 60_000_000_000

        /// A hello; the version defaults to the one this code speaks.
        public init(version: UInt16 = WireProtocol.version, width: UInt32, height: UInt32, refreshHz: UInt32, background: RGBA8, outputFolder: String, renderCost: Int64 = 0, rasterCost: CostRate = .zero, probes: [Probe] = []) {
            self.probes = probes
            self.version = version
            self.width = width
            self.height = height
            self.refreshHz = refreshHz
            self.background = background
            self.outputFolder = outputFolder
            self.renderCost = renderCost
            self.rasterCost = rasterCost
        }

        /// How long the server renders a frame that composites `pixels`
        /// pixels: `renderCost` plus `rasterCost` per pixel; nil past the end
        /// of virtual time. The client and the server both time frames with
        /// this (`docs/internals/render-server.md`, render cost).
        public func renderDuration(pixels: Int) -> Int64? {
            guard let raster = rasterCost.nanoseconds(for: pixels) else { return nil }
            let (sum, overflow) = renderCost.addingReportingOverflow(raster)
            return overflow ? nil : sum
        }

        /// True when rendering a frame takes virtual time.
        public var rendersInTime: Bool { renderCost > 0 || !rasterCost.isZero }
    }

    /// The damaged rectangle of a frame, in display pixels.
    public struct Damage: Hashable, Sendable {
        /// Left edge.
        public var x: UInt32
        /// Top edge.
        public var y: UInt32
        /// Width; `x + width` fits a `u32`.
        public var width: UInt32
        /// Height; `y + height` fits a `u32`.
        public var height: UInt32

        /// A rectangle of damage.
        public init(x: UInt32, y: UInt32, width: UInt32, height: UInt32) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        /// No damage: (0, 0, 0, 0).
        public static let none = Damage(x: 0, y: 0, width: 0, height: 0)
    }

    /// The server's answer to a `sync`.
    ///
    /// The two durations are wall-clock measurements of the server's own
    /// work, for benchmarks (`loopsim bench commit`); nothing the simulation
    /// records depends on them.
    public struct Applied: Hashable, Sendable {
        /// The `sync`'s token, echoed.
        public var token: UInt64
        /// The sequence of the last commit applied (`0`: none yet).
        public var sequence: UInt64
        /// Wall-clock nanoseconds spent in the frame decoder (checking and
        /// decoding every frame received) since the previous `sync`.
        public var decodeNanoseconds: UInt64
        /// Wall-clock nanoseconds spent applying them to the render tree.
        public var applyNanoseconds: UInt64

        public init(token: UInt64, sequence: UInt64, decodeNanoseconds: UInt64 = 0, applyNanoseconds: UInt64 = 0) {
            self.token = token
            self.sequence = sequence
            self.decodeNanoseconds = decodeNanoseconds
            self.applyNanoseconds = applyNanoseconds
        }
    }

    /// The server's report on one rendered frame.
    public struct Presented: Hashable, Sendable {
        /// `nextFrameTime` when nothing is scheduled: `Int64.max`.
        public static let noNextFrame = Int64.max

        /// The on-screen vsync index of the frame (its file is
        /// `frame-NNNNNN.ppm`).
        public var frame: UInt64
        /// Virtual time the frame is on screen, nanoseconds.
        public var onScreenTime: Int64
        /// The hash of the frame's pixels.
        public var frameHash: UInt64
        /// The region that was recomposited.
        public var damage: Damage
        /// Sequences of the commits this frame shows for the first time, in
        /// strictly increasing order.
        public var firstVisible: [UInt64]
        /// The earliest virtual time a later frame would differ (a running
        /// animation), or `noNextFrame`.
        public var nextFrameTime: Int64
        /// Virtual nanoseconds the server spent rendering this frame
        /// (`renderCost` plus `rasterCost` per recomposited pixel); 0 when
        /// it drew nothing or rendering is free. (Version 3.)
        public var renderDuration: Int64
        /// The colour of each of `hello.probes` in this frame, over the
        /// display background (the frame file's RGB, alpha 255); empty when
        /// the frame drew nothing. (Version 3.)
        public var probeColors: [RGBA8]
        /// The ids (``RenderModel/LayerAnimation/id``) of the animations
        /// this frame stamped with its time (choice 2), in the order the
        /// server visited them: by layer id, then application order.
        /// (Version 4.)
        public var began: [UInt64]
        /// The ids of the animations that ended at this frame: first those
        /// the latched commits took off, then those whose active duration
        /// ran out, in the server's order. (Version 4.)
        public var ended: [UInt64]

        /// A report; `nextFrameTime` defaults to none.
        public init(frame: UInt64, onScreenTime: Int64, frameHash: UInt64, damage: Damage, firstVisible: [UInt64], nextFrameTime: Int64 = Presented.noNextFrame,
                    renderDuration: Int64 = 0, probeColors: [RGBA8] = [], began: [UInt64] = [], ended: [UInt64] = []) {
            self.began = began
            self.ended = ended
            self.renderDuration = renderDuration
            self.probeColors = probeColors
            self.frame = frame
            self.onScreenTime = onScreenTime
            self.frameHash = frameHash
            self.damage = damage
            self.firstVisible = firstVisible
            self.nextFrameTime = nextFrameTime
        }
    }

    /// The frame type of this message.
    public var tag: WireTag.Message {
        switch self {
        case .hello: .hello
        case .welcome: .welcome
        case .commit: .commit
        case .snapshot: .snapshot
        case .vsync: .vsync
        case .presented: .presented
        case .error: .error
        case .goodbye: .goodbye
        case .bitmapShared: .bitmapShared
        case .sync: .sync
        case .applied: .applied
        }
    }
}
