import Foundation
import Springs

/// Any animation a layer can run.
public enum LayerAnimation: Equatable, Sendable {
    case basic(BasicAnimation)
    case spring(SpringAnimation)
    case keyframe(KeyframeAnimation)
    case group(AnimationGroup)
    case transition(Transition)

    /// The key paths it animates (a group: its children's).
    public var keyPaths: [String] {
        switch self {
        case .basic(let a): return [a.keyPath]
        case .spring(let a): return [a.keyPath]
        case .keyframe(let a): return [a.keyPath]
        case .group(let g): return g.animations.flatMap(\.keyPaths)
        case .transition: return []
        }
    }

    /// Its own timing.
    var timing: MediaTiming {
        switch self {
        case .basic(let a): return resolvedTiming(a.timing)
        case .spring(let a):
            var t = a.timing
            if t.duration == 0 { t.duration = a.settlingDuration }
            return t
        case .keyframe(let a): return resolvedTiming(a.timing)
        case .group(let g): return resolvedTiming(g.timing)
        case .transition(let tr): return resolvedTiming(tr.timing)
        }
    }

    /// The value it presents for `keyPath` at `time` (the parent's time), given the value below it, or nil.
    func value(for keyPath: String, at time: Double, below: AnimatableValue) -> AnimatableValue? {
        switch self {
        case .basic(let a): return a.keyPath == keyPath ? a.value(atParentTime: time, model: below) : nil
        case .spring(let a): return a.keyPath == keyPath ? a.value(atParentTime: time, model: below) : nil
        case .keyframe(let a):
            if keyPath == "transform.rotation.z", let r = a.rotation(atParentTime: time) { return below + .scalar(r) }
            return a.keyPath == keyPath ? a.value(atParentTime: time, model: below) : nil
        case .group(let g): return g.value(for: keyPath, at: time, below: below)
        case .transition: return nil
        }
    }
}

/// CAAnimationGroup: animations sharing the group's time. Children run on the group's local time (after its
/// timingFunction, which warps it); a child of duration 0 takes the group's duration; a child is cut off where the
/// group ends.
public struct AnimationGroup: Equatable, Sendable {
    /// The grouped animations, applied in order.
    public var animations: [LayerAnimation]
    /// The group's timing (duration 0 means 0.25 s).
    public var timing: MediaTiming
    /// Warps the group's local time (default linear).
    public var timingFunction: CubicBezier

    /// A group; see the properties for defaults.
    public init(
        animations: [LayerAnimation], timing: MediaTiming = MediaTiming(), timingFunction: CubicBezier = .linear
    ) {
        self.animations = animations
        self.timing = timing
        self.timingFunction = timingFunction
    }

    func value(for keyPath: String, at time: Double, below: AnimatableValue) -> AnimatableValue? {
        let t = resolvedTiming(timing)
        guard let s = t.sample(atParentTime: time) else { return nil }
        // The group's local time within the current play, warped by its timing function.
        let local = timingFunction.value(at: s.progress) * t.duration
        var value: AnimatableValue?
        for child in animations {
            // Apple: a grouped animation's isRemovedOnCompletion is ignored, so its fillMode alone decides whether it
            // holds its end value until the group ends.
            var c = child.withDefaultDuration(t.duration).mapTiming { $0.isRemovedOnCompletion = false }
            // A child that ends exactly at the group's turn or end (local time = the group's duration) shows its end
            // value there, not the model: the group, whose child times are clipped to it, decides removal, and a pulse
            // must not flash the model value for one frame at each turn.
            if local >= t.duration {
                let ct = c.timing
                if ct.beginTime + ct.activeDuration / ct.speed == local { c = c.filledForwards() }
            }
            if let v = c.value(for: keyPath, at: local, below: value ?? below) { value = v }
        }
        return value
    }
}

extension LayerAnimation {
    /// The timing with a duration of 0 resolved (0.25 s, or a spring's settling duration).
    public var effectiveTiming: MediaTiming { timing }

    /// The animation with its own timing changed by `change` (a spring's duration 0 stays its settling duration).
    func mapTiming(_ change: (inout MediaTiming) -> Void) -> LayerAnimation {
        switch self {
        case .basic(var a): change(&a.timing); return .basic(a)
        case .spring(var a): change(&a.timing); return .spring(a)
        case .keyframe(var a): change(&a.timing); return .keyframe(a)
        case .group(var g): change(&g.timing); return .group(g)
        case .transition(var tr): change(&tr.timing); return .transition(tr)
        }
    }

    /// The animation with its begin time moved later by `delay` seconds.
    public func delayed(by delay: Double) -> LayerAnimation { mapTiming { $0.beginTime += delay } }

