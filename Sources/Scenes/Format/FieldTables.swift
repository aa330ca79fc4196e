import IO

/// Every object kind declared by a field table, for the docs (`dynsim schema --docs`) and the tests that walk them.
public enum FieldTables {
    /// (kind, its fields, its docs table), in the docs' order.
    public static var all: [(kind: String, fields: [FieldInfo], markdown: String)] {
        [
            entry(SceneFields.table), entry(SceneFields.boundsTable), entry(ItemFields.table),
            entry(BehaviorFields.gravity), entry(BehaviorFields.field), entry(BehaviorFields.regionTable),
            entry(BehaviorFields.push), entry(BehaviorFields.collision), entry(BehaviorFields.boundaryTable),
            entry(BehaviorFields.attachment), entry(DragFields.table), entry(BehaviorFields.snap),
            entry(BehaviorFields.addVelocity),
            entry(AnimationKindFields.placement), entry(AnimationFields.timing), entry(AnimationKindFields.basic),
            entry(AnimationKindFields.keyframe), entry(AnimationKindFields.group), entry(AnimationFields.spring),
            entry(AnimationFields.transition),
            entry(ViewFields.table), entry(LayerFields.table), entry(TransformFields.table),
            entry(AnimatorFields.table), entry(AnimatorFields.spring), entry(AnimatorFields.dampingRatio),
            entry(AnimatorFields.change),
        ] + AnimatorCallFields.tables.map { entry($0.table) } + [
            entry(GestureFields.table), entry(GestureFields.pan), entry(ScrollViewFields.throwing),
            entry(ScrollViewFields.table),
            entry(TimingChangeFields.table),
            entry(BlockFields.table), entry(BlockFields.springTable), entry(BlockFields.keyframeTable),
            entry(BlockFields.changeTable),
        ]
    }

    /// (kind, its docs table).
    public static var markdown: [(kind: String, table: String)] { all.map { ($0.kind, $0.markdown) } }

    /// One table's row of ``all``.
    private static func entry<Model>(_ table: FieldTable<Model>) -> (
        kind: String, fields: [FieldInfo], markdown: String
    ) {
        (table.kind, table.info, table.markdown)
    }
}
