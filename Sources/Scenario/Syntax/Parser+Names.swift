/// The kinds of named objects: run-loop objects, layers, views and images.
/// They share one namespace.
enum ItemKind: String, Sendable {
    case timer, source, port, observer, layer, view, image
    case displayLink = "display link"
    /// `task NAME:`, `async let NAME:`, `addTask NAME:`, `await continuation NAME`.
    case task
    case asyncLet = "async let"
    case groupChild = "group child"
    case continuation

    var withArticle: String { [.observer, .image, .asyncLet].contains(self) ? "an \(rawValue)" : "a \(rawValue)" }
}

/// The statements and options that refer to a declared object by name.
enum NameUse: Sendable {
    case signal, send, invalidate, reschedule
    case parent, set, add, remove, needsLayout, needsDisplay, layoutIfNeeded
    case layout, draw, constraints, contents, expect
    case pause, resume, animate, removeAnimation
    /// `cancel`, `await value`, `at … resume`, `expect task`.
    case cancel, awaitValue, resumeOutside, expectTask

    var keyword: String {
        switch self {
        case .signal: "signal"
        case .send: "send"
        case .invalidate: "invalidate"
        case .reschedule: "reschedule"
        case .parent: "parent="
        case .set: "set"
        case .expect: "expect"
        case .add: "add"
        case .remove: "remove"
        case .needsLayout: "needsLayout"
        case .needsDisplay: "needsDisplay"
        case .layoutIfNeeded: "layoutIfNeeded"
        case .layout: "layout"
        case .draw: "draw"
        case .constraints: "constraints"
        case .contents: "contents="
        case .pause: "pause"
        case .resume: "resume"
        case .animate: "animate"
        case .removeAnimation: "removeAnimation"
        case .cancel: "cancel"
        case .awaitValue: "await value"
        case .resumeOutside: "at … resume"
        case .expectTask: "expect task"
        }
    }

    /// The kinds of object the statement accepts.
    var kinds: [ItemKind] {
        switch self {
        case .signal: [.source]
        case .send: [.port]
        case .invalidate: [.timer, .source, .port, .observer, .displayLink]
        case .pause: [.displayLink]
        case .resume: [.continuation, .displayLink]
        case .resumeOutside: [.continuation]
        case .cancel, .expectTask: [.task, .asyncLet, .groupChild]
        case .awaitValue: [.task, .asyncLet]
        case .animate, .removeAnimation: [.layer, .view]
        case .reschedule: [.timer]
        case .parent, .set, .add, .remove, .needsLayout, .needsDisplay, .layoutIfNeeded, .layout, .draw, .expect: [.layer, .view]
        case .constraints: [.view]
        case .contents: [.image]
        }
    }

    /// True for the blocks a layer may have only one of.
    var isBehaviourBlock: Bool { self == .layout || self == .draw || self == .constraints }
}

/// Where a name is written.
struct Site: Equatable, Sendable {
    var line: LexedLine
    var column: Int
}

/// A declaration or use of a name, recorded in file order while parsing.
enum NameEvent: Sendable {
    case declare(String, ItemKind, Site)
    case use(String, NameUse, Site)
    case declareMode(String, Site)
    case useMode(String, Site)
    /// `add L to L`: reported once the name itself is known to be good.
    case addToItself(String, Site)
}

/// A `parent=` of a `layer` or `view` declaration, for the cycle check.
struct ParentLink: Sendable {
    var child: String
    var parent: String
    /// Where the parent's name is written.
    var site: Site
}

/// Every declaration and use of a name, in file order, and every `parent=`
/// link: what the parser records for the name-checking pass (`NameChecker`),
/// which runs once the whole file is parsed.
struct NameTable: Sendable {
    var events: [NameEvent] = []
    /// The `parent=` of every `layer` and `view` declaration, in file order.
    var parentLinks: [ParentLink] = []

    mutating func record(_ event: NameEvent) { events.append(event) }
}

extension Parser {
    mutating func use(_ name: Token, _ use: NameUse, _ line: LexedLine) {
        names.record(.use(name.text, use, Site(line: line, column: name.column)))
    }
}
