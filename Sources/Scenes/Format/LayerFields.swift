import Animation
import IO

/// A layer's fields (`layers[]`, CALayer), declared once: its name, superlayer, label and own timing, then one field
/// per layer property and sub key path (``LayerProperty/all``, ``LayerProperty/subKeyPaths``), each in its value's
/// form. A layer keeps its property values in the file's order (a later key path sets part of an earlier one's
/// value), so it is read with ``FieldTable/decodeInFileOrder(_:into:)`` and written by ``encode(_:)`` in that order.
/// The rules between fields (a unique name; a superlayer that is an earlier layer) are
/// ``SceneDecoder/decodeLayers(_:names:)``'s.
enum LayerFields {
    /// The unit of a layer property's numbers: radians for rotations, points for positions, sizes, translations and
    /// the corner radius; none for scales, opacity, colors, the anchor point (the unit square) and the matrix.
    static func unit(_ keyPath: String) -> String {
        if keyPath.contains("rotation") { return "rad" }
        let points = ["position", "bounds", "transform.translation", "cornerRadius"]
        return points.contains { keyPath.hasPrefix($0) } ? "pt" : ""
    }

    /// What the docs say of a property beside its unit.
    static let notes: [String: String] = [
        "position": "in the superlayer's space", "anchorPoint": "in the unit square",
        "transform": "CATransform3D: 16 numbers row by row, or its parts (`transform`, below)",
        "transform.scale": "both scales", "transform.rotation": "the rotation about z",
    ]

    /// The field of the layer property or sub key path `keyPath`: its value in the key path's form, read by
    /// ``SceneDecoder/value(_:keyPath:path:file:label:)``, with CALayer's default.
    static func property(_ keyPath: String) -> FieldSpec<SceneLayer> {
        let kind = valueKind(for: keyPath), unit = unit(keyPath)
        let value = Layer(name: "").modelValue(keyPath)
        let fieldKind: FieldKind
        switch kind {
        case .scalar: fieldKind = .number(unit: unit, range: .any)
        case .point: fieldKind = .vector(what: "point", unit: unit, range: .any)
        case .transform:
            fieldKind = .other(
                schema: SceneSchema.anyOf([
                    SceneSchema.tuple(Array(repeating: SceneSchema.num, count: 16)), SceneSchema.ref("transform"),
                ]), type: "16 numbers or parts")
        default:
            let form = kind == .color ? "color [r, g, b, a]" : "rectangle, \(unit)"
            fieldKind = .other(
                schema: SceneSchema.tuple(Array(repeating: SceneSchema.num, count: kind.componentCount)), type: form)
        }
        let text =
            kind == .transform ? "identity" : value?.components.map(NumberFormat.shortest).joined(separator: ", ") ?? ""
        var spec = FieldSpec<SceneLayer>(
            name: keyPath, kind: fieldKind, defaultText: text, defaultJSON: value.map(SceneEncoder.value),
            notes: notes[keyPath] ?? "",
            decode: { layer, f in
                guard let j = f.value(keyPath) else { return }
                let v = try SceneDecoder.value(j, keyPath: keyPath, path: f.childPath(keyPath), file: f.file)
                layer.values.append((keyPath, v))
            },
            // Written by ``encode(_:)`` in the layer's order, not the table's.
            encode: { _ in nil })
        spec.isConditional = true
        return spec
    }

    /// The layer properties' fields: ``LayerProperty/all`` in column order, then the sub key paths by name.
    static let properties: [FieldSpec<SceneLayer>] =
        LayerProperty.all.map { property($0.keyPath) } + LayerProperty.subKeyPaths.keys.sorted().map(property)

    static let table: FieldTable<SceneLayer> = {
        typealias F = FieldSpec<SceneLayer>
        let text = F(
            name: "text",
            kind: .other(
                schema: SceneSchema.labelText,
                type: "string, at most \(Limits.maxLabelBytes) bytes, no control characters"),
            defaultText: "none", defaultJSON: nil, notes: "a label (CATextLayer's string)",
            decode: { layer, f in
                guard let j = f.value("text") else { return }
                layer.text = try SceneDecoder.text(j, path: f.childPath("text"), file: f.file)
            },
            encode: { $0.text.map { .string($0) } })
        let textColor = F(
            name: "textColor", kind: .other(schema: SceneSchema.vec4, type: "color [r, g, b, a]"),
            defaultText: "0, 0, 0, 1", defaultJSON: nil, notes: "the label's (foregroundColor)",
            decode: { layer, f in
                guard let j = f.value("textColor") else { return }
                layer.textColor = try SceneDecoder.value(
                    j, keyPath: "textColor", path: f.childPath("textColor"), file: f.file)
            },
            encode: { $0.textColor.map(SceneEncoder.value) })
        return FieldTable(
            kind: "layer", summary: "A layer (CALayer): initial model values by key path.",
            fields: [
                BlockFields.name("unique in the scene; names the layer's columns", \.name) { $0.name = $1 },
                F.ruled(
                    "superlayer", .string, default: "none", notes: "an earlier layer",
                    encode: { $0.superlayer.map { .string($0) } }),
                text, textColor,
            ] + ViewFields.layerTiming + properties, required: ["name"])
    }()

