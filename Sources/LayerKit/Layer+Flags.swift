/// setNeedsLayout / layoutIfNeeded / setNeedsDisplay / displayIfNeeded.
extension Layer {
    /// setNeedsLayout: layoutSublayers runs for this layer in the next layout
    /// pass (or at layoutIfNeeded).
    public func setNeedsLayout() {
        context.noteMutation()
        markNeedsLayout()
    }

    /// setNeedsDisplay: draw(in:) runs in the next display phase.
    public func setNeedsDisplay() {
        context.noteMutation()
        markNeedsDisplay()
    }

    /// setNeedsUpdateConstraints (views).
    public func setNeedsUpdateConstraints() {
        context.noteMutation()
        markNeedsUpdateConstraints()
    }

    /// layoutIfNeeded: from the highest ancestor that needs layout, lays out
    /// that whole subtree now (pre-order).
    public func layoutIfNeeded() throws {
        var top: Layer?
        var l: Layer? = self
        while let x = l {
            if x.needsLayout { top = x }
            l = x.superlayer
        }
        guard let top else { return }
        try context.layoutSubtree(top)
    }
}
