import Animation
import Springs
import IO

extension SceneDecoder {
    static let blockOptions: [String: ViewAnimationOptions] = [
        "curveEaseInOut": .curveEaseInOut, "curveEaseIn": .curveEaseIn, "curveEaseOut": .curveEaseOut,
        "curveLinear": .curveLinear, "repeat": .repeat, "autoreverse": .autoreverse,
        "beginFromCurrentState": .beginFromCurrentState, "allowUserInteraction": .allowUserInteraction,
    ]

    func decodeViews(_ json: JSON, names: inout Set<String>) throws -> [SceneLayer] {
        guard case .array(let arr) = json else {
            throw InputError(file: fileName, path: "views", message: "must be an array of views, got \(json.brief)")
        }
        var views: [SceneLayer] = []
        for (k, vj) in arr.enumerated() {
            let path = "views[\(k)]"
            // A view is set up in UIView's terms; a layer's names for the same things say which to use.
            let asView = ["superlayer": "to a layer: a view's is \"superview\"", "opacity": "to a layer: a view's is \"alpha\"",
                          "position": "to a layer: a view's is \"center\"", "bounds": "to a layer: a view's is \"frame\" or \"size\"",
                          "text": "to a layer (a view has none here: add a layer with text)"]
            let f = try Fields(vj, path: path, file: fileName, allowed: ["name", "superview", "frame", "center", "size", "rotation",
                                                                        "scale", "alpha", "backgroundColor", "cornerRadius",
                                                                        "beginTime", "speed", "timeOffset"], homes: asView)
            guard let name = try f.string("name") else { throw f.missing("name", "the view's name (column prefix)") }
            guard SceneDecoder.isValidName(name) else { throw f.error("name", "must be 1 to 64 ASCII letters, digits, '_' or '-', got \(quoted(name))") }
            guard names.insert(name).inserted else { throw f.error("name", "duplicate name, got \(quoted(name))") }
            var superview: String?
            if let s = try f.string("superview") {
                guard views.contains(where: { $0.name == s }) else { throw f.error("superview", "must name an earlier view, got \(quoted(s))") }
                superview = s
            }
            var center: [Double], size: [Double]
            if let fr = f.value("frame") {
                guard f.value("center") == nil && f.value("size") == nil else { throw f.error("frame", "give frame or center and size, not both, got \(fr.brief)") }
                let r = try decodeValue(fr, keyPath: "bounds", path: path + ".frame", label: "frame").components
                center = [r[0] + r[2] / 2, r[1] + r[3] / 2]; size = [r[2], r[3]]
            } else {
                guard let c = try f.vector("center") else { throw f.missing("frame", "[x, y, width, height], or center and size") }
                guard let s = try f.vector("size") else { throw f.missing("size", "[width, height]") }
                center = [c.x, c.y]; size = [s.x, s.y]
            }
            guard size[0] >= 0 && size[1] >= 0 else {
                throw f.error(f.value("frame") != nil ? "frame" : "size", "width and height must be >= 0, got \(f.text(f.value("frame") != nil ? "frame" : "size"))")
            }
            var values: [(keyPath: String, value: AnimatableValue)] = [("bounds", .rect(0, 0, size[0], size[1])), ("position", .point(center[0], center[1]))]
            if let r = try f.number("rotation") { values.append(("transform.rotation.z", .scalar(r))) }
            if let sj = f.value("scale") {
                if case .number = sj, let s = try f.number("scale") {
                    values.append(("transform.scale.x", .scalar(s))); values.append(("transform.scale.y", .scalar(s)))
                } else if let s = try? f.vector("scale") {
                    values.append(("transform.scale.x", .scalar(s.x))); values.append(("transform.scale.y", .scalar(s.y)))
                } else { throw f.error("scale", "must be a number or [sx, sy], got \(sj.brief)") }
            }
            if let a = try f.number("alpha") {
                guard a >= 0 && a <= 1 else { throw f.error("alpha", "must be from 0 to 1, got \(f.text("alpha"))") }
                values.append(("opacity", .scalar(a)))
            }
            if let c = f.value("backgroundColor") { values.append(("backgroundColor", try decodeValue(c, keyPath: "backgroundColor", path: path + ".backgroundColor"))) }
            if let c = try f.number("cornerRadius") { values.append(("cornerRadius", .scalar(c))) }
            var layer = SceneLayer(name: name, values: values)
            layer.superlayer = superview
            layer.isView = true
            for p in SceneTimingChange.Property.allCases {
                if let v = f.value(p.rawValue) { try decodeLayerTiming(p, v, path: path + "." + p.rawValue, into: &layer.timing) }
            }
            views.append(layer)
        }
        return views
    }

