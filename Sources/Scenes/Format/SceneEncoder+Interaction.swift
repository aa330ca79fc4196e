import Animation
import Springs
import IO

// Property animators, UIView animation blocks and gestures as the scene format writes them (the fields
// SceneDecoder's decodeAnimators, decodeBlocks and decodeGestures read).
extension SceneEncoder {
    /// UIViewPropertyAnimator's timing: a curve, a spring by mass, stiffness and damping, or by damping ratio.
    static func animatorTiming(_ t: PropertyAnimator.Timing) -> JSON {
        switch t {
        case .curve(let c): return curve(c)
        case .spring(let s, let v):
            return .object([
                .init("mass", .num(s.mass)), .init("stiffness", .num(s.stiffness)), .init("damping", .num(s.damping)),
                .init("initialVelocity", .num(v)),
            ])
        case .springDampingRatio(let r, let v):
            return .object([.init("dampingRatio", .num(r)), .init("initialVelocity", .num(v))])
        }
    }

    static func animator(_ a: SceneAnimator) -> JSON { .object(AnimatorFields.table.encode(a)) }

    /// The option names in the order they are written (the curve options are one two-bit field).
    static let blockOptionNames: [(String, ViewAnimationOptions)] = [
        ("curveEaseIn", .curveEaseIn), ("curveEaseOut", .curveEaseOut), ("curveLinear", .curveLinear),
        ("repeat", .repeat),
        ("autoreverse", .autoreverse), ("beginFromCurrentState", .beginFromCurrentState),
        ("allowUserInteraction", .allowUserInteraction),
    ]

    /// A block's options by name (the curve options are one two-bit field: the curve in use is written, unless it is
    /// ease in and out, the default).
    static func blockOptions(_ all: ViewAnimationOptions) -> JSON {
        let curveBits = all.rawValue & ViewAnimationOptions.curveMask
        let options = blockOptionNames.filter { name, o in
            name.hasPrefix("curve") ? curveBits == o.rawValue : all.contains(o)
        }
        return .array(options.map { .string($0.0) })
    }

    /// A block; in a gesture, without its name and start.
    static func block(_ b: SceneBlock, inGesture: Bool) -> JSON {
        .object((inGesture ? BlockFields.gestureTable : BlockFields.table).encode(b))
    }

    static func change(_ c: ViewChange) -> JSON { .object(BlockFields.changeTable.encode(c)) }

    static func gesture(_ g: SceneGesture) -> JSON { .object(GestureFields.table.encode(g)) }
}
