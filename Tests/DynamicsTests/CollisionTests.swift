import Foundation
import XCTest
@testable import Dynamics

final class CollisionTests: XCTestCase {
    func world(_ profile: SolverProfile) -> World {
        let w = World(profile: profile)
        w.referenceBounds = (Vector2(0, 0), Vector2(375, 667))
        return w
    }

    func testFastItemsNeverCrossABoundary() {
        // A 20 x 20 item at 6000 pt/s (50 pt per 1/120 s sub-step, 2.5 times its size) toward each wall, both profiles,
        // as a rectangle and as a circle (whose time of impact, as Box2D's, only sees a centre ending near the wall).
        for profile in SolverProfile.allCases {
            for direction in [Vector2(1, 0), Vector2(-1, 0), Vector2(0, 1), Vector2(0, -1), Vector2(0.6, 0.8)] {
                for bounds in [CollisionBounds.rectangle, .ellipse] {
                    let w = world(profile)
                    let item = w.addItem(
                        ItemDefinition(
                            center: Vector2(187.5, 333.5), size: Vector2(20, 20),
                            velocity: direction * 6000, resistance: 0, collisionBounds: bounds))
                    w.addCollision(CollisionBehavior(items: [item], translatesReferenceBoundsIntoBoundary: true))
                    while w.time < 2 {
                        w.step()
                        let p = w.position(of: item)
                        XCTAssertTrue(
                            p.x > -1 && p.x < 376 && p.y > -1 && p.y < 668,
                            "\(profile) \(direction) \(bounds): escaped to \(p)")
                        if !(p.x > -1 && p.x < 376 && p.y > -1 && p.y < 668) { break }
                    }
                }
            }
        }
    }

    /// `uikit` keeps Box2D's step while no fast item comes at anything: a 3-box stack falling to the floor takes the
    /// same bits whether a box far from it flies at 3000 pt/s (25 pt a sub-step, 2.5 times its side) or rests. (dynsim
    /// once split the whole world's sub-step whenever any item was that fast, so the stack's bits changed, and large
    /// piles kept moving where Box2D's settle: docs/benchmarks.md's settling study.)
    func testAFastItemLeavesTheRestOnBox2DsStep() {
        func stack(flyer speed: Double) -> [Vector2] {
            let w = world(.uikit)
            let boxes = (0..<3).map { k in
                w.addItem(
                    ItemDefinition(center: Vector2(100 + 3 * Double(k), 640 - 21 * Double(k)), size: Vector2(20, 20)))
            }
            let flyer = w.addItem(
                ItemDefinition(
                    center: Vector2(300, 100), size: Vector2(10, 10), velocity: Vector2(0, speed),
                    resistance: 0))
            w.addGravity(GravityBehavior(items: boxes))
            w.addCollision(CollisionBehavior(items: boxes + [flyer], translatesReferenceBoundsIntoBoundary: true))
            for _ in 0..<9 { w.stepFrame() }
            XCTAssertEqual(w.position(of: flyer).y, 100 + speed * 9 / 60, accuracy: 1e-9, "the flyer meets nothing")
            return boxes.map { w.position(of: $0) } + boxes.map { Vector2(w.angle(of: $0), 0) }
        }
        XCTAssertEqual(stack(flyer: 3000), stack(flyer: 0))
    }

    /// A contact list as the narrow phase leaves it: boundary contacts, then item pairs, each run in ascending key
    /// order, then one the time of impact appended. Each key is found where it is (the appended one too, or the next
    /// narrow phase would report its contact beginning a second time), and keys not in the list are not.
    func testContactLookupFindsBothRunsAndTheAppendedOne() {
        let boundary = UInt64(1) << 63
        let keys: [UInt64] = [
            boundary | 0 << 32 | 3, boundary | 0 << 32 | 7, boundary | 2 << 32 | 1,
            1 << 32 | 2, 1 << 32 | 5, 4 << 32 | 6, boundary | 1 << 32 | 9,
        ]
        let list = keys.map {
            ContactConstraint(
                key: $0, a: -1, b: 0, manifold: Manifold(), radiusA: 0, radiusB: 0, friction: 0, restitution: 0)
        }
        list.withUnsafeBufferPointer { cs in
            for (k, key) in keys.enumerated() {
                XCTAssertEqual(World.position(of: key, in: cs, boundaryCount: 3, orderedCount: 6), k, "key \(key)")
            }
            for key: UInt64 in [boundary | 0 << 32 | 5, boundary | 3 << 32 | 0, 1 << 32 | 3, 9 << 32 | 9, 0] {
                XCTAssertNil(World.position(of: key, in: cs, boundaryCount: 3, orderedCount: 6), "key \(key)")
            }
        }
    }

