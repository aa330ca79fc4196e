import Dynamics
import Foundation
import Playback
import Scenes

/// Scene C's accuracy (issue 19: overlap and settling for piles), measured in an untimed run beside the timed one so
/// the timing is unaffected. The Box2D v3 peer (Benchmarks/peers/box2d_v3_bench.py) measures the same quantities with
/// the same definitions, windows, thresholds and units (100 pt per metre), so the numbers compare.
///
/// The run starts at release (the scene as built, no warm-up frames), steps 1/60 s frames with sleeping off, and after
/// each frame reads:
/// - the maximum point speed, max over bodies of |v| + r |ω| (points/s), r the body's half diagonal (7.07 pt for a
///   10 x 10 box): Box2D v3's sleep velocity;
/// - in the two windows, the maximum overlap (``maxOverlap(_:segments:)``).
///
/// Settling: the pile has settled at the first frame from which the maximum point speed stays below
/// ``settleSpeed`` (5 pt/s: Box2D's 0.05 m/s sleep threshold at 100 pt/m) for ``settleHold`` (1 s, 60 frames
/// including that one); the time to settle is that frame's end, seconds after release. The search stops when settling
/// is found (at the hold's last frame) or at ``settleCap`` (20 s simulated), whichever comes first: "not settled" then.
///
/// Windows: the fall is the frames from release through the time to settle or ``fallWindow`` (2 s), whichever is
/// earlier; the settled pile is the ``settledWindow`` (1 s, 60 frames) after the search stops. The end kinetic energy is
/// read at the end of the settled window. At most 20 + 1 = 21 simulated seconds.
public struct PileAccuracy: Equatable, Sendable {
    /// The deepest overlap in any frame of the fall window, points (0 when nothing overlaps).
    public var fallMaxOverlap: Double
    /// The deepest overlap in any frame of the settled window, points.
    public var settledMaxOverlap: Double
    /// Seconds from release to settling, or nil when the pile had not settled by ``settleCap``.
    public var settleTime: Double?
    /// Mean kinetic energy per body at the end of the settled window, ½ m |v|² + ½ I ω², in mass x points²/s² (mass =
    /// density x area / 10,000: 0.01 for a 10 x 10 pt box, Box2D's kg at density 1 kg/m²).
    public var endKineticEnergy: Double
    /// Seconds simulated (release to the end of the settled window).
    public var simulated: Double
    /// The cap the settling search had, seconds.
    public var cap: Double
    /// Whether some sub-step had more contacts than the world keeps (``World/contactLimitExceeded``): the figures
    /// are then not to be trusted.
    public var contactLimitExceeded = false

    /// The settling threshold on the maximum point speed, points/s (Box2D's b2_defaultSleepThreshold, 0.05 m/s, at
    /// 100 pt/m).
    public static let settleSpeed = 5.0
    /// How long the maximum point speed must stay below ``settleSpeed``, seconds.
    public static let settleHold = 1.0
    /// The longest fall window, seconds after release.
    public static let fallWindow = 2.0
    /// The cap on the settling search, simulated seconds after release.
    public static let settleCap = 20.0
    /// The settled window's length, seconds.
    public static let settledWindow = 1.0

    /// Frames of 1/60 s in `seconds`.
    static func frames(_ seconds: Double) -> Int { Int((seconds * 60).rounded()) }

    /// Measures scene C (``Catalog/boxes(count:)``) with `n` boxes for `profile` at `subSteps` per frame (nil: the
    /// profile's default). `settleCap` lowers the cap on the settling search (seconds; at least the hold).
    public static func measure(n: Int, profile: SolverProfile, subSteps: Int? = nil, settleCap: Double = settleCap)
        -> PileAccuracy
    {
        measure(Benchmark.scene("C", n: n, profile: profile, subSteps: subSteps), settleCap: settleCap)
    }

    /// Measures `scene` (its items as rectangles, its collision boundaries as the container) as above.
    public static func measure(_ scene: Scene, settleCap: Double = settleCap) -> PileAccuracy {
        let world = SceneRun(scene: scene).world
        world.allowsSleeping = false
        let segments = Self.segments(of: scene)
        let n = world.items.count
        let reach = (0..<n).map {
            0.5
                * (world.items[$0].size.x * world.items[$0].size.x
                + world.items[$0].size.y * world.items[$0].size.y).squareRoot()
        }
        func maxPointSpeed() -> Double {
            var top = 0.0
            for i in 0..<n {
                let v = world.velocity(of: ItemID(i))
                top = max(
                    top, (v.x * v.x + v.y * v.y).squareRoot() + reach[i] * abs(world.angularVelocity(of: ItemID(i))))
            }
            return top
        }
        let hold = frames(settleHold), cap = max(frames(settleCap), hold), fall = frames(fallWindow)
        var fallOverlap: [Double] = []  // per frame of the first `fall` frames
        var streakStart: Int?
        var settledAt: Int?
        var frame = 0
        while frame < cap {
            world.stepFrame()
            frame += 1
            if frame <= fall { fallOverlap.append(maxOverlap(world, segments: segments)) }
            if maxPointSpeed() < settleSpeed {
                if streakStart == nil { streakStart = frame }
                if frame - streakStart! + 1 >= hold { settledAt = streakStart; break }
            } else {
                streakStart = nil
            }
        }
        precondition(world.isFinite, "PileAccuracy: the pile diverged")
        let fallMax = fallOverlap.prefix(min(settledAt ?? fall, fall)).max() ?? 0
        var settledMax = 0.0
        for _ in 0..<frames(settledWindow) {
            world.stepFrame()
            frame += 1
            settledMax = max(settledMax, maxOverlap(world, segments: segments))
        }
        var ke = 0.0
        for i in 0..<n where !world.items[i].isAnchored {
            let item = world.items[i], v = world.velocity(of: ItemID(i)), w = world.angularVelocity(of: ItemID(i))
            ke += 0.5 * item.mass * (v.x * v.x + v.y * v.y) + (item.allowsRotation ? 0.5 * item.inertia * w * w : 0)
        }
        return PileAccuracy(
            fallMaxOverlap: fallMax, settledMaxOverlap: settledMax,
            settleTime: settledAt.map { Double($0) / 60 }, endKineticEnergy: ke / Double(max(n, 1)),
            simulated: Double(frame) / 60, cap: Double(cap) / 60,
            contactLimitExceeded: world.contactLimitExceeded)
    }

