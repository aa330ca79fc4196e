import Foundation
import XCTest
@testable import Dynamics

/// Fields against the accelerations kern0x1b/charon measured on Apple's engine (UIFieldBehavior.md §10.2): a 100 x 100
/// item at (300, 400) with the field at the origin, so p = (3, 4) m and r = 5 m.
final class FieldTests: XCTestCase {
    let point = Vector2(300, 400)

    func accel(_ field: FieldBehavior, mass: Double = 1, charge: Double = 0, velocity: Vector2 = .zero) -> Vector2 {
        let e = field.effect(at: point, velocity: velocity, mass: mass, charge: charge, time: 0)
        XCTAssertNil(e.velocityOverride)
        return e.acceleration
    }

    func assertClose(
        _ a: Vector2, _ b: Vector2, _ tolerance: Double = 1e-3, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(a.x, b.x, accuracy: tolerance, file: file, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: tolerance, file: file, line: line)
    }

    func testMeasuredAccelerations() {
        func field(
            _ kind: FieldBehavior.Kind, strength: Double = 1, falloff: Double? = nil, minimumRadius: Double? = nil,
            direction: Vector2 = .zero
        ) -> FieldBehavior {
            FieldBehavior(
                kind: kind, items: [], strength: strength, falloff: falloff,
                minimumRadius: minimumRadius ?? FieldBehavior.defaultMinimumRadius, direction: direction)
        }
        // Linear (3, 4): (300, 400) for m = 1, 2, 3; S 2, k 1: (120, 160).
        for m in [1.0, 2, 3] {
            assertClose(accel(field(.linearGravity, direction: Vector2(3, 4)), mass: m), Vector2(300, 400))
        }
        assertClose(accel(field(.linearGravity, strength: 2, falloff: 1, direction: Vector2(3, 4))), Vector2(120, 160))
        // Radial, k 2: −(2.4, 3.2), the same for m = 3; S 2, k 1, minimumRadius 1000 pt: −(12, 16) (clamped at 10 m).
        assertClose(accel(field(.radialGravity)), Vector2(-2.4, -3.2))
        assertClose(accel(field(.radialGravity), mass: 3), Vector2(-2.4, -3.2))
        assertClose(accel(field(.radialGravity, strength: 2, falloff: 1, minimumRadius: 1000)), Vector2(-12, -16))
        // Electric q 2: (24, 32); m 3: (8, 10.667); q 0: none.
        assertClose(accel(field(.electric), charge: 2), Vector2(24, 32))
        assertClose(accel(field(.electric), mass: 3, charge: 2), Vector2(8, 10.6667))
        assertClose(accel(field(.electric), charge: 0), .zero)
        // Magnetic, v (100, 0) pt/s, k 1: (0, −20) for q = 2, 1, −1 alike; m 3: (0, −6.667).
        for q in [2.0, 1, -1] {
            assertClose(accel(field(.magnetic), charge: q, velocity: Vector2(100, 0)), Vector2(0, -20))
        }
        assertClose(accel(field(.magnetic), mass: 3, charge: 1, velocity: Vector2(100, 0)), Vector2(0, -6.6667))
        // Spring: −(300, 400); m 3: −(100, 133.3).
        assertClose(accel(field(.spring)), Vector2(-300, -400))
        assertClose(accel(field(.spring), mass: 3), Vector2(-100, -133.333))
        // Vortex: (−80, 60); m 3: (−8.889, 6.667); S 2, k 1, minimumRadius 10 m: (−16, 12).
        assertClose(accel(field(.vortex)), Vector2(-80, 60))
        assertClose(accel(field(.vortex), mass: 3), Vector2(-8.8889, 6.6667))
        assertClose(accel(field(.vortex, strength: 2, falloff: 1, minimumRadius: 1000)), Vector2(-16, 12))
        // Drag with the medium moving as the item: none.
        assertClose(accel(field(.drag, direction: Vector2(1, 0)), velocity: Vector2(100, 0)), .zero)
    }

