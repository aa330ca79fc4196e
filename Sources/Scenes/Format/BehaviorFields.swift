import Dynamics
import IO

/// The behaviors' fields (`behaviors[]`, each told apart by `type`), declared once per type, in the order the encoder
/// writes them. Fields whose reading is a rule between fields (item names, which must exist; an anchor's name, point
/// or drag; the other item of an item-to-item attachment) are declared here and read by ``SceneDecoder``'s code.
enum BehaviorFields {
    typealias Snap = FieldSpec<SceneSnap>
    typealias AddVelocity = FieldSpec<SceneAddVelocity>
    typealias Attachment = FieldSpec<SceneAttachment>

    /// The `type` field of a behavior of `type`.
    static func type<Model>(_ type: String) -> FieldSpec<Model> {
        .ruled("type", .choice([type]), default: "required", encode: { _ in .string(type) })
    }

    /// An item named by a field: a string that must name an item of the scene.
    static func item<Model>(_ name: String, _ path: KeyPath<Model, String>, notes: String = "") -> FieldSpec<Model> {
        .ruled(name, .other(schema: SceneSchema.string, type: "item name"), default: "required", notes: notes,
               encode: { .string($0[keyPath: path]) })
    }

    /// UISnapBehavior.
    static let snap = FieldTable<SceneSnap>(kind: "snap", summary: "UISnapBehavior: the item springs to a point.", fields: [
        type("snap"), item("item", \.item),
        Snap.vector("snapPoint", \.snapPoint, what: "point", unit: "pt", default: nil, notes: "the target center"),
        Snap.number("damping", \.damping, range: .between(0, 1), default: SceneSnap(item: "", snapPoint: .zero).damping,
                    notes: "UISnapBehavior.damping"),
    ], required: ["type", "item", "snapPoint"])

    /// UIDynamicItemBehavior.addLinearVelocity and addAngularVelocity at a time.
    static let addVelocity = FieldTable<SceneAddVelocity>(
        kind: "addVelocity", summary: "Velocity added to an item at a time (UIDynamicItemBehavior.addLinearVelocity).", fields: [
            type("addVelocity"), item("item", \.item),
            AddVelocity.number("time", \.time, unit: "s", default: SceneAddVelocity(item: "").time),
            AddVelocity.vector("linearVelocity", \.linearVelocity, unit: "pt/s", default: SceneAddVelocity(item: "").linearVelocity),
            AddVelocity.number("angularVelocity", \.angularVelocity, unit: "rad/s", default: SceneAddVelocity(item: "").angularVelocity),
        ], required: ["type", "item"])

    /// UIAttachmentBehavior: to an anchor point (maybe dragged) or to another item.
    static let attachment: FieldTable<SceneAttachment> = {
        let a = SceneAttachment(item: "")
        return FieldTable(kind: "attachment", summary: "UIAttachmentBehavior: an item held to an anchor point or to another item.", fields: [
            type("attachment"),
            .ruled("name", .name, default: "`anchor`, `anchor2`, ...", notes: "names the anchor's columns; none item to item",
                   encode: { $0.name.map { .string($0) } }),
            item("item", \.item),
            Attachment.vector("offsetFromCenter", \.offsetFromCenter, what: "point", unit: "pt", default: a.offsetFromCenter,
                              notes: "in the item's frame"),
            .ruled("attachedTo", .other(schema: SceneSchema.string, type: "item name"), default: "none",
                   notes: "item to item (then no `name`, `anchorPoint` or `drag`)", encode: { $0.attachedTo.map { .string($0) } }),
            .ruled("attachedOffsetFromCenter", .other(schema: SceneSchema.vec2, type: "point, pt"), default: "0, 0",
                   notes: "only with `attachedTo`, in the other item's frame",
                   encode: { a in a.attachedTo == nil ? nil : .array([.num(a.attachedOffsetFromCenter.x), .num(a.attachedOffsetFromCenter.y)]) }),
            .ruled("anchorPoint", .vector(what: "point", unit: "pt", range: .any), default: "required without `attachedTo` or `drag`",
                   encode: { $0.anchorPoint.map { .array([.num($0.x), .num($0.y)]) } }),
            Attachment.number("length", \.length, unit: "pt", range: .nonNegative, default: "the distance at the start"),
            Attachment.number("frequency", \.frequency, unit: "Hz", range: .between(0, Limits.maxFrequency), default: a.frequency,
                              notes: "0 = rigid"),
            Attachment.number("damping", \.damping, range: .nonNegative, default: a.damping, notes: "damping ratio of the spring"),
            .ruled("drag", .other(schema: SceneSchema.ref("drag"), type: "object (below)"), default: "none",
                   notes: "the anchor moved by a finger", encode: { $0.drag.map(SceneEncoder.drag) }),
        ], required: ["type", "item"])
    }()
}
