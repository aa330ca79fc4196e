import Animation
import Springs
import IO

extension SceneDecoder {
    static let blockOptions: [String: ViewAnimationOptions] = [
        "curveEaseInOut": .curveEaseInOut, "curveEaseIn": .curveEaseIn, "curveEaseOut": .curveEaseOut,
        "curveLinear": .curveLinear, "repeat": .repeat, "autoreverse": .autoreverse,
        "beginFromCurrentState": .beginFromCurrentState, "allowUserInteraction": .allowUserInteraction,
    ]

    /// The scene's `views`, after `earlier` (the scroll views' views, which a view may name as its superview).
    func decodeViews(_ json: JSON, names: inout Set<String>, after earlier: [SceneLayer] = []) throws -> [SceneLayer] {
        guard case .array(let arr) = json else {
            throw InputError(file: fileName, path: "views", message: "must be an array of views, got \(json.brief)")
        }
        var views = earlier
        for (k, vj) in arr.enumerated() {
            views.append(try decodeView(vj, path: "views[\(k)]", earlier: views, names: &names))
        }
        return views
    }

    /// One view (UIView's terms), as the layer that shows it; `earlier` are the views before it (a superview must be
    /// one of them). - Throws: ``InputError`` naming the field.
    func decodeView(_ vj: JSON, path: String, earlier views: [SceneLayer], names: inout Set<String>) throws
        -> SceneLayer
    {
        // A view is set up in UIView's terms; a layer's names for the same things say which to use.
        let asView = [
            "superlayer": "to a layer: a view's is \"superview\"", "opacity": "to a layer: a view's is \"alpha\"",
            "position": "to a layer: a view's is \"center\"", "bounds": "to a layer: a view's is \"frame\" or \"size\"",
            "text": "to a layer (a view has none here: add a layer with text)",
        ]
        let f = try Fields(vj, path: path, file: fileName, allowed: ViewFields.table.names, homes: asView)
        guard let name = try f.string("name") else { throw f.missing("name", "the view's name (column prefix)") }
        var layer = SceneLayer(name: name, values: [])
        try ViewFields.table.decode(f, into: &layer)
        guard names.insert(name).inserted else { throw f.error("name", "duplicate name, got \(quoted(name))") }
        if let s = try f.string("superview") {
            guard views.contains(where: { $0.name == s }) else {
                throw f.error("superview", "must name an earlier view, got \(quoted(s))")
            }
            layer.superlayer = s
        }
        // The geometry's values come first, as a view's bounds and position are set before its other properties.
        layer.values = try viewGeometry(f, path: path) + layer.values
        layer.isView = true
        return layer
    }

    /// A view's frame, or its center and size, as its layer's bounds and position.
    /// - Throws: ``InputError`` naming the field.
    func viewGeometry(_ f: Fields, path: String) throws -> [(keyPath: String, value: AnimatableValue)] {
        var center: [Double], size: [Double]
        if let fr = f.value("frame") {
            guard f.value("center") == nil && f.value("size") == nil else {
                throw f.error("frame", "give frame or center and size, not both, got \(fr.brief)")
            }
            let r = try decodeValue(fr, keyPath: "bounds", path: path + ".frame", label: "frame").components
            center = [r[0] + r[2] / 2, r[1] + r[3] / 2]; size = [r[2], r[3]]
        } else {
            guard let c = try f.vector("center") else {
                throw f.missing("frame", "[x, y, width, height], or center and size")
            }
            guard let s = try f.vector("size") else { throw f.missing("size", "[width, height]") }
            center = [c.x, c.y]; size = [s.x, s.y]
        }
        if f.value("frame") != nil {
            guard size[0] >= 0 && size[1] >= 0 else {
                throw f.error("frame", "width and height must be >= 0, got \(f.text("frame"))")
            }
        } else {
            for x in size {
                if let problem = NumberRange.nonNegative.problem(x, text: NumberFormat.shortest(x)) {
                    throw f.error("size", problem)
                }
            }
        }
        return [("bounds", .rect(0, 0, size[0], size[1])), ("position", .point(center[0], center[1]))]
    }

