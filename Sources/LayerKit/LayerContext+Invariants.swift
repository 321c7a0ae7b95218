import RenderModel

/// The layer world's invariants, checked as swift-collections checks its
/// own (`_checkInvariants()`): compiled in debug builds, which the tests
/// are, and called by the tests at teardown (docs/internals/safety.md,
/// "Invariants"); a release build has neither the checks nor their cost.
extension LayerContext {
    /// Traps, naming every invariant that does not hold (none in a
    /// release build).
    package func _checkInvariants() {
        #if DEBUG
        let broken = _invariantViolations()
        precondition(broken.isEmpty, "LayerContext: \(broken.count) invariant(s) broken:\n" + broken.joined(separator: "\n"))
        #endif
    }

    /// The invariants that do not hold, one sentence each: empty when all
    /// do (and always in a release build). O(layers).
    ///
    /// - Layers are numbered by creation and belong to this context.
    /// - The tree: every link goes both ways (a sublayer's superlayer lists
    ///   it, the display's roots are the root layers), no layer is in two
    ///   places, no chain of superlayers comes back to where it began, and
    ///   each layer's `siblingIndex` is its place among its siblings.
    /// - The pending sets refer to live layers: the changed layers are
    ///   exactly those marked so, once each; a layer with properties set
    ///   since the last commit is marked changed, and every property in
    ///   which its state differs from the committed one is among them (the
    ///   commit compares those alone); every layer marked for layout,
    ///   display or constraints is queued.
    /// - What was committed: an unchanged layer's state and timing are the
    ///   committed ones; with no tree operation pending, the committed
    ///   places are the model's, and the committed roots exist.
    /// - The open transactions are numbered in the order begun, none past
    ///   the next number; named images point at their entries.
    package func _invariantViolations() -> [String] {
        #if DEBUG
        var out: [String] = []
        checkLayers(&out)
        checkTree(&out)
        checkPending(&out)
        checkCommitted(&out)
        checkRest(&out)
        return out
        #else
        return []
        #endif
    }

    #if DEBUG
    /// Whether `l` is this context's layer of its id.
    private func isLive(_ l: Layer) -> Bool { layer(l.id) === l }

    private func checkLayers(_ out: inout [String]) {
        for (i, l) in layers.enumerated() {
            if l.id != LayerID(i + 1) { out.append("layer \(i + 1) has id \(l.id)") }
            if l.context !== self { out.append("layer '\(l.traceName)' belongs to another context") }
        }
    }

    private func checkTree(_ out: inout [String]) {
        var placed = Set<ObjectIdentifier>()
        for r in roots {
            if !isLive(r) { out.append("a root, '\(r.traceName)', is not a layer of this context") }
            if !r.isRoot { out.append("'\(r.traceName)' is among the roots but is not a root") }
            if r.superlayer != nil { out.append("root '\(r.traceName)' has a superlayer") }
            if !placed.insert(ObjectIdentifier(r)).inserted { out.append("'\(r.traceName)' is placed twice") }
        }
        for (i, r) in roots.enumerated() where r.siblingIndex != i { out.append("root '\(r.traceName)' is root \(i) but has sibling index \(r.siblingIndex)") }
        for l in layers {
            if l.isRoot, !roots.contains(where: { $0 === l }) { out.append("root '\(l.traceName)' is not among the roots") }
            for (i, c) in (l.sublayers ?? []).enumerated() where c.siblingIndex != i {
                out.append("'\(c.traceName)' is sublayer \(i) of '\(l.traceName)' but has sibling index \(c.siblingIndex)")
            }
            for c in l.sublayers ?? [] {
                if c.superlayer !== l { out.append("'\(c.traceName)' is a sublayer of '\(l.traceName)' but has another superlayer") }
                if !isLive(c) { out.append("'\(l.traceName)' has a sublayer that is not a layer of this context") }
                if !placed.insert(ObjectIdentifier(c)).inserted { out.append("'\(c.traceName)' is placed twice") }
            }
            if let s = l.superlayer, !(s.sublayers ?? []).contains(where: { $0 === l }) {
                out.append("'\(l.traceName)' has superlayer '\(s.traceName)', which does not list it")
            }
        }
        // A cycle: a walk up that meets itself. Each layer is walked once
        // (0 not yet, 1 on the current walk, 2 done).
        var state: [ObjectIdentifier: Int] = [:]
        for l in layers where state[ObjectIdentifier(l)] == nil {
            var path: [Layer] = []
            var x: Layer? = l
            while let y = x, state[ObjectIdentifier(y)] == nil {
                state[ObjectIdentifier(y)] = 1
                path.append(y)
                x = y.superlayer
            }
            if let y = x, state[ObjectIdentifier(y)] == 1 { out.append("the superlayers of '\(y.traceName)' come back to it") }
            for y in path { state[ObjectIdentifier(y)] = 2 }
        }
    }

