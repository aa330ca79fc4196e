import Foundation
import XCTest
@testable import Dynamics

/// Items sliding along path boundaries made of collinear segments. With friction 0 and gravity pressing the item onto
/// the path, nothing acts along the path, so the closed form is uniform motion: the speed along the path stays what it
/// was, and the item neither rises nor sinks (Box2D's "ghost collisions" at interior vertices break both).
final class PathBoundaryTests: XCTestCase {
    /// A 40 x 40 box (friction 0, elasticity `elasticity`, resistance 0) on a straight path of `segments` segments of
    /// `segmentLength` from (100, 400), tilted by `tilt` (radians, clockwise), its bottom face `drop` pt above the path
    /// and 40 pt from the path's start, moving along the path at `speed`; gravity 1.0 (or `gravity`) toward the path.
    private func makeSlide(
        _ profile: SolverProfile, tilt: Double, speed: Double, drop: Double = 0, segments: Int = 10,
        segmentLength: Double = 40, gravity: Double = 1, elasticity: Double = 0.2,
        oneIdentifier: Bool = true
    ) -> (World, ItemID, along: Vector2, up: Vector2, start: Vector2) {
        let along = Vector2(cos(tilt), sin(tilt)), up = Vector2(sin(tilt), -cos(tilt))
        let origin = Vector2(100, 400)
        let world = World(profile: profile)
        let start = origin + 40 * along + (20 + drop) * up
        let box = world.addItem(
            ItemDefinition(
                center: start, size: Vector2(40, 40), angle: tilt, velocity: speed * along,
                resistance: 0, angularResistance: 0, elasticity: elasticity, friction: 0))
        world.addGravity(GravityBehavior(items: [box], gravityDirection: -gravity * up))
        var boundaries: [(identifier: String, from: Vector2, to: Vector2)] = []
        for k in 0..<segments {
            let from = origin + (Double(k) * segmentLength) * along,
                to = origin + (Double(k + 1) * segmentLength) * along
            boundaries.append((oneIdentifier ? "floor" : "floor\(k)", from, to))
        }
        world.addCollision(CollisionBehavior(items: [box], boundaries: boundaries))
        return (world, box, along, up, start)
    }

    func testPreciseBoxSlidesAlongASegmentedPathAtConstantSpeed() {
        for tilt in [0.0, 0.3, -0.7] {
            let (world, box, along, up, start) = makeSlide(.precise, tilt: tilt, speed: 100)
            var worstSpeed = 0.0, worstHeight = 0.0
            for _ in 0..<180 {
                world.stepFrame()
                worstSpeed = max(worstSpeed, abs(dot(world.velocity(of: box), along) / 100 - 1))
                worstHeight = max(worstHeight, abs(dot(world.position(of: box) - start, up)))
            }
            // 300 pt in 3 s: the box crosses seven interior vertices.
            XCTAssertEqual(dot(world.position(of: box) - start, along), 300, accuracy: 0.3, "precise, tilt \(tilt)")
            print("precise path, tilt \(tilt): speed off by \(worstSpeed), height off by \(worstHeight) pt over 3 s")
            XCTAssertLessThan(worstSpeed, 0.001, "precise, tilt \(tilt): speed along the path off by \(worstSpeed)")
            XCTAssertLessThan(worstHeight, World.linearSlop, "precise, tilt \(tilt): rose or sank \(worstHeight) pt")
        }
    }

    func testPreciseBoxLandingOnASegmentedPathDoesNotCatchOnItsVertices() {
        // Cases that caught on an interior vertex without ghost vertices: a box dropped 80 pt onto 10 pt segments, and
        // one landing from 2.1 pt at 3000 pt/s (it was thrown into a tumble). Friction 0 and elasticity 0: landing
        // takes the normal speed away and leaves the speed along the path as it was.
        for (tilt, drop, speed) in [(13 * Double.pi / 180, 80.0, 100.0), (0, 2.1, 3000)] {
            let (world, box, along, _, _) = makeSlide(
                .precise, tilt: tilt, speed: speed, drop: drop, segments: 80,
                segmentLength: 10, elasticity: 0)
            var worstSpeed = 0.0, worstAngle = 0.0
            let frames = Int(60 * 600 / speed)
            for _ in 0..<frames {
                world.stepFrame()
                worstSpeed = max(worstSpeed, abs(dot(world.velocity(of: box), along) / speed - 1))
                worstAngle = max(worstAngle, abs(world.angle(of: box) - tilt))
            }
            XCTAssertLessThan(worstSpeed, 0.001, "precise, drop \(drop) at \(speed) pt/s: speed off by \(worstSpeed)")
            XCTAssertLessThan(worstAngle, 0.01, "precise, drop \(drop) at \(speed) pt/s: turned \(worstAngle) rad")
        }
    }

    func testUIKitPathsCollideAsLoneSegments() {
        // uikit keeps Box2D 2.4.1's two-sided edges without ghost vertices: a path gives the same bits as the same
        // segments under different identifiers (which are not joined into a path).
        for (tilt, drop, speed) in [(0.3, 0.0, 100.0), (0.0, 31.7, 300.0)] {
            let path = makeSlide(.uikit, tilt: tilt, speed: speed, drop: drop, gravity: 4)
            let lone = makeSlide(.uikit, tilt: tilt, speed: speed, drop: drop, gravity: 4, oneIdentifier: false)
            for _ in 0..<120 {
                path.0.stepFrame()
                lone.0.stepFrame()
                XCTAssertEqual(path.0.position(of: path.1), lone.0.position(of: lone.1))
                XCTAssertEqual(path.0.velocity(of: path.1), lone.0.velocity(of: lone.1))
            }
        }
    }

    func testPreciseCircleRollsOverPathVertices() {
        // A 40 pt ball (ellipse bounds, equal sides) with angular resistance 0 and friction 0 slides at 200 pt/s.
        let world = World(profile: .precise)
        let ball = world.addItem(
            ItemDefinition(
                center: Vector2(140, 380), size: Vector2(40, 40), velocity: Vector2(200, 0),
                resistance: 0, angularResistance: 0, elasticity: 0, friction: 0,
                collisionBounds: .ellipse))
        world.addGravity(GravityBehavior(items: [ball]))
        let boundaries = (0..<40).map { k in
            ("floor", Vector2(100 + 10 * Double(k), 400), Vector2(110 + 10 * Double(k), 400))
        }
        world.addCollision(CollisionBehavior(items: [ball], boundaries: boundaries))
        var worst = 0.0, worstHeight = 0.0
        for _ in 0..<60 {
            world.stepFrame()
            worst = max(worst, abs(world.velocity(of: ball).x / 200 - 1))
            worstHeight = max(worstHeight, abs(world.position(of: ball).y - 380))
        }
        // (A vertex contact dropped on both sides of a junction would let it sink through the path.)
        XCTAssertLessThan(worst, 0.001, "precise ball: speed along the path off by \(worst)")
        XCTAssertLessThan(worstHeight, World.linearSlop, "precise ball: rose or sank \(worstHeight) pt")
    }
}