    /// The animation held at its end (fillMode forwards, not removed on completion).
    func filledForwards() -> LayerAnimation {
        mapTiming { t in
            t.fillMode = t.fillMode == .backwards || t.fillMode == .both ? .both : .forwards
            t.isRemovedOnCompletion = false
        }
    }

    /// The animation with a duration of 0 replaced by `duration` (a group child takes the group's duration).
    func withDefaultDuration(_ duration: Double) -> LayerAnimation {
        switch self {
        case .basic(var a): if a.timing.duration == 0 { a.timing.duration = duration }; return .basic(a)
        case .keyframe(var a): if a.timing.duration == 0 { a.timing.duration = duration }; return .keyframe(a)
        case .group(var g): if g.timing.duration == 0 { g.timing.duration = duration }; return .group(g)
        case .spring, .transition: return self
        }
    }
}

/// A layer (CALayer) in the model: property values by key path, and animations added by key.
///
/// Properties: `bounds` (rect), `position` and `anchorPoint` (points), `opacity`, `cornerRadius`, `backgroundColor`
/// (RGBA), and the transform's components `transform.rotation.x`, `.y`, `.z` (radians), `transform.scale.x`, `.y`,
/// `transform.translation.x`, `.y`, and a whole `transform` (CATransform3D, interpolated by decomposition). The whole
/// transform is kept apart from the component key paths: an animation of `transform` does not change what
/// `transform.rotation.z` presents, and the other way round. Sub-paths address components: `position.x`, `position.y`, `bounds.size.width`,
/// `bounds.size.height`, and `transform.scale` sets both scales. The presentation of a key path at a time starts from the
/// model value and applies every animation touching it in the order they were added; a later one wins unless it is
/// additive (then it adds to what is below it). Adding an animation under an existing key replaces it; removing it
/// returns the presentation to the model at once.
public struct Layer: Sendable {
    /// The layer's name (column prefix).
    public var name: String
    /// Model values by key path.
    public private(set) var model: [String: AnimatableValue]
    /// Animations in the order added, with their keys.
    public private(set) var animations: [(key: String, animation: LayerAnimation)] = []

    /// The contents: a text label's text (CATextLayer.string), "" for none.
    public var text: String = ""
    /// The label's text color (CATextLayer.foregroundColor), RGBA; default opaque black.
    public var textColor: AnimatableValue = .color(0, 0, 0, 1)

    /// What the layer's contents present at one moment.
    public struct Contents: Equatable, Sendable {
        /// The current (new) text and color.
        public var text: String
        /// See `text`.
        public var textColor: AnimatableValue
        /// The contents a running transition is replacing ("" and clear when none).
        public var oldText: String
        /// See `oldText`.
        public var oldTextColor: AnimatableValue
        /// The running transition's state, or `Transition.State.settled`.
        public var transition: Transition.State
    }

    /// The contents at `time`: each transition, from its begin time on, replaces the text and color it carries; while
    /// one runs, the contents before it are the old contents, shown as the transition's state says.
    public func presentedContents(at time: Double, size: SIMD2<Double>) -> Contents {
        var current = (text, textColor), previous = ("", AnimatableValue.color(0, 0, 0, 0))
        var running: Transition.State?
        let transitions = animations.enumerated().compactMap { k, entry -> (Int, Transition)? in
            if case .transition(let tr) = entry.animation { return (k, tr) }
            return nil
        }.sorted { ($0.1.timing.beginTime, $0.0) < ($1.1.timing.beginTime, $1.0) }
        for (_, tr) in transitions where tr.timing.beginTime <= time {
            previous = current
            current = (tr.text ?? current.0, tr.textColor ?? current.1)
            running = tr.state(atParentTime: time, size: size)
        }
        guard let state = running else {
            return Contents(
                text: current.0, textColor: current.1, oldText: "", oldTextColor: .color(0, 0, 0, 0),
                transition: .settled)
        }
        return Contents(
            text: current.0, textColor: current.1, oldText: previous.0, oldTextColor: previous.1, transition: state)
    }

    /// The 2D placement of a layer in its superlayer at one moment: p ↦ origin + R(θ) S (p − pivot).
    public struct Placement: Sendable {
        /// The point of the layer's own space that sits at `origin` (bounds.origin + anchorPoint ⊙ bounds.size).
        public var pivot: SIMD2<Double>
        /// Where the pivot lands in the superlayer: position + translation, points.
        public var origin: SIMD2<Double>
        /// Scales (x, y).
        public var scale: SIMD2<Double>
        /// cos θ and sin θ of the rotation about z.
        public var cosSin: SIMD2<Double>