    /// A change inside a block; `gesture` says which gesture values it may take.
    func decodeChange(_ json: JSON, path: String, targets: Set<String>, gesture: SceneGesture.Kind?) throws -> ViewChange {
        let f = try Fields(json, path: path, file: fileName, allowed: ["view", "property", "value", "by"])
        guard let view = try f.string("view") else { throw f.missing("view", "the view to change") }
        guard targets.contains(view) else { throw f.error("view", "no such view, got \(quoted(view))") }
        guard let property = try f.string("property") else { throw f.missing("property", "one of \(viewProperties.keys.sorted().joined(separator: ", "))") }
        guard let kind = viewProperties[property] else {
            throw f.error("property", "must be one of \(viewProperties.keys.sorted().joined(separator: ", ")), got \(quoted(property))")
        }
        let keyPath = ["center": "position", "frame": "bounds", "backgroundColor": "backgroundColor"][property] ?? "opacity"
        func literal(_ key: String) throws -> AnimatableValue {
            let j = f.value(key)!
            if property == "scale", case .array(let a) = j {
                guard a.count == 2 else { throw f.error(key, "must be a number or [sx, sy], got \(j.brief)") }
                let v = try decodeValue(.array(a + [.number(0, text: "0"), .number(0, text: "0")]), keyPath: "bounds", path: path + "." + key, label: property).components
                return AnimatableValue(kind: .size, components: [v[0], v[1]])
            }
            if kind == .size {
                guard case .array(let a) = j, a.count == 2 else { throw f.error(key, "must be [width, height], got \(j.brief)") }
                let v = try decodeValue(.array(a + [.number(0, text: "0"), .number(0, text: "0")]), keyPath: "bounds", path: path + "." + key, label: property).components
                guard key == "by" || (v[0] >= 0 && v[1] >= 0) else { throw f.error(key, "width and height must be >= 0, got \(j.brief)") }
                return AnimatableValue(kind: .size, components: [v[0], v[1]])
            }
            let v = try decodeValue(j, keyPath: kind == .scalar ? "opacity" : keyPath, path: path + "." + key, label: property)
            if property == "frame" && key == "value" && (v.components[2] < 0 || v.components[3] < 0) {
                throw f.error(key, "width and height must be >= 0, got \(j.brief)")
            }
            if property == "alpha" && key == "value" && (v.scalar < 0 || v.scalar > 1) { throw f.error(key, "must be from 0 to 1, got \(j.brief)") }
            return v
        }
        switch (f.value("value"), f.value("by")) {
        case (nil, nil): throw f.missing("value", "the new value, or by: a change of it")
        case (_?, _?): throw f.error("by", "give value or by, not both, got \(f.text("by"))")
        case (nil, _?):
            guard kind != .rect && kind != .color else { throw f.error("by", "\(property) takes a value, not by, got \(f.text("by"))") }
            return ViewChange(view: view, property: property, value: .by(try literal("by")))
        case (.string(let s)?, nil):
            if s == "location" && gesture != nil && gesture != .touches && property == "center" { return ViewChange(view: view, property: property, value: .location) }
            if s == "touchRect" && gesture == .touches && property == "frame" { return ViewChange(view: view, property: property, value: .touchRect) }
            throw f.error("value", "\"location\" is a tap's or pan's point (center only), \"touchRect\" a two-finger touch's rectangle (frame only), got \(quoted(s))")
        case (_?, nil):
            return ViewChange(view: view, property: property, value: .value(try literal("value")))
        }
    }