    /// A change inside a block; `gesture` says which gesture values it may take.
    func decodeChange(_ json: JSON, path: String, targets: Set<String>, gesture: SceneGesture.Kind?) throws
        -> ViewChange
    {
        let f = try Fields(json, path: path, file: fileName, allowed: BlockFields.changeTable.names)
        guard let view = try f.string("view") else { throw f.missing("view", "the view to change") }
        guard targets.contains(view) else { throw f.error("view", "no such view, got \(quoted(view))") }
        guard let property = try f.string("property") else {
            throw f.missing("property", "one of \(viewProperties.keys.sorted().joined(separator: ", "))")
        }
        guard let kind = viewProperties[property] else {
            throw f.error(
                "property",
                "must be one of \(viewProperties.keys.sorted().joined(separator: ", ")), got \(quoted(property))")
        }
        let keyPath =
            ["center": "position", "frame": "bounds", "backgroundColor": "backgroundColor"][property] ?? "opacity"
        func literal(_ key: String) throws -> AnimatableValue {
            let j = f.value(key)!
            if property == "scale", case .array(let a) = j {
                guard a.count == 2 else { throw f.error(key, "must be a number or [sx, sy], got \(j.brief)") }
                let v = try decodeValue(
                    .array(a + [.number(0, text: "0"), .number(0, text: "0")]), keyPath: "bounds",
                    path: path + "." + key, label: property
                ).components
                return AnimatableValue(kind: .size, components: [v[0], v[1]])
            }
            if kind == .size {
                guard case .array(let a) = j, a.count == 2 else {
                    throw f.error(key, "must be [width, height], got \(j.brief)")
                }
                let v = try decodeValue(
                    .array(a + [.number(0, text: "0"), .number(0, text: "0")]), keyPath: "bounds",
                    path: path + "." + key, label: property
                ).components
                guard key == "by" || (v[0] >= 0 && v[1] >= 0) else {
                    throw f.error(key, "width and height must be >= 0, got \(j.brief)")
                }
                return AnimatableValue(kind: .size, components: [v[0], v[1]])
            }
            let v = try decodeValue(
                j, keyPath: kind == .scalar ? "opacity" : keyPath, path: path + "." + key, label: property)
            if property == "frame" && key == "value" && (v.components[2] < 0 || v.components[3] < 0) {
                throw f.error(key, "width and height must be >= 0, got \(j.brief)")
            }
            if property == "alpha" && key == "value" && (v.scalar < 0 || v.scalar > 1) {
                throw f.error(key, "must be from 0 to 1, got \(j.brief)")
            }
            return v
        }
        switch (f.value("value"), f.value("by")) {
        case (nil, nil): throw f.missing("value", "the new value, or by: a change of it")
        case (_?, _?): throw f.error("by", "give value or by, not both, got \(f.text("by"))")
        case (nil, _?):
            guard kind != .rect && kind != .color else {
                throw f.error("by", "\(property) takes a value, not by, got \(f.text("by"))")
            }
            return ViewChange(view: view, property: property, value: .by(try literal("by")))
        case (.string(let s)?, nil):
            if s == "location" && gesture != nil && gesture != .touches && property == "center" {
                return ViewChange(view: view, property: property, value: .location)
            }
            if s == "touchRect" && gesture == .touches && property == "frame" {
                return ViewChange(view: view, property: property, value: .touchRect)
            }
            throw f.error(
                "value",
                "\"location\" is a tap's or pan's point (center only), \"touchRect\" a two-finger touch's rectangle (frame only), got \(quoted(s))"
            )
        case (_?, nil):
            return ViewChange(view: view, property: property, value: .value(try literal("value")))
        }
    }

    /// A block: its table's fields, then the rules between them (a spring needs a duration of at least 1e-6 s and no
    /// curve option; changes or keyframes). A gesture's block has no name or start (`gesture` is its kind).
    /// - Throws: ``InputError`` naming the field.
    func decodeBlock(
        _ json: JSON, path: String, name: String?, start: SceneBlock.Start?, targets: Set<String>,
        gesture: SceneGesture.Kind?
    ) throws -> SceneBlock {
        let table = gesture == nil ? BlockFields.table : BlockFields.gestureTable
        let f = try Fields(json, path: path, file: fileName, allowed: table.names)
        if gesture == nil, f.value("name") == nil { throw f.missing("name", "the block's name") }
        guard f.value("duration") != nil else { throw f.missing("duration", "seconds; 0 sets the values at once") }
        var block = SceneBlock(
            name: name ?? "", start: start ?? (gesture == nil ? .time(0) : .gesture),
            animation: ViewAnimation(duration: 0), changes: [], keyframes: [])
        try table.decode(f, into: &block)
        let curves: Int
        (block.animation.options, curves) = try decodeBlockOptions(f, path: path)
        if let sj = f.value("spring") {
            let s = try Fields(sj, path: path + ".spring", file: fileName, allowed: BlockFields.springTable.names)
            guard s.value("dampingRatio") != nil else {
                throw s.missing("dampingRatio", "usingSpringWithDamping, 0.01 to 100")
            }
            var spring = ViewAnimation.SpringParameters(dampingRatio: 1)
            try BlockFields.springTable.decode(s, into: &spring)
            guard block.animation.duration >= 1e-6 else {
                throw f.error(
                    "duration", "a spring block needs a duration of at least 1e-6 s, got \(f.text("duration"))")
            }
            guard curves == 0 else {
                throw f.error(
                    "options",
                    "a spring block takes no curve option (the spring is its timing), got \(f.text("options"))")
            }
            block.animation.spring = spring
        }
        try decodeBlockBody(f, path: path, into: &block, targets: targets, gesture: gesture)
        return block
    }

