import Foundation

/// The region a field acts in (UIRegion), tested in the field's local space: `point − field.position`, points.
public enum FieldRegion: Sendable, Equatable {
    /// Everywhere (UIRegion.infinite, the default).
    case infinite
    /// x² + y² ≤ radius² (inclusive; a negative radius acts as its absolute value).
    case circle(radius: Double)
    /// |x| < width/2 and |y| < height/2 (strict; negative sizes contain nothing).
    case rectangle(width: Double, height: Double)
    /// The complement of another region (UIRegion.inverse()).
    indirect case inverse(FieldRegion)

    /// Whether a field-local point (points) is inside.
    public func contains(_ p: Vector2) -> Bool {
        switch self {
        case .infinite: return true
        case .circle(let r): return p.x * p.x + p.y * p.y <= r * r
        case .rectangle(let w, let h): return abs(p.x) < w / 2 && abs(p.y) < h / 2
        case .inverse(let inner): return !inner.contains(p)
        }
    }
}

/// A field (UIFieldBehavior): a force on its own items that depends on where they are relative to the field.
///
/// The formulas are UIKit's as kern0x1b/charon read and measured them on Apple's engine (UIFieldBehavior.md §10.2), in
/// the engine's units — p = (item center − position) / 100 in metres, r = |p|, v in m/s, m = mass, q = charge,
/// S = strength, k = falloff — with fall(r) = 1 when |k| < 2^-15, else max(r, minimumRadius)^(−k). The force F (newtons)
/// accelerates the item by F / m x 100 points/s²:
///
/// | kind | F | zero when |
/// |---|---|---|
/// | linearGravity | S m direction fall(r) | \|m S\| < 2^-15 |
/// | radialGravity | −S m p̂ fall(r) (toward `position` for S > 0) | \|m S\| < 2^-15 or r² < 1e-5 |
/// | electric | S q p̂ fall(r) | \|q S\| < 2^-15 or r = 0 |
/// | magnetic | S (v.y, −v.x) fall(r) — the charge's size and sign do not count (Apple's quirk) | \|q S\| < 2^-15 |
/// | spring | −S p̂ fall(r); with the default k = −1 that is Hooke's −S p | \|S\| < 2^-15 or r < 1e-5 |
/// | vortex | S (−p̂.y, p̂.x) fall(r) / m — divided by the mass once more (Apple's quirk) | \|m S\| < 2^-15 |
/// | drag | −S u \|u\| fall(r), u = v − direction (the medium's velocity) | \|S\| < 2^-15 or \|u\| ≤ 2^-15 |
/// | velocity | none: the item's velocity is set to direction x 100 points/s, gravity and other forces ignored | |
/// | noise | S fall(r) N(p, t) | \|S\| < 2^-15 |
/// | turbulence | the noise force x m \|v\|² | \|S\| < 2^-15 |
///
/// N is a seeded, deterministic gradient noise with UIKit's frequency and time rules (coordinates
/// fr (p.x + T, p.y + T, T), T = t x animationSpeed, fr = 1.25 / (max(smoothness, 0) + 1/12) − 1); UIKit uses Gustavson's
/// simplex noise with rotating gradients, so individual values differ from Apple's. Each component lies in [−1, 1].
///
/// Fields are evaluated once per solver sub-step at the item's center before the velocity update; a field acts only on
/// the items it names, and several fields add up (only the first velocity field containing an item counts).
public struct FieldBehavior: Sendable, Equatable {
    /// UIFieldBehavior's factories.
    public enum Kind: String, Sendable, CaseIterable {
        case linearGravity, radialGravity, electric, magnetic, spring, vortex, drag, velocity, noise, turbulence

        /// UIKit's default falloff for the kind: 2 radial gravity, −1 spring, 1 electric and magnetic, 0 otherwise.
        public var defaultFalloff: Double {
            switch self {
            case .radialGravity: return 2
            case .spring: return -1
            case .electric, .magnetic: return 1
            default: return 0
            }
        }
    }

