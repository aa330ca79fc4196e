/// One animatable property of a layer (CALayer): its key path, the kind of value it takes, Core Animation's default,
/// and the output columns that present it. ``LayerProperty/all`` is the one table of layer properties: the layer
/// model's defaults and key paths (``Layer``), the scene decoder's value kinds, a run's columns and docs/scene-format.md
/// all read it, so a property is added in one place.
///
/// Units: points (`position`, `bounds`, `cornerRadius`, translations), radians (rotations, clockwise on screen, y
/// down), unit fractions (`anchorPoint`, `opacity`, color components, scales are factors).
public struct LayerProperty: Sendable {
    /// One output column: its name after `<layer>.`, the key path whose presented value it shows, and the component of
    /// that value (nil: the key path presents a scalar).
    public struct Column: Sendable, Equatable {
        /// The column name after the layer's name (`position.x`, `backgroundColor.red`, `transform.m34`).
        public let name: String
        /// The key path presented (``Layer/presentationValue(_:at:)``).
        public let keyPath: String
        /// The component of the presented value, or nil for a scalar key path.
        public let component: Int?
    }

    /// The stored key path (`position`, `opacity`, `transform.rotation.z`, ...).
    public let keyPath: String
    /// The kind of value it takes.
    public let kind: AnimatableValue.Kind
    /// Core Animation's default (CALayer's initial value; `bounds` and `position` default to zero).
    public let defaultValue: AnimatableValue
    /// Its output columns, in order (none for `anchorPoint`, which only moves the layer's placement).
    public let columns: [Column]
    /// Whether every layer writes its columns (false for the whole `transform`, written only for a layer that sets or
    /// animates it).
    public let isAlwaysWritten: Bool

    init(
        _ keyPath: String, _ kind: AnimatableValue.Kind, _ defaultValue: AnimatableValue, columns: [Column]? = nil,
        isAlwaysWritten: Bool = true
    ) {
        self.keyPath = keyPath
        self.kind = kind
        self.defaultValue = defaultValue
        self.columns = columns ?? [Column(name: keyPath, keyPath: keyPath, component: nil)]
        self.isAlwaysWritten = isAlwaysWritten
    }

    /// Columns of the components of a whole value, `<keyPath>.<name>`.
    private static func parts(_ keyPath: String, _ names: [String]) -> [Column] {
        names.enumerated().map { Column(name: keyPath + "." + $1, keyPath: keyPath, component: $0) }
    }

    /// Columns of sub key paths that present scalars.
    private static func scalars(_ keyPaths: [String]) -> [Column] {
        keyPaths.map { Column(name: $0, keyPath: $0, component: nil) }
    }

    /// Every layer property, in column order. Source: CALayer's animatable properties and their defaults (Apple's
    /// CALayer documentation; "Core Animation Programming Guide", Key-Value Coding Extensions for the transform's
    /// key paths).
    public static let all: [LayerProperty] = [
        LayerProperty("position", .point, .point(0, 0), columns: scalars(["position.x", "position.y"])),
        LayerProperty(
            "bounds", .rect, .rect(0, 0, 0, 0), columns: scalars(["bounds.size.width", "bounds.size.height"])),
        LayerProperty("opacity", .scalar, .scalar(1)),
        LayerProperty("cornerRadius", .scalar, .scalar(0)),
        LayerProperty("transform.rotation.x", .scalar, .scalar(0)),
        LayerProperty("transform.rotation.y", .scalar, .scalar(0)),
        LayerProperty("transform.rotation.z", .scalar, .scalar(0)),
        LayerProperty("transform.scale.x", .scalar, .scalar(1)),
        LayerProperty("transform.scale.y", .scalar, .scalar(1)),
        LayerProperty("transform.translation.x", .scalar, .scalar(0)),
        LayerProperty("transform.translation.y", .scalar, .scalar(0)),
        LayerProperty(
            "backgroundColor", .color, .color(0, 0, 0, 0),
            columns: parts("backgroundColor", ["red", "green", "blue", "alpha"])),
        LayerProperty("anchorPoint", .point, .point(0.5, 0.5), columns: []),
        LayerProperty(
            "transform", .transform, .transform(.identity),
            columns: (1...4).flatMap { i in
                (1...4).map { j in
                    Column(name: "transform.m\(i)\(j)", keyPath: "transform", component: (i - 1) * 4 + j - 1)
                }
            }, isAlwaysWritten: false),
    ]

    /// Key paths that address part of a stored property, or stand for one: the component (nil: the whole) of the
    /// stored property they read and write. `transform.scale` sets both scales; `transform.rotation` is the rotation
    /// about z.
    public static let subKeyPaths: [String: (property: String, component: Int?)] = [
        "position.x": ("position", 0), "position.y": ("position", 1),
        "bounds.size.width": ("bounds", 2), "bounds.size.height": ("bounds", 3),
        "transform.scale": ("transform.scale", nil), "transform.rotation": ("transform.rotation.z", nil),
    ]

    /// The properties by key path.
    public static let byKeyPath: [String: LayerProperty] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.keyPath, $0) })

    /// The kind of value a key path takes (a stored property's kind; a sub key path's is a scalar), or nil for an
    /// unknown key path.
    public static func kind(of keyPath: String) -> AnimatableValue.Kind? {
        if let p = byKeyPath[keyPath] { return p.kind }
        return subKeyPaths[keyPath] != nil ? .scalar : nil
    }
}