    /// Items a sweep that puts a fast item back at its first touch lets through (a break-it pass found them; splitting
    /// the sub-step stops them), both profiles: a tilted 4 pt chip dropped from the top of the screen onto the floor; a
    /// 10 pt ball thrown into a corner at 1414 pt/s, and one at 12000 pt/s at two walls 10 pt apart, which stops at the
    /// nearer one.
    func testFastTiltedItemsAndBallsStayInside() {
        for profile in SolverProfile.allCases {
            let w = world(profile)
            let chip = w.addItem(ItemDefinition(center: Vector2(187, 10), size: Vector2(4, 4), angle: 0.1))
            let corner = w.addItem(
                ItemDefinition(
                    center: Vector2(72, 72), size: Vector2(10, 10), velocity: Vector2(-1000, -1000),
                    collisionBounds: .ellipse))
            let walled = w.addItem(
                ItemDefinition(
                    center: Vector2(200, 311), size: Vector2(10, 10), velocity: Vector2(0, 12000),
                    resistance: 0, collisionBounds: .ellipse))
            w.addGravity(GravityBehavior(items: [chip]))
            w.addCollision(
                CollisionBehavior(
                    items: [chip, corner], mode: .boundaries, translatesReferenceBoundsIntoBoundary: true))
            w.addCollision(
                CollisionBehavior(
                    items: [walled], mode: .boundaries,
                    boundaries: [
                        ("upper", Vector2(100, 400), Vector2(300, 400)),
                        ("lower", Vector2(100, 410), Vector2(300, 410)),
                    ]))
            var lowest = 0.0, nearest = Double.infinity, deepest = 0.0
            while w.time < 1.5 {
                w.step()
                lowest = max(lowest, w.position(of: chip).y)
                nearest = min(nearest, w.position(of: corner).x, w.position(of: corner).y)
                deepest = max(deepest, w.position(of: walled).y)
            }
            XCTAssertLessThan(lowest, 667, "\(profile): the chip stays above the floor")
            XCTAssertGreaterThan(nearest, 0, "\(profile): the ball stays in the corner")
            XCTAssertLessThan(deepest, 400, "\(profile): the ball stops at the upper wall")
        }
    }

    /// A long item meets short segments near its ends, both profiles: a 300 x 10 card dropped from the top of the
    /// screen onto two 60 pt ledges at its ends, and a 100 x 20 bar thrown at 1800 pt/s at a 4 pt peg under one end,
    /// which catches that end and turns the bar about it. Seen from the item's centre the ledge lies almost sideways,
    /// but the card's edge comes straight at it: judged by the centre, the sub-step was not split, the card fell
    /// through and the bar passed the peg untouched (a second break-it pass).
    func testLongItemsLandOnShortSegmentsNearTheirEnds() {
        for profile in SolverProfile.allCases {
            let w = world(profile)
            let card = w.addItem(ItemDefinition(center: Vector2(187.5, 12), size: Vector2(300, 10)))
            let bar = w.addItem(
                ItemDefinition(
                    center: Vector2(100, 400), size: Vector2(100, 20), velocity: Vector2(0, 1800),
                    resistance: 0))
            w.addGravity(GravityBehavior(items: [card]))
            w.addCollision(
                CollisionBehavior(
                    items: [card], mode: .boundaries,
                    boundaries: [
                        ("left", Vector2(0, 400), Vector2(60, 400)), ("right", Vector2(315, 400), Vector2(375, 400)),
                    ]))
            w.addCollision(
                CollisionBehavior(
                    items: [bar], mode: .boundaries, boundaries: [("peg", Vector2(136, 411), Vector2(140, 411))]))
            var lowest = 0.0, turned = 0.0
            while w.time < 1.5 {
                w.step()
                lowest = max(lowest, w.position(of: card).y)
                if w.time < 0.1 { turned = max(turned, abs(w.angle(of: bar))) }
            }
            XCTAssertLessThan(lowest, 400, "\(profile): the card lands on the ledges")
            XCTAssertGreaterThan(turned, 0.5, "\(profile): the bar, caught by its end at the peg, turns about it")
        }
    }

