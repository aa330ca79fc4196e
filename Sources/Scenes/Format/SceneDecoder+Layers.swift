import Animation
import Springs
import IO

extension SceneDecoder {
    func decodeValue(_ json: JSON, keyPath: String, path: String, label: String? = nil) throws -> AnimatableValue {
        let kind = valueKind(for: keyPath)
        let name = label ?? keyPath
        switch (kind, json) {
        case (.scalar, .number(let x, let text)):
            guard x.isFinite && abs(x) <= Limits.magnitude else {
                throw InputError(
                    file: fileName, path: path, message: "must be a finite number within ±1e9, got \(text)")
            }
            return .scalar(x)
        case (.transform, .object(let members)):
            return .transform(try decodeTransform(members, path: path))
        case (_, .array(let items)) where kind != .scalar:
            let count = kind.componentCount
            var comps: [Double] = []
            for (k, item) in items.enumerated() {
                guard case .number(let x, let text) = item else { comps = []; break }
                guard x.isFinite && abs(x) <= Limits.magnitude else {
                    throw InputError(
                        file: fileName, path: "\(path)[\(k)]",
                        message: "must be a finite number within ±1e9, got \(text)")
                }
                comps.append(x)
            }
            guard comps.count == count else {
                throw InputError(
                    file: fileName, path: path,
                    message: "must be an array of \(count) numbers for \(name), got \(json.brief)")
            }
            return AnimatableValue(kind: kind, components: comps)
        default:
            throw InputError(
                file: fileName, path: path,
                message:
                    "must be \(kind == .scalar ? "a number" : kind == .transform ? "16 numbers or {scale, rotate, translate, m34}" : "an array of numbers") for \(name), got \(json.brief)"
            )
        }
    }

    /// A label's text: a string of at most ``Limits/maxLabelBytes`` bytes without control characters (so each CSV row
    /// stays one line). - Throws: `InputError` naming the field.
    func decodeText(_ json: JSON, path: String) throws -> String {
        guard case .string(let t) = json else {
            throw InputError(file: fileName, path: path, message: "must be a string, got \(json.brief)")
        }
        if let problem = SceneDecoder.labelProblem(t) {
            throw InputError(file: fileName, path: path, message: problem)
        }
        return t
    }