    func testMeasuredTrajectories() {
        // Drag S 1 from v0 (100, 0) pt/s: 97.5411453 pt/s after three 1/120 s sub-steps (measured on the host).
        let world = World(profile: .uikit)
        let item = world.addItem(ItemDefinition(center: point, velocity: Vector2(100, 0), resistance: 0))
        world.addField(FieldBehavior(kind: .drag, items: [item]))
        world.advance(toStep: 3)
        XCTAssertEqual(world.velocity(of: item).x, 97.5411453, accuracy: 1e-4)
        // Velocity field (30, 40): (3000, 4000) pt/s after one sub-step whatever the velocity was, and damping after:
        // resistance 0.1 gives 3000 / (1 + h 0.1) = 2997.50195.
        let w2 = World(profile: .uikit)
        let fast = w2.addItem(ItemDefinition(center: point, velocity: Vector2(-500, 20), resistance: 0.1))
        w2.addGravity(GravityBehavior(items: [fast]))
        w2.addField(FieldBehavior(kind: .velocity, items: [fast], direction: Vector2(30, 40)))
        w2.step()
        XCTAssertEqual(w2.velocity(of: fast).x, 2997.50195, accuracy: 1e-3)
        // Two linear fields add: A (1, 0) + B (0, 2) -> (0.8333, 1.6667) pt/s after one sub-step.
        let w3 = World(profile: .uikit)
        let c = w3.addItem(ItemDefinition(center: point, resistance: 0))
        w3.addField(FieldBehavior(kind: .linearGravity, items: [c], direction: Vector2(1, 0)))
        w3.addField(FieldBehavior(kind: .linearGravity, items: [c], direction: Vector2(0, 2)))
        w3.step()
        XCTAssertEqual(w3.velocity(of: c).x, 100.0 / 120, accuracy: 1e-9)
        XCTAssertEqual(w3.velocity(of: c).y, 200.0 / 120, accuracy: 1e-9)
    }

    func testRegionsAndFalloff() {
        XCTAssertTrue(FieldRegion.circle(radius: 50).contains(Vector2(30, 40)))
        XCTAssertFalse(FieldRegion.circle(radius: 50).contains(Vector2(30, 40.001)))
        XCTAssertFalse(FieldRegion.rectangle(width: 100, height: 50).contains(Vector2(50, 0)))
        XCTAssertTrue(FieldRegion.rectangle(width: 100, height: 50).contains(Vector2(49.9, 24.9)))
        XCTAssertTrue(FieldRegion.inverse(.rectangle(width: 100, height: 50)).contains(Vector2(50, 0)))
        for kind in FieldBehavior.Kind.allCases where kind != .velocity {
            // Zero outside the region, for every kind.
            let f = FieldBehavior(
                kind: kind, items: [], position: Vector2(300, 400), region: .circle(radius: 100),
                direction: Vector2(1, 1))
            let outside = f.effect(at: Vector2(300, 501), velocity: Vector2(50, 70), mass: 1, charge: 1, time: 0.5)
            XCTAssertEqual(outside.acceleration, .zero, "\(kind)")
            XCTAssertNil(outside.velocityOverride)
            let inside = f.effect(at: Vector2(300, 480), velocity: Vector2(50, 70), mass: 1, charge: 1, time: 0.5)
            XCTAssertNotEqual(inside.acceleration, .zero, "\(kind) acts inside")
        }
        // Radial gravity at three points: inside (r = 2 m), at the falloff's scale (r = 1 m), and inside the minimum
        // radius (the value holds at minimumRadius = 0.5 m): a = 100 S / max(r, rmin)².
        let radial = FieldBehavior(kind: .radialGravity, items: [], minimumRadius: 50)
        for (r, expected) in [(200.0, 25.0), (100, 100), (30, 400)] {
            let a = radial.effect(at: Vector2(r, 0), velocity: .zero, mass: 1, charge: 0, time: 0).acceleration
            XCTAssertEqual(a.x, -expected, accuracy: 1e-9, "r = \(r) pt")
        }
    }

