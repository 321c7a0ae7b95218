import LoopSimTrace
import RenderModel

extension Layer {
    /// Sets a property of the model layer, as `layer.prop = value` does: the
    /// model changes at once, an implicit transaction opens if none is, and
    /// the change ships with the outermost commit. Setting a property to its
    /// current value is not a change (nothing to ship, no redisplay).
    ///
    /// A bounds change makes the layer need layout (it does not need display).
    ///
    /// - Throws: `LayerPropertyError` when the value's kind does not fit.
    public func set(_ property: LayerProperty, _ value: PropertyValue) throws(LayerPropertyError) {
        let txn = context.noteMutation()
        let old = state
        let oldBounds = state.bounds
        try state.setValue(value, for: property)
        setSinceCommit.insert(property)
        context.trace(.set(layer: traceName, prop: property.languageName,
                           value: LayerContext.format(state.value(of: property)), txn: txn.id))
        if state.bounds != oldBounds { markNeedsLayout() }
        context.markDirty(self)
        runImplicitAction(for: property, from: old)
    }
}