    func decodeBlock(_ json: JSON, path: String, name: String?, start: SceneBlock.Start?, targets: Set<String>,
                     gesture: SceneGesture.Kind?) throws -> SceneBlock {
        let allowed = ["duration", "delay", "options", "spring", "changes", "keyframes"] + (gesture == nil ? ["name", "t", "after"] : [])
        let f = try Fields(json, path: path, file: fileName, allowed: allowed)
        guard let duration = try f.number("duration") else { throw f.missing("duration", "seconds; 0 sets the values at once") }
        guard duration >= 0 && duration <= 1e6 else { throw f.error("duration", "must be from 0 to 1e6 s, got \(f.text("duration"))") }
        let delay = try f.number("delay") ?? 0
        guard delay >= 0 && delay <= 1e6 else { throw f.error("delay", "must be from 0 to 1e6 s, got \(f.text("delay"))") }
        var options: ViewAnimationOptions = []
        var curves = 0
        if let oj = f.value("options") {
            guard case .array(let list) = oj else { throw f.error("options", "must be an array of option names, got \(oj.brief)") }
            for (i, o) in list.enumerated() {
                guard case .string(let s) = o, let opt = SceneDecoder.blockOptions[s] else {
                    throw InputError(file: fileName, path: "\(path).options[\(i)]",
                                     message: "must be one of \(SceneDecoder.blockOptions.keys.sorted().joined(separator: ", ")), got \(o.brief)")
                }
                if s.hasPrefix("curve") { curves += 1 }
                guard curves <= 1 else { throw InputError(file: fileName, path: "\(path).options[\(i)]", message: "only one curve option, got \(o.brief)") }
                options.insert(opt)
            }
        }
        var spring: ViewAnimation.SpringParameters?
        if let sj = f.value("spring") {
            let s = try Fields(sj, path: path + ".spring", file: fileName, allowed: ["dampingRatio", "initialSpringVelocity"])
            guard let z = try s.number("dampingRatio") else { throw s.missing("dampingRatio", "usingSpringWithDamping, 0.01 to 100") }
            guard z >= 0.01 && z <= 100 else { throw s.error("dampingRatio", "must be from 0.01 to 100, got \(s.text("dampingRatio"))") }
            guard duration >= 1e-6 else { throw f.error("duration", "a spring block needs a duration of at least 1e-6 s, got \(f.text("duration"))") }
            spring = .init(dampingRatio: z, initialSpringVelocity: try s.number("initialSpringVelocity") ?? 0)
            guard curves == 0 else { throw f.error("options", "a spring block takes no curve option (the spring is its timing), got \(f.text("options"))") }
        }
        var blockName = name ?? ""
        var blockStart = start ?? .gesture
        if gesture == nil {
            guard let n = try f.string("name") else { throw f.missing("name", "the block's name") }
            guard SceneDecoder.isValidName(n) else { throw f.error("name", "must be 1 to 64 ASCII letters, digits, '_' or '-', got \(quoted(n))") }
            blockName = n
            if let after = try f.string("after") {
                guard f.value("t") == nil else { throw f.error("after", "give t or after, not both, got \(quoted(after))") }
                blockStart = .after(after)
            } else {
                let t = try f.number("t") ?? 0
                guard t >= 0 else { throw f.error("t", "must be >= 0, got \(f.text("t"))") }
                blockStart = .time(t)
            }
        }
        func changes(_ j: JSON, _ p: String) throws -> [ViewChange] {
            guard case .array(let list) = j, !list.isEmpty else { throw InputError(file: fileName, path: p, message: "must be a non-empty array of changes, got \(j.brief)") }
            return try list.enumerated().map { try decodeChange($1, path: "\(p)[\($0)]", targets: targets, gesture: gesture) }
        }
        var block = SceneBlock(name: blockName, start: blockStart, animation: ViewAnimation(duration: duration, delay: delay, options: options, spring: spring),
                               changes: [], keyframes: [])
        switch (f.value("changes"), f.value("keyframes")) {
        case (let c?, nil): block.changes = try changes(c, path + ".changes")
        case (nil, .array(let frames)?) where !frames.isEmpty:
            guard spring == nil else { throw f.error("spring", "a keyframe block takes no spring, got \(f.text("spring"))") }
            for (i, kj) in frames.enumerated() {
                let p = "\(path).keyframes[\(i)]"
                let k = try Fields(kj, path: p, file: fileName, allowed: ["relativeStartTime", "relativeDuration", "changes"])
                let s = try k.number("relativeStartTime") ?? 0, d = try k.number("relativeDuration") ?? 1 - s
                guard s >= 0 && s <= 1 else { throw k.error("relativeStartTime", "must be from 0 to 1, got \(k.text("relativeStartTime"))") }
                guard d >= 0 && s + d <= 1 + 1e-9 else { throw k.error("relativeDuration", "must be from 0 to 1 - relativeStartTime, got \(k.text("relativeDuration"))") }
                guard let cj = k.value("changes") else { throw k.missing("changes", "the keyframe's changes") }
                block.keyframes.append((s, min(d, 1 - s), try changes(cj, p + ".changes")))
            }
        case (nil, let k?): throw f.error("keyframes", "must be a non-empty array of keyframes, got \(k.brief)")
        case (nil, nil): throw f.missing("changes", "the block's changes, or keyframes")
        case (_?, _?): throw f.error("keyframes", "give changes or keyframes, not both, got \(f.text("keyframes"))")
        }
        return block
    }

