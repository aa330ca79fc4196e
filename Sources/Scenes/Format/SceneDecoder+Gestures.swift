import Animation
import IO

// Scripted gestures in a scene file (UIPanGestureRecognizer, UITapGestureRecognizer, two-finger touches): their samples
// and what they do (docs/scene-format.md, "Views, animation blocks and gestures").
extension SceneDecoder {
    func decodeGestures(_ json: JSON, scene: Scene, names: inout Set<String>) throws -> [SceneGesture] {
        guard case .array(let arr) = json else {
            throw InputError(
                file: fileName, path: "gestures", message: "must be an array of gestures, got \(json.brief)")
        }
        // UIKit's recognizers and animation blocks work on views, not on bare layers.
        let targets = Set(scene.layers.filter(\.isView).map(\.name))
        var gestures: [SceneGesture] = []
        for (k, gj) in arr.enumerated() {
            let path = "gestures[\(k)]"
            let f = try Fields(gj, path: path, file: fileName, allowed: GestureFields.table.names)
            guard let name = try f.string("name") else { throw f.missing("name", "the gesture's name") }
            guard f.value("type") != nil else { throw f.missing("type", "pan, tap or touches") }
            var gesture = SceneGesture(
                name: name, kind: .pan, view: "", samples: [],
                action: .animate(
                    SceneBlock(
                        name: name, start: .gesture, animation: ViewAnimation(duration: 0), changes: [], keyframes: []))
            )
            try GestureFields.table.decode(f, into: &gesture)
            guard names.insert(name).inserted else { throw f.error("name", "duplicate name, got \(quoted(name))") }
            let kind = gesture.kind
            guard let view = try f.string("view") else {
                throw f.missing("view", "the view the recognizer is attached to")
            }
            guard targets.contains(view) else { throw f.error("view", "no such view, got \(quoted(view))") }
            let rows = try decodeTouches(f, path: path, kind: kind)
            if kind == .pan && rows.count < 2 {
                throw f.error(
                    f.value("csv") != nil ? "csv" : "touches",
                    "a pan needs at least 2 samples (down and up), got \(rows.count)")
            }
            let samples = rows.map { r in
                (time: r[0], points: stride(from: 1, to: r.count, by: 2).map { SIMD2(r[$0], r[$0 + 1]) })
            }
            if scene.scrollViews.contains(where: { $0.name == view }) {
                // UIScrollView's own pan recognizer: it scrolls, and nothing else.
                guard kind == .pan else {
                    throw f.error("type", "a scroll view takes a pan (it scrolls), got \(quoted(kind.rawValue))")
                }
                guard f.value("action") == nil else {
                    throw f.error(
                        "action", "a pan on a scroll view scrolls it: give no action, got \(f.text("action"))")
                }
                gesture.action = .scroll
            } else {
                guard let aj = f.value("action") else {
                    throw f.missing(
                        "action",
                        kind == .pan ? "{\"scrub\": animator, ...} or {\"throw\": view, ...}" : "{\"animate\": block}")
                }
                gesture.action = try decodeGestureAction(
                    aj, path: path, kind: kind, name: name, scene: scene, targets: targets)
            }
            gesture.view = view
            gesture.samples = samples
            gesture.csv = try f.string("csv")
            gestures.append(gesture)
        }
        try checkOneFingerAtATime(gestures)
        return gestures
    }

    /// A scroll view has one pan recognizer, and a thrown view one finger on it: pans on one scroll view, or throwing
    /// one view, may not overlap in time. - Throws: ``InputError`` naming the later pan's touches.
    func checkOneFingerAtATime(_ gestures: [SceneGesture]) throws {
        var spans: [String: [(k: Int, from: Double, to: Double)]] = [:]
        for (k, g) in gestures.enumerated() {
            let target: String
            switch g.action {
            case .scroll: target = "the scroll view \(quoted(g.view))"
            case .throwing(let t): target = "the thrown view \(quoted(t.view))"
            default: continue
            }
            let from = g.samples.first?.time ?? 0, to = g.samples.last?.time ?? 0
            if let other = spans[target, default: []].first(where: { from <= $0.to && $0.from <= to }) {
                throw InputError(
                    file: fileName, path: "gestures[\(k)].\(g.csv == nil ? "touches" : "csv")",
                    message:
                        "overlaps gestures[\(other.k)] (\(NumberFormat.shortest(other.from)) to \(NumberFormat.shortest(other.to)) s) on \(target), got \(NumberFormat.shortest(from)) to \(NumberFormat.shortest(to)) s; one finger drives it: let one pan end before the next begins"
                )
            }
            spans[target, default: []].append((k, from, to))
        }
    }

