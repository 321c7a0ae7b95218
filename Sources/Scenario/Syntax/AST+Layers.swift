/// The layer part of the scenario language (layers, views, images,
/// transactions, layout/draw/constraints blocks).

/// One step of a `transform=` value, applied left to right.
public enum TransformStep: Sendable, Equatable {
    /// `rotate(30deg)` (degrees; `rad` also accepted and converted to degrees).
    case rotate(degrees: Double)
    /// `scale(2)` is `scale(2, 2)`.
    case scale(x: Double, y: Double)
    case translate(x: Double, y: Double)
}

/// A layer property value as written. The parser checks the kind against the
/// property (see ``LayerPropertyName``).
public enum LayerValue: Sendable, Equatable {
    /// opacity, corner, border, z
    case number(Double)
    /// hidden, clips (`true` / `false`)
    case bool(Bool)
    /// background, borderColor: 8-bit RGBA (straight alpha)
    case color([UInt8])
    /// frame, bounds: (x, y, width, height)
    case rect(x: Double, y: Double, width: Double, height: Double)
    /// position, anchor: (x, y)
    case point(x: Double, y: Double)
    /// transform
    case transform([TransformStep])
    /// contents: an image name declared by `image`
    case image(String)
    /// gravity: one of CA's twelve contentsGravity names (`resize`, `center`, `topLeft`, …)
    case gravity(String)
    /// `none`: background, borderColor or contents set to nil
    case none
    /// timeOffset, beginTime: a time in nanoseconds (`1.5s`)
    case time(Int64)
}

/// `layer NAME [parent=P] [PROP=VALUE …]` or `view NAME …`.
package struct LayerDecl: Sendable, Equatable {
    package var name: String
    package var parent: String?
    /// A view-backed layer (no implicit actions; `layout`/`draw`/`constraints`
    /// blocks are the view's `layoutSubviews`/`draw(_:)`/`updateConstraints`).
    package var isView: Bool
    /// Initial property values, in the order written.
    package var properties: [(LayerPropertyName, LayerValue)]
    package var location: SourceLocation

    package init(name: String, parent: String?, isView: Bool, properties: [(LayerPropertyName, LayerValue)], location: SourceLocation) {
        self.name = name
        self.parent = parent
        self.isView = isView
        self.properties = properties
        self.location = location
    }

    package static func == (a: LayerDecl, b: LayerDecl) -> Bool {
        a.name == b.name && a.parent == b.parent && a.isView == b.isView && a.location == b.location
            && a.properties.count == b.properties.count
            && zip(a.properties, b.properties).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }
}

/// `image NAME file="path"` (a path relative to the scenario file's folder,
/// or absolute).
package struct ImageDecl: Sendable, Equatable {
    package var name: String
    package var file: String
    package var location: SourceLocation
}

/// A drawing command inside a `draw NAME:` block, in the layer's own
/// coordinates (points; origin top left).
package enum DrawCommand: Sendable, Equatable {
    package enum Shape: Sendable, Equatable {
        case rect(x: Double, y: Double, width: Double, height: Double)
        case roundedRect(x: Double, y: Double, width: Double, height: Double, radius: Double)
        case ellipse(x: Double, y: Double, width: Double, height: Double)
        /// SVG-like path data: `M x y`, `L x y`, `Q cx cy x y`, `C c1x c1y c2x c2y x y`, `Z`.
        case path(String)
    }
    /// `fill rect=(…)|roundedRect=(…) radius=R|ellipse=(…)|path="…" color=C`
    case fill(Shape, color: [UInt8])
    /// `stroke … color=C width=W` (width default 1)
    case stroke(Shape, color: [UInt8], width: Double)
    /// `line from=(x,y) to=(x,y) color=C width=W`
    case line(x1: Double, y1: Double, x2: Double, y2: Double, color: [UInt8], width: Double)
    /// `text "Hi" at=(x,y) color=C size=N` (size in points, default 8: the
    /// built-in bitmap font's cell height)
    case text(String, x: Double, y: Double, color: [UInt8], size: Double)
}

/// One line of a `draw` block.
package struct DrawStep: Sendable, Equatable {
    package var command: DrawCommand
    package var location: SourceLocation
}

/// The layer statements added to ``Statement`` (see `Statement.layer` etc.).
package enum LayerStatement: Sendable, Equatable {
    case layer(LayerDecl)
    case image(ImageDecl)
    /// `layout NAME [cost=D]:` + actions — the body of layoutSubviews/layoutSublayers;
    /// `cost` replaces the `costs` statement's `layout` for this layer.
    case layout(layer: String, body: [Action], location: SourceLocation, cost: Int64? = nil)
    /// `draw NAME [cost=D]:` + draw commands — the body of draw(in:) / draw(_:);
    /// `cost` replaces the per-pixel `display` cost for this layer.
    case draw(layer: String, body: [DrawStep], location: SourceLocation, cost: Int64? = nil)
    /// `constraints NAME:` + actions — the body of updateConstraints (views only).
    case constraints(layer: String, body: [Action], location: SourceLocation)
    /// `host NAME …:` — a SwiftUI-style host (`AST+Hosts.swift`).
    case host(HostDecl)
}

/// The layer actions added to ``ActionKind`` (see `ActionKind.layer`).
package enum LayerAction: Sendable, Equatable {
    /// `set L.prop = VALUE`
    case set(layer: String, property: LayerPropertyName, value: LayerValue)
    /// `set L.prop += VALUE`: the model value plus VALUE (numbers, times,
    /// points and rects add component by component; a transform is
    /// concatenated after the current one).
    case increment(layer: String, property: LayerPropertyName, by: LayerValue)
    /// `begin` — CATransaction.begin()
    case begin
    /// `commit` — CATransaction.commit()
    case commit
    /// `flush` — CATransaction.flush()
    case flush
    /// `transaction [duration=D] [timing=NAME] [disableActions=BOOL]` — sets
    /// values on the innermost open transaction. Timing names: `default`,
    /// `linear`, `easeIn`, `easeOut`, `easeInEaseOut`.
    case transaction(duration: Int64?, timing: String?, disableActions: Bool?)
    /// `completion:` + actions — the completion block of the innermost transaction.
    case completion(body: [Action])
    /// `add L to P [at=N]` — addSublayer / insertSublayer(at:)
    case add(layer: String, parent: String, index: Int?)
    /// `remove L` — removeFromSuperlayer
    case remove(layer: String)
    /// `needsLayout L` — setNeedsLayout
    case needsLayout(String)
    /// `needsDisplay L` — setNeedsDisplay
    case needsDisplay(String)
    /// `layoutIfNeeded L`
    case layoutIfNeeded(String)
}
