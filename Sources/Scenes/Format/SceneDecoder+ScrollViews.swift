import Animation
import Dynamics
import IO

// Scroll views (UIScrollView) in a scene file, and a pan's throwing drag (docs/scene-format.md, "Scroll views";
// docs/fluid.md).
extension SceneDecoder {
    /// The scene's `scrollViews`: each a root view (its layer comes before the views, which may name it as their
    /// `superview`). - Throws: ``InputError`` naming the field.
    func decodeScrollViews(_ json: JSON, names: inout Set<String>) throws -> [SceneScrollView] {
        guard case .array(let arr) = json else {
            throw InputError(
                file: fileName, path: "scrollViews", message: "must be an array of scroll views, got \(json.brief)")
        }
        var out: [SceneScrollView] = []
        for (k, sj) in arr.enumerated() {
            let path = "scrollViews[\(k)]"
            let f = try Fields(sj, path: path, file: fileName, allowed: ScrollViewFields.table.names)
            guard let name = try f.string("name") else { throw f.missing("name", "the scroll view's name") }
            guard let fr = f.value("frame") else { throw f.missing("frame", "[x, y, width, height] on the screen") }
            guard f.value("contentSize") != nil else {
                throw f.missing("contentSize", "[width, height] of the content")
            }
            var s = SceneScrollView(name: name, frame: Rect(x: 0, y: 0, width: 0, height: 0), contentSize: .zero)
            try ScrollViewFields.table.decode(f, into: &s)
            guard names.insert(name).inserted else { throw f.error("name", "duplicate name, got \(quoted(name))") }
            let r = try decodeValue(fr, keyPath: "bounds", path: path + ".frame", label: "frame").components
            guard r[2] >= 0 && r[3] >= 0 else {
                throw f.error("frame", "width and height must be >= 0, got \(f.text("frame"))")
            }
            s.frame = Rect(x: r[0], y: r[1], width: r[2], height: r[3])
            s.superview = try f.string("superview")
            for (key, axis) in [("snapPointsX", 0), ("snapPointsY", 1)] {
                guard let pj = f.value(key) else { continue }
                guard case .array(let list) = pj, !list.isEmpty else {
                    throw f.error(key, "must be a non-empty array of offsets, got \(pj.brief)")
                }
                var points: [Double] = []
                for (i, xj) in list.enumerated() {
                    guard case .number(let x, let text) = xj, x.isFinite, abs(x) <= Limits.magnitude else {
                        throw f.error("\(key)[\(i)]", "must be a number between -1e9 and 1e9, got \(xj.brief)")
                    }
                    let maximum = s.maximumOffset(axis)
                    guard x >= 0 && x <= maximum else {
                        throw f.error(
                            "\(key)[\(i)]",
                            "must be an offset within the content, 0 to \(NumberFormat.shortest(maximum)) (contentSize − frame), got \(text)"
                        )
                    }
                    if let last = points.last, x <= last {
                        throw f.error(
                            "\(key)[\(i)]",
                            "snap points must increase, got \(text) after \(NumberFormat.shortest(last)); list them in order"
                        )
                    }
                    points.append(x)
                }
                if axis == 0 { s.snapPointsX = points } else { s.snapPointsY = points }
            }
            if s.isPagingEnabled && !(s.snapPointsX.isEmpty && s.snapPointsY.isEmpty) {
                throw f.error(
                    s.snapPointsX.isEmpty ? "snapPointsY" : "snapPointsX",
                    "give isPagingEnabled or snap points, not both, got both")
            }
            out.append(s)
        }
        return out
    }

    /// The views in their order with the scroll views placed: one without a superview before them all (a root view
    /// at the back), one with a superview right after it (its first subview, below the views declared after it).
    /// - Throws: ``InputError`` for a superview that is not a view, or a view declared before the view holding the
    ///   scroll view it names as its superview.
    func placed(_ scrollViews: [SceneScrollView], among views: [SceneLayer]) throws -> [SceneLayer] {
        let viewNames = Set(views.map(\.name))
        for (k, s) in scrollViews.enumerated() {
            if let p = s.superview, !viewNames.contains(p) {
                throw InputError(
                    file: fileName, path: "scrollViews[\(k)].superview",
                    message: "must name a view (in `views`), got \(quoted(p))")
            }
        }
        var out = scrollViews.filter { $0.superview == nil }.map(\.layer)
        for v in views {
            out.append(v)
            out += scrollViews.filter { $0.superview == v.name }.map(\.layer)
        }
        // Each superview before its subviews: a view inside a scroll view comes after the view holding that scroll view.
        var seen = Set<String>()
        for l in out {
            if let p = l.superlayer, !seen.contains(p), let k = views.firstIndex(where: { $0.name == l.name }),
                let holder = scrollViews.first(where: { $0.name == p })?.superview
            {
                throw InputError(
                    file: fileName, path: "views[\(k)].superview",
                    message:
                        "the scroll view \(quoted(p)) sits in \(quoted(holder)), declared after this view; declare \(quoted(holder)) first"
                )
            }
            seen.insert(l.name)
        }
        return out
    }

    /// A pan's `{"throw": view, "snapPoints": [...], ...}` action. - Throws: ``InputError`` naming the field.
    func decodeThrow(_ a: Fields, targets: Set<String>) throws -> SceneThrow {
        guard let view = try a.string("throw") else { throw a.missing("throw", "the view the pan moves") }
        guard targets.contains(view) else { throw a.error("throw", "no such view, got \(quoted(view))") }
        guard let pj = a.value("snapPoints") else {
            throw a.missing("snapPoints", "[[x, y], ...], the centers the view may rest on")
        }
        guard case .array(let list) = pj, !list.isEmpty else {
            throw a.error("snapPoints", "must be a non-empty array of [x, y] points, got \(pj.brief)")
        }
        var points: [Vector2] = []
        for (i, p) in list.enumerated() {
            let v = try decodeValue(p, keyPath: "position", path: a.childPath("snapPoints[\(i)]"), label: "snap point")
                .components
            points.append(Vector2(v[0], v[1]))
        }
        var drag = SceneThrow(view: view, snapPoints: points)
        try ScrollViewFields.throwing.decode(a, into: &drag)
        return drag
    }
}