    /// The segments of the scene's named collision boundaries, points.
    public static func segments(of scene: Scene) -> [(Vector2, Vector2)] {
        var out: [(Vector2, Vector2)] = []
        for case .collision(let c) in scene.behaviors { for b in c.boundaries { out += b.segments } }
        return out
    }

    /// The deepest overlap, points, between any two of `world`'s items (rectangles of their size, turned by their
    /// angle) and between an item and a segment: for each pair, the penetration depth by the separating-axis theorem
    /// (the least overlap of the two shapes' projections over the candidate axes: both rectangles' edge normals, or the
    /// rectangle's and the segment's normal; a pair separated along some axis does not overlap); 0 when no pair
    /// overlaps. Computed from the bodies' poses alone, so it means the same in every engine (Box2D v3's manifolds are
    /// not reachable from pyb2d3); for shapes without skin radius it equals the deepest contact point's penetration,
    /// −separation (``World/contactPoints()``), when that point is a vertex of the incident edge.
    /// Complexity: O(N log N + pairs within reach), a sweep over the items sorted by x.
    public static func maxOverlap(_ world: World, segments: [(Vector2, Vector2)]) -> Double {
        let n = world.items.count
        var c = [Vector2](repeating: .zero, count: n), u = c, h = c
        var reach = [Double](repeating: 0, count: n)
        for i in 0..<n {
            c[i] = world.position(of: ItemID(i))
            let a = world.angle(of: ItemID(i))
            u[i] = Vector2(cos(a), sin(a))
            h[i] = 0.5 * world.items[i].size
            reach[i] = (h[i].x * h[i].x + h[i].y * h[i].y).squareRoot()
        }
        var deepest = 0.0
        let order = (0..<n).sorted { c[$0].x < c[$1].x }
        let widest = reach.max() ?? 0
        for (k, i) in order.enumerated() {
            for j in order[(k + 1)...] {
                if c[j].x - c[i].x > reach[i] + widest { break }
                deepest = max(deepest, boxOverlap(c[i], u[i], h[i], c[j], u[j], h[j]))
            }
            for (p, q) in segments { deepest = max(deepest, segmentOverlap(c[i], u[i], h[i], p, q)) }
        }
        return deepest
    }

    /// The half extent of a rectangle (center-free: axis `x` = (cos, sin) of its angle, half size `h`) along unit `axis`.
    @inline(__always)
    static func radius(_ x: Vector2, _ h: Vector2, along axis: Vector2) -> Double {
        h.x * abs(x.x * axis.x + x.y * axis.y) + h.y * abs(-x.y * axis.x + x.x * axis.y)
    }

    /// Penetration depth of two rectangles (centers `ca`, `cb`; x axes `ua`, `ub`; half sizes `ha`, `hb`), 0 if apart.
    static func boxOverlap(_ ca: Vector2, _ ua: Vector2, _ ha: Vector2, _ cb: Vector2, _ ub: Vector2, _ hb: Vector2)
        -> Double
    {
        let d = cb - ca
        var depth = Double.infinity
        for axis in [ua, Vector2(-ua.y, ua.x), ub, Vector2(-ub.y, ub.x)] {
            let o = radius(ua, ha, along: axis) + radius(ub, hb, along: axis) - abs(d.x * axis.x + d.y * axis.y)
            if o <= 0 { return 0 }
            depth = min(depth, o)
        }
        return depth
    }

    /// Penetration depth of a rectangle and the segment `p`–`q` (two-sided, no thickness), 0 if apart.
    static func segmentOverlap(_ c: Vector2, _ u: Vector2, _ h: Vector2, _ p: Vector2, _ q: Vector2) -> Double {
        let e = q - p, length = (e.x * e.x + e.y * e.y).squareRoot()
        guard length > 0 else { return 0 }
        var depth = Double.infinity
        for axis in [Vector2(-e.y, e.x) / length, u, Vector2(-u.y, u.x)] {
            let r = radius(u, h, along: axis), m = c.x * axis.x + c.y * axis.y
            let s0 = p.x * axis.x + p.y * axis.y, s1 = q.x * axis.x + q.y * axis.y
            let o = min(max(s0, s1) - (m - r), (m + r) - min(s0, s1))
            if o <= 0 { return 0 }
            depth = min(depth, o)
        }
        return depth
    }
}
