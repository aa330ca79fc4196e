import Animation
import Springs
import IO

// Core Animation animations in a scene file: the fields each type takes, CAMediaTiming, and the basic, spring,
// keyframe (values or SVG path data), group and transition animations (docs/scene-format.md, "Layers and animations").
extension SceneDecoder {
    /// Fields of one animation type written on another: where they belong (the type to give).
    static let animationHomes: [String: String] = {
        var homes: [String: String] = [:]
        for key in [
            "values", "keyTimes", "timingFunctions", "calculationMode", "tensionValues", "continuityValues",
            "biasValues", "path", "rotationMode",
        ] {
            homes[key] = "to a keyframe animation: add \"type\": \"keyframe\""
        }
        for key in ["mass", "stiffness", "damping", "initialVelocity"] {
            homes[key] = "to a spring animation: add \"type\": \"spring\""
        }
        for key in ["transition", "subtype", "startProgress", "endProgress", "text", "textColor"] {
            homes[key] = "to a transition: add \"type\": \"transition\""
        }
        homes["animations"] = "to a group: add \"type\": \"group\""
        return homes
    }()

    /// The fields an animation of the type `json` names takes (its timing's and its type's). Each type takes its own
    /// fields, so a field of another type (a keyframe's `values` on an animation whose `type` was forgotten) is an
    /// error, not silently ignored.
    func animationFields(_ json: JSON, path: String) throws -> [String] {
        var typeName = "basic"
        if case .object(let members) = json, let t = members.first(where: { $0.key == "type" })?.value {
            guard case .string(let name) = t, AnimationKindFields.names(of: name) != nil else {
                throw InputError(
                    file: fileName, path: path + ".type",
                    message: "must be basic, spring, keyframe, group or transition, got \(t.brief)")
            }
            typeName = name
        }
        return AnimationKindFields.names(of: typeName) ?? []
    }

    func decodeAnimation(_ json: JSON, path: String, topLevel: Bool, layers: Set<String>) throws
        -> (layer: String?, key: String?, after: String?, animation: LayerAnimation)
    {
        var allowed = try animationFields(json, path: path)
        if topLevel { allowed = AnimationKindFields.placement.names + allowed }
        var homes = SceneDecoder.animationHomes
        if case .object(let members) = json,
            members.contains(where: { $0.key == "type" && $0.value == .string("spring") })
        {
            homes["timingFunction"] =
                "to other animation types: a spring animation's timing is its spring, so remove it"
        }
        let f = try Fields(json, path: path, file: fileName, allowed: allowed, homes: homes)
        var layer: String?
        if topLevel {
            guard let l = try f.string("layer") else { throw f.missing("layer", "the animated layer's name") }
            guard layers.contains(l) else { throw f.error("layer", "no such layer, got \(quoted(l))") }
            layer = l
        }
        let type = try f.string("type") ?? "basic"
        let timing = try decodeMediaTiming(f, afterAnother: topLevel && f.value("after") != nil)
        let timingFunction =
            try f.value("timingFunction").map { try decodeTimingFunction($0, path: path + ".timingFunction") }
            ?? .linear
        let isAdditive = try f.bool("isAdditive") ?? false, isCumulative = try f.bool("isCumulative") ?? false
        func keyPath() throws -> String {
            guard let k = try f.string("keyPath") else { throw f.missing("keyPath", "the animated property") }
            guard Layer.address(k) != nil else { throw f.error("keyPath", "unknown key path, got \(quoted(k))") }
            return k
        }
        func value(_ key: String, _ kp: String) throws -> AnimatableValue? {
            try f.value(key).map { try decodeValue($0, keyPath: kp, path: path + "." + key) }
        }
        if f.value("fromValue") != nil && f.value("toValue") != nil && f.value("byValue") != nil {
            throw f.error("byValue", "give at most two of fromValue, toValue and byValue (Apple), got all three")
        }
        let animation: LayerAnimation
        switch type {
        case "basic":
            let kp = try keyPath()
            animation = .basic(
                BasicAnimation(
                    keyPath: kp, fromValue: try value("fromValue", kp), toValue: try value("toValue", kp),
                    byValue: try value("byValue", kp), timing: timing, timingFunction: timingFunction,
                    isAdditive: isAdditive, isCumulative: isCumulative))
        case "spring":
            let kp = try keyPath()
            var settings = AnimationFields.SpringSettings()
            try AnimationFields.spring.decode(f, into: &settings)
            animation = .spring(
                SpringAnimation(
                    keyPath: kp, fromValue: try value("fromValue", kp), toValue: try value("toValue", kp),
                    byValue: try value("byValue", kp), spring: settings.spring,
                    initialVelocity: settings.initialVelocity, timing: timing,
                    isAdditive: isAdditive))
        case "keyframe":
            animation = .keyframe(
                try decodeKeyframe(
                    f, path: path, keyPath: try keyPath(), timing: timing,
                    timingFunction: timingFunction, isAdditive: isAdditive, isCumulative: isCumulative))
        case "transition":
            guard topLevel else { throw f.error("type", "a transition cannot be inside a group, got \"transition\"") }
            animation = .transition(try decodeTransition(f, path: path, timing: timing, timingFunction: timingFunction))
        case "group":
            guard case .array(let children)? = f.value("animations"), !children.isEmpty else {
                throw f.missing("animations", "a non-empty array of animations")
            }
            let decoded = try children.enumerated().map {
                try decodeAnimation($1, path: "\(path).animations[\($0)]", topLevel: false, layers: layers).animation
            }
            animation = .group(AnimationGroup(animations: decoded, timing: timing, timingFunction: timingFunction))
        default:
            throw f.error("type", "must be basic, spring, keyframe, group or transition, got \(quoted(type))")
        }
        return (layer, try f.label("key"), try f.label("after"), animation)
    }