    /// Why `text` cannot be free text written into the output (a label, an animation key, a boundary identifier), or
    /// nil: more than ``Limits/maxLabelBytes`` bytes, or a control character (a newline or tab would break a CSV row).
    static func labelProblem(_ text: String) -> String? {
        guard text.utf8.count <= Limits.maxLabelBytes else {
            return "must be at most \(Limits.maxLabelBytes) bytes, got \(text.utf8.count)"
        }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "must not contain control characters (newlines, tabs), got \(JSON.string(text).brief)"
        }
        return nil
    }

    /// A whole transform written as its parts, applied in this order (row-vector, as CATransform3DConcat chains them):
    /// `scale` [sx, sy] or [sx, sy, sz], `rotate` [angle radians, x, y, z], `translate` [tx, ty] or [tx, ty, tz] points,
    /// then `m34` (perspective, −1/eye distance). Each is optional.
    func decodeTransform(_ members: [JSON.Member], path: String) throws -> Transform3D {
        let f = try Fields(
            .object(members), path: path, file: fileName, allowed: ["scale", "rotate", "translate", "m34"])
        func numbers(_ key: String, _ counts: [Int]) throws -> [Double]? {
            guard let j = f.value(key) else { return nil }
            guard case .array(let a) = j, counts.contains(a.count) else {
                throw f.error(
                    key,
                    "must be an array of \(counts.map(String.init).joined(separator: " or ")) numbers, got \(j.brief)")
            }
            return try a.enumerated().map { k, v in
                guard case .number(let x, _) = v, x.isFinite, abs(x) <= Limits.magnitude else {
                    throw InputError(
                        file: fileName, path: "\(path).\(key)[\(k)]",
                        message: "must be a finite number within ±1e9, got \(v.brief)")
                }
                return x
            }
        }
        var t = Transform3D.identity
        if let s = try numbers("scale", [2, 3]) { t = t.concatenating(.scale(s[0], s[1], s.count == 3 ? s[2] : 1)) }
        if let r = try numbers("rotate", [4]) {
            guard r[1] != 0 || r[2] != 0 || r[3] != 0 else {
                throw f.error("rotate", "the axis must not be zero, got \(f.value("rotate")!.brief)")
            }
            t = t.concatenating(.rotation(r[0], r[1], r[2], r[3]))
        }
        if let d = try numbers("translate", [2, 3]) {
            t = t.concatenating(.translation(d[0], d[1], d.count == 3 ? d[2] : 0))
        }
        if let p = try f.number("m34") {
            var m = Transform3D.identity
            m[2, 3] = p
            t = t.concatenating(m)
        }
        return t
    }

    /// A layer's `beginTime`, `speed` or `timeOffset` (CAMediaTiming on a layer): any finite number within ±1e9.
    func decodeLayerTiming(
        _ property: SceneTimingChange.Property, _ json: JSON, path: String, into timing: inout LayerTiming
    ) throws {
        guard case .number(let x, let text) = json, x.isFinite, abs(x) <= Limits.magnitude else {
            throw InputError(
                file: fileName, path: path, message: "must be a finite number within ±1e9, got \(json.brief)")
        }
        _ = text
        switch property {
        case .beginTime: timing.beginTime = x
        case .speed: timing.speed = x
        case .timeOffset: timing.timeOffset = x
        }
    }

    func decodeLayers(_ json: JSON, names: inout Set<String>) throws -> [SceneLayer] {
        guard case .array(let arr) = json else {
            throw InputError(file: fileName, path: "layers", message: "must be an array of layers, got \(json.brief)")
        }
        return try arr.enumerated().map { k, lj in
            let path = "layers[\(k)]"
            guard case .object(let members) = lj else {
                throw InputError(file: fileName, path: path, message: "must be an object, got \(lj.brief)")
            }
            guard let nameJSON = members.first(where: { $0.key == "name" })?.value, case .string(let name) = nameJSON
            else {
                throw InputError(
                    file: fileName, path: path + ".name", message: "is required (the layer's name), got nothing")
            }
            guard SceneDecoder.isValidName(name) else {
                throw InputError(
                    file: fileName, path: path + ".name",
                    message: "must be 1 to 64 ASCII letters, digits, '_' or '-', got \(quoted(name))")
            }
            guard names.insert(name).inserted else {
                throw InputError(file: fileName, path: path + ".name", message: "duplicate name, got \(quoted(name))")
            }
            var values: [(String, AnimatableValue)] = []
            var text: String?, textColor: AnimatableValue?, superlayer: String?, timing = LayerTiming()
            for m in members where m.key != "name" {
                if m.key == "text" {
                    text = try decodeText(m.value, path: path + ".text")
                    continue
                }
                if m.key == "superlayer" {
                    guard case .string(let parent) = m.value, names.contains(parent), parent != name else {
                        throw InputError(
                            file: fileName, path: path + ".superlayer",
                            message: "must name an earlier layer, got \(m.value.brief)")
                    }
                    superlayer = parent
                    continue
                }
                if m.key == "textColor" {
                    textColor = try decodeValue(m.value, keyPath: "textColor", path: path + ".textColor")
                    continue
                }
                if let p = SceneTimingChange.Property(rawValue: m.key) {
                    try decodeLayerTiming(p, m.value, path: path + "." + m.key, into: &timing)
                    continue
                }
                guard Layer.address(m.key) != nil else {
                    let known =
                        LayerProperty.all.map(\.keyPath) + LayerProperty.subKeyPaths.keys.sorted()
                        + ["name", "superlayer", "text", "textColor"]
                        + SceneTimingChange.Property.allCases.map(\.rawValue)
                    let asLayer = [
                        "superview": "superlayer", "alpha": "opacity", "center": "position",
                        "frame": "bounds and position",
                        "rotation": "transform.rotation.z", "scale": "transform.scale",
                    ]
                    let hint =
                        asLayer[m.key].map { " (a view's name; a layer's is \(quoted($0)))" }
                        ?? Fields.closest(to: m.key, in: known).map { ", did you mean \(quoted($0))?" } ?? ""
                    throw InputError(
                        file: fileName, path: path + "." + m.key,
                        message: "unknown layer property\(hint) (see docs), got \(quoted(m.key))")
                }
                values.append((m.key, try decodeValue(m.value, keyPath: m.key, path: path + "." + m.key)))
            }
            var layer = SceneLayer(name: name, values: values)
            layer.text = text
            layer.textColor = textColor
            layer.superlayer = superlayer
            layer.timing = timing
            return layer
        }
    }

    func decodeTimingFunction(_ json: JSON, path: String) throws -> CubicBezier {
        if case .string(let name) = json, let named = CubicBezier.named.first(where: { $0.name == name }) {
            return named.curve
        }
        // UIView.AnimationCurve's name for the ease-in-out curve (an animator's timing takes it): one name everywhere.
        if case .string("easeInOut") = json { return .easeInEaseOut }
        if case .array(let a) = json, a.count == 4 {
            let v = a.compactMap {
                if case .number(let x, _) = $0, x.isFinite, abs(x) <= Limits.maxSceneCurveY {
                    return x
                } else {
                    return nil
                }
            }
            if v.count == 4 && v[0] >= 0 && v[0] <= 1 && v[2] >= 0 && v[2] <= 1 {
                return CubicBezier(v[0], v[1], v[2], v[3])
            }
        }
        throw InputError(
            file: fileName, path: path,
            message:
                "must be a curve name (linear, easeIn, easeOut, easeInEaseOut, easeInOut, default) or [x1, y1, x2, y2] with x in [0, 1] and y within ±\(NumberFormat.limit(Limits.maxSceneCurveY)), got \(json.brief)"
        )
    }
}