    /// A block's `options` (UIView.AnimationOptions by name) and how many of them are curves (at most one).
    /// - Throws: ``InputError`` naming the option.
    func decodeBlockOptions(_ f: Fields, path: String) throws -> (ViewAnimationOptions, curves: Int) {
        var options: ViewAnimationOptions = []
        var curves = 0
        if let oj = f.value("options") {
            guard case .array(let list) = oj else {
                throw f.error("options", "must be an array of option names, got \(oj.brief)")
            }
            for (i, o) in list.enumerated() {
                guard case .string(let s) = o, let opt = SceneDecoder.blockOptions[s] else {
                    throw InputError(
                        file: fileName, path: "\(path).options[\(i)]",
                        message:
                            "must be one of \(SceneDecoder.blockOptions.keys.sorted().joined(separator: ", ")), got \(o.brief)"
                    )
                }
                if s.hasPrefix("curve") { curves += 1 }
                guard curves <= 1 else {
                    throw InputError(
                        file: fileName, path: "\(path).options[\(i)]", message: "only one curve option, got \(o.brief)")
                }
                options.insert(opt)
            }
        }
        return (options, curves)
    }

    /// A block's `changes`, or its `keyframes` (UIView.animateKeyframes), into `block`.
    /// - Throws: ``InputError`` naming the field.
    func decodeBlockBody(
        _ f: Fields, path: String, into block: inout SceneBlock, targets: Set<String>,
        gesture: SceneGesture.Kind?
    ) throws {
        func changes(_ j: JSON, _ p: String) throws -> [ViewChange] {
            guard case .array(let list) = j, !list.isEmpty else {
                throw InputError(
                    file: fileName, path: p, message: "must be a non-empty array of changes, got \(j.brief)")
            }
            return try list.enumerated().map {
                try decodeChange($1, path: "\(p)[\($0)]", targets: targets, gesture: gesture)
            }
        }
        switch (f.value("changes"), f.value("keyframes")) {
        case (let c?, nil): block.changes = try changes(c, path + ".changes")
        case (nil, .array(let frames)?) where !frames.isEmpty:
            guard block.animation.spring == nil else {
                throw f.error("spring", "a keyframe block takes no spring, got \(f.text("spring"))")
            }
            for (i, kj) in frames.enumerated() {
                let p = "\(path).keyframes[\(i)]"
                let k = try Fields(kj, path: p, file: fileName, allowed: BlockFields.keyframeTable.names)
                var frame = BlockFields.Keyframe()
                try BlockFields.keyframeTable.decode(k, into: &frame)
                let s = frame.relativeStartTime, d = frame.relativeDuration ?? 1 - s
                guard s + d <= 1 + 1e-9 else {
                    throw k.error(
                        "relativeDuration", "must be from 0 to 1 - relativeStartTime, got \(k.text("relativeDuration"))"
                    )
                }
                guard let cj = k.value("changes") else { throw k.missing("changes", "the keyframe's changes") }
                block.keyframes.append((s, min(d, 1 - s), try changes(cj, p + ".changes")))
            }
        case (nil, let k?): throw f.error("keyframes", "must be a non-empty array of keyframes, got \(k.brief)")
        case (nil, nil): throw f.missing("changes", "the block's changes, or keyframes")
        case (_?, _?): throw f.error("keyframes", "give changes or keyframes, not both, got \(f.text("keyframes"))")
        }
    }

    func decodeBlocks(_ json: JSON, targets: Set<String>, names: inout Set<String>) throws -> [SceneBlock] {
        guard case .array(let arr) = json else {
            throw InputError(file: fileName, path: "blocks", message: "must be an array of blocks, got \(json.brief)")
        }
        var blocks: [SceneBlock] = []
        for (k, bj) in arr.enumerated() {
            let b = try decodeBlock(bj, path: "blocks[\(k)]", name: nil, start: nil, targets: targets, gesture: nil)
            guard names.insert(b.name).inserted else {
                throw InputError(
                    file: fileName, path: "blocks[\(k)].name", message: "duplicate name, got \(quoted(b.name))")
            }
            if case .after(let a) = b.start {
                guard let earlier = blocks.first(where: { $0.name == a }) else {
                    throw InputError(
                        file: fileName, path: "blocks[\(k)].after",
                        message: "must name an earlier block, got \(quoted(a))")
                }
                guard !earlier.animation.options.contains(.repeat) || earlier.animation.duration == 0 else {
                    throw InputError(
                        file: fileName, path: "blocks[\(k)].after",
                        message: "names a repeating block, which never completes, got \(quoted(a))")
                }
            }
            blocks.append(b)
        }
        return blocks
    }
}
