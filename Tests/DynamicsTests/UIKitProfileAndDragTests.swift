import Foundation
import XCTest
@testable import Dynamics

final class UIKitProfileTests: XCTestCase {
    func testFreeFallIsSemiImplicitEuler() {
        // uikit: v_k = v0 + k h g, y_n = y0 + h Σ_{k=1..n} v_k = y0 + n h v0 + h² g n (n + 1) / 2 (closed form of the
        // discrete recurrence, computed here independently).
        let world = World(profile: .uikit)
        let box = world.addItem(ItemDefinition(center: Vector2(187.5, 100), velocity: Vector2(50, -200), resistance: 0))
        world.addGravity(GravityBehavior(items: [box]))
        let n = 120.0, h = 1.0 / 120.0
        for _ in 0..<120 { world.step() }
        XCTAssertEqual(world.position(of: box).y, 100 + n * h * -200 + h * h * 1000 * n * (n + 1) / 2, accuracy: 1e-9)
        XCTAssertEqual(world.position(of: box).x, 237.5, accuracy: 1e-9)
        XCTAssertEqual(world.velocity(of: box).y, 800, accuracy: 1e-9)
    }

    func testResistanceIsBox2DLinearDamping() {
        // Box2D 2.4: v ← v / (1 + h c) each step.
        let world = World(profile: .uikit)
        let box = world.addItem(
            ItemDefinition(
                center: .zero, velocity: Vector2(100, 0), angularVelocity: 2,
                resistance: 0.5, angularResistance: 0.25))
        for _ in 0..<120 { world.step() }
        XCTAssertEqual(world.velocity(of: box).x, 100 * pow(1 + 0.5 / 120, -120), accuracy: 1e-9)
        XCTAssertEqual(world.angularVelocity(of: box), 2 * pow(1 + 0.25 / 120, -120), accuracy: 1e-12)
    }

    func testVelocityIsClampedToTwoMetresPerStep() {
        let world = World(profile: .uikit)
        let box = world.addItem(ItemDefinition(center: .zero, velocity: Vector2(0, 50_000), resistance: 0))
        world.step()
        XCTAssertEqual(world.velocity(of: box).y, 200 * 120, accuracy: 1e-6)  // 200 pt per 1/120 s step
        XCTAssertEqual(world.position(of: box).y, 200, accuracy: 1e-9)
    }

    func testRigidPendulumKeepsItsLengthAndAnchoredItemsStayPut() {
        let (world, _, rod) = makePendulum(profile: .uikit, angle: .pi / 3)
        let fixed = world.addItem(ItemDefinition(center: Vector2(10, 10), velocity: Vector2(5, 5), isAnchored: true))
        world.addGravity(GravityBehavior(items: [fixed]))
        var worst = 0.0
        for _ in 0..<600 {
            world.step()
            worst = max(worst, abs(world.currentDistance(of: rod) - 100))
        }
        XCTAssertLessThan(worst, 0.5)
        XCTAssertEqual(world.position(of: fixed), Vector2(10, 10))
    }

    func testScriptedAnchorMovesOncePerFrameWithoutVelocity() {
        let path = AnchorPath(times: [0, 1], points: [Vector2(0, 0), Vector2(60, 0)], interpolation: .linear)
        let (world, _, rod) = makePendulum(profile: .uikit, angle: 0, path: path)
        // Mid-frame (after 1 of 2 sub-steps) the anchor still holds the frame start's position.
        world.step()
        XCTAssertEqual(world.anchorPosition(of: rod, at: world.time), Vector2(0, 0))
        world.step()
        XCTAssertEqual(world.anchorPosition(of: rod, at: world.time).x, 1, accuracy: 1e-12)
    }
}

final class AnchorPathTests: XCTestCase {
    func testMinimumJerkProfile() {
        // Flash & Hogan: s(0.5) = 0.5, peak speed 1.875 D / T at the midpoint, at rest at both ends.
        let p = AnchorPath(times: [1, 3], points: [Vector2(0, 0), Vector2(100, -50)], interpolation: .minimumJerk)
        XCTAssertEqual(p.position(at: 2), Vector2(50, -25))
        XCTAssertEqual(p.velocity(at: 2).x, 1.875 * 100 / 2, accuracy: 1e-12)
        XCTAssertEqual(p.velocity(at: 1), .zero)
        let tau = 0.25
        let w: Double = 10 * tau * tau * tau - 15 * tau * tau * tau * tau + 6 * tau * tau * tau * tau * tau
        XCTAssertEqual(p.position(at: 1.5).x, 100 * w, accuracy: 1e-12)
        XCTAssertEqual(p.position(at: 0), Vector2(0, 0))
        XCTAssertEqual(p.position(at: 5), Vector2(100, -50))
        XCTAssertEqual(p.velocity(at: 5), .zero)
    }