    /// The layer as the file writes it: its name and superlayer, its values in its own order, then its label and its
    /// timing (each timing field when it differs from CALayer's default).
    static func encode(_ layer: SceneLayer) -> JSON {
        let fixed = table.encode(layer)
        let head = fixed.prefix { $0.key == "name" || $0.key == "superlayer" }
        let values = layer.values.map { JSON.Member($0.keyPath, SceneEncoder.value($0.value)) }
        return .object(head + values + fixed.dropFirst(head.count))
    }

    /// For an unknown key: where a view's name for it points, or the nearest field for a small typo ("" for none).
    static func hint(_ key: String) -> String {
        let asLayer = [
            "superview": "superlayer", "alpha": "opacity", "center": "position", "frame": "bounds and position",
            "rotation": "transform.rotation.z", "scale": "transform.scale",
        ]
        if let name = asLayer[key] { return " (a view's name; a layer's is \(quoted(name)))" }
        return Fields.closest(to: key, in: table.names).map { ", did you mean \(quoted($0))?" } ?? ""
    }
}

/// A whole transform's parts (`{"scale": ..., "rotate": ..., "translate": ..., "m34": ...}` for a `transform` value),
/// declared once. Each is optional; they apply in table order, each concatenated after the ones before
/// (row vectors, as CATransform3DConcat chains them). The file's transform is kept as its matrix, which the encoder
/// writes as 16 numbers.
enum TransformFields {
    /// A part given as `counts` numbers, each finite within ±`Limits/magnitude`, made into a transform by `make` (nil:
    /// refused with `refusal`).
    static func part(
        _ name: String, _ counts: [Int], type: String, notes: String,
        refusal: String = "", make: @escaping ([Double]) -> Transform3D?
    ) -> FieldSpec<Transform3D> {
        let schema =
            counts.count == 1
            ? SceneSchema.tuple(Array(repeating: SceneSchema.num, count: counts[0]))
            : SceneSchema.array(SceneSchema.num, min: counts.min()!, max: counts.max()!)
        return FieldSpec(
            name: name, kind: .other(schema: schema, type: type), defaultText: "none", defaultJSON: nil, notes: notes,
            decode: { t, f in
                guard let j = f.value(name) else { return }
                guard case .array(let a) = j, counts.contains(a.count) else {
                    let listed = counts.map(String.init).joined(separator: " or ")
                    throw f.error(name, "must be an array of \(listed) numbers, got \(j.brief)")
                }
                let numbers = try a.enumerated().map { k, v in
                    guard case .number(let x, _) = v, x.isFinite, abs(x) <= Limits.magnitude else {
                        throw InputError(
                            file: f.file, path: "\(f.childPath(name))[\(k)]",
                            message: "must be a finite number within ±1e9, got \(v.brief)")
                    }
                    return x
                }
                guard let part = make(numbers) else { throw f.error(name, "\(refusal), got \(j.brief)") }
                t = t.concatenating(part)
            },
            encode: { _ in nil })
    }

    static let table: FieldTable<Transform3D> = {
        let m34 = FieldSpec<Transform3D>(
            name: "m34", kind: .number(unit: "", range: .any), defaultText: "0", defaultJSON: nil,
            notes: "perspective: −1 / the eye's distance",
            decode: { t, f in
                guard let p = try f.number("m34") else { return }
                var m = Transform3D.identity
                m[2, 3] = p
                t = t.concatenating(m)
            },
            encode: { _ in nil })
        return FieldTable(
            kind: "transform", summary: "A whole transform by its parts (CATransform3D), applied in this order.",
            fields: [
                part("scale", [2, 3], type: "[sx, sy] or [sx, sy, sz]", notes: "sz 1 when left out") {
                    .scale($0[0], $0[1], $0.count == 3 ? $0[2] : 1)
                },
                part(
                    "rotate", [4], type: "[angle, x, y, z]", notes: "angle in rad about the axis (x, y, z)",
                    refusal: "the axis must not be zero"
                ) { r in r[1] != 0 || r[2] != 0 || r[3] != 0 ? .rotation(r[0], r[1], r[2], r[3]) : nil },
                part("translate", [2, 3], type: "[tx, ty] or [tx, ty, tz], pt", notes: "tz 0 when left out") {
                    .translation($0[0], $0[1], $0.count == 3 ? $0[2] : 0)
                },
                m34,
            ], required: [])
    }()
}
