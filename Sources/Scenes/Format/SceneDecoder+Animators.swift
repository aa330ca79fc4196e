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

    /// One change of an animator (`animations` or an `addAnimations` call): keyPath, toValue, delayFactor.
    func decodeAnimatorChange(_ j: JSON, _ p: String, inScript: Bool = false) throws -> (
        String, AnimatableValue, Double
    ) {
        let c = try Fields(
            j, path: p, file: fileName,
            allowed: ["keyPath", "toValue", "delayFactor"] + (inScript ? ["call", "t"] : []))
        guard let kp = try c.string("keyPath") else { throw c.missing("keyPath", "the animated property") }
        guard Layer.address(kp) != nil, kp != "transform.scale", kp != "transform.rotation" else {
            throw c.error("keyPath", "unknown or composite key path, got \(quoted(kp))")
        }
        guard let tv = c.value("toValue") else { throw c.missing("toValue", "the target value") }
        let d = try c.number("delayFactor") ?? 0
        guard d >= 0 && d < 1 else { throw c.error("delayFactor", "must be in [0, 1), got \(c.text("delayFactor"))") }
        let value = try decodeValue(tv, keyPath: kp, path: p + ".toValue")
        if kp.hasPrefix("bounds.size"), value.scalar < 0 { throw c.error("toValue", "must be >= 0, got \(tv.brief)") }
        if kp == "bounds", value.components[2] < 0 || value.components[3] < 0 {
            throw c.error("toValue", "width and height must be >= 0, got \(tv.brief)")
        }
        if kp == "opacity", value.scalar < 0 || value.scalar > 1 {
            throw c.error("toValue", "must be from 0 to 1, got \(tv.brief)")
        }
        return (kp, value, d)
    }

    /// An animator's script: calls at non-decreasing times (`path` is the script's, `animators[k].script`).
    func decodeScript(_ sj: JSON, path: String) throws -> [(time: Double, call: SceneAnimator.Call)] {
        var script: [(time: Double, call: SceneAnimator.Call)] = []
        guard case .array(let list) = sj else {
            throw InputError(file: fileName, path: path, message: "must be an array of calls, got \(sj.brief)")
        }
        var previous = 0.0
        for (i, cj) in list.enumerated() {
            let p = "\(path)[\(i)]"
            guard case .object(let members) = cj else {
                throw InputError(file: fileName, path: p, message: "must be an object, got \(cj.brief)")
            }
            guard case .string(let callName)? = members.first(where: { $0.key == "call" })?.value else {
                throw InputError(
                    file: fileName, path: p + ".call",
                    message:
                        "is required: startAnimation, pauseAnimation, stopAnimation, finishAnimation, fractionComplete, isReversed, continueAnimation or addAnimations\(Fields.typoHint(for: "call", in: members)), got nothing"
                )
            }
            let extra: [String: [String]] = [
                "startAnimation": ["delay"], "pauseAnimation": [], "stopAnimation": ["withoutFinishing"],
                "finishAnimation": ["at"], "fractionComplete": ["value"], "isReversed": ["value"],
                "continueAnimation": ["durationFactor", "timing"],
                "addAnimations": ["keyPath", "toValue", "delayFactor"],
            ]
            guard let fields = extra[callName] else {
                throw InputError(
                    file: fileName, path: p + ".call",
                    message:
                        "must be startAnimation, pauseAnimation, stopAnimation, finishAnimation, fractionComplete, isReversed, continueAnimation or addAnimations, got \(quoted(callName))"
                )
            }
            let c = try Fields(cj, path: p, file: fileName, allowed: ["t", "call"] + fields)
            guard let t = try c.number("t") else { throw c.missing("t", "the call's time in seconds") }
            guard t >= previous else {
                throw c.error(
                    "t",
                    i == 0
                        ? "must be >= 0, got \(c.text("t"))"
                        : "must not go backwards (previous \(NumberFormat.shortest(previous))), got \(c.text("t"))")
            }
            previous = t
            let call: SceneAnimator.Call
            switch callName {
            case "startAnimation":
                let d = try c.number("delay") ?? 0
                guard d >= 0 else { throw c.error("delay", "must be >= 0, got \(c.text("delay"))") }
                call = .start(delay: d)
            case "pauseAnimation": call = .pause
            case "stopAnimation": call = .stop(withoutFinishing: try c.bool("withoutFinishing") ?? false)
            case "finishAnimation":
                guard let at = try c.string("at"), let position = PropertyAnimator.Position(rawValue: at) else {
                    throw c.error("at", "must be start, end or current, got \(c.value("at")?.brief ?? "nothing")")
                }
                call = .finish(position)
            case "fractionComplete":
                guard let v = try c.number("value") else { throw c.missing("value", "the fraction, 0 to 1") }
                guard v >= 0 && v <= 1 else { throw c.error("value", "must be from 0 to 1, got \(c.text("value"))") }
                call = .fractionComplete(v)
            case "isReversed":
                guard let v = try c.bool("value") else { throw c.missing("value", "true or false") }
                call = .reversed(v)
            case "continueAnimation":
                let factor = try c.number("durationFactor") ?? 1
                guard factor > 0 else {
                    throw c.error("durationFactor", "must be positive, got \(c.text("durationFactor"))")
                }
                call = .continueAnimation(timing: try c.timing("timing"), durationFactor: factor)
            default:
                let ch = try decodeAnimatorChange(cj, p, inScript: true)
                call = .add(keyPath: ch.0, to: ch.1, delayFactor: ch.2)
            }
            script.append((t, call))
        }
        return script
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
                    let c = try decodeAnimatorChange(cj, "\(path).animations[\(i)]")
                    animations.append((c.0, c.1, c.2))
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