    private func checkPending(_ out: inout [String]) {
        var changed = Set<ObjectIdentifier>()
        for l in dirty {
            if !isLive(l) { out.append("a changed layer, '\(l.traceName)', is not a layer of this context") }
            if !l.isDirty { out.append("'\(l.traceName)' is listed as changed but not marked so") }
            if !changed.insert(ObjectIdentifier(l)).inserted { out.append("'\(l.traceName)' is listed as changed twice") }
        }
        for l in layers where l.isDirty && !changed.contains(ObjectIdentifier(l)) { out.append("'\(l.traceName)' is marked changed but not listed") }
        let defaults = LayerState()
        for l in layers {
            if !l.setSinceCommit.isEmpty, !l.isDirty { out.append("'\(l.traceName)' has properties set since the last commit but is not marked changed") }
            let missed = l.state.changedProperties(since: l.committed ?? defaults).filter { !l.setSinceCommit.contains($0) }
            if !missed.isEmpty { out.append("'\(l.traceName)' differs from its committed state in \(missed.map(\.languageName)), not among the properties set since the commit") }
        }
        let queues: [(String, [Layer], (Layer) -> Bool)] = [
            ("layout", layoutQueue, { $0.needsLayout }),
            ("display", displayQueue, { $0.needsDisplay }),
            ("constraints", constraintsQueue, { $0.needsUpdateConstraints }),
        ]
        for (name, queue, marked) in queues {
            for l in queue where !isLive(l) { out.append("the \(name) queue holds '\(l.traceName)', not a layer of this context") }
            let queued = Set(queue.map(ObjectIdentifier.init))
            for l in layers where marked(l) && !queued.contains(ObjectIdentifier(l)) { out.append("'\(l.traceName)' needs \(name) but is not queued") }
        }
        for (id, _) in pendingBitmaps where shippedBitmaps[id] != nil { out.append("bitmap \(id.rawValue) is pending and shipped") }
    }

    private func checkCommitted(_ out: inout [String]) {
        for l in layers where !l.isDirty {
            if let committed = l.committed, committed != l.state { out.append("'\(l.traceName)' is unchanged but its state is not the committed one") }
            if l.timing != l.committedTiming { out.append("'\(l.traceName)' is unchanged but its timing is not the committed one") }
        }
        for id in committedRoots where layer(id) == nil { out.append("a committed root, \(id), is not a layer") }
        guard treeLog.isEmpty else { return }
        if committedRoots != roots.map(\.id) { out.append("no tree change is pending, but the committed roots \(committedRoots) are not the roots \(roots.map(\.id))") }
        for l in layers {
            let parent: LayerID? = l.isRoot ? 0 : l.superlayer?.id
            if l.committed != nil, l.committedParent != parent {
                out.append("no tree change is pending, but '\(l.traceName)' was committed under \(String(describing: l.committedParent)), not \(String(describing: parent))")
            }
            let sublayers = l.sublayers?.map(\.id) ?? []
            if l.committedSublayers != sublayers, !(l.committedSublayers.isEmpty && l.committed == nil) {
                out.append("no tree change is pending, but '\(l.traceName)' was committed with sublayers \(l.committedSublayers), not \(sublayers)")
            }
        }
    }

    private func checkRest(_ out: inout [String]) {
        let ids = stack.map(\.id)
        if !zip(ids, ids.dropFirst()).allSatisfy({ $0 < $1 }) || (ids.last ?? 0) >= nextTransactionID {
            out.append("the transaction stack \(ids) is not in the order begun (next id \(nextTransactionID))")
        }
        for (name, i) in imagesByName where i >= images.count || images[i].name != name { out.append("image '\(name)' points at another entry") }
        if Set(images.map(\.id)).count != images.count { out.append("two images share an id") }
        if commits.count > commitCount { out.append("\(commits.count) commits kept of \(commitCount) shipped") }
        for id in animationOrigins.keys where id > nextAnimationID { out.append("animation \(id) was never handed out") }
    }
    #endif
}
