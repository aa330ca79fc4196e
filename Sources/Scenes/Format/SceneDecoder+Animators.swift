import Animation
import Springs
import IO

extension SceneDecoder {
    /// An animator's timing (UIViewPropertyAnimator's timing parameters): a curve (UICubicTimingParameters, or
    /// UIView.AnimationCurve's `easeInOut`), a spring by mass, stiffness and damping, or by damping ratio
    /// (UISpringTimingParameters). It reads nothing but `json`, so a field table's reader calls it with the file's name.
    /// - Throws: ``InputError`` naming `file` and `path` (and the field) for anything else.
    static func timing(_ json: JSON, path: String, file: String) throws -> PropertyAnimator.Timing {
        if case .object = json {
            let f = try Fields(
                json, path: path, file: file,
                allowed: ["mass", "stiffness", "damping", "dampingRatio", "initialVelocity"])
            if f.value("dampingRatio") != nil {
                guard f.value("mass") == nil && f.value("stiffness") == nil && f.value("damping") == nil else {
                    throw f.error(
                        "dampingRatio",
                        "give dampingRatio or mass/stiffness/damping, not both, got \(f.text("dampingRatio")) with \(["mass", "stiffness", "damping"].filter { f.value($0) != nil }.joined(separator: ", "))"
                    )
                }
                var r = AnimatorFields.DampingRatio()
                try AnimatorFields.dampingRatio.decode(f, into: &r)
                return .springDampingRatio(r.dampingRatio, initialVelocity: r.initialVelocity)
            }
            // UISpringTimingParameters(mass:stiffness:damping:initialVelocity:) takes all three (no defaults, unlike
            // CASpringAnimation); initialVelocity defaults to 0.
            for key in AnimatorFields.spring.required where f.value(key) == nil {
                throw f.missing(key, "a spring timing gives mass, stiffness and damping (or dampingRatio)")
            }
            var spring = AnimationFields.SpringSettings()
            try AnimatorFields.spring.decode(f, into: &spring)
            return .spring(spring.spring, initialVelocity: spring.initialVelocity)
        }
        // UIView.AnimationCurve's name for the ease-in-out curve, as UIViewPropertyAnimator(duration:curve:) takes it.
        if case .string("easeInOut") = json { return .curve(.easeInEaseOut) }
        return .curve(try timingFunction(json, path: path, file: file))
    }

    /// One change of an animator (in `animations`, or an `addAnimations` call) from its fields `c`: the key path, which
    /// must be animatable and not composite; the target, in the key path's form and range; the table's delay factor.
    /// - Throws: ``InputError`` naming the field.
    func decodeAnimatorChange(_ c: Fields) throws -> AnimatorFields.Change {
        guard let kp = try c.string("keyPath") else { throw c.missing("keyPath", "the animated property") }
        guard AnimatorFields.isChangeKeyPath(kp) else {
            throw c.error("keyPath", "unknown or composite key path, got \(quoted(kp))")
        }
        guard let tv = c.value("toValue") else { throw c.missing("toValue", "the target value") }
        var change = AnimatorFields.Change(keyPath: kp)
        try AnimatorFields.change.decode(c, into: &change)
        let value = try decodeValue(tv, keyPath: kp, path: c.childPath("toValue"))
        if kp.hasPrefix("bounds.size"), value.scalar < 0 { throw c.error("toValue", "must be >= 0, got \(tv.brief)") }
        if kp == "bounds", value.components[2] < 0 || value.components[3] < 0 {
            throw c.error("toValue", "width and height must be >= 0, got \(tv.brief)")
        }
        if kp == "opacity", value.scalar < 0 || value.scalar > 1 {
            throw c.error("toValue", "must be from 0 to 1, got \(tv.brief)")
        }
        change.toValue = value
        return change
    }

