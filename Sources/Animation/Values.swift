/// A value Core Animation can interpolate, as its numeric components.
///
/// Kinds and components: `scalar` (1), `point` (x, y), `size` (width, height), `rect` (x, y, width, height), `color`
/// (red, green, blue, alpha, each 0 ... 1), `transform` (a CATransform3D's 16 entries, row by row). Interpolation,
/// addition and distance act per component, so a key path such as `transform.rotation.z` (a scalar) interpolates the
/// angle itself — 315° clockwise is 315°, never the short way. A whole `transform` instead interpolates its decomposed
/// parts (`Transform3D.interpolate`); its `+` is concatenation (the right operand applied first, in the layer's own
/// frame), `a − b` undoes b (b⁻¹ · a), and `a * s` is the fraction s of a (interpolated from the identity).
public struct AnimatableValue: Hashable, Sendable {
    /// What the components mean.
    public enum Kind: String, Sendable {
        case scalar, point, size, rect, color, transform

        /// How many components a kind has: 1 (scalar), 2 (point, size), 4 (rect, color), 16 (transform).
        public var componentCount: Int {
            switch self {
            case .scalar: return 1
            case .point, .size: return 2
            case .rect, .color: return 4
            case .transform: return 16
            }
        }
    }

    /// What the components mean.
    public let kind: Kind
    /// The components, in the order the kind lists them.
    public let components: [Double]

    /// A value of `kind` from its components.
    /// - Precondition: the count matches the kind (``Kind/componentCount``: 1, 2, 2, 4, 4, 16).
    public init(kind: Kind, components: [Double]) {
        let expected = kind.componentCount
        precondition(components.count == expected, "AnimatableValue: \(kind) takes \(expected) components")
        self.kind = kind
        self.components = components
    }

    /// A number.
    public static func scalar(_ x: Double) -> AnimatableValue { AnimatableValue(kind: .scalar, components: [x]) }
    /// A point, points.
    public static func point(_ x: Double, _ y: Double) -> AnimatableValue {
        AnimatableValue(kind: .point, components: [x, y])
    }
    /// A size, points.
    public static func size(_ w: Double, _ h: Double) -> AnimatableValue {
        AnimatableValue(kind: .size, components: [w, h])
    }
    /// A rectangle, points.
    public static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> AnimatableValue {
        AnimatableValue(kind: .rect, components: [x, y, w, h])
    }
    /// An RGBA color, components 0 ... 1.
    public static func color(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> AnimatableValue {
        AnimatableValue(kind: .color, components: [r, g, b, a])
    }

    /// A whole 3D transform.
    public static func transform(_ t: Transform3D) -> AnimatableValue {
        AnimatableValue(kind: .transform, components: t.m)
    }

    /// The value as a transform. - Precondition: kind `transform`.
    public var transform3D: Transform3D { Transform3D(components) }

    /// The value an additive animation starts from: zero, or the identity for a transform.
    public var additiveIdentity: AnimatableValue { kind == .transform ? .transform(.identity) : self * 0 }

    /// The first component (the value of a scalar).
    public var scalar: Double { components[0] }

    /// `a + (b − a) t` per component. - Precondition: same kind.
    public static func interpolate(_ a: AnimatableValue, _ b: AnimatableValue, _ t: Double) -> AnimatableValue {
        precondition(a.kind == b.kind, "AnimatableValue: cannot interpolate \(a.kind) and \(b.kind)")
        if a.kind == .transform { return .transform(Transform3D.interpolate(a.transform3D, b.transform3D, t)) }
        return AnimatableValue(kind: a.kind, components: zip(a.components, b.components).map { $0 + ($1 - $0) * t })
    }

    /// Per-component sum. - Precondition: same kind.
    public static func + (a: AnimatableValue, b: AnimatableValue) -> AnimatableValue {
        precondition(a.kind == b.kind, "AnimatableValue: cannot add \(a.kind) and \(b.kind)")
        if a.kind == .transform { return .transform(b.transform3D.concatenating(a.transform3D)) }
        return AnimatableValue(kind: a.kind, components: zip(a.components, b.components).map(+))
    }

    /// Per-component difference. - Precondition: same kind.
    public static func - (a: AnimatableValue, b: AnimatableValue) -> AnimatableValue {
        precondition(a.kind == b.kind, "AnimatableValue: cannot subtract \(a.kind) and \(b.kind)")
        if a.kind == .transform {
            guard let inverse = b.transform3D.inverted() else { return a }
            return .transform(inverse.concatenating(a.transform3D))
        }
        return AnimatableValue(kind: a.kind, components: zip(a.components, b.components).map(-))
    }

    /// Per-component scaling.
    public static func * (a: AnimatableValue, s: Double) -> AnimatableValue {
        if a.kind == .transform { return .transform(Transform3D.interpolate(.identity, a.transform3D, s)) }
        return AnimatableValue(kind: a.kind, components: a.components.map { $0 * s })
    }

    /// Euclidean distance between the component vectors (used for paced keyframes).
    public static func distance(_ a: AnimatableValue, _ b: AnimatableValue) -> Double {
        zip(a.components, b.components).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }
}
