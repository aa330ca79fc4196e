import Foundation
import XCTest
@testable import Dynamics

/// Complete elliptic integral of the first kind K(m), m = k², by the arithmetic–geometric mean:
/// K(m) = π / (2 AGM(1, √(1 − m))). Independent of the code under test.
func ellipticK(_ m: Double) -> Double {
    var a = 1.0, b = (1 - m).squareRoot()
    for _ in 0..<40 {
        let an = (a + b) / 2, bn = (a * b).squareRoot()
        a = an; b = bn
    }
    return Double.pi / (2 * a)
}

/// Exact large-amplitude period of a simple pendulum: 4 √(L/g) K(sin²(θ0/2)).
func exactPeriod(length: Double, gravity: Double, amplitude: Double) -> Double {
    let k = sin(amplitude / 2)
    return 4 * (length / gravity).squareRoot() * ellipticK(k * k)
}

/// A world with one rigid pendulum: a 100 x 100 item of density 1 (mass 1) on a rod of `length` from `anchor`,
/// attached at its center, released from rest at `angle` from straight down, gravity 1.0, resistance 0.
func makePendulum(
    profile: SolverProfile, angle: Double, length: Double = 100, anchor: Vector2 = Vector2(187.5, 150),
    path: AnchorPath? = nil
) -> (World, ItemID, AttachmentID) {
    let world = World(profile: profile)
    let start = path?.position(at: 0) ?? anchor
    let bob = world.addItem(
        ItemDefinition(
            center: start + length * Vector2(sin(angle), cos(angle)), resistance: 0,
            angularResistance: 0))
    world.addGravity(GravityBehavior(items: [bob]))
    let rod = world.addAttachment(AttachmentBehavior(item: bob, attachedTo: .anchor(point: anchor, path: path)))
    return (world, bob, rod)
}

/// A chain hanging from a fixed anchor: item k (40 x 40, mass 1) at the end of link k, links of `linkLength` at the
/// given angles from straight down; item-to-item attachments between neighbours; zero resistance; gravity 1.0.
func makeChain(
    profile: SolverProfile, angles: [Double], linkLength: Double = 80,
    anchor: Vector2 = Vector2(187.5, 200), path: AnchorPath? = nil
) -> (World, [ItemID], [AttachmentID]) {
    let world = World(profile: profile)
    var ids: [ItemID] = []
    var rods: [AttachmentID] = []
    var p = path?.position(at: 0) ?? anchor
    for angle in angles {
        p += linkLength * Vector2(sin(angle), cos(angle))
        ids.append(
            world.addItem(
                ItemDefinition(
                    center: p, size: Vector2(40, 40), density: 6.25, resistance: 0,
                    angularResistance: 0)))
    }
    world.addGravity(GravityBehavior(items: ids))
    rods.append(world.addAttachment(AttachmentBehavior(item: ids[0], attachedTo: .anchor(point: anchor, path: path))))
    for k in 1..<ids.count {
        rods.append(
            world.addAttachment(
                AttachmentBehavior(item: ids[k], attachedTo: .item(ids[k - 1], offsetFromCenter: .zero))))
    }
    return (world, ids, rods)
}

/// Potential energy of the chain hanging straight down at rest (the minimum), mass x points²/s².
func restEnergy(masses: [Double], anchorY: Double, linkLength: Double) -> Double {
    var e = 0.0
    for (k, m) in masses.enumerated() { e -= m * 1000 * (anchorY + Double(k + 1) * linkLength) }
    return e
}

final class PreciseProfileTests: XCTestCase {
    func testExactPeriodFormulaMatchesPublishedValue() {
        // The value for L = 100 pt, g = 1000 pt/s², 90°: 2.345240 s; and the small-angle limit 2π√(L/g).
        XCTAssertEqual(exactPeriod(length: 100, gravity: 1000, amplitude: .pi / 2), 2.345240, accuracy: 5e-7)
        XCTAssertEqual(
            exactPeriod(length: 100, gravity: 1000, amplitude: 1e-6), 2 * .pi * 0.1.squareRoot(), accuracy: 1e-9)
    }