    func decodeBlocks(_ json: JSON, targets: Set<String>, names: inout Set<String>) throws -> [SceneBlock] {
        guard case .array(let arr) = json else { throw InputError(file: fileName, path: "blocks", message: "must be an array of blocks, got \(json.brief)") }
        var blocks: [SceneBlock] = []
        for (k, bj) in arr.enumerated() {
            let b = try decodeBlock(bj, path: "blocks[\(k)]", name: nil, start: nil, targets: targets, gesture: nil)
            guard names.insert(b.name).inserted else {
                throw InputError(file: fileName, path: "blocks[\(k)].name", message: "duplicate name, got \(quoted(b.name))")
            }
            if case .after(let a) = b.start {
                guard let earlier = blocks.first(where: { $0.name == a }) else {
                    throw InputError(file: fileName, path: "blocks[\(k)].after", message: "must name an earlier block, got \(quoted(a))")
                }
                guard !earlier.animation.options.contains(.repeat) || earlier.animation.duration == 0 else {
                    throw InputError(file: fileName, path: "blocks[\(k)].after", message: "names a repeating block, which never completes, got \(quoted(a))")
                }
            }
            blocks.append(b)
        }
        return blocks
    }

    func decodeGestures(_ json: JSON, scene: Scene, names: inout Set<String>) throws -> [SceneGesture] {
        guard case .array(let arr) = json else { throw InputError(file: fileName, path: "gestures", message: "must be an array of gestures, got \(json.brief)") }
        // UIKit's recognizers and animation blocks work on views, not on bare layers.
        let targets = Set(scene.layers.filter(\.isView).map(\.name))
        var gestures: [SceneGesture] = []
        for (k, gj) in arr.enumerated() {
            let path = "gestures[\(k)]"
            let f = try Fields(gj, path: path, file: fileName, allowed: ["name", "type", "view", "touches", "csv", "action"])
            guard let name = try f.string("name") else { throw f.missing("name", "the gesture's name") }
            guard SceneDecoder.isValidName(name) else { throw f.error("name", "must be 1 to 64 ASCII letters, digits, '_' or '-', got \(quoted(name))") }
            guard names.insert(name).inserted else { throw f.error("name", "duplicate name, got \(quoted(name))") }
            guard let typeName = try f.string("type") else { throw f.missing("type", "pan, tap or touches") }
            guard let kind = SceneGesture.Kind(rawValue: typeName) else { throw f.error("type", "must be pan, tap or touches, got \(quoted(typeName))") }
            guard let view = try f.string("view") else { throw f.missing("view", "the view the recognizer is attached to") }
            guard targets.contains(view) else { throw f.error("view", "no such view, got \(quoted(view))") }
            let width = kind == .touches ? 5 : 3
            let header = kind == .touches ? ["t", "x1", "y1", "x2", "y2"] : ["t", "x", "y"]
            var rows: [[Double]] = []
            switch (f.value("touches"), try f.string("csv")) {
            case (_?, _?): throw f.error("csv", "give touches or csv, not both, got \(f.text("csv"))")
            case (nil, nil): throw f.missing("touches", "[[\(header.joined(separator: ", "))], ...] or a csv file of \(header.joined(separator: ","))")
            case (nil, let csv?):
                guard !csv.isEmpty else { throw f.error("csv", "must be a file name, got \"\"") }
                let bytes = try readSampleFile(csv, path: path + ".csv")
                rows = try SampleCSV.parse(bytes, fileName: displayName(csv), header: header, nonNegativeTimes: true,
                                           maxRows: Limits.maxSamples - budget.samples)
                budget.samples += rows.count
            case (let tj?, nil):
                guard case .array(let list) = tj, !list.isEmpty else { throw f.error("touches", "must be a non-empty array of [\(header.joined(separator: ", "))], got \(tj.brief)") }
                for (i, sj) in list.enumerated() {
                    let p = "\(path).touches[\(i)]"
                    try countSample(path: p)
                    guard case .array(let a) = sj, a.count == width else {
                        throw InputError(file: fileName, path: p, message: "must be [\(header.joined(separator: ", "))], got \(sj.brief)")
                    }
                    var row: [Double] = []
                    for (c, v) in a.enumerated() {
                        guard case .number(let x, let text) = v else { throw InputError(file: fileName, path: "\(p)[\(c)]", message: "must be a number, got \(v.brief)") }
                        guard x.isFinite else { throw InputError(file: fileName, path: "\(p)[\(c)]", message: "must be a finite number, got \(text)") }
                        guard abs(x) <= Limits.magnitude else { throw InputError(file: fileName, path: "\(p)[\(c)]", message: "must be between -1e9 and 1e9, got \(text)") }
                        row.append(x)
                    }
                    if let last = rows.last?[0], row[0] < last {
                        throw InputError(file: fileName, path: "\(p)[0]", message: "time goes backwards (after \(NumberFormat.shortest(last))), got \(NumberFormat.shortest(row[0]))")
                    }
                    guard row[0] >= 0 else { throw InputError(file: fileName, path: "\(p)[0]", message: "must be >= 0, got \(NumberFormat.shortest(row[0]))") }
                    rows.append(row)
                }
            }
            if kind == .pan && rows.count < 2 {
                throw f.error(f.value("csv") != nil ? "csv" : "touches", "a pan needs at least 2 samples (down and up), got \(rows.count)")
            }
            let samples = rows.map { r in (time: r[0], points: stride(from: 1, to: r.count, by: 2).map { SIMD2(r[$0], r[$0 + 1]) }) }
            guard let aj = f.value("action") else { throw f.missing("action", kind == .pan ? "{\"scrub\": animator, ...}" : "{\"animate\": block}") }
            let a = try Fields(aj, path: path + ".action", file: fileName,
                               allowed: kind == .pan ? ["scrub", "distance", "release", "timing", "durationFactor"] : ["animate"])
            let action: SceneGesture.Action
            if kind == .pan {
                guard let animator = try a.string("scrub") else { throw a.missing("scrub", "the animator the pan scrubs") }
                guard let def = scene.animators.first(where: { $0.name == animator }) else { throw a.error("scrub", "no such animator, got \(quoted(animator))") }
                guard def.animator.isInterruptible else { throw a.error("scrub", "the animator must be interruptible to be scrubbed, got \(quoted(animator))") }
                guard let distance = try a.number("distance") else { throw a.missing("distance", "points of translation.x for the whole animation") }
                guard distance != 0 else { throw a.error("distance", "must not be 0, got \(a.text("distance"))") }
                let r = try a.string("release") ?? "center"
                guard let release = SceneGesture.Release(rawValue: r) else { throw a.error("release", "must be center, velocity, continue or reverse, got \(quoted(r))") }
                let timing = try a.value("timing").map { try decodeTiming($0, path: path + ".action.timing") }
                let factor = try a.number("durationFactor") ?? 1
                guard factor > 0 else { throw a.error("durationFactor", "must be positive, got \(a.text("durationFactor"))") }
                action = .scrub(animator: animator, distance: distance, release: release, timing: timing, durationFactor: factor)
            } else {
                guard let bj = a.value("animate") else { throw a.missing("animate", "the block a \(kind.rawValue) runs") }
                action = .animate(try decodeBlock(bj, path: path + ".action.animate", name: name, start: .gesture, targets: targets, gesture: kind))
            }
            gestures.append(SceneGesture(name: name, kind: kind, view: view, samples: samples, csv: try f.string("csv"), action: action))
        }
        return gestures
    }
}