        /// The same map as x ↦ m x + b: m the 2 x 2 matrix R(θ) S as rows (m00, m01, m10, m11), b = origin − m pivot,
        /// for composing placements up a layer tree.
        public var affine: (m: SIMD4<Double>, b: SIMD2<Double>) {
            let (c, s) = (cosSin.x, cosSin.y)
            let m = SIMD4(c * scale.x, -s * scale.y, s * scale.x, c * scale.y)
            return (m, origin - SIMD2(m[0] * pivot.x + m[1] * pivot.y, m[2] * pivot.x + m[3] * pivot.y))
        }

        /// The point p of the layer's space in the superlayer's space.
        public func map(_ p: SIMD2<Double>) -> SIMD2<Double> {
            let l = (p - pivot) * scale
            return origin + SIMD2(cosSin.x * l.x - cosSin.y * l.y, cosSin.y * l.x + cosSin.x * l.y)
        }
    }

    /// The layer's placement in its superlayer at `time`, as CALayer's `convert(_:to:)` does for the 2D transform
    /// components: position + T + R(θ) S (p − bounds.origin − anchorPoint ⊙ bounds.size), with S the scales, R the
    /// rotation about z (+θ turns +x toward +y, clockwise on screen) and T the translation. A sublayer's `position` is
    /// in its superlayer's space, so applying placements up the tree puts it on the screen. The whole `transform`
    /// (CATransform3D) is not part of this mapping.
    public func placement(at time: Double) -> Placement {
        placement { presentationValue($0, at: time) }
    }

    /// The placement from the model values (UIKit converts points and hit-tests with the model layer).
    public var modelPlacement: Placement { placement { modelValue($0) } }

    private func placement(_ value: (String) -> AnimatableValue?) -> Placement {
        func v(_ k: String) -> [Double] { value(k)?.components ?? [0, 0, 0, 0] }
        let b = v("bounds"), a = v("anchorPoint"), pos = v("position"), th = v("transform.rotation.z")[0]
        return Placement(
            pivot: SIMD2(b[0] + a[0] * b[2], b[1] + a[1] * b[3]),
            origin: SIMD2(pos[0] + v("transform.translation.x")[0], pos[1] + v("transform.translation.y")[0]),
            scale: SIMD2(v("transform.scale.x")[0], v("transform.scale.y")[0]), cosSin: SIMD2(cos(th), sin(th)))
    }

    /// Maps a point in this layer's own coordinate space (its bounds) into its superlayer's space at `time`
    /// (`placement(at:).map(p)`).
    public func pointInSuperlayer(_ p: SIMD2<Double>, at time: Double) -> SIMD2<Double> { placement(at: time).map(p) }

    /// Core Animation's default model values (``LayerProperty/all``) for a layer with the given bounds and position.
    public static func defaults(bounds: AnimatableValue, position: AnimatableValue) -> [String: AnimatableValue] {
        var values = Dictionary(uniqueKeysWithValues: LayerProperty.all.map { ($0.keyPath, $0.defaultValue) })
        values["bounds"] = bounds
        values["position"] = position
        return values
    }

    /// A layer with CA's defaults and the given overrides.
    public init(
        name: String, bounds: AnimatableValue = .rect(0, 0, 0, 0), position: AnimatableValue = .point(0, 0),
        values: [String: AnimatableValue] = [:]
    ) {
        self.name = name
        var m = Layer.defaults(bounds: bounds, position: position)
        for (k, v) in values { m[k] = v }
        self.model = m
    }

    /// The stored property and component index a key path addresses (``LayerProperty``), or nil for an unknown key path.
    public static func address(_ keyPath: String) -> (property: String, component: Int?)? {
        if LayerProperty.byKeyPath[keyPath] != nil { return (keyPath, nil) }
        return LayerProperty.subKeyPaths[keyPath]
    }

    /// Sets a model value (CALayer's setter: no implicit animation here).
    public mutating func setValue(_ value: AnimatableValue, for keyPath: String) {
        if keyPath == "transform.scale" {
            model["transform.scale.x"] = value
            model["transform.scale.y"] = value
            return
        }
        guard let (property, component) = Layer.address(keyPath) else { return }
        if let c = component, let old = model[property] {
            var comps = old.components
            comps[c] = value.scalar
            model[property] = AnimatableValue(kind: old.kind, components: comps)
        } else {
            model[property] = value
        }
    }

    /// Adds an animation under `key` (replacing one with the same key).
    public mutating func add(_ animation: LayerAnimation, forKey key: String) {
        animations.removeAll { $0.key == key }
        animations.append((key, animation))
    }