    func testNoiseIsSeededDeterministicAndBounded() {
        let a = FieldBehavior(kind: .noise, items: [], smoothness: 0.5, animationSpeed: 1, seed: 7)
        let b = FieldBehavior(kind: .noise, items: [], smoothness: 0.5, animationSpeed: 1, seed: 8)
        var differs = false
        for k in 0..<50 {
            let p = Vector2(Double(k) * 13.7, Double(k) * -7.3), t = Double(k) * 0.05
            let x = a.effect(at: p, velocity: .zero, mass: 1, charge: 0, time: t).acceleration
            XCTAssertEqual(x, a.effect(at: p, velocity: .zero, mass: 1, charge: 0, time: t).acceleration)
            XCTAssertLessThanOrEqual(max(abs(x.x), abs(x.y)), 100)
            if x != b.effect(at: p, velocity: .zero, mass: 1, charge: 0, time: t).acceleration { differs = true }
        }
        XCTAssertTrue(differs, "the seed changes the noise")
        // Turbulence is the noise force times m |v|² (v in m/s).
        let turbulence = FieldBehavior(kind: .turbulence, items: [], smoothness: 0.5, animationSpeed: 1, seed: 7)
        let n = a.effect(at: point, velocity: .zero, mass: 2, charge: 0, time: 0.3).acceleration
        let tb = turbulence.effect(at: point, velocity: Vector2(300, 400), mass: 2, charge: 0, time: 0.3).acceleration
        XCTAssertEqual(tb.x, n.x * 2 * 25, accuracy: 1e-9)
        XCTAssertEqual(tb.y, n.y * 2 * 25, accuracy: 1e-9)
    }

    func testFieldsActInThePreciseProfile() {
        // A spring field (Hooke, k = −1): an item released at 300 pt from the origin oscillates with ω = √(S/m)... in
        // engine units, a = −100 S p / m pt/s² for p in metres, i.e. ẍ = −S x / m: ω = 1 rad/s for S = m = 1.
        let world = World(profile: .precise)
        let item = world.addItem(ItemDefinition(center: Vector2(300, 0), resistance: 0))
        world.addField(FieldBehavior(kind: .spring, items: [item]))
        while world.time < 1 { world.step() }
        XCTAssertEqual(world.position(of: item).x, 300 * cos(1.0), accuracy: 1e-3)
    }
}

/// Every kind at three distances — inside its falloff scale, at r = 1 m (where the falloff factor is 1) and inside
/// `minimumRadius` (where the falloff holds its value) — against the formulas written out here independently, and zero
/// outside a circular region.
final class FieldThreePointTests: XCTestCase {
    func expected(
        _ kind: FieldBehavior.Kind, p: Vector2, v: Vector2, m: Double, q: Double, S: Double, k: Double,
        rmin: Double, direction: Vector2
    ) -> Vector2 {
        let pm = p / 100, vm = v / 100
        let r = (pm.x * pm.x + pm.y * pm.y).squareRoot()
        let fall = pow(max(r, rmin / 100), -k)
        let unit = pm / r
        let force: Vector2
        switch kind {
        case .linearGravity: force = direction * (S * m * fall)
        case .radialGravity: force = unit * (-S * m * fall)
        case .electric: force = unit * (S * q * fall)
        case .magnetic: force = Vector2(vm.y, -vm.x) * (S * fall)
        case .spring: force = unit * (-S * fall)
        case .vortex: force = Vector2(-unit.y, unit.x) * (S * fall / m)
        case .drag:
            let u = vm - direction
            force = u * (-S * (u.x * u.x + u.y * u.y).squareRoot() * fall)
        default: force = .zero
        }
        return force / m * 100
    }

    func testEveryKindAtThreePoints() {
        let kinds: [FieldBehavior.Kind] = [
            .linearGravity, .radialGravity, .electric, .magnetic, .spring, .vortex, .drag,
        ]
        let m = 2.0, q = 1.5, S = 1.7, k = 1.3, rmin = 40.0
        let direction = Vector2(0.3, -0.4), v = Vector2(120, -60)
        for kind in kinds {
            let field = FieldBehavior(
                kind: kind, items: [], position: Vector2(10, 20), region: .circle(radius: 500),
                strength: S, falloff: k, minimumRadius: rmin, direction: direction)
            for offset in [Vector2(180, 240), Vector2(60, 80), Vector2(12, 16)] {  // r = 3 m, 1 m, 0.2 m (< 0.4 m)
                let got = field.effect(at: Vector2(10, 20) + offset, velocity: v, mass: m, charge: q, time: 0)
                    .acceleration
                let want = expected(kind, p: offset, v: v, m: m, q: q, S: S, k: k, rmin: rmin, direction: direction)
                XCTAssertEqual(got.x, want.x, accuracy: 1e-9 * max(1, abs(want.x)), "\(kind) at \(offset)")
                XCTAssertEqual(got.y, want.y, accuracy: 1e-9 * max(1, abs(want.y)), "\(kind) at \(offset)")
            }
            let outside = field.effect(at: Vector2(10, 521), velocity: v, mass: m, charge: q, time: 0).acceleration
            XCTAssertEqual(outside, .zero, "\(kind) outside its region")
        }
    }
}