    /// Which field.
    public var kind: Kind
    /// The items the field acts on.
    public var items: [ItemID]
    /// The field's origin, points (default (0, 0)).
    public var position: Vector2
    /// Where it acts, relative to `position` (default everywhere).
    public var region: FieldRegion
    /// Strength (default 1).
    public var strength: Double
    /// Falloff exponent (default per kind, ``Kind/defaultFalloff``).
    public var falloff: Double
    /// Below this distance (points) the falloff holds its value (default 2^-15 m = 0.00305 points, UIKit's).
    public var minimumRadius: Double
    /// Direction for linear gravity, velocity (m/s, so (1, 0) = 100 points/s) and drag (the medium's velocity).
    public var direction: Vector2
    /// Noise smoothness 0 ... 1 (noise and turbulence only).
    public var smoothness: Double
    /// How fast the noise changes over time, 1/s (noise and turbulence only).
    public var animationSpeed: Double
    /// Seed of the noise (noise and turbulence only).
    public var seed: UInt64 { didSet { permutation = FieldNoise.permutation(seed: seed) } }
    /// The noise's permutation for ``seed``, held by the field (not a shared cache), so worlds on several threads
    /// never share mutable state.
    var permutation: [Int]

    /// UIKit's default minimum radius: 2^-15 m in points.
    public static let defaultMinimumRadius = 0.00305175781

    /// A field with UIKit's defaults for its kind.
    public init(
        kind: Kind, items: [ItemID], position: Vector2 = .zero, region: FieldRegion = .infinite,
        strength: Double = 1, falloff: Double? = nil, minimumRadius: Double = FieldBehavior.defaultMinimumRadius,
        direction: Vector2 = .zero, smoothness: Double = 0, animationSpeed: Double = 0, seed: UInt64 = 0
    ) {
        self.kind = kind
        self.items = items
        self.position = position
        self.region = region
        self.strength = strength
        self.falloff = falloff ?? kind.defaultFalloff
        self.minimumRadius = minimumRadius
        self.direction = direction
        self.smoothness = smoothness
        self.animationSpeed = animationSpeed
        self.seed = seed
        permutation = FieldNoise.permutation(seed: seed)
    }

    /// The field's effect on one item at `point` (points) moving at `velocity` (points/s) at time `t` (s): an
    /// acceleration in points/s², or a velocity that replaces the item's (velocity fields), or nothing outside the region.
    public func effect(at point: Vector2, velocity: Vector2, mass m: Double, charge q: Double, time t: Double)
        -> (acceleration: Vector2, velocityOverride: Vector2?)
    {
        let local = point - position
        guard region.contains(local) else { return (.zero, nil) }
        if kind == .velocity { return (.zero, direction * 100) }
        let tiny = 1.0 / 32768
        let S = strength
        let p = local / 100
        let r = (p.x * p.x + p.y * p.y).squareRoot()
        let rmin = minimumRadius / 100
        let fall = abs(falloff) < tiny ? 1 : pow(max(r, rmin), -falloff)
        let v = velocity / 100
        var force = Vector2.zero
        switch kind {
        case .linearGravity:
            if abs(m * S) < tiny { return (.zero, nil) }
            force = direction * (S * m * fall)
        case .radialGravity:
            if abs(m * S) < tiny || r * r < 1e-5 { return (.zero, nil) }
            force = (p / r) * (-S * m * fall)
        case .electric:
            if abs(q * S) < tiny || r == 0 { return (.zero, nil) }
            force = (p / r) * (S * q * fall)
        case .magnetic:
            if abs(q * S) < tiny { return (.zero, nil) }
            force = Vector2(v.y, -v.x) * (S * fall)
        case .spring:
            if abs(S) < tiny || r < 1e-5 { return (.zero, nil) }
            force = (p / r) * (-S * fall)
        case .vortex:
            if abs(m * S) < tiny || r == 0 { return (.zero, nil) }
            force = Vector2(-p.y / r, p.x / r) * (S * fall / m)
        case .drag:
            let u = v - direction
            let speed = (u.x * u.x + u.y * u.y).squareRoot()
            if abs(S) < tiny || speed <= tiny { return (.zero, nil) }
            force = u * (-S * speed * fall)
        case .noise, .turbulence:
            if abs(S) < tiny { return (.zero, nil) }
            let T = t * animationSpeed
            let fr = 1.25 / (max(smoothness, 0) + 1.0 / 12) - 1
            let l = Vector2(p.x + T, p.y + T) * fr
            let n = Vector2(
                FieldNoise.value(l.x, l.y, T * fr, permutation: permutation),
                FieldNoise.value(l.x + 31.416, l.y - 47.853, T * fr + 12.5, permutation: permutation))
            force = n * (S * fall)
            if kind == .turbulence { force *= m * (v.x * v.x + v.y * v.y) }
        case .velocity:
            break
        }
        return (force / m * 100, nil)
    }
}