    /// The split foresees speed the sub-step will add before the item moves, both profiles: a 20 x 20 box sliding
    /// along a floor at 6000 pt/s (so fast, but not toward the floor) is sent down at 3000 pt/s by a velocity change
    /// 11 pt above the floor, and another is pulled down by a 5 Hz spring stretched 311 pt. Judged by the velocity
    /// before them, the sub-step was not split and both went through the floor (a third break-it pass).
    func testSpeedGivenWithinTheSubStepIsForeseen() {
        for profile in SolverProfile.allCases {
            let w = world(profile)
            let kicked = w.addItem(
                ItemDefinition(
                    center: Vector2(0, 489), size: Vector2(20, 20), velocity: Vector2(6000, 0),
                    resistance: 0, angularResistance: 0))
            let pulled = w.addItem(
                ItemDefinition(
                    center: Vector2(0, 1489), size: Vector2(20, 20), velocity: Vector2(6000, 0),
                    resistance: 0, angularResistance: 0))
            w.addVelocity(Vector2(0, 3000), to: kicked, at: 0.1)
            w.addAttachment(
                AttachmentBehavior(
                    item: pulled, attachedTo: .anchor(point: Vector2(0, 1800), path: nil), length: 1,
                    frequency: 5, damping: 0))
            w.addCollision(
                CollisionBehavior(
                    items: [kicked, pulled], mode: .boundaries,
                    boundaries: [
                        ("floor", Vector2(-100_000, 500), Vector2(100_000, 500)),
                        ("lower", Vector2(-100_000, 1500), Vector2(100_000, 1500)),
                    ]))
            var kickedLowest = 0.0, pulledLowest = 0.0
            while w.time < 0.3 {
                w.step()
                kickedLowest = max(kickedLowest, w.position(of: kicked).y)
                pulledLowest = max(pulledLowest, w.position(of: pulled).y)
            }
            XCTAssertLessThan(kickedLowest, 500, "\(profile): the kicked box stays above the floor")
            XCTAssertLessThan(pulledLowest, 1500, "\(profile): the pulled box stays above the lower floor")
        }
    }

    /// Continuous collision reads an item's shape, not its size, and its turn as well as its speed, both profiles: a
    /// path 0.2 pt thin in a 100 x 100 item at 2000 pt/s toward a shelf (it once moved 4 times its thickness a piece
    /// and passed), and a 200 x 4 bar pinned at its centre, turning at 20 rad/s into a 6 pt post 92 pt from the pin
    /// (its end moves 15 pt a `precise` sub-step; splitting by speed alone let it turn through the post).
    func testThinShapesAndTurningBarsStopAtWhatTheyMeet() {
        for profile in SolverProfile.allCases {
            let w = world(profile)
            let sliver = w.addItem(
                ItemDefinition(
                    center: Vector2(187, 301), velocity: Vector2(0, 2000), allowsRotation: false,
                    collisionBounds: .path([Vector2(-50, -0.1), Vector2(50, -0.1), Vector2(50, 0.1), Vector2(-50, 0.1)])
                ))
            let bar = w.addItem(
                ItemDefinition(
                    center: Vector2(200, 150), size: Vector2(200, 4), angularVelocity: 20,
                    angularResistance: 0))
            w.addAttachment(
                AttachmentBehavior(item: bar, attachedTo: .anchor(point: Vector2(200, 150), path: nil), length: 0))
            w.addCollision(
                CollisionBehavior(
                    items: [sliver, bar], mode: .boundaries,
                    boundaries: [
                        ("shelf", Vector2(0, 400), Vector2(375, 400)), ("post", Vector2(200, 242), Vector2(200, 248)),
                    ]))
            var lowest = 0.0, turned = 0.0
            while w.time < 0.5 {
                w.step()
                lowest = max(lowest, w.position(of: sliver).y)
                turned = max(turned, w.angle(of: bar))
            }
            XCTAssertLessThan(lowest, 400, "\(profile): the sliver stays above the shelf")
            XCTAssertLessThan(turned, Double.pi / 2, "\(profile): the bar stops at the post")
        }
    }