    /// Measures the period from successive upward zero crossings of the rod angle (linear interpolation between steps).
    func measuredPeriod(angleDegrees: Double, periods: Int) -> Double {
        let (world, bob, _) = makePendulum(profile: .precise, angle: angleDegrees * .pi / 180)
        let anchor = Vector2(187.5, 150)
        func rodAngle() -> Double {
            let d = world.position(of: bob) - anchor
            return atan2(d.x, d.y)
        }
        var crossings: [Double] = []
        var previous = rodAngle(), previousTime = world.time
        while crossings.count < periods + 1 {
            world.step()
            let now = rodAngle()
            if previous < 0 && now >= 0 {
                crossings.append(previousTime + (world.time - previousTime) * (-previous) / (now - previous))
            }
            previous = now
            previousTime = world.time
            XCTAssertLessThan(world.time, 100, "no crossings")
            if world.time > 100 { break }
        }
        return (crossings.last! - crossings.first!) / Double(periods)
    }

    func testPendulumPeriodMatchesEllipticIntegral() {
        for (degrees, periods) in [(10.0, 3), (60.0, 3), (90.0, 3), (170.0, 2)] {
            let exact = exactPeriod(length: 100, gravity: 1000, amplitude: degrees * .pi / 180)
            let measured = measuredPeriod(angleDegrees: degrees, periods: periods)
            let error = abs(measured - exact) / exact
            print("precise pendulum \(degrees)°: period \(measured) s, exact \(exact) s, error \(error * 100)%")
            XCTAssertLessThan(error, 0.001, "precise: \(degrees)°: measured \(measured) s, exact \(exact) s")
        }
    }

    /// Runs a chain for `seconds` and returns the worst energy error relative to the swing energy, and the worst rod
    /// length error in points.
    func chainErrors(angles: [Double], seconds: Double) -> (energy: Double, rod: Double) {
        let (world, ids, rods) = makeChain(profile: .precise, angles: angles)
        let e0 = world.mechanicalEnergy()
        let swing = e0 - restEnergy(masses: ids.map { _ in 1 }, anchorY: 200, linkLength: 80)
        XCTAssertGreaterThan(swing, 0)
        var worstEnergy = 0.0, worstRod = 0.0
        let steps = Int(seconds / world.subStepDuration)
        for _ in 0..<steps {
            world.step()
            worstEnergy = max(worstEnergy, abs(world.mechanicalEnergy() - e0) / swing)
            for rod in rods { worstRod = max(worstRod, abs(world.currentDistance(of: rod) - world.length(of: rod))) }
        }
        XCTAssertTrue(world.isFinite)
        return (worstEnergy, worstRod)
    }

    func testEnergyAndRodLengthsHoldOverSixtySeconds() {
        let cases: [(String, [Double])] = [
            ("pendulum 90°", [.pi / 2]),
            ("double pendulum released horizontal", [.pi / 2, .pi / 2]),
            ("3-link chain", [.pi / 2, .pi / 3, .pi / 6]),
        ]
        for (name, angles) in cases {
            let (energy, rod) = chainErrors(angles: angles, seconds: 60)
            print("precise \(name), 60 s: energy error \(energy * 100)% of swing energy, rod error \(rod) pt")
            XCTAssertLessThan(energy, 0.001, "precise, \(name): energy error \(energy) of the swing energy")
            XCTAssertLessThan(rod, 0.5, "precise, \(name): rod length error \(rod) pt")
        }
    }

    func testAcceleratingPivotSwingsToTwiceTheEquilibriumAngle() {
        // Pivot x(t) = x0 + a t²/2 with a = 500 pt/s² from rest at t = 0 (keyframes from t < 0 on the same parabola so the
        // Catmull–Rom tangent at t = 0 is exactly 0). In the pivot's frame the effective gravity tilts by atan(a / g), so a
        // pendulum hanging at rest swings to 2 atan(500 / 1000) = 53.130°.
        let a = 500.0, x0 = 187.5
        let times = stride(from: -0.2, through: 4.0, by: 0.05).map { $0 }
        let path = AnchorPath(
            times: times, points: times.map { Vector2(x0 + 0.5 * a * $0 * $0, 150) },
            interpolation: .catmullRom)
        let (world, bob, _) = makePendulum(profile: .precise, angle: 0, path: path)
        var maxAngle = 0.0
        while world.time < 2.5 {
            world.step()
            let d = world.position(of: bob) - path.position(at: world.time)
            maxAngle = max(maxAngle, abs(atan2(d.x, d.y)) * 180 / .pi)
        }
        print("precise accelerating pivot: max swing \(maxAngle)°, exact \(2 * atan(0.5) * 180 / .pi)°")
        XCTAssertEqual(maxAngle, 2 * atan(0.5) * 180 / .pi, accuracy: 0.5, "precise: pivot accelerating at 500 pt/s²")
    }

