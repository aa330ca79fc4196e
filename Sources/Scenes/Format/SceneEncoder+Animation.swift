import Animation
import Springs
import IO

// The Core Animation and UIKit side of a scene file, written from the typed model: layers, views, animations,
// property animators, UIView animation blocks and gestures (the fields ``SceneDecoder`` reads, docs/scene-format.md "Layers and
// animations", "Views, blocks and gestures").
extension SceneEncoder {
    /// A value as the scene format writes it: a number for a scalar, else its components.
    static func value(_ v: AnimatableValue) -> JSON {
        v.kind == .scalar ? .num(v.scalar) : .array(v.components.map { .num($0) })
    }

    /// A timing curve: Apple's name when it is a named curve, else its four control-point numbers.
    static func curve(_ c: CubicBezier) -> JSON {
        if let named = CubicBezier.named.first(where: { $0.curve == c }) { return .string(named.name) }
        return .array([c.x1, c.y1, c.x2, c.y2].map { .num($0) })
    }

    /// A layer as the file writes it (``LayerFields/encode(_:)``).
    static func layer(_ layer: SceneLayer) -> JSON { LayerFields.encode(layer) }

    /// A timed change of a layer's timing.
    static func timingChange(_ c: SceneTimingChange) -> JSON { .object(TimingChangeFields.table.encode(c)) }

    /// A view in UIView's terms, from its layer's values (``SceneLayer/isView``).
    static func view(_ layer: SceneLayer) -> JSON { .object(ViewFields.table.encode(layer)) }

    /// A scroll view's entry.
    static func scrollView(_ s: SceneScrollView) -> JSON { .object(ScrollViewFields.table.encode(s)) }

    static func animation(_ a: SceneAnimation) -> JSON {
        .object(AnimationKindFields.placement.encode(a) + animationFields(a.animation))
    }

    /// An animation's own fields, by type.
    static func animationFields(_ animation: LayerAnimation) -> [JSON.Member] {
        switch animation {
        case .basic(let a): return AnimationKindFields.basic.encode(a)
        case .spring(let a): return AnimationKindFields.spring.encode(a)
        case .keyframe(let a): return AnimationKindFields.keyframe.encode(a)
        case .group(let g): return AnimationKindFields.group.encode(g)
        case .transition(let tr): return AnimationKindFields.transition.encode(tr)
        }
    }

    /// A path as SVG path data with absolute commands (`M x y L x y Q cx cy x y C c1x c1y c2x c2y x y Z`).
    static func pathData(_ path: BezierPath) -> String {
        func p(_ v: SIMD2<Double>) -> String { NumberFormat.shortest(v.x) + " " + NumberFormat.shortest(v.y) }
        return path.elements.map { e -> String in
            switch e {
            case .move(let a): return "M " + p(a)
            case .line(let a): return "L " + p(a)
            case .quad(let c, let a): return "Q " + p(c) + " " + p(a)
            case .cubic(let c1, let c2, let a): return "C " + p(c1) + " " + p(c2) + " " + p(a)
            case .close: return "Z"
            }
        }.joined(separator: " ")
    }
}
