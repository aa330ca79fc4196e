import Foundation
import XCTest
@testable import Dynamics

/// Resting and sliding contact in the `precise` profile, against Coulomb's law and the closed form of motion under a
/// constant force. Gravity 1.0 (1000 pt/s²), resistance 0, 1/60 s frames of 8 sub-steps.
final class RestingContactTests: XCTestCase {
    static let slopeAngle = 20 * Double.pi / 180

    /// A 40 pt box resting on a 20° slope made of an anchored 600 x 40 item, both of the given friction, the box's
    /// bottom face on the slope's top face. Returns the world and the box.
    private func makeSlope(friction: Double) -> (World, ItemID) {
        let theta = RestingContactTests.slopeAngle
        let world = World(profile: .precise)
        let center = Vector2(187.5, 400)
        // The slope's top face normal (its local (0, −1) turned clockwise by θ on screen).
        let up = Vector2(sin(theta), -cos(theta))
        let slope = world.addItem(
            ItemDefinition(
                center: center, size: Vector2(600, 40), angle: theta, isAnchored: true,
                friction: friction))
        let box = world.addItem(
            ItemDefinition(
                center: center + 40 * up, size: Vector2(40, 40), angle: theta, resistance: 0,
                angularResistance: 0, friction: friction))
        world.addGravity(GravityBehavior(items: [box]))
        world.addCollision(CollisionBehavior(items: [slope, box]))
        return (world, box)
    }

    /// Distance along the slope, downhill positive.
    private func along(_ p: Vector2) -> Double {
        dot(p, Vector2(cos(RestingContactTests.slopeAngle), sin(RestingContactTests.slopeAngle)))
    }

    func testStaticFrictionHoldsABoxOnASlopeForAMinute() {
        // tan 20° = 0.364 < 0.5: Coulomb's law says the box never moves.
        let (world, box) = makeSlope(friction: 0.5)
        for _ in 0..<60 { world.stepFrame() }
        let start = along(world.position(of: box))
        var worst = 0.0
        for _ in 0..<3600 {
            world.stepFrame()
            worst = max(worst, abs(along(world.position(of: box)) - start))
        }
        print("precise slope, friction 0.5: moved \(worst) pt along the slope between 1 s and 61 s")
        XCTAssertLessThan(worst, 0.1, "precise: the box moved \(worst) pt along the slope between 1 s and 61 s")
    }

    func testKineticFrictionSlidesAsHalfATSquared() {
        // tan 20° > 0.2: the box slides with a = g (sin θ − μ cos θ), so s(t) = ½ a t².
        let theta = RestingContactTests.slopeAngle
        let (world, box) = makeSlope(friction: 0.2)
        let a = 1000 * (sin(theta) - 0.2 * cos(theta))
        let start = along(world.position(of: box))
        var worst = 0.0
        for frame in 1...60 {
            world.stepFrame()
            let t = Double(frame) / 60
            let expected = 0.5 * a * t * t
            worst = max(worst, abs(along(world.position(of: box)) - start - expected) / (0.5 * a))
        }
        // Relative to the travel at 1 s, at every frame of the first second.
        print("precise slope, friction 0.2: off ½ a t² by \(worst) of the travel at 1 s")
        XCTAssertLessThan(worst, 0.01, "precise: sliding box off ½ a t² by \(worst) of its travel at 1 s")
    }

    func testARestingBallDoesNotSink() {
        // A 40 pt ball dropped 48 pt onto the screen's floor (the bounds, outset 1 pt, at y = 668).
        let world = World(profile: .precise)
        world.referenceBounds = (Vector2(0, 0), Vector2(375, 667))
        let ball = world.addItem(
            ItemDefinition(
                center: Vector2(187.5, 600), size: Vector2(40, 40), resistance: 0,
                angularResistance: 0, collisionBounds: .ellipse))
        world.addGravity(GravityBehavior(items: [ball]))
        world.addCollision(CollisionBehavior(items: [ball], translatesReferenceBoundsIntoBoundary: true))
        func penetration() -> Double { world.position(of: ball).y + 20 - 668 }
        for _ in 0..<60 { world.stepFrame() }
        let settled = penetration()
        var worst = settled
        for _ in 0..<3600 {
            world.stepFrame()
            worst = max(worst, penetration())
        }
        print("precise resting ball: penetration \(settled) pt at 1 s, at most \(worst) pt until 61 s")
        XCTAssertLessThanOrEqual(worst, settled + 1e-9, "precise: penetration grew from \(settled) to \(worst) pt")
        XCTAssertLessThan(settled, 0.2 * World.linearSlop, "precise: the ball sank \(settled) pt, toward the slop")
    }
}
