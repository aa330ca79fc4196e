import Foundation
import XCTest
@testable import Dynamics

/// Pushes, snaps, scheduled velocities and world gravity. Expected values: Apple's documented UIKit Newton, closed forms,
/// and the measurements of UIKit's engine published by kern0x1b/charon (UIDynamicAnimator.md §4, §3.2).
final class PushSnapTests: XCTestCase {
    func box(_ world: World, size: Vector2 = Vector2(100, 100), density: Double = 1) -> ItemID {
        world.addItem(
            ItemDefinition(center: Vector2(100, 100), size: size, density: density, resistance: 0, angularResistance: 0)
        )
    }

    func testContinuousPushIsOneHundredPointsPerSecondSquaredPerUIKitNewton() {
        for profile in SolverProfile.allCases {
            let world = World(profile: profile)
            let item = box(world)
            world.addPush(PushBehavior(items: [item], mode: .continuous, pushDirection: Vector2(1, 0)))
            world.advance(toStep: 60 * world.subSteps)  // 1 s
            // Constant acceleration 100 pt/s²: v = 100 t exactly in both profiles; x = 50 t² exactly for precise
            // (velocity Verlet), 50 t² + 50 h t for uikit's semi-implicit Euler.
            XCTAssertEqual(world.velocity(of: item).x, 100, accuracy: 1e-9, "\(profile)")
            let h = world.subStepDuration
            let expected = profile == .precise ? 150.0 : 100 + 50 + 50 * h
            XCTAssertEqual(world.position(of: item).x, expected, accuracy: 1e-9, "\(profile)")
        }
    }

    func testInstantaneousPushChangesVelocityByOneHundredOverMass() {
        for profile in SolverProfile.allCases {
            let world = World(profile: profile)
            let square = box(world)
            let wide = world.addItem(ItemDefinition(center: .zero, size: Vector2(200, 100), resistance: 0))
            world.addPush(PushBehavior(items: [square, wide], mode: .instantaneous, angle: .pi / 2, magnitude: 1))
            world.step()
            XCTAssertEqual(world.velocity(of: square).y, 100, accuracy: 1e-9)
            XCTAssertEqual(world.velocity(of: wide).y, 50, accuracy: 1e-9)
            world.advance(toStep: 100)
            XCTAssertEqual(world.velocity(of: square).y, 100, accuracy: 1e-9, "applied once")
        }
    }

    func testUIKitMeasurements() {
        // charon §4.2, measured on the host through Mac Catalyst (1 kg = a 100 x 100 item of density 1):
        // continuous (1, 0) at offset (0, 50): ω falls by 0.025 rad/s per 1/120 s sub-step;
        // impulse (0, 1) at (50, 0): Δω = 3.0 rad/s; a 200 x 50 item of density 2 (2 kg), impulse 0.3: 15 pt/s.
        let world = World(profile: .uikit)
        let a = box(world), b = box(world), c = box(world, size: Vector2(200, 50), density: 2)
        world.addPush(
            PushBehavior(
                items: [a], mode: .continuous, pushDirection: Vector2(1, 0),
                targetOffsetFromCenter: Vector2(0, 50)))
        world.addPush(
            PushBehavior(
                items: [b], mode: .instantaneous, pushDirection: Vector2(0, 1),
                targetOffsetFromCenter: Vector2(50, 0)))
        world.addPush(PushBehavior(items: [c], mode: .instantaneous, pushDirection: Vector2(0.3, 0)))
        for k in 1...4 {
            world.step()
            XCTAssertEqual(world.angularVelocity(of: a), -0.025 * Double(k), accuracy: 1e-7)
        }
        XCTAssertEqual(world.angularVelocity(of: b), 3.0, accuracy: 1e-6)
        XCTAssertEqual(world.velocity(of: c).x, 15, accuracy: 1e-6)
    }

    func testPushTimingFollowsFrames() {
        let world = World(profile: .uikit)
        let item = box(world)
        world.addPush(
            PushBehavior(items: [item], mode: .continuous, pushDirection: Vector2(1, 0), beginTime: 0.5, endTime: 1.0))
        world.advance(toStep: 60)  // t = 0.5: not yet
        XCTAssertEqual(world.velocity(of: item).x, 0)
        world.advance(toStep: 240)  // t = 2: pushed for exactly 0.5 s
        XCTAssertEqual(world.velocity(of: item).x, 50, accuracy: 1e-9)
    }

    func testScheduledVelocity() {
        for profile in SolverProfile.allCases {
            let world = World(profile: profile)
            let item = box(world)
            world.addVelocity(Vector2(30, -40), angularVelocity: 2, to: item, at: 0.25)
            world.addVelocity(Vector2(1, 1), to: item, at: 0.1)
            world.advance(toStep: Int((0.1 / world.subStepDuration).rounded()))
            XCTAssertEqual(world.velocity(of: item), .zero)
            world.step()
            XCTAssertEqual(world.velocity(of: item), Vector2(1, 1))
            world.advance(toStep: Int((0.5 / world.subStepDuration).rounded()))
            XCTAssertEqual(world.velocity(of: item), Vector2(31, -39))
            XCTAssertEqual(world.angularVelocity(of: item), 2)
        }
    }

    func testSnapSettlesOnItsPointAtAngleZero() {
        for profile in SolverProfile.allCases {
            for damping in [0.1, 0.5, 1.0] {
                let world = World(profile: profile)
                let item = world.addItem(ItemDefinition(center: Vector2(100, 100), size: Vector2(100, 50), angle: 0.3))
                world.addSnap(SnapBehavior(item: item, snapPoint: Vector2(300, 200), damping: damping))
                while world.time < 4 { world.step() }
                let error = norm(world.position(of: item) - Vector2(300, 200))
                XCTAssertLessThan(error, 0.5, "\(profile), damping \(damping): \(error) pt off")
                XCTAssertEqual(world.angle(of: item), 0, accuracy: 0.01, "\(profile), damping \(damping)")
                XCTAssertTrue(world.isFinite)
            }
        }
    }

    func testGravityIsOneWorldVectorLastWriterWins() {
        // charon §3.2: adding a second gravity behavior sets the world gravity for every affected item, the first's too.
        let world = World(profile: .uikit)
        let a = box(world), b = box(world), c = box(world)
        world.addGravity(GravityBehavior(items: [a]))
        world.addGravity(GravityBehavior(items: [b], gravityDirection: Vector2(1, 0)))
        world.step()
        let h = world.subStepDuration
        XCTAssertEqual(world.velocity(of: a), Vector2(1000 * h, 0))
        XCTAssertEqual(world.velocity(of: b), Vector2(1000 * h, 0))
        XCTAssertEqual(world.velocity(of: c), .zero)
    }
}