    /// CAMediaTiming's fields of an animation (`beginTime`, `duration`, `speed`, `timeOffset`, `repeatCount` or
    /// `repeatDuration`, `autoreverses`, `fillMode`, `isRemovedOnCompletion`); `afterAnother` when it starts at another
    /// animation's stop (its beginTime then counts from there and may not be negative).
    func decodeMediaTiming(_ f: Fields, afterAnother: Bool) throws -> MediaTiming {
        var timing = MediaTiming()
        try AnimationFields.timing.decode(f, into: &timing)
        // Both set (non-zero) is what Apple leaves undefined; a 0 beside the other is the default written out.
        if timing.repeatCount != 0 && timing.repeatDuration != 0 {
            throw f.error(
                "repeatDuration",
                "give repeatCount or repeatDuration, not both (Apple leaves the pair undefined), got repeatCount \(f.text("repeatCount")) and repeatDuration \(f.text("repeatDuration"))"
            )
        }
        if afterAnother, timing.beginTime < 0 {
            throw f.error(
                "beginTime",
                "must be >= 0 with after (it counts from the other animation's stop), got \(f.text("beginTime"))")
        }
        return timing
    }

    /// A keyframe animation's own fields (values or a path, keyTimes, timing functions, calculation mode, TCB values,
    /// rotationMode), its timing decoded already.
    func decodeKeyframe(
        _ f: Fields, path: String, keyPath kp: String, timing: MediaTiming, timingFunction: CubicBezier,
        isAdditive: Bool, isCumulative: Bool
    ) throws -> KeyframeAnimation {
        var bezier: BezierPath?
        if let pd = try f.string("path") {
            if f.value("values") != nil { throw f.error("values", "give either values or a path, not both") }
            bezier = try decodePathData(pd, path: path + ".path")
        }
        var values: [AnimatableValue] = []
        if bezier == nil {
            guard case .array(let vs)? = f.value("values"), !vs.isEmpty else {
                throw f.missing("values", "a non-empty array of keyframe values (or a path for position)")
            }
            values = try vs.enumerated().map { try decodeValue($1, keyPath: kp, path: "\(path).values[\($0)]") }
        }
        func numbers(_ key: String) throws -> [Double]? {
            guard let j = f.value(key) else { return nil }
            guard case .array(let a) = j else { throw f.error(key, "must be an array of numbers, got \(j.brief)") }
            return try a.enumerated().map { k, v in
                guard case .number(let x, let text) = v, x.isFinite, abs(x) <= Limits.magnitude else {
                    throw InputError(
                        file: fileName, path: "\(path).\(key)[\(k)]",
                        message: "must be a finite number within ±1e9, got \(v.brief)")
                }
                _ = text
                return x
            }
        }
        var mode = KeyframeAnimation.CalculationMode.linear
        if let m = try f.string("calculationMode") {
            guard let cm = KeyframeAnimation.CalculationMode(rawValue: m) else {
                throw f.error(
                    "calculationMode", "must be linear, discrete, paced, cubic or cubicPaced, got \(quoted(m))")
            }
            mode = cm
        }
        try ModeRule.check(AnimationKindFields.keyframe.rules, f)
        var functions: [CubicBezier]?
        if let tf = f.value("timingFunctions") {
            guard case .array(let a) = tf else {
                throw f.error("timingFunctions", "must be an array of curves, got \(tf.brief)")
            }
            functions = try a.enumerated().map { try decodeTimingFunction($1, path: "\(path).timingFunctions[\($0)]") }
        }
        var k = KeyframeAnimation(
            keyPath: kp, values: values, keyTimes: try numbers("keyTimes"), timingFunction: timingFunction,
            timingFunctions: functions, calculationMode: mode, tensionValues: try numbers("tensionValues"),
            continuityValues: try numbers("continuityValues"), biasValues: try numbers("biasValues"),
            timing: timing, isAdditive: isAdditive, isCumulative: isCumulative)
        k.path = bezier
        if let rm = try f.string("rotationMode") {
            guard let mode = KeyframeAnimation.RotationMode(rawValue: rm) else {
                throw f.error("rotationMode", "must be auto or autoReverse, got \(quoted(rm))")
            }
            guard bezier != nil else { throw f.error("rotationMode", "needs a path, got \(quoted(rm)) without one") }
            k.rotationMode = mode
        }
        if let problem = k.problem {
            let field = String(problem.prefix { $0 != ":" })
            throw InputError(
                file: fileName, path: path + "." + field, message: String(problem.dropFirst(field.count + 2)))
        }
        return k
    }