    func testDampedSpringFollowsTheClosedFormOscillator() {
        // A 2 Hz, damping-ratio 0.3 spring hanging straight down from a fixed anchor, released 50 pt below its equilibrium:
        // the motion stays on the vertical line and is the damped oscillator
        // y(t) = y_eq + A e^(−ζωt) (cos ω_d t + ζω/ω_d sin ω_d t).
        let world = World(profile: .precise)
        let anchor = Vector2(187.5, 150)
        let omega = 2 * Double.pi * 2, zeta = 0.3, rest = 100.0
        let equilibrium = anchor.y + rest + 1000 / (omega * omega)  // sag m g / k with m = 1
        let bob = world.addItem(
            ItemDefinition(center: Vector2(anchor.x, equilibrium + 50), resistance: 0, angularResistance: 0))
        world.addGravity(GravityBehavior(items: [bob]))
        world.addAttachment(
            AttachmentBehavior(
                item: bob, attachedTo: .anchor(point: anchor, path: nil), length: rest,
                frequency: 2, damping: zeta))
        let wd = omega * (1 - zeta * zeta).squareRoot()
        var worst = 0.0
        while world.time < 2 {
            world.step()
            let t = world.time
            let y = equilibrium + 50 * exp(-zeta * omega * t) * (cos(wd * t) + zeta * omega / wd * sin(wd * t))
            worst = max(worst, abs(world.position(of: bob).y - y))
            XCTAssertEqual(world.position(of: bob).x, anchor.x, accuracy: 1e-9)
        }
        XCTAssertLessThan(worst, 0.5, "precise spring vs closed form: worst \(worst) pt")
    }

    func testOverdampedStiffSpringFollowsTheClosedForm() {
        // Damping ratio 5 (overdamped) at 2 Hz: y − y_eq = e^(−ζωt) (A cosh(ω_s t) + B sinh(ω_s t)), ω_s = ω √(ζ² − 1),
        // A = 50, B = ζ ω A / ω_s (released from rest). And a 1000 Hz spring with damping ratio 1000 stays finite.
        let world = World(profile: .precise)
        let anchor = Vector2(187.5, 150)
        let omega = 2 * Double.pi * 2, zeta = 5.0, rest = 100.0
        let equilibrium = anchor.y + rest + 1000 / (omega * omega)
        let bob = world.addItem(
            ItemDefinition(center: Vector2(anchor.x, equilibrium + 50), resistance: 0, angularResistance: 0))
        world.addGravity(GravityBehavior(items: [bob]))
        world.addAttachment(
            AttachmentBehavior(
                item: bob, attachedTo: .anchor(point: anchor, path: nil), length: rest,
                frequency: 2, damping: zeta))
        let ws = omega * (zeta * zeta - 1).squareRoot()
        var worst = 0.0
        while world.time < 2 {
            world.step()
            let t = world.time
            let y = equilibrium + exp(-zeta * omega * t) * (50 * cosh(ws * t) + zeta * omega * 50 / ws * sinh(ws * t))
            worst = max(worst, abs(world.position(of: bob).y - y))
        }
        XCTAssertLessThan(worst, 0.5, "precise overdamped spring vs closed form: worst \(worst) pt")

        let stiff = World(profile: .precise)
        let tiny = stiff.addItem(
            ItemDefinition(center: Vector2(0, 100), size: Vector2(1e-3, 1e-3), velocity: Vector2(1e6, 0)))
        stiff.addAttachment(
            AttachmentBehavior(
                item: tiny, attachedTo: .anchor(point: .zero, path: nil), frequency: 1000,
                damping: 1000))
        while stiff.time < 1 { stiff.step() }
        XCTAssertTrue(stiff.isFinite)
    }

