import Animation
import Springs

// Shorthands for building scenes in Swift the way the scene format writes them (the built-in catalog uses them). Each
// gives exactly the model the decoder gives for the same fields, so a scene built here prints and reads back equal.

extension SceneLayer {
    /// A layer named `name` whose bounds are (0, 0, size) and whose center is `position` (points), then `values` in
    /// order (key paths of `LayerProperty`), as the scene format's `layers` entry
    /// `{"name", "bounds": [0, 0, w, h], "position": [x, y], ...}`.
    public init(
        name: String, size: SIMD2<Double>, position: SIMD2<Double>,
        _ values: [(keyPath: String, value: AnimatableValue)] = []
    ) {
        self.init(
            name: name,
            values: [("bounds", .rect(0, 0, size.x, size.y)), ("position", .point(position.x, position.y))] + values)
    }

    /// A view (UIView) named `name` with its center and size in its superview's space (points), as the scene format's
    /// `views` entry `{"name", "superview", "center", "size", "backgroundColor", "cornerRadius"}`; colors RGBA in 0 ... 1.
    public static func view(
        _ name: String, superview: String? = nil, center: SIMD2<Double>, size: SIMD2<Double>,
        backgroundColor: AnimatableValue? = nil, cornerRadius: Double? = nil
    ) -> SceneLayer {
        var values: [(keyPath: String, value: AnimatableValue)] = [
            ("bounds", .rect(0, 0, size.x, size.y)),
            ("position", .point(center.x, center.y)),
        ]
        if let c = backgroundColor { values.append(("backgroundColor", c)) }
        if let r = cornerRadius { values.append(("cornerRadius", .scalar(r))) }
        var layer = SceneLayer(name: name, values: values)
        layer.superlayer = superview
        layer.isView = true
        return layer
    }

    /// A view by its frame (x, y, width, height in its superview's space): its center is the frame's.
    public static func view(
        _ name: String, superview: String? = nil, frame: [Double],
        backgroundColor: AnimatableValue? = nil
    ) -> SceneLayer {
        precondition(frame.count == 4, "view: a frame is [x, y, width, height]")
        return view(
            name, superview: superview, center: SIMD2(frame[0] + frame[2] / 2, frame[1] + frame[3] / 2),
            size: SIMD2(frame[2], frame[3]), backgroundColor: backgroundColor)
    }
}

extension SceneGesture {
    /// Samples from rows `[t, x, y]` (pan, tap) or `[t, x1, y1, x2, y2]` (touches), as the scene format's `touches`.
    public static func samples(_ rows: [[Double]]) -> [(time: Double, points: [SIMD2<Double>])] {
        rows.map { r in (time: r[0], points: stride(from: 1, to: r.count, by: 2).map { SIMD2(r[$0], r[$0 + 1]) }) }
    }
}