    /// A transition's own fields (type, subtype, progress range, the contents it brings), its timing decoded already.
    func decodeTransition(_ f: Fields, path: String, timing: MediaTiming, timingFunction: CubicBezier) throws
        -> Transition
    {
        var tr = Transition(timing: timing, timingFunction: timingFunction)
        try AnimationFields.transition.decode(f, into: &tr)
        tr.text = try f.value("text").map { try decodeText($0, path: path + ".text") }
        tr.textColor = try f.value("textColor").map {
            try decodeValue($0, keyPath: "textColor", path: path + ".textColor")
        }
        if let problem = tr.problem {
            let field = String(problem.prefix { $0 != ":" })
            throw InputError(
                file: fileName, path: path + "." + field, message: String(problem.dropFirst(field.count + 2)))
        }
        return tr
    }

    /// SVG path data's tokens: command letters stand alone even when written tight against numbers ("M0,0L10,10"),
    /// and a minus sign starts a new number ("10-5" is 10 and −5), as SVG path data allows. A letter between other
    /// letters ("nan") stays part of its word, so an error shows the whole word.
    static func pathTokens(_ text: String) -> [String] {
        var spaced = ""
        let chars = Array(text)
        for (k, c) in chars.enumerated() {
            let previous: Character = k > 0 ? chars[k - 1] : " ",
                next: Character = k + 1 < chars.count ? chars[k + 1] : " "
            if c.isLetter && c != "e" && c != "E" && !previous.isLetter && !next.isLetter {
                spaced += " \(c) "
            } else if c == "-" && (previous.isNumber || previous == ".") {
                spaced += " -"
            } else {
                spaced.append(c)
            }
        }
        return spaced.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" || $0 == "\r" }).map(
            String.init)
    }

    /// A path from SVG-style path data in points: absolute commands `M x y`, `L x y`, `H x`, `V y`, `Q cx cy x y`,
    /// `C c1x c1y c2x c2y x y` and `Z`, separated by spaces or commas or written tight ("M0,0L10-5"), with a command's
    /// coordinates repeated for more segments as SVG allows; one subpath (drawn from the first `M`).
    /// - Throws: `InputError` naming the field and the first bad token.
    func decodePathData(_ text: String, path: String) throws -> BezierPath {
        // Parsing takes about 25 bytes a character for a while: the scene's path data is limited before it starts.
        budget.pathDataBytes += text.utf8.count
        guard budget.pathDataBytes <= Limits.maxPathDataBytes else {
            throw InputError(
                file: fileName, path: path,
                message:
                    "the path data of a scene must total at most \(Limits.maxPathDataBytes) bytes, got \(budget.pathDataBytes) with this one"
            )
        }
        let tokens = SceneDecoder.pathTokens(text)
        var i = 0
        func fail(_ why: String) -> InputError { InputError(file: fileName, path: path, message: why) }
        func numbers(_ n: Int, for command: String) throws -> [Double] {
            var out: [Double] = []
            for _ in 0..<n {
                // Decimal numbers only (Double would also read hexadecimal such as 0x10).
                guard i < tokens.count, tokens[i].allSatisfy({ "0123456789.+-eE".contains($0) }),
                    let x = Double(tokens[i]), x.isFinite, abs(x) <= Limits.magnitude
                else {
                    let got = i < tokens.count ? quoted(tokens[i]) : "the end"
                    throw fail("\(command) needs \(n) finite numbers within ±1e9, got \(got)")
                }
                out.append(x); i += 1
            }
            return out
        }
        var elements: [BezierPath.Element] = []
        var current = SIMD2<Double>.zero, start = SIMD2<Double>.zero, segments = 0
        var last = ""
        while i < tokens.count {
            // Coordinates after a command's own repeat it (SVG): "L 10 10 20 20" is two lines; after M they are lines.
            let repeats = Double(tokens[i]) != nil && ["M", "L", "H", "V", "Q", "C"].contains(last)
            let command = repeats ? (last == "M" ? "L" : last) : tokens[i]
            if !repeats { i += 1 }
            last = command
            if elements.isEmpty && command != "M" { throw fail("must start with M x y, got \(quoted(command))") }
            switch command {
            case "M":
                if !elements.isEmpty { throw fail("only one subpath is supported, got a second M") }
                let v = try numbers(2, for: "M"); current = SIMD2(v[0], v[1]); start = current
                elements.append(.move(current))
            case "L": let v = try numbers(2, for: "L"); current = SIMD2(v[0], v[1]); elements.append(.line(current))
            case "H": let v = try numbers(1, for: "H"); current.x = v[0]; elements.append(.line(current))
            case "V": let v = try numbers(1, for: "V"); current.y = v[0]; elements.append(.line(current))
            case "Q":
                let v = try numbers(4, for: "Q"); current = SIMD2(v[2], v[3])
                elements.append(.quad(SIMD2(v[0], v[1]), current))
            case "C":
                let v = try numbers(6, for: "C"); current = SIMD2(v[4], v[5])
                elements.append(.cubic(SIMD2(v[0], v[1]), SIMD2(v[2], v[3]), current))
            case "Z", "z":
                elements.append(.close)
                if current == start { segments -= 1 }  // closing at the start draws nothing
                current = start
                if i < tokens.count { throw fail("nothing may follow Z, got \(quoted(tokens[i]))") }
            default:
                throw fail("unknown command \(quoted(command)) (use absolute M, L, H, V, Q, C, Z)")
            }
            if command != "M" { segments += 1 }
        }
        guard segments > 0 else { throw fail("needs at least one segment after M, got \(quoted(text))") }
        return BezierPath(elements)
    }
}