    func testResistanceIsExactExponentialDecay() {
        let world = World(profile: .precise)
        let box = world.addItem(
            ItemDefinition(
                center: .zero, velocity: Vector2(100, 0), angularVelocity: 2,
                resistance: 0.5, angularResistance: 0.25))
        world.advance(toStep: 8 * 60)  // 1 s at the default 8 sub-steps per 1/60 s frame
        XCTAssertEqual(world.velocity(of: box).x, 100 * exp(-0.5), accuracy: 1e-9)
        XCTAssertEqual(world.angularVelocity(of: box), 2 * exp(-0.25), accuracy: 1e-12)
        // Position is the integral of the velocity: 100 (1 − e^(−0.5)) / 0.5, to the integrator's O(h²).
        XCTAssertEqual(world.position(of: box).x, 200 * (1 - exp(-0.5)), accuracy: 1e-3)
    }

    func testFreeFallIsExactForConstantAcceleration() {
        // Velocity Verlet integrates constant acceleration exactly: y = y0 + v0 t + g t² / 2.
        let world = World(profile: .precise)
        let box = world.addItem(ItemDefinition(center: Vector2(187.5, 100), velocity: Vector2(50, -200), resistance: 0))
        world.addGravity(GravityBehavior(items: [box]))
        world.advance(toStep: 8 * 60)
        XCTAssertEqual(world.position(of: box).y, 100 - 200 + 500, accuracy: 1e-9)
        XCTAssertEqual(world.position(of: box).x, 237.5, accuracy: 1e-9)
        XCTAssertEqual(world.velocity(of: box).y, 800, accuracy: 1e-9)
    }

    func testRotatingItemOnAnOffsetAttachmentKeepsItsRodAndEnergy() {
        // A physical pendulum: a 100 x 40 item hung by a point 50 pt left of its center (its end), rod 60 pt, released at
        // 45°. The rod couples translation and rotation; energy stays within 0.1% of the swing energy for 20 s.
        let world = World(profile: .precise)
        let anchor = Vector2(187.5, 150)
        let item = world.addItem(
            ItemDefinition(
                center: anchor + Vector2(60 * sin(.pi / 4) + 50, 60 * cos(.pi / 4)),
                size: Vector2(100, 40), resistance: 0, angularResistance: 0))
        world.addGravity(GravityBehavior(items: [item]))
        let rod = world.addAttachment(
            AttachmentBehavior(
                item: item, offsetFromCenter: Vector2(-50, 0),
                attachedTo: .anchor(point: anchor, path: nil)))
        let e0 = world.mechanicalEnergy()
        var worst = 0.0, worstRod = 0.0, maxSpin = 0.0
        while world.time < 20 {
            world.step()
            worst = max(worst, abs(world.mechanicalEnergy() - e0))
            worstRod = max(worstRod, abs(world.currentDistance(of: rod) - 60))
            maxSpin = max(maxSpin, abs(world.angularVelocity(of: item)))
        }
        let swing = e0 - (-1 * 0.4 * 1000 * (anchor.y + 60 + 50))
        XCTAssertGreaterThan(maxSpin, 1, "the item must actually rotate")
        XCTAssertLessThan(worst / swing, 0.001)
        XCTAssertLessThan(worstRod, 1e-6)
    }
}

