import LoopSimTrace
import RenderModel
import RunLoopKit

/// The layer world of the simulated main thread: the layers, the
/// CATransaction stack, the images, and the commit phases that turn changes
/// into a ``CommitDiff`` for the render server.
///
/// The implicit commit is the run-loop observer of Core Animation
/// (`CA::Transaction::observer_callback`, order 2000000 on BeforeWaiting and
/// Exit, in the common modes), installed with the rest of UIKit's observers
/// by ``installUIKitProfile()``.
public final class LayerContext {
    public let loop: SimRunLoop
    var sim: SimContext { loop.context }
    /// Every layer, in creation order (index = id − 1).
    public private(set) var layers: [Layer] = []
    /// Layers attached to the display, back to front.
    public internal(set) var roots: [Layer] = []
    /// The transaction stack, outermost first.
    public internal(set) var stack: [Transaction] = []
    var nextTransactionID = 1
    /// Transactions popped since the last shipped commit (their ids go in it).
    var poppedSinceShip: [Transaction] = []
    /// Layers changed since the last commit, in the order first changed.
    var dirty: [Layer] = []
    /// Tree operations since the last commit, in order (creates and moves).
    var treeLog: [DiffOp] = []
    /// The outermost transaction while its commit's phases run.
    var shipping: Transaction?
    /// Layers marked since the last pass of each phase.
    var layoutQueue: [Layer] = []
    var displayQueue: [Layer] = []
    var constraintsQueue: [Layer] = []
    /// `flush()` was called while explicit transactions were open.
    var flushPending = false
    var lockDepth = 0
    var images: [ImageEntry] = []
    var imagesByName: [String: Int] = [:]
    var nextImageID: UInt64 = 1
    /// Backing stores and decoded images not shipped yet.
    var pendingBitmaps: [(ImageID, Bitmap)] = []
    /// Every bitmap shipped, for a snapshot of what was committed.
    var shippedBitmaps: [ImageID: Bitmap] = [:]
    /// The display's roots as the render server has them, as of the last
    /// commit.
    var committedRoots: [LayerID] = []
    /// The shipped commits, in order: every one, or with
    /// ``retainedCommits`` set only the last that many (a long run keeps
    /// its memory flat; ``commitCount`` and ``firstCommitTimes`` still
    /// count them all).
    public internal(set) var commits: [CommitRecord] = []
    /// How many shipped commits ``commits`` keeps (the latest); nil: all.
    public var retainedCommits: Int?
    /// Commits shipped so far.
    public internal(set) var commitCount = 0
    /// The virtual times of the first commits shipped (at most 16), for
    /// reports that name them.
    public internal(set) var firstCommitTimes: [Int64] = []
    var sequence: UInt64 = 0
    /// Called with every shipped commit (the render connection, later).
    public var onCommit: ((CommitRecord) throws -> Void)?
    /// The phases of a commit, as reported to ``onPhase``.
    public enum Phase: Sendable { case layout, display, prepare, encode, send }

    /// Called as each phase of a commit begins (`send`: the diff is encoded
    /// and about to go to the server). Benchmarks timestamp these; the
    /// simulation itself never reads a clock.
    public var onPhase: ((Phase) -> Void)?

    /// The most layers and the deepest tree a commit may leave
    /// (``RenderLimits``'s by default): past them, the commit throws
    /// ``TreeLimitError`` instead of being sent.
    public var treeLimits = TreeLimits()

    /// What the phases cost in virtual time (all 0 by default).
    public var costs = CommitCosts.free

    /// How many bytes a diff takes on the wire (the commit record's and the
    /// trace's `bytes`); 0 by default. Counted, not encoded: the diff is
    /// encoded once, when it is sent.
    public var encodedByteCount: (CommitDiff) -> Int = { _ in 0 }

    // Animations (`LayerContext+Animations.swift`).

    /// The last animation id handed out (``LayerAnimation/id``).
    var nextAnimationID: UInt64 = 0
    /// Where each attached animation that has not ended came from.
    public internal(set) var animationOrigins: [UInt64: AnimationOrigin] = [:]
    /// The UIView animation blocks being run, innermost last.
    var viewAnimations: [ViewAnimation] = []
    /// Completion groups waiting for their animations to end.
    var awaitingGroups: [CompletionGroup] = []
    var animationCompletionPort: SimPort?
    /// The deadline of the display-link callout running now, if any.
    var frameDeadline: Int64?
    /// The presentation value of a layer's key path now — the frame on
    /// screen, with its animations applied — for an implicit action's
    /// start (the simulation answers it from what the render server
    /// showed); nil: the model value before the change.
    public var presentationValue: ((Layer, AnimationKeyPath) -> AnimationValue?)?

    // SwiftUI-style hosts (`Hosting/`).

    /// The hosts, in the order they were added; the SwiftUI observer
    /// flushes them in this order.
    var hosts: [any HostFlushing] = []
    /// `NSRunLoop.flushObservers`, installed with the first host.
    var hostObserver: SimObserver?
    /// How many `performWithoutAnimation` bodies are running: while any
    /// is, no property change runs an action.
    var actionsSuppressed = 0

    public init(loop: SimRunLoop) {
        self.loop = loop
    }

    /// Records a trace event.
    func trace(_ kind: @autoclosure () -> TraceEvent.Kind) {
        sim.emit(kind())
    }

    func warn(_ text: String) {
        sim.emit(.warn(text: text))
    }

    // MARK: Layers

    /// Creates a layer (or a view's layer). A root is attached to the display.
    @discardableResult
    public func makeLayer(name: String? = nil, isView: Bool = false, root: Bool = false) -> Layer {
        let layer = Layer(id: LayerID(layers.count + 1), name: name, isView: isView, context: self)
        layers.append(layer)
        noteMutation()
        treeLog.append(.create(layer.id))
        if root {
            layer.isRoot = true
            layer.siblingIndex = roots.count
            roots.append(layer)
            recordMove(layer, parent: 0, index: UInt32(roots.count - 1))
        }
        markDirty(layer)
        return layer
    }

    /// The layer with `id`, if any.
    public func layer(_ id: LayerID) -> Layer? {
        id >= 1 && Int(id) <= layers.count ? layers[Int(id) - 1] : nil
    }

    func markDirty(_ layer: Layer) {
        if !layer.isDirty {
            layer.isDirty = true
            dirty.append(layer)
        }
    }

    func recordMove(_ layer: Layer, parent: LayerID?, index: UInt32) {
        treeLog.append(.move(layer.id, parent: parent, index: index))
        markDirty(layer)
    }

    // MARK: Images

    struct ImageEntry {
        var name: String
        var id: ImageID
        var load: () throws -> [UInt8]
        var decoded: Bitmap?
        var error: String?
        var shipped = false
    }

    /// Registers a named image; its bytes are read and decoded in the first
    /// prepare phase that needs them, once.
    @discardableResult
    public func registerImage(name: String, load: @escaping () throws -> [UInt8]) -> ImageID {
        let id = ImageID(rawValue: nextImageID)
        nextImageID += 1
        imagesByName[name] = images.count
        images.append(ImageEntry(name: name, id: id, load: load))
        return id
    }

    /// The id of a registered image.
    public func imageID(named name: String) -> ImageID? {
        imagesByName[name].map { images[$0].id }
    }

    func newBackingStoreID() -> ImageID {
        let id = ImageID(rawValue: nextImageID)
        nextImageID += 1
        return id
    }
}