    /// Removes the animation under `key`; the presentation returns to the model at once.
    public mutating func removeAnimation(forKey key: String) { animations.removeAll { $0.key == key } }

    /// Removes every animation.
    public mutating func removeAllAnimations() { animations.removeAll() }

    /// The model value of a key path.
    public func modelValue(_ keyPath: String) -> AnimatableValue? {
        if keyPath == "transform.scale" { return model["transform.scale.x"] }
        guard let (property, component) = Layer.address(keyPath), let v = model[property] else { return nil }
        if let c = component { return .scalar(v.components[c]) }
        return v
    }

    /// Component key paths of the composite properties (`position`: `position.x`, `position.y`; `bounds`: nil, nil,
    /// `bounds.size.width`, `bounds.size.height`), from ``LayerProperty/subKeyPaths``.
    static let componentPaths: [String: [String?]] = {
        var paths: [String: [String?]] = [:]
        for (keyPath, address) in LayerProperty.subKeyPaths {
            guard let c = address.component, let kind = LayerProperty.byKeyPath[address.property]?.kind else {
                continue
            }
            var list = paths[address.property] ?? Array(repeating: nil, count: kind.componentCount)
            list[c] = keyPath
            paths[address.property] = list
        }
        return paths
    }()

    /// The presented value of a key path at `time` (seconds on the layer's timeline). A composite property (`position`,
    /// `bounds`) presents its components' animations too.
    public func presentationValue(_ keyPath: String, at time: Double) -> AnimatableValue? {
        // Apple: opacity outside [0, 1] is clamped (a spring may overshoot it; the model may be set outside).
        if keyPath == "opacity" {
            return rawPresentationValue(keyPath, at: time).map { .scalar(min(max($0.scalar, 0), 1)) }
        }
        return rawPresentationValue(keyPath, at: time)
    }

    private func rawPresentationValue(_ keyPath: String, at time: Double) -> AnimatableValue? {
        if let parts = Layer.componentPaths[keyPath], var whole = wholePresentation(keyPath, at: time) {
            var comps = whole.components
            for (c, path) in parts.enumerated() {
                guard let path, animations.contains(where: { $0.animation.keyPaths.contains(path) }) else { continue }
                if let v = componentPresentation(path, at: time, base: comps[c]) { comps[c] = v }
            }
            whole = AnimatableValue(kind: whole.kind, components: comps)
            return whole
        }
        return componentPresentation(keyPath, at: time, base: nil).map { .scalar($0) }
            ?? simplePresentation(keyPath, at: time)
    }

    /// A whole property with only its whole-property animations applied.
    private func wholePresentation(_ keyPath: String, at time: Double) -> AnimatableValue? {
        guard var value = model[keyPath] ?? modelValue(keyPath) else { return nil }
        for (_, animation) in animations {
            if let v = animation.value(for: keyPath, at: time, below: value) { value = v }
        }
        return value
    }

    /// A component key path's presented scalar (nil when `keyPath` is not a component path), starting from `base` or the
    /// whole property's presentation.
    private func componentPresentation(_ keyPath: String, at time: Double, base: Double?) -> Double? {
        guard let (property, component) = Layer.address(keyPath), let c = component, property != keyPath else {
            return nil
        }
        var value = AnimatableValue.scalar(base ?? wholePresentation(property, at: time)?.components[c] ?? 0)
        for (_, animation) in animations {
            if let v = animation.value(for: keyPath, at: time, below: value) { value = v }
        }
        return value.scalar
    }

    private func simplePresentation(_ keyPath: String, at time: Double) -> AnimatableValue? {
        guard var value = modelValue(keyPath) else { return nil }
        let scaleParts = keyPath == "transform.scale.x" || keyPath == "transform.scale.y"
        for (_, animation) in animations {
            // An animation of the whole property presents its component; `transform.scale` drives both scales.
            if let v = animation.value(for: keyPath, at: time, below: value) { value = v; continue }
            if scaleParts, let v = animation.value(for: "transform.scale", at: time, below: value) {
                value = v; continue
            }
            if let (property, component) = Layer.address(keyPath), let c = component, property != keyPath,
                let whole = presentationWhole(property, animation, time), whole.components.count > c
            {
                value = .scalar(whole.components[c])
            }
        }
        return value
    }

    private func presentationWhole(_ property: String, _ animation: LayerAnimation, _ time: Double) -> AnimatableValue?
    {
        guard let base = model[property] else { return nil }
        return animation.value(for: property, at: time, below: base)
    }
}