    /// An animator's script: calls at non-decreasing times (`path` is the script's, `animators[k].script`), each read by
    /// its call's table (``AnimatorCallFields``).
    /// - Throws: ``InputError`` naming the entry and the field.
    func decodeScript(_ sj: JSON, path: String) throws -> [(time: Double, call: SceneAnimator.Call)] {
        guard case .array(let list) = sj else {
            throw InputError(file: fileName, path: path, message: "must be an array of calls, got \(sj.brief)")
        }
        var script: [(time: Double, call: SceneAnimator.Call)] = []
        var previous = 0.0
        for (i, cj) in list.enumerated() {
            let p = "\(path)[\(i)]"
            let name = try scriptCallName(cj, path: p)
            let table = AnimatorCallFields.table(for: name)
            let c = try Fields(cj, path: p, file: fileName, allowed: table.names)
            for key in table.required where c.value(key) == nil {
                throw c.missing(key, AnimatorCallFields.requirement(key, of: name))
            }
            var entry = AnimatorCallFields.Entry(name)
            try table.decode(c, into: &entry)
            guard entry.time >= previous else {
                throw c.error(
                    "t", "must not go backwards (previous \(NumberFormat.shortest(previous))), got \(c.text("t"))")
            }
            previous = entry.time
            // An added change's key path and its value's form are rules between fields, as in `animations`.
            if name == .addAnimations { entry.change = try decodeAnimatorChange(c) }
            script.append((entry.time, entry.call))
        }
        return script
    }

    /// The call a script entry makes (its `call`, the tag that picks its table).
    /// - Throws: ``InputError`` for an entry that is not an object, or a call missing or unknown.
    private func scriptCallName(_ cj: JSON, path p: String) throws -> AnimatorCallFields.Name {
        guard case .object(let members) = cj else {
            throw InputError(file: fileName, path: p, message: "must be an object, got \(cj.brief)")
        }
        guard case .string(let callName)? = members.first(where: { $0.key == "call" })?.value else {
            throw InputError(
                file: fileName, path: p + ".call",
                message:
                    "is required: \(AnimatorCallFields.listed)\(Fields.typoHint(for: "call", in: members)), got nothing"
            )
        }
        guard let name = AnimatorCallFields.Name(rawValue: callName) else {
            throw InputError(
                file: fileName, path: p + ".call",
                message: "must be \(AnimatorCallFields.listed), got \(quoted(callName))")
        }
        return name
    }

    func decodeAnimators(_ json: JSON, scene: Scene, names: inout Set<String>) throws -> [SceneAnimator] {
        guard case .array(let arr) = json else {
            throw InputError(
                file: fileName, path: "animators", message: "must be an array of animators, got \(json.brief)")
        }
        return try arr.enumerated().map { k, aj in
            let path = "animators[\(k)]"
            let f = try Fields(aj, path: path, file: fileName, allowed: AnimatorFields.table.names)
            guard try f.string("name") != nil else { throw f.missing("name", "the animator's name (column prefix)") }
            var a = SceneAnimator(
                name: "", layer: "", animator: PropertyAnimator(duration: 0.25, timing: .curve(.easeInEaseOut)),
                animations: [], script: [])
            try AnimatorFields.table.decode(f, into: &a)
            guard names.insert(a.name).inserted else { throw f.error("name", "duplicate name, got \(quoted(a.name))") }
            guard let layer = try f.string("layer") else { throw f.missing("layer", "the animated layer's name") }
            guard scene.layers.contains(where: { $0.name == layer }) else {
                throw f.error("layer", "no such layer, got \(quoted(layer))")
            }
            a.layer = layer
            var animations: [(keyPath: String, to: AnimatableValue, delayFactor: Double)] = []
            if let aj = f.value("animations") {
                guard case .array(let list) = aj else {
                    throw f.error("animations", "must be an array of changes, got \(aj.brief)")
                }
                for (i, cj) in list.enumerated() {
                    if case .object(let m) = cj, m.contains(where: { $0.key == "call" || $0.key == "t" }) {
                        throw InputError(
                            file: fileName, path: "\(path).animations[\(i)]",
                            message: "a change takes keyPath, toValue and delayFactor, got \(cj.brief)")
                    }
                    let c = try decodeAnimatorChange(
                        Fields(
                            cj, path: "\(path).animations[\(i)]", file: fileName, allowed: AnimatorFields.change.names))
                    animations.append((c.keyPath, c.toValue, c.delayFactor))
                }
            }
            a.animations = animations
            a.script = try f.value("script").map { try decodeScript($0, path: path + ".script") } ?? []
            return a
        }
    }
}

extension Fields {
    /// The animator timing at `key` (``SceneDecoder/timing(_:path:file:)``), or nil when absent.
    /// - Throws: ``InputError`` naming the field.
    func timing(_ key: String) throws -> PropertyAnimator.Timing? {
        try value(key).map { try SceneDecoder.timing($0, path: childPath(key), file: file) }
    }
}