/// Seeded 3D gradient noise (Perlin's improved noise with a seeded permutation), values in [−1, 1], smooth (C2 fade),
/// deterministic across runs and platforms.
enum FieldNoise {
    static func permutation(seed: UInt64) -> [Int] {
        var p = Array(0..<256)
        var state = seed &+ 0x9E3779B97F4A7C15
        for i in stride(from: 255, to: 0, by: -1) {
            // splitmix64
            state = state &+ 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            z = z ^ (z >> 31)
            let j = Int(z % UInt64(i + 1))
            p.swapAt(i, j)
        }
        return p + p
    }

    /// The noise at (x, y, z) for the permutation of a seed (``permutation(seed:)``).
    static func value(_ x: Double, _ y: Double, _ z: Double, permutation perm: [Int]) -> Double {
        // A state that already overflowed has no noise (the run then reports the non-finite state, not a trap here).
        guard x.isFinite && y.isFinite && z.isFinite else { return 0 }
        let fx = x.rounded(.down), fy = y.rounded(.down), fz = z.rounded(.down)
        let X = Int(fx.truncatingRemainder(dividingBy: 256) + 256) & 255
        let Y = Int(fy.truncatingRemainder(dividingBy: 256) + 256) & 255
        let Z = Int(fz.truncatingRemainder(dividingBy: 256) + 256) & 255
        let dx = x - fx, dy = y - fy, dz = z - fz
        func fade(_ t: Double) -> Double { t * t * t * (t * (t * 6 - 15) + 10) }
        func grad(_ h: Int, _ x: Double, _ y: Double, _ z: Double) -> Double {
            let h = h & 15
            let u = h < 8 ? x : y
            let v = h < 4 ? y : (h == 12 || h == 14 ? x : z)
            return (h & 1 == 0 ? u : -u) + (h & 2 == 0 ? v : -v)
        }
        func lerp(_ t: Double, _ a: Double, _ b: Double) -> Double { a + t * (b - a) }
        let u = fade(dx), v = fade(dy), w = fade(dz)
        let A = perm[X] + Y, AA = perm[A] + Z, AB = perm[A + 1] + Z
        let B = perm[X + 1] + Y, BA = perm[B] + Z, BB = perm[B + 1] + Z
        let value = lerp(
            w,
            lerp(
                v, lerp(u, grad(perm[AA], dx, dy, dz), grad(perm[BA], dx - 1, dy, dz)),
                lerp(u, grad(perm[AB], dx, dy - 1, dz), grad(perm[BB], dx - 1, dy - 1, dz))),
            lerp(
                v, lerp(u, grad(perm[AA + 1], dx, dy, dz - 1), grad(perm[BA + 1], dx - 1, dy, dz - 1)),
                lerp(u, grad(perm[AB + 1], dx, dy - 1, dz - 1), grad(perm[BB + 1], dx - 1, dy - 1, dz - 1))))
        return max(-1, min(1, value))
    }
}

extension World {
    /// Implements ``World/addField(_:)`` (see its documentation there).
    func insertField(_ field: FieldBehavior) {
        for id in field.items {
            precondition(id.index >= 0 && id.index < bodyData.items.count, "World.addField: no such item")
        }
        precondition(
            field.strength.isFinite && field.falloff.isFinite && field.minimumRadius.isFinite,
            "World.addField: non-finite field")
        behaviors.fields.append(field)
        while behaviors.fieldAcceleration.count < bodyData.items.count {
            behaviors.fieldAcceleration.append(.zero)
            behaviors.fieldOverride.append(.zero)
            behaviors.fieldOverrides.append(false)
        }
    }

    /// Fills the field accelerations and velocity overrides for the state at the start of a sub-step ending at `t`.
    func evaluateFields(endTime t: Double) {
        for i in 0..<behaviors.fieldAcceleration.count {
            behaviors.fieldAcceleration[i] = .zero
            behaviors.fieldOverrides[i] = false
        }
        for field in behaviors.fields {
            for id in field.items where bodies.invMass[id.index] > 0 {
                let i = id.index
                let e = field.effect(
                    at: bodies.position[i], velocity: bodies.velocity[i], mass: bodyData.items[i].mass,
                    charge: bodyData.items[i].charge,
                    time: t)
                if let v = e.velocityOverride {
                    if !behaviors.fieldOverrides[i] {
                        behaviors.fieldOverrides[i] = true
                        behaviors.fieldOverride[i] = v
                    }
                } else {
                    behaviors.fieldAcceleration[i] += e.acceleration
                }
            }
        }
    }
}