    /// A 20 x 20 item at 6000 pt/s (50 pt a sub-step) against a 20 pt thick wall, anchored or free to move, stays on
    /// its side of the wall's center (the free wall's, which it pushes along, included).
    func testFastItemsDoNotPassThroughEachOther() {
        for profile in SolverProfile.allCases {
            for anchored in [true, false] {
                let w = world(profile)
                let bullet = w.addItem(
                    ItemDefinition(
                        center: Vector2(65, 300), size: Vector2(20, 20), velocity: Vector2(6000, 0),
                        resistance: 0))
                let wall = w.addItem(
                    ItemDefinition(center: Vector2(250, 300), size: Vector2(20, 200), isAnchored: anchored))
                w.addCollision(CollisionBehavior(items: [bullet, wall], mode: .items))
                while w.time < 0.2 { w.step() }
                XCTAssertLessThan(w.position(of: bullet).x, w.position(of: wall).x, "\(profile), anchored \(anchored)")
            }
        }
    }

    func testNamedBoundarySegment() {
        // A 40 x 40 item set down (1 pt above, turned to match) on a named 30° segment slides down it: friction 0.2 is
        // less than tan 30°, and with μ = √(0.2 · 0.2) = 0.2 its acceleration along the ramp is g (sin 30° − μ cos 30°).
        let w = world(.uikit)
        let a = Vector2(0, 300), b = Vector2(375, 300 + 375 * tan(Double.pi / 6))
        let along = (b - a) / norm(b - a), up = Vector2(along.y, -along.x)
        let start = a + 150 / along.x * along + 21 * up
        let item = w.addItem(
            ItemDefinition(
                center: start, size: Vector2(40, 40), angle: .pi / 6, resistance: 0,
                angularResistance: 0))
        w.addGravity(GravityBehavior(items: [item]))
        w.addCollision(CollisionBehavior(items: [item], boundaries: [("ramp", a, b)]))
        w.recordsEvents = true
        while w.time < 0.5 { w.step() }
        let p = w.position(of: item)
        XCTAssertEqual(dot(p - a, up), 20, accuracy: 1, "lying on the ramp, not through it")
        let expected = 1000 * (sin(Double.pi / 6) - 0.2 * cos(Double.pi / 6))
        XCTAssertEqual(
            dot(w.velocity(of: item), along) / 0.5, expected, accuracy: 0.05 * expected, "sliding at g(sin − μ cos)")
        let events = w.takeEvents()
        XCTAssertEqual(events.first?.kind, .begin)
        XCTAssertEqual(events.first?.boundary, "ramp")
    }

    func testItemsModeIgnoresBoundariesAndBoundariesModeIgnoresItems() {
        let w = world(.uikit)
        let a = w.addItem(ItemDefinition(center: Vector2(100, 600), size: Vector2(50, 50), velocity: Vector2(0, 500)))
        let b = w.addItem(ItemDefinition(center: Vector2(100, 400), size: Vector2(50, 50), velocity: Vector2(0, 800)))
        w.addCollision(CollisionBehavior(items: [a], mode: .items, translatesReferenceBoundsIntoBoundary: true))
        w.addCollision(CollisionBehavior(items: [b], mode: .boundaries, translatesReferenceBoundsIntoBoundary: true))
        while w.time < 1 { w.step() }
        XCTAssertGreaterThan(w.position(of: a).y, 668, "items mode: falls through the bounds")
        XCTAssertLessThan(w.position(of: b).y, 668, "boundaries mode: stopped by the bounds")
    }
}
