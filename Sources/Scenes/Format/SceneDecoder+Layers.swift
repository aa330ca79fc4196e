import Animation
import Springs
import IO

extension SceneDecoder {
    /// A value in `keyPath`'s form (``valueKind(for:)``); `label` names it in the message (default the key path).
    /// - Throws: ``InputError`` naming the field.
    func decodeValue(_ json: JSON, keyPath: String, path: String, label: String? = nil) throws -> AnimatableValue {
        try SceneDecoder.value(json, keyPath: keyPath, path: path, file: fileName, label: label)
    }

    /// A value in `keyPath`'s form: a number for a scalar, an array of its components, or for a whole `transform` 16
    /// numbers or its parts (``TransformFields``); each number finite within ±`Limits/magnitude`.
    /// - Throws: ``InputError`` naming `file`, `path` (and the component) and the value.
    static func value(_ json: JSON, keyPath: String, path: String, file: String, label: String? = nil) throws
        -> AnimatableValue
    {
        let kind = valueKind(for: keyPath)
        let name = label ?? keyPath
        switch (kind, json) {
        case (.scalar, .number(let x, let text)):
            guard x.isFinite && abs(x) <= Limits.magnitude else {
                throw InputError(file: file, path: path, message: "must be a finite number within ±1e9, got \(text)")
            }
            return .scalar(x)
        case (.transform, .object):
            var t = Transform3D.identity
            try TransformFields.table.decode(
                Fields(json, path: path, file: file, allowed: TransformFields.table.names), into: &t)
            return .transform(t)
        case (_, .array(let items)) where kind != .scalar:
            let count = kind.componentCount
            var comps: [Double] = []
            for (k, item) in items.enumerated() {
                guard case .number(let x, let text) = item else { comps = []; break }
                guard x.isFinite && abs(x) <= Limits.magnitude else {
                    throw InputError(
                        file: file, path: "\(path)[\(k)]", message: "must be a finite number within ±1e9, got \(text)")
                }
                comps.append(x)
            }
            guard comps.count == count else {
                throw InputError(
                    file: file, path: path,
                    message: "must be an array of \(count) numbers for \(name), got \(json.brief)")
            }
            return AnimatableValue(kind: kind, components: comps)
        default:
            let form =
                kind == .scalar
                ? "a number"
                : kind == .transform ? "16 numbers or {scale, rotate, translate, m34}" : "an array of numbers"
            throw InputError(file: file, path: path, message: "must be \(form) for \(name), got \(json.brief)")
        }
    }

    /// A label's text (``SceneDecoder/text(_:path:file:)``). - Throws: ``InputError`` naming the field.
    func decodeText(_ json: JSON, path: String) throws -> String {
        try SceneDecoder.text(json, path: path, file: fileName)
    }

    /// A label's text: a string of at most 1000 bytes without control characters (so each CSV row stays one line).
    /// - Throws: ``InputError`` naming `file`, `path` and the value.
    static func text(_ json: JSON, path: String, file: String) throws -> String {
        guard case .string(let t) = json else {
            throw InputError(file: file, path: path, message: "must be a string, got \(json.brief)")
        }
        if let problem = SceneDecoder.labelProblem(t) {
            throw InputError(file: file, path: path, message: problem)
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

    /// The scene's `layers`: each read by ``LayerFields/table`` in the file's order (a later key path sets part of an
    /// earlier one's value), then its rules: a unique name, and a superlayer that is an earlier layer.
    /// - Throws: ``InputError`` naming the field.
    func decodeLayers(_ json: JSON, names: inout Set<String>) throws -> [SceneLayer] {
        guard case .array(let arr) = json else {
            throw InputError(file: fileName, path: "layers", message: "must be an array of layers, got \(json.brief)")
        }
        return try arr.enumerated().map { k, lj in
            let path = "layers[\(k)]"
            guard case .object(let members) = lj else {
                throw InputError(file: fileName, path: path, message: "must be an object, got \(lj.brief)")
            }
            for m in members where LayerFields.table.index[m.key] == nil {
                throw InputError(
                    file: fileName, path: path + "." + m.key,
                    message: "unknown layer property\(LayerFields.hint(m.key)) (see docs), got \(quoted(m.key))")
            }
            let f = try Fields(lj, path: path, file: fileName, allowed: LayerFields.table.names)
            guard let name = try f.string("name") else { throw f.missing("name", "the layer's name") }
            var layer = SceneLayer(name: name, values: [])
            try LayerFields.table.decodeInFileOrder(f, into: &layer)
            guard names.insert(name).inserted else { throw f.error("name", "duplicate name, got \(quoted(name))") }
            if let parent = f.value("superlayer") {
                guard case .string(let p) = parent, names.contains(p), p != name else {
                    throw f.error("superlayer", "must name an earlier layer, got \(parent.brief)")
                }
                layer.superlayer = p
            }
            return layer
        }
    }

    /// A timing curve in this decoder's file (``timingFunction(_:path:file:)``).
    func decodeTimingFunction(_ json: JSON, path: String) throws -> CubicBezier {
        try SceneDecoder.timingFunction(json, path: path, file: fileName)
    }

    /// A timing curve (CAMediaTimingFunction, UICubicTimingParameters): a name, or [x1, y1, x2, y2] with x in [0, 1]
    /// and y within ±``Limits/maxSceneCurveY``. It reads nothing but `json`, so a field table's reader (which has the
    /// file's name, not the decoder) calls it too.
    /// - Throws: ``InputError`` naming `file` and `path` for anything else.
    static func timingFunction(_ json: JSON, path: String, file: String) throws -> CubicBezier {
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
            file: file, path: path,
            message:
                "must be a curve name (linear, easeIn, easeOut, easeInEaseOut, easeInOut, default) or [x1, y1, x2, y2] with x in [0, 1] and y within ±\(NumberFormat.limit(Limits.maxSceneCurveY)), got \(json.brief)"
        )
    }
}
