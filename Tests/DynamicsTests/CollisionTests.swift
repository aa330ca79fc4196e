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
                let item = w.addItem(ItemDefinition(center: Vector2(187.5, 333.5), size: Vector2(20, 20),
                                                    velocity: direction * 6000, resistance: 0, collisionBounds: bounds))
                w.addCollision(CollisionBehavior(items: [item], translatesReferenceBoundsIntoBoundary: true))
                while w.time < 2 {
                    w.step()
                    let p = w.position(of: item)
                    XCTAssertTrue(p.x > -1 && p.x < 376 && p.y > -1 && p.y < 668, "\(profile) \(direction) \(bounds): escaped to \(p)")
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
                w.addItem(ItemDefinition(center: Vector2(100 + 3 * Double(k), 640 - 21 * Double(k)), size: Vector2(20, 20)))
            }
            let flyer = w.addItem(ItemDefinition(center: Vector2(300, 100), size: Vector2(10, 10), velocity: Vector2(0, speed),
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
        let keys: [UInt64] = [boundary | 0 << 32 | 3, boundary | 0 << 32 | 7, boundary | 2 << 32 | 1,
                              1 << 32 | 2, 1 << 32 | 5, 4 << 32 | 6, boundary | 1 << 32 | 9]
        let list = keys.map {
            ContactConstraint(key: $0, a: -1, b: 0, manifold: Manifold(), radiusA: 0, radiusB: 0, friction: 0, restitution: 0)
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
            let corner = w.addItem(ItemDefinition(center: Vector2(72, 72), size: Vector2(10, 10), velocity: Vector2(-1000, -1000),
                                                  collisionBounds: .ellipse))
            let walled = w.addItem(ItemDefinition(center: Vector2(200, 311), size: Vector2(10, 10), velocity: Vector2(0, 12000),
                                                  resistance: 0, collisionBounds: .ellipse))
            w.addGravity(GravityBehavior(items: [chip]))
            w.addCollision(CollisionBehavior(items: [chip, corner], mode: .boundaries, translatesReferenceBoundsIntoBoundary: true))
            w.addCollision(CollisionBehavior(items: [walled], mode: .boundaries, boundaries: [
                ("upper", Vector2(100, 400), Vector2(300, 400)), ("lower", Vector2(100, 410), Vector2(300, 410)),
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
            let bar = w.addItem(ItemDefinition(center: Vector2(100, 400), size: Vector2(100, 20), velocity: Vector2(0, 1800),
                                               resistance: 0))
            w.addGravity(GravityBehavior(items: [card]))
            w.addCollision(CollisionBehavior(items: [card], mode: .boundaries, boundaries: [
                ("left", Vector2(0, 400), Vector2(60, 400)), ("right", Vector2(315, 400), Vector2(375, 400)),
            ]))
            w.addCollision(CollisionBehavior(items: [bar], mode: .boundaries, boundaries: [("peg", Vector2(136, 411), Vector2(140, 411))]))
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
            let kicked = w.addItem(ItemDefinition(center: Vector2(0, 489), size: Vector2(20, 20), velocity: Vector2(6000, 0),
                                                  resistance: 0, angularResistance: 0))
            let pulled = w.addItem(ItemDefinition(center: Vector2(0, 1489), size: Vector2(20, 20), velocity: Vector2(6000, 0),
                                                  resistance: 0, angularResistance: 0))
            w.addVelocity(Vector2(0, 3000), to: kicked, at: 0.1)
            w.addAttachment(AttachmentBehavior(item: pulled, attachedTo: .anchor(point: Vector2(0, 1800), path: nil), length: 1,
                                               frequency: 5, damping: 0))
            w.addCollision(CollisionBehavior(items: [kicked, pulled], mode: .boundaries, boundaries: [
                ("floor", Vector2(-100_000, 500), Vector2(100_000, 500)), ("lower", Vector2(-100_000, 1500), Vector2(100_000, 1500)),
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
            let sliver = w.addItem(ItemDefinition(center: Vector2(187, 301), velocity: Vector2(0, 2000), allowsRotation: false,
                                                  collisionBounds: .path([Vector2(-50, -0.1), Vector2(50, -0.1), Vector2(50, 0.1), Vector2(-50, 0.1)])))
            let bar = w.addItem(ItemDefinition(center: Vector2(200, 150), size: Vector2(200, 4), angularVelocity: 20,
                                               angularResistance: 0))
            w.addAttachment(AttachmentBehavior(item: bar, attachedTo: .anchor(point: Vector2(200, 150), path: nil), length: 0))
            w.addCollision(CollisionBehavior(items: [sliver, bar], mode: .boundaries, boundaries: [
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
                let bullet = w.addItem(ItemDefinition(center: Vector2(65, 300), size: Vector2(20, 20), velocity: Vector2(6000, 0),
                                                      resistance: 0))
                let wall = w.addItem(ItemDefinition(center: Vector2(250, 300), size: Vector2(20, 200), isAnchored: anchored))
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
        let item = w.addItem(ItemDefinition(center: start, size: Vector2(40, 40), angle: .pi / 6, resistance: 0,
                                            angularResistance: 0))
        w.addGravity(GravityBehavior(items: [item]))
        w.addCollision(CollisionBehavior(items: [item], boundaries: [("ramp", a, b)]))
        w.recordsEvents = true
        while w.time < 0.5 { w.step() }
        let p = w.position(of: item)
        XCTAssertEqual(dot(p - a, up), 20, accuracy: 1, "lying on the ramp, not through it")
        let expected = 1000 * (sin(Double.pi / 6) - 0.2 * cos(Double.pi / 6))
        XCTAssertEqual(dot(w.velocity(of: item), along) / 0.5, expected, accuracy: 0.05 * expected, "sliding at g(sin − μ cos)")
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

final class SpeedLimitTests: XCTestCase {
    /// `uikit` keeps Box2D's speed limit per 1/120 s sub-step even when a sub-step is split for continuous collision:
    /// a 10 pt box thrown at 1e6 pt/s (split pieces once let it reach 1.5e6 pt/s and leave) stays inside the bounds.
    func testSplitSubStepsKeepBox2DsSpeedLimit() {
        let w = World(profile: .uikit)
        w.referenceBounds = (Vector2(0, 0), Vector2(375, 667))
        let box = w.addItem(ItemDefinition(center: Vector2(187, 300), size: Vector2(10, 10), velocity: Vector2(1e6, 0)))
        w.addCollision(CollisionBehavior(items: [box], translatesReferenceBoundsIntoBoundary: true))
        for _ in 0..<60 {
            w.stepFrame()
            let p = w.position(of: box)
            XCTAssertTrue(p.x > 0 && p.x < 375 && p.y > 0 && p.y < 667, "\(p)")
        }
    }
}

final class CollisionPathReachTests: XCTestCase {
    /// A collision path may reach beyond the item's size (UIKit's collisionBoundingPath is independent of bounds):
    /// a box dropped onto the corner of a 200 x 200 path on a 100 x 100 item lands on the path's top at y = 300
    /// (its centre 5 pt above, within the path's 0.9 pt skin and the slop) instead of falling through.
    func testBoxLandsOnAPathLargerThanTheItem() {
        for profile in SolverProfile.allCases {
            let w = World(profile: profile)
            let square = [Vector2(-100, -100), Vector2(100, -100), Vector2(100, 100), Vector2(-100, 100)]
            let floor = w.addItem(ItemDefinition(center: Vector2(187.5, 400), isAnchored: true, collisionBounds: .path(square)))
            let box = w.addItem(ItemDefinition(center: Vector2(282, 200), size: Vector2(10, 10)))
            w.addGravity(GravityBehavior(items: [box]))
            w.addCollision(CollisionBehavior(items: [floor, box]))
            for _ in 0..<120 { w.stepFrame() }
            XCTAssertEqual(w.position(of: box).y, 295, accuracy: 1.5, "\(profile)")
        }
    }
}

/// The grid broad phase against the definition of a candidate pair, checked pair by pair: every pair of colliding
/// items whose bounding squares (centre ± extent) overlap, exactly once, and no other.
final class BroadPhaseTests: XCTestCase {
    func testGridFindsExactlyTheOverlappingPairs() {
        var state: UInt64 = 42
        func uniform() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let w = World()
        var ids: [ItemID] = []
        for k in 0..<400 {
            // Mostly 4–16 pt items, a few 150–300 pt panels (kept out of the grid), some far off-screen.
            let big = k % 97 == 0
            let size = big ? Vector2(150 + 150 * uniform(), 20) : Vector2(4 + 12 * uniform(), 4 + 12 * uniform())
            let far = k % 53 == 0 ? 1e7 : 0
            ids.append(w.addItem(ItemDefinition(center: Vector2(400 * uniform() + far, 400 * uniform() - far), size: size)))
        }
        w.addCollision(CollisionBehavior(items: ids, mode: .items))
        w.addCollision(CollisionBehavior(items: Array(ids[0..<50]), mode: .items))
        let n = ids.count
        for round in 0..<4 {
            var center = [Vector2](repeating: .zero, count: n), extent = [Double](repeating: 0, count: n)
            for i in 0..<n {
                // Move everything a little (and some a lot) between rounds, as sub-steps do.
                if round > 0 { w.bodies.position[i] += Vector2(uniform() - 0.5, uniform() - 0.5) * (i % 7 == 0 ? 60 : 3) }
                center[i] = w.bodies.position[i]
                extent[i] = 0.5 * (w.bodyData.itemSize[i].x * w.bodyData.itemSize[i].x + w.bodyData.itemSize[i].y * w.bodyData.itemSize[i].y).squareRoot() + 2
            }
            var pairs: [UInt64] = []
            center.withUnsafeBufferPointer { c in
                extent.withUnsafeBufferPointer { e in w.broadPhase(center: c.baseAddress!, extent: e.baseAddress!, into: &pairs) }
            }
            var expected: Set<UInt64> = []
            for i in 0..<n {
                for j in (i + 1)..<n where w.bodyData.itemCollisionMask[i] & w.bodyData.itemCollisionMask[j] != 0 {
                    let reach = extent[i] + extent[j]
                    if abs(center[i].x - center[j].x) <= reach && abs(center[i].y - center[j].y) <= reach {
                        expected.insert(UInt64(i) << 32 | UInt64(j))
                    }
                }
            }
            XCTAssertEqual(pairs.count, Set(pairs).count, "round \(round): a pair came out twice")
            XCTAssertEqual(Set(pairs), expected, "round \(round)")
            XCTAssertGreaterThan(expected.count, 100)
            XCTAssertFalse(w.collisionScratch.largeItems.isEmpty)
        }
    }
}

final class RotationCacheTests: XCTestCase {
    /// The cached cosine and sine are those of the current angle, bit for bit, whatever the angle did in between
    /// (including the two zeros, whose sines differ in sign).
    func testTransformFollowsTheAngleBitForBit() {
        let w = World()
        _ = w.addItem(ItemDefinition(center: Vector2(10, 20), size: Vector2(4, 4)))
        for a in [0.3, 0.3, -0.0, 0.0, -0.0, 1e-300, .pi, 0.3 + 1e-16, 0.3] {
            w.bodies.angle[0] = a
            let t = w.transform(0)
            XCTAssertEqual(t.c.bitPattern, cos(a).bitPattern, "\(a)")
            XCTAssertEqual(t.s.bitPattern, sin(a).bitPattern, "\(a)")
            XCTAssertEqual(t.p, Vector2(10, 20))
        }
    }
}

/// The velocity iterations' order (ContactPairs.swift): contacts reordered by dependency level and solved two at a
/// time must give Box2D 2.4's sequential order bit for bit, which the scalar solver computes one contact at a time.
final class ContactOrderTests: XCTestCase {
    /// A pile of mixed items (boxes of several sizes and densities, turned boxes, circles, ellipse polygons, two
    /// anchored items) dropped into a container, in `profile`.
    func pile(_ profile: SolverProfile, pairs: Bool) -> World {
        let w = World(profile: profile)
        w.allowsSleeping = false
        w.contactData.reordersSolves = pairs
        var ids: [ItemID] = []
        for k in 0..<90 {
            let column = Double(k % 15), row = Double(k / 16)
            let shape: CollisionBounds = k % 9 == 4 ? .ellipse : .rectangle
            let size = k % 5 == 0 ? Vector2(14, 8) : k % 9 == 4 ? (k % 2 == 0 ? Vector2(10, 10) : Vector2(12, 8)) : Vector2(10, 10)
            ids.append(w.addItem(ItemDefinition(
                center: Vector2(10 + 13 * column + (row.truncatingRemainder(dividingBy: 2) == 0 ? 0 : 4), 380 - 13 * row),
                size: size, angle: k % 7 == 0 ? 0.4 : 0, density: k % 11 == 0 ? 3 : 1,
                isAnchored: k == 37 || k == 90, elasticity: k % 13 == 0 ? 0.6 : 0.2, collisionBounds: shape)))
        }
        w.addGravity(GravityBehavior(items: ids))
        w.addCollision(CollisionBehavior(items: ids, mode: .everything, boundaries: [
            ("left", Vector2(0, -1000), Vector2(0, 400)), ("floor", Vector2(0, 400), Vector2(220, 400)),
            ("right", Vector2(220, 400), Vector2(220, -1000)),
        ]))
        return w
    }

    /// The first item whose position, angle, velocity or angular velocity differs in any bit between `u` and `v`.
    /// Steps both worlds `frames` frames and fails at the first frame where an item's state differs in its bits.
    func assertSameBits(_ u: World, _ v: World, frames: Int, file: StaticString = #filePath, line: UInt = #line) {
        for frame in 0..<frames {
            u.stepFrame()
            v.stepFrame()
            if let i = firstDifference(u, v) {
                XCTFail("frame \(frame) item \(i): position, angle or velocity differs in its bits", file: file, line: line)
                return
            }
        }
    }

    func firstDifference(_ u: World, _ v: World) -> Int? {
        func bits(_ w: World, _ i: Int) -> [UInt64] {
            [w.bodies.position[i].x, w.bodies.position[i].y, w.bodies.angle[i], w.bodies.velocity[i].x, w.bodies.velocity[i].y, w.bodies.angularVelocity[i]]
                .map(\.bitPattern)
        }
        return (0..<u.items.count).first { bits(u, $0) != bits(v, $0) }
    }

    func testPairedOrderGivesTheSequentialBits() {
        for profile in [SolverProfile.uikit, .precise] {
            let paired = pile(profile, pairs: true), sequential = pile(profile, pairs: false)
            var pairsSolved = 0
            for frame in 0..<80 {
                paired.stepFrame()
                sequential.stepFrame()
                pairsSolved += paired.contactData.contactPairs.count
                XCTAssertTrue(sequential.contactData.contactPairs.isEmpty)
                if let i = firstDifference(paired, sequential) {
                    XCTFail("\(profile) frame \(frame) item \(i): position, angle or velocity differs in its bits")
                    return
                }
            }
            // The comparison means something only if pairs were solved, over a pile that is mostly two-point contacts.
            XCTAssertGreaterThan(pairsSolved, 80 * 10, "\(profile)")
        }
    }

    /// Items touching at rest without gravity: relative velocities and impulses are exactly zero, where a lane kernel
    /// that negated differently (Swift's SIMD negation is 0 − v; (−a) + (−b) is +0 where −(a + b) is −0) would store
    /// +0 where Box2D's order stores −0. Velocities and every stored impulse must match bit for bit, signs of zero too.
    func testRestingContactsKeepTheSignsOfZero() {
        func row(_ reorders: Bool) -> World {
            let w = World(profile: .uikit)
            w.allowsSleeping = false
            w.contactData.reordersSolves = reorders
            var ids: [ItemID] = []
            // A block of boxes touching each other, and posts standing on a floor (pairs of boundary contacts).
            for k in 0..<12 {
                ids.append(w.addItem(ItemDefinition(center: Vector2(20 + 10 * Double(k % 6), 100 + 10 * Double(k / 6)),
                                                    size: Vector2(10, 10))))
            }
            for k in 0..<4 {
                ids.append(w.addItem(ItemDefinition(center: Vector2(120 + 40 * Double(k), 350), size: Vector2(10, 100),
                                                    angularVelocity: k % 2 == 0 ? 0 : -0.0)))
            }
            w.addCollision(CollisionBehavior(items: ids, mode: .everything, boundaries: [
                ("floor", Vector2(100, 400), Vector2(300, 400))]))
            return w
        }
        let reordered = row(true), sequential = row(false)
        for frame in 0..<3 {
            reordered.stepFrame()
            sequential.stepFrame()
            XCTAssertNil(firstDifference(reordered, sequential), "frame \(frame)")
            XCTAssertFalse(reordered.contactData.contactPairs.isEmpty, "frame \(frame): the row should be solved in pairs")
            XCTAssertEqual(reordered.contactData.contacts.count, sequential.contactData.contacts.count)
            for (c, d) in zip(reordered.contactData.contacts, sequential.contactData.contacts) {
                let m = c.manifold, n = d.manifold
                XCTAssertEqual([m.normalImpulses.0, m.normalImpulses.1, m.tangentImpulses.0, m.tangentImpulses.1].map(\.bitPattern),
                               [n.normalImpulses.0, n.normalImpulses.1, n.tangentImpulses.0, n.tangentImpulses.1].map(\.bitPattern),
                               "frame \(frame): contact \(c.a)-\(c.b) impulses")
            }
        }
    }

    /// Lone rods (scene A's pendulums: a rigid rod from an anchor to the center of an item no other joint holds) take
    /// one velocity solve where Box2D's loop takes eight: a constraint that touches nothing else is solved exactly by the
    /// first, and the other seven only round again. Beside a chain, a pendulum with an offset rod, one on a spring and one
    /// item held by two rods (none of them lone), the lone items stay within 1e-9 pt and pt/s of Box2D's sequential loop
    /// over 4 s, and every other item keeps its bits.
    func testLoneRodsStayWithinABillionthOfTheSequentialLoop() {
        func world(_ reorders: Bool) -> World {
            let w = World(profile: .uikit)
            w.allowsSleeping = false
            w.contactData.reordersSolves = reorders
            var ids: [ItemID] = []
            for k in 0..<12 {
                let anchor = Vector2(20 + 25 * Double(k), 100), angle = Double(10 + 6 * k) * Double.pi / 180
                let id = w.addItem(ItemDefinition(center: anchor + 100 * Vector2(sin(angle), cos(angle)), size: Vector2(20, 20),
                                                  resistance: 0, angularResistance: 0))
                w.addAttachment(AttachmentBehavior(item: id, offsetFromCenter: k == 3 ? Vector2(4, 0) : .zero,
                                                   attachedTo: .anchor(point: anchor, path: nil),
                                                   frequency: k == 5 ? 2 : 0, damping: k == 5 ? 0.3 : 0))
                if k == 7 { w.addAttachment(AttachmentBehavior(item: id, attachedTo: .anchor(point: anchor + Vector2(30, 0), path: nil))) }
                ids.append(id)
            }
            for k in 0..<6 {
                let id = w.addItem(ItemDefinition(center: Vector2(400 + 15 * Double(k + 1), 100), size: Vector2(10, 10),
                                                  resistance: 0, angularResistance: 0))
                w.addAttachment(AttachmentBehavior(item: id, attachedTo: k == 0 ? .anchor(point: Vector2(400, 100), path: nil)
                                                   : .item(ids[ids.count - 1], offsetFromCenter: .zero)))
                ids.append(id)
            }
            w.addGravity(GravityBehavior(items: ids))
            return w
        }
        let fused = world(true), sequential = world(false)
        let lone = Set((0..<12).filter { ![3, 5, 7].contains($0) })
        var largest = 0.0
        for frame in 0..<240 {
            fused.stepFrame()
            sequential.stepFrame()
            for i in 0..<fused.items.count {
                let p = fused.bodies.position[i] - sequential.bodies.position[i], u = fused.bodies.velocity[i] - sequential.bodies.velocity[i]
                let apart = max(abs(p.x), abs(p.y), abs(u.x), abs(u.y))
                if lone.contains(i) {
                    largest = max(largest, apart)
                    XCTAssertLessThanOrEqual(apart, 1e-9, "frame \(frame) lone item \(i)")
                } else {
                    XCTAssertEqual(apart, 0, "frame \(frame) item \(i) should keep its bits")
                }
                XCTAssertEqual(fused.bodies.angle[i].bitPattern, sequential.bodies.angle[i].bitPattern, "frame \(frame) item \(i)")
            }
        }
        // The single solve does round differently: the lone items are not the loop's bits (the check above can tell).
        XCTAssertGreaterThan(largest, 0)
        // Nine of the twelve pendulums are lone (not the offset rod's, the spring's or the two-rod item's), and the
        // chain's head is not: its item is held by the next link too.
        XCTAssertEqual(fused.uikitScratch.isolatedRods.count, 9)
    }

    /// Lone rods alone (scene A's pendulums) never run the position iterations ahead, although their sub-steps need
    /// more than one iteration: they do not wait for each other, so running ahead would only add work.
    func testLoneRodsAloneKeepThePlainPositionLoop() {
        let w = World(profile: .uikit)
        w.allowsSleeping = false
        var ids: [ItemID] = []
        for k in 0..<8 {
            let anchor = Vector2(20 + 25 * Double(k), 100), angle = Double(40 + 10 * k) * Double.pi / 180
            // Whirled at 2000 pt/s on 100 pt rods: a sub-step's turn leaves about 1.4 pt of stretch, above the slop.
            let id = w.addItem(ItemDefinition(center: anchor + 100 * Vector2(sin(angle), cos(angle)), size: Vector2(20, 20),
                                              velocity: 2000 * Vector2(cos(angle), -sin(angle))))
            w.addAttachment(AttachmentBehavior(item: id, attachedTo: .anchor(point: anchor, path: nil)))
            ids.append(id)
        }
        w.addGravity(GravityBehavior(items: ids))
        var neededMore = false
        for _ in 0..<120 {
            w.stepFrame()
            if w.uikitScratch.positionsAhead { neededMore = true }
        }
        XCTAssertTrue(neededMore, "some sub-step should need more than one position iteration")
        XCTAssertTrue(w.uikitScratch.positionSchedule.isEmpty)
        XCTAssertEqual(w.uikitScratch.positionsKept, .zero)
    }

    /// Joints without contacts (scene B's chain, here with offset rods, a spring, a pin and a second chain hanging off
    /// the first): all eight iterations in dependency order give Box2D's loop bit for bit.
    func testJointWavefrontGivesTheSequentialBits() {
        func chain(_ reorders: Bool) -> World {
            let w = World(profile: .uikit)
            w.allowsSleeping = false
            w.contactData.reordersSolves = reorders
            var ids: [ItemID] = []
            for k in 0..<24 {
                let id = w.addItem(ItemDefinition(center: Vector2(100 + 15 * Double(k + 1), 100), size: Vector2(10, 10),
                                                  resistance: 0, angularResistance: 0))
                let offset = k % 5 == 3 ? Vector2(2, -1) : .zero
                let end: AttachmentBehavior.End = k == 0 ? .anchor(point: Vector2(100, 100), path: nil)
                    : k == 14 ? .item(ids[6], offsetFromCenter: .zero) : .item(ids[k - 1], offsetFromCenter: offset)
                w.addAttachment(AttachmentBehavior(item: id, offsetFromCenter: k == 9 ? Vector2(0, 3) : .zero,
                                                   attachedTo: end, length: k == 11 ? 0.5 : nil,
                                                   frequency: k == 17 ? 3 : 0, damping: k == 17 ? 0.2 : 0))
                ids.append(id)
            }
            w.addGravity(GravityBehavior(items: ids))
            return w
        }
        let reordered = chain(true), sequential = chain(false)
        assertSameBits(reordered, sequential, frames: 120)
        // The schedule does reorder: iteration 2 starts before iteration 1 has reached the chain's end.
        XCTAssertEqual(reordered.uikitScratch.jointSchedule.count, 8 * 24)
        XCTAssertNotEqual(reordered.uikitScratch.jointSchedule.map(Int.init), (0..<8 * 24).map { $0 % 24 })
        XCTAssertTrue(sequential.uikitScratch.jointSchedule.isEmpty)
        // The position iterations ran ahead, and every way the loop ends (after the first, second or third iteration)
        // was restarted from: the falling chain needs all three, the hanging one fewer.
        let kept = reordered.uikitScratch.positionsKept
        print("position iterations run ahead, sub-steps keeping 1, 2, 3 of them: \(kept)")
        XCTAssertGreaterThan(kept[0], 0)
        XCTAssertGreaterThan(kept[1], 0)
        XCTAssertGreaterThan(kept[2], 0)
        XCTAssertEqual(sequential.uikitScratch.positionsKept, .zero)
    }

    /// The schedule holds every contact once; a pair's two contacts share no item and solve the same number of points;
    /// and every item meets its contacts in the order of their velocity constraints, the island order (which is what
    /// makes the bits the same).
    func testScheduleKeepsEachItemsOrder() {
        let w = pile(.uikit, pairs: true)
        for _ in 0..<60 { w.stepFrame() }
        w.initializeContacts()
        var order: [Int] = []
        var pairs = 0, onePoint = 0
        for s in w.contactData.solveSchedule {
            if s >= 0 { order.append(Int(w.contactData.singleContacts[Int(s)])); continue }
            let p = w.contactData.contactPairs[Int(~s)]
            let items0 = [p.a.0, p.b.0].filter { $0 >= 0 }, items1 = [p.a.1, p.b.1].filter { $0 >= 0 }
            XCTAssertTrue(Set(items0).isDisjoint(with: items1), "pair \(p.contact) shares an item")
            XCTAssertEqual(w.contactData.velocityConstraints[Int(p.contact.0)].pointCount, p.pointCount)
            XCTAssertEqual(w.contactData.velocityConstraints[Int(p.contact.1)].pointCount, p.pointCount)
            onePoint += p.pointCount == 1 ? 1 : 0
            order += [Int(p.contact.0), Int(p.contact.1)]
            pairs += 1
        }
        XCTAssertEqual(order.sorted(), Array(0..<w.contactData.contacts.count))
        XCTAssertGreaterThan(pairs, w.contactData.contacts.count / 8)
        XCTAssertGreaterThan(onePoint, 0, "the pile should pair one-point contacts too")
        XCTAssertNotEqual(order, Array(0..<w.contactData.contacts.count), "the pile should need reordering")
        var last = [Int: Int]()
        for c in order {
            for item in [Int(w.contactData.velocityConstraints[c].a), Int(w.contactData.velocityConstraints[c].b)] where item >= 0 {
                XCTAssertLessThan(last[item] ?? -1, c, "item \(item) meets contact \(c) out of order")
                last[item] = c
            }
        }
    }
}