    func testVelocityIsTheDerivativeOfPosition() {
        for mode in AnchorPath.Interpolation.allCases {
            let p = AnchorPath(
                times: [0, 0.4, 1.0, 1.3], points: [Vector2(0, 0), Vector2(30, 10), Vector2(-20, 40), Vector2(5, 5)],
                interpolation: mode)
            for t in [0.1, 0.5, 0.77, 1.2] {
                let e = 1e-6
                let numeric = (p.position(at: t + e) - p.position(at: t - e)) / (2 * e)
                XCTAssertEqual(p.velocity(at: t).x, numeric.x, accuracy: 1e-5, "\(mode) at \(t)")
                XCTAssertEqual(p.velocity(at: t).y, numeric.y, accuracy: 1e-5, "\(mode) at \(t)")
            }
        }
    }

    func testCatmullRomReproducesUniformAccelerationAwayFromTheEnds() {
        let times = stride(from: 0.0, through: 2.0, by: 0.25).map { $0 }
        let p = AnchorPath(times: times, points: times.map { Vector2(3 * $0 * $0 + $0, 0) }, interpolation: .catmullRom)
        for t in [0.3, 0.9, 1.6] {
            XCTAssertEqual(p.position(at: t).x, 3 * t * t + t, accuracy: 1e-12)
            XCTAssertEqual(p.velocity(at: t).x, 6 * t + 1, accuracy: 1e-12)
        }
        // Through every keyframe.
        XCTAssertEqual(p.position(at: 0.25).x, 3 * 0.0625 + 0.25, accuracy: 1e-12)
    }

    func testEqualTimesMakeAJump() {
        let p = AnchorPath(
            times: [0, 1, 1, 2], points: [Vector2(0, 0), Vector2(0, 0), Vector2(300, 0), Vector2(300, 0)])
        XCTAssertEqual(p.position(at: 0.999).x, 0, accuracy: 1e-9)
        XCTAssertEqual(p.position(at: 1).x, 300)
        XCTAssertEqual(p.velocity(at: 1), .zero)
    }
}

/// Violent drags: the anchor teleported 300 pt in one frame, or dragged at 20,000 pt/s. Both profiles must stay finite
/// and bring their rods back within 0.5 pt within 0.1 s after the anchor stops; `precise` must not gain more than 1% of
/// the energy it has when the anchor stops over the next 5 s.
final class ViolentDragTests: XCTestCase {
    struct Drag {
        let name: String
        let path: AnchorPath
        let stop: Double
    }

    let drags: [Drag] = [
        Drag(
            name: "teleport 300 pt",
            path: AnchorPath(
                times: [0, 1, 1],
                points: [
                    Vector2(187.5, 150), Vector2(187.5, 150),
                    Vector2(487.5, 150),
                ]), stop: 1),
        Drag(
            name: "teleport 300 pt over one frame",
            path: AnchorPath(
                times: [0, 1, 1 + 1.0 / 60], points: [Vector2(187.5, 150), Vector2(187.5, 150), Vector2(399.6, 362.1)]),
            stop: 1 + 1.0 / 60),
        Drag(
            name: "20,000 pt/s",
            path: AnchorPath(
                times: [0, 0.5, 0.6],
                points: [
                    Vector2(187.5, 150), Vector2(187.5, 150),
                    Vector2(2187.5, 150),
                ]), stop: 0.6),
        Drag(
            name: "20,000 pt/s back and forth",
            path: AnchorPath(
                times: [0, 0.5, 0.55, 0.6, 0.65],
                points: [
                    Vector2(187.5, 150), Vector2(187.5, 150), Vector2(1187.5, 150),
                    Vector2(187.5, 150), Vector2(187.5, 1150),
                ]), stop: 0.65),
    ]

    func check(profile: SolverProfile, drag: Drag, angles: [Double]) {
        let (world, ids, rods) = makeChain(
            profile: profile, angles: angles, linkLength: 100, anchor: Vector2(187.5, 150),
            path: drag.path)
        let label = "\(profile), \(angles.count) link(s), \(drag.name)"
        var energyAtStop: Double?
        var swingAtStop = 0.0, maxGrowth = 0.0
        let end = drag.stop + 5
        while world.time < end {
            world.step()
            guard world.isFinite else { return XCTFail("\(label): non-finite state at t = \(world.time)") }
            let t = world.time
            if t >= drag.stop + 0.1 {
                for rod in rods {
                    let error = abs(world.currentDistance(of: rod) - world.length(of: rod))
                    if error > 0.5 { return XCTFail("\(label): rod off by \(error) pt at t = \(t)") }
                }
            }
            if profile == .precise && t >= drag.stop + 0.1 {
                let e = world.mechanicalEnergy()
                if energyAtStop == nil {
                    energyAtStop = e
                    let anchorY = drag.path.position(at: t).y
                    swingAtStop = e - restEnergy(masses: ids.map { _ in 1 }, anchorY: anchorY, linkLength: 100)
                } else {
                    maxGrowth = max(maxGrowth, e - energyAtStop!)
                }
            }
        }
        if profile == .precise {
            XCTAssertGreaterThan(swingAtStop, 0, label)
            XCTAssertLessThanOrEqual(
                maxGrowth, 0.01 * swingAtStop, "\(label): energy grew by \(maxGrowth / swingAtStop)")
        }
    }

    func testViolentDragsStayFiniteAndRecover() {
        for profile in SolverProfile.allCases {
            for drag in drags {
                check(profile: profile, drag: drag, angles: [0])
                check(profile: profile, drag: drag, angles: [0, 0])
            }
        }
    }
}
