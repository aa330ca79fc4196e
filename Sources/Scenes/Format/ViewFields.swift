import Animation
import Dynamics
import IO

/// A view's fields (`views[]`, UIView), declared once. A view is kept as the layer that shows it, so each field reads
/// into and writes from that layer's values by key path (`alpha` is `opacity`, `rotation` is `transform.rotation.z`).
/// The rules between fields (the name, unique; the superview, an earlier view; `frame`, or `center` and `size`) are
/// ``SceneDecoder/decodeView(_:path:earlier:names:)``'s.
enum ViewFields {
    /// A number field stored as the layer value at `keyPath` (a scalar), within `range`.
    static func value(
        _ name: String, _ keyPath: String, unit: String = "", range: NumberRange = .any,
        notes: String = ""
    ) -> FieldSpec<SceneLayer> {
        FieldSpec(
            name: name, kind: .number(unit: unit, range: range), defaultText: "none", defaultJSON: nil, notes: notes,
            decode: { layer, f in
                guard let x = try f.number(name, in: range, unit: unit) else { return }
                layer.values.append((keyPath, .scalar(x)))
            },
            encode: { layer in layer.values.last { $0.keyPath == keyPath }.map { SceneEncoder.value($0.value) } })
    }

    /// A layer's own timing field (CAMediaTiming on the layer), written when it differs from CALayer's default.
    static func timing(
        _ name: String, _ path: WritableKeyPath<LayerTiming, Double>, unit: String = "",
        notes: String = ""
    ) -> FieldSpec<SceneLayer> {
        let d = LayerTiming()[keyPath: path]
        return FieldSpec.number(name, (\SceneLayer.timing).appending(path: path), unit: unit, default: d, notes: notes)
            .only(when: { $0.timing[keyPath: path] != d })
    }

    /// A layer's own timing (CAMediaTiming on the layer: beginTime, speed, timeOffset), the same on a view and a layer.
    static let layerTiming: [FieldSpec<SceneLayer>] = [
        timing("beginTime", \.beginTime, unit: "s", notes: "the layer's own timing (CAMediaTiming)"),
        timing("speed", \.speed),
        timing("timeOffset", \.timeOffset, unit: "s"),
    ]

    /// The last value the layer holds at `keyPath`.
    static func last(_ layer: SceneLayer, _ keyPath: String) -> AnimatableValue? {
        layer.values.last { $0.keyPath == keyPath }?.value
    }

    static let table: FieldTable<SceneLayer> = {
        typealias F = FieldSpec<SceneLayer>
        let rect = SceneSchema.tuple([
            SceneSchema.num, SceneSchema.num, SceneSchema.nonNegative, SceneSchema.nonNegative,
        ])
        return FieldTable(
            kind: "view", summary: "A view (UIView), reported in UIView's terms.",
            fields: [
                BlockFields.name("unique in the scene; names the view's columns", \.name) { $0.name = $1 },
                F.ruled(
                    "superview", .string, default: "none", notes: "an earlier view",
                    encode: { $0.superlayer.map { .string($0) } }),
                F.ruled(
                    "frame", .other(schema: rect, type: "rectangle, pt"), default: "none",
                    notes: "instead of `center` and `size`; width and height ≥ 0"),
                F.ruled(
                    "center", .vector(what: "point", unit: "pt", range: .any), default: "required without `frame`",
                    encode: { layer in
                        let p = last(layer, "position")?.components ?? [0, 0]
                        return .array([.num(p[0]), .num(p[1])])
                    }),
                F.ruled(
                    "size", .vector(what: "size", unit: "pt", range: .nonNegative), default: "required without `frame`",
                    encode: { layer in
                        let b = last(layer, "bounds")?.components ?? [0, 0, 0, 0]
                        return .array([.num(b[2]), .num(b[3])])
                    }),
                value("rotation", "transform.rotation.z", unit: "rad", notes: "clockwise on screen"),
                F(
                    name: "scale",
                    kind: .other(
                        schema: SceneSchema.anyOf([SceneSchema.num, SceneSchema.vec2]), type: "number or [sx, sy]"),
                    defaultText: "none", defaultJSON: nil, notes: "transform.scale",
                    decode: { layer, f in
                        guard let sj = f.value("scale") else { return }
                        let s: Vector2
                        if case .number = sj, let x = try f.number("scale") {
                            s = Vector2(x, x)
                        } else if let v = try? f.vector("scale") {
                            s = v
                        } else {
                            throw f.error("scale", "must be a number or [sx, sy], got \(sj.brief)")
                        }
                        layer.values.append(("transform.scale.x", .scalar(s.x)))
                        layer.values.append(("transform.scale.y", .scalar(s.y)))
                    },
                    encode: { layer in
                        guard let sx = last(layer, "transform.scale.x"), let sy = last(layer, "transform.scale.y")
                        else { return nil }
                        return sx == sy ? SceneEncoder.value(sx) : .array([.num(sx.scalar), .num(sy.scalar)])
                    }),
                value("alpha", "opacity", range: .between(0, 1)),
                F(
                    name: "backgroundColor", kind: .other(schema: SceneSchema.vec4, type: "color [r, g, b, a]"),
                    defaultText: "none",
                    defaultJSON: nil, notes: "",
                    decode: { layer, f in
                        guard let c = f.value("backgroundColor") else { return }
                        // A color reads as the layer property's value does (four numbers within ±1e9).
                        let color = try SceneDecoder.value(
                            c, keyPath: "backgroundColor", path: f.childPath("backgroundColor"), file: f.file)
                        layer.values.append(("backgroundColor", color))
                    },
                    encode: { layer in last(layer, "backgroundColor").map(SceneEncoder.value) }),
                value("cornerRadius", "cornerRadius", unit: "pt"),
            ] + layerTiming, required: ["name"])
    }()
}