/// The direct chain projection (PreciseChains.swift) against the Gauss–Seidel sweeps it replaces: both solve the same
/// RATTLE equations to 1e-9 pt, so their trajectories agree, the rods keep their lengths and the energy stays put.
final class PreciseChainSolverTests: XCTestCase {
    func testDirectChainProjectionMatchesTheSweeps() {
        let angles = [1.2, 1.4, 1.5, 1.55, 1.6, 1.55, 1.5, 1.45]
        let (direct, ids, rods) = makeChain(profile: .precise, angles: angles)
        let (sweeps, _, _) = makeChain(profile: .precise, angles: angles)
        sweeps.preciseScratch.usesChainSolver = false
        let e0 = direct.mechanicalEnergy()
        for _ in 0..<60 { direct.stepFrame(); sweeps.stepFrame() }  // 1 s of a folded, swinging 8-link chain
        XCTAssertTrue(direct.preciseScratch.chainIsPath, "the chain is solved directly")
        XCTAssertEqual(direct.preciseScratch.chainFallbacks, 0, "and the Newton steps converge every sub-step")
        XCTAssertFalse(sweeps.preciseScratch.chainIsPath)
        for id in ids { XCTAssertEqual(norm(direct.position(of: id) - sweeps.position(of: id)), 0, accuracy: 1e-5) }
        for rod in rods { XCTAssertEqual(direct.currentDistance(of: rod), 80, accuracy: 1e-8) }
        // Energy: a small fraction of the chain's swing energy (E0 minus hanging straight down).
        var rest = 0.0
        for (k, id) in ids.enumerated() { rest -= direct.items[id.index].mass * 1000 * (200 + 80 * Double(k + 1)) }
        XCTAssertLessThan(abs(direct.mechanicalEnergy() - e0) / (e0 - rest), 1e-4)
    }
}

/// Chains whose links differ greatly in mass, in the `precise` profile: a light link carries a heavy one's tension,
/// which makes it vibrate fast across its rods (a bead on a taut string, ω² = T (1/L₁ + 1/L₂) / m), so the sub-steps
/// must follow that rate or Verlet diverges (issue: densities 1 and 1e4 diverged at 3.6 s). Energy is checked against
/// the swing energy, the drop from release to the chain hanging straight down at rest.
final class PreciseMassRatioTests: XCTestCase {
    /// A chain of 40 x 40 items of the given densities on 80 pt rods from an anchor at (187.5, 200), released from rest
    /// with every link horizontal; zero resistance, gravity 1.0. Returns the energy error over `seconds` as a fraction
    /// of the swing energy.
    private func energyError(densities: [Double], seconds: Int) -> Double {
        let world = World(profile: .precise)
        var ids: [ItemID] = []
        for (k, d) in densities.enumerated() {
            ids.append(
                world.addItem(
                    ItemDefinition(
                        center: Vector2(187.5 + 80 * Double(k + 1), 200), size: Vector2(40, 40),
                        density: d, resistance: 0, angularResistance: 0)))
        }
        world.addGravity(GravityBehavior(items: ids))
        world.addAttachment(
            AttachmentBehavior(item: ids[0], attachedTo: .anchor(point: Vector2(187.5, 200), path: nil)))
        for k in 1..<ids.count {
            world.addAttachment(
                AttachmentBehavior(item: ids[k], attachedTo: .item(ids[k - 1], offsetFromCenter: .zero)))
        }
        let masses = densities.map { $0 * 40 * 40 / 10_000 }
        let swing = zip(masses, 1...masses.count).reduce(0.0) { $0 + $1.0 * 1000 * 80 * Double($1.1) }
        let e0 = world.mechanicalEnergy()
        var worst = 0.0
        for _ in 0..<(60 * seconds) {
            world.stepFrame()
            XCTAssertTrue(world.isFinite, "precise densities \(densities): diverged at \(world.time) s")
            if !world.isFinite { return .infinity }
            worst = max(worst, abs(world.mechanicalEnergy() - e0))
        }
        return worst / swing
    }

    func testALightLinkAboveADenseBobKeepsItsEnergy() {
        let error = energyError(densities: [1, 1e4], seconds: 10)
        print("precise densities 1 and 1e4, 10 s: energy error \(error) of the swing energy")
        XCTAssertLessThan(error, 0.01, "precise densities 1 and 1e4, 10 s: energy error \(error) of the swing energy")
    }

    func testChainsAtTheMassRatioLimitStayBounded() {
        // World.maxPreciseRigidMassRatio: scene files beyond it are refused; at it nothing diverges.
        let r = World.maxPreciseRigidMassRatio
        for densities in [[r, 1, r], [1, r, 1]] {
            let error = energyError(densities: densities, seconds: 3)
            XCTAssertLessThan(
                error, 0.35, "precise densities \(densities), 3 s: energy error \(error) of the swing energy")
        }
        let error = energyError(densities: [10, 1, 10], seconds: 3)
        XCTAssertLessThan(error, 0.02, "precise densities [10, 1, 10], 3 s: energy error \(error) of the swing energy")
    }
}
