import Foundation
import IO

/// The `scene` target: a dynsim scene of top-level layers, one per baked object, each channel a CAKeyframeAnimation
/// (`values`, `keyTimes` as fractions of the run, `timingFunctions` as control points, calculationMode `linear`,
/// fillMode `both`, kept on completion). `dynsim run` of it plays the keyframes through dynsim's own Core Animation
/// model, the one that passes Apple's timing cases: the way a bake checks the Core Animation target's semantics.
///
/// Positions go to `position.x` and `.y` (the layer's anchor point stays at its centre), rotation to
/// `transform.rotation.z` in radians, scale to `transform.scale.x` and `.y`, opacity to `opacity`. An ellipse becomes
/// a layer whose corner radius is half its shorter side (a circle when its sides are equal).
public enum SceneTarget {
    /// The scene's JSON text; `report` is its description.
    public static func write(_ bake: Bake, report: [String]) -> String {
        var layers: [JSON] = []
        var animations: [JSON] = []
        for o in bake.objects {
            let (w, h) = o.shape.size
            let corner: Double
            switch o.shape {
            case .rectangle(_, _, let r): corner = r
            case .ellipse: corner = min(w, h) / 2
            }
            var members: [JSON.Member] = [
                .init("name", .string(o.name)), .init("bounds", .array([0, 0, w, h].map(JSON.num))),
                .init("position", .array([o.channel(.x)!.values[0], o.channel(.y)!.values[0]].map(JSON.num))),
                .init("cornerRadius", .num(corner)), .init("backgroundColor", .array(o.color.map(JSON.num))),
            ]
            for c in o.channels where c.property != .x && c.property != .y {
                members.append(.init(keyPath(c.property), .num(value(c.property, c.values[0]))))
            }
            layers.append(.object(members))
            for c in o.channels where !c.isConstant {
                animations.append(
                    .object([
                        .init("layer", .string(o.name)), .init("key", .string(o.name + "-" + c.property.rawValue)),
                        .init("type", .string("keyframe")), .init("keyPath", .string(keyPath(c.property))),
                        .init("values", .array(c.values.map { .num(value(c.property, $0)) })),
                        .init("keyTimes", .array(keyTimes(c.times, bake.duration).map(JSON.num))),
                        .init(
                            "timingFunctions",
                            .array(c.easings.map { .array([$0.x1, $0.y1, $0.x2, $0.y2].map(JSON.num)) })),
                        .init("duration", .num(bake.duration)), .init("fillMode", .string("both")),
                        .init("isRemovedOnCompletion", .bool(false)),
                    ]))
            }
        }
        let scene: JSON = .object([
            .init("$schema", .string("dynsim.schema.json")), .init("name", .string("bake")),
            .init("description", .string(report.joined(separator: "; "))),
            .init("duration", .num(bake.duration)), .init("rate", .num(bake.frameRate)),
            .init(
                "bounds",
                .object([
                    .init("x", .num(0)), .init("y", .num(0)), .init("width", .num(bake.width)),
                    .init("height", .num(bake.height)),
                ])),
            .init("layers", .array(layers)), .init("animations", .array(animations)),
        ])
        return JSONWriter.write(scene)
    }

    /// The layer key path a property animates.
    static func keyPath(_ p: BakeProperty) -> String {
        switch p {
        case .x: return "position.x"
        case .y: return "position.y"
        case .rotation: return "transform.rotation.z"
        case .scaleX: return "transform.scale.x"
        case .scaleY: return "transform.scale.y"
        case .opacity: return "opacity"
        }
    }

    /// A value in the key path's unit (rotation in radians).
    static func value(_ p: BakeProperty, _ v: Double) -> Double { p == .rotation ? v * .pi / 180 : v }

    /// Key times as fractions of the run: the first 0, the last exactly 1.
    static func keyTimes(_ times: [Double], _ duration: Double) -> [Double] {
        times.enumerated().map { k, t in k == times.count - 1 ? 1 : t / duration }
    }
}