    /// A gesture's samples: `touches` ([t, x, y] for a pan or tap, [t, x1, y1, x2, y2] for two fingers) or a `csv`
    /// file of them; times from 0, non-decreasing. - Throws: ``InputError`` naming the sample.
    func decodeTouches(_ f: Fields, path: String, kind: SceneGesture.Kind) throws -> [[Double]] {
        let header = kind == .touches ? ["t", "x1", "y1", "x2", "y2"] : ["t", "x", "y"]
        var rows: [[Double]] = []
        switch (f.value("touches"), try f.string("csv")) {
        case (_?, _?): throw f.error("csv", "give touches or csv, not both, got \(f.text("csv"))")
        case (nil, nil):
            throw f.missing(
                "touches",
                "[[\(header.joined(separator: ", "))], ...] or a csv file of \(header.joined(separator: ","))")
        case (nil, let csv?):
            guard !csv.isEmpty else { throw f.error("csv", "must be a file name, got \"\"") }
            let bytes = try readSampleFile(csv, path: path + ".csv")
            rows = try SampleCSV.parse(
                bytes, fileName: displayName(csv), header: header, nonNegativeTimes: true,
                maxRows: Limits.maxSamples - budget.samples)
            budget.samples += rows.count
        case (let tj?, nil):
            guard case .array(let list) = tj, !list.isEmpty else {
                throw f.error(
                    "touches", "must be a non-empty array of [\(header.joined(separator: ", "))], got \(tj.brief)")
            }
            for (i, sj) in list.enumerated() {
                let p = "\(path).touches[\(i)]"
                let row = try sampleRow(sj, path: p, header: header, after: rows.last?[0])
                guard row[0] >= 0 else {
                    throw InputError(
                        file: fileName, path: "\(p)[0]", message: "must be >= 0, got \(NumberFormat.shortest(row[0]))")
                }
                rows.append(row)
            }
        }
        return rows
    }

    /// What a gesture does: a pan scrubs a property animator (`scrub`, `distance`, `release`, `timing`,
    /// `durationFactor`); a tap or touches run a block (`animate`). - Throws: ``InputError`` naming the field.
    func decodeGestureAction(
        _ aj: JSON, path: String, kind: SceneGesture.Kind, name: String, scene: Scene,
        targets: Set<String>
    ) throws -> SceneGesture.Action {
        let throwing: Bool
        if case .object(let members) = aj {
            throwing = members.contains { $0.key == "throw" }
        } else {
            throwing = false
        }
        let allowed =
            kind != .pan ? ["animate"] : throwing ? ScrollViewFields.throwing.names : GestureFields.pan.names
        let a = try Fields(aj, path: path + ".action", file: fileName, allowed: allowed)
        if kind == .pan && throwing {
            return .throwing(try decodeThrow(a, targets: targets))
        } else if kind == .pan {
            guard let animator = try a.string("scrub") else { throw a.missing("scrub", "the animator the pan scrubs") }
            guard let def = scene.animators.first(where: { $0.name == animator }) else {
                throw a.error("scrub", "no such animator, got \(quoted(animator))")
            }
            guard def.animator.isInterruptible else {
                throw a.error("scrub", "the animator must be interruptible to be scrubbed, got \(quoted(animator))")
            }
            guard a.value("distance") != nil else {
                throw a.missing("distance", "points of translation.x for the whole animation")
            }
            var pan = GestureFields.Pan()
            try GestureFields.pan.decode(a, into: &pan)
            guard pan.distance != 0 else { throw a.error("distance", "must not be 0, got \(a.text("distance"))") }
            return .scrub(
                animator: animator, distance: pan.distance, release: pan.release, timing: pan.timing,
                durationFactor: pan.durationFactor)
        } else {
            guard let bj = a.value("animate") else { throw a.missing("animate", "the block a \(kind.rawValue) runs") }
            return .animate(
                try decodeBlock(
                    bj, path: path + ".action.animate", name: name, start: .gesture, targets: targets, gesture: kind))
        }
    }
}
