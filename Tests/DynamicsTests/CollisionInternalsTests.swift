import Foundation
import XCTest
@testable import Dynamics

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
            let floor = w.addItem(
                ItemDefinition(center: Vector2(187.5, 400), isAnchored: true, collisionBounds: .path(square)))
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
            ids.append(
                w.addItem(ItemDefinition(center: Vector2(400 * uniform() + far, 400 * uniform() - far), size: size)))
        }
        w.addCollision(CollisionBehavior(items: ids, mode: .items))
        w.addCollision(CollisionBehavior(items: Array(ids[0..<50]), mode: .items))
        let n = ids.count
        for round in 0..<4 {
            var center = [Vector2](repeating: .zero, count: n), extent = [Double](repeating: 0, count: n)
            for i in 0..<n {
                // Move everything a little (and some a lot) between rounds, as sub-steps do.
                if round > 0 {
                    w.bodies.position[i] += Vector2(uniform() - 0.5, uniform() - 0.5) * (i % 7 == 0 ? 60 : 3)
                }
                center[i] = w.bodies.position[i]
                extent[i] =
                    0.5
                    * (w.bodyData.itemSize[i].x * w.bodyData.itemSize[i].x + w.bodyData.itemSize[i].y
                    * w.bodyData.itemSize[i].y).squareRoot() + 2
            }
            var pairs: [UInt64] = []
            center.withUnsafeBufferPointer { c in
                extent.withUnsafeBufferPointer { e in
                    w.broadPhase(center: c.baseAddress!, extent: e.baseAddress!, into: &pairs)
                }
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
            let size =
                k % 5 == 0
                ? Vector2(14, 8) : k % 9 == 4 ? (k % 2 == 0 ? Vector2(10, 10) : Vector2(12, 8)) : Vector2(10, 10)
            ids.append(
                w.addItem(
                    ItemDefinition(
                        center: Vector2(
                            10 + 13 * column + (row.truncatingRemainder(dividingBy: 2) == 0 ? 0 : 4), 380 - 13 * row),
                        size: size, angle: k % 7 == 0 ? 0.4 : 0, density: k % 11 == 0 ? 3 : 1,
                        isAnchored: k == 37 || k == 90, elasticity: k % 13 == 0 ? 0.6 : 0.2, collisionBounds: shape)))
        }
        w.addGravity(GravityBehavior(items: ids))
        w.addCollision(
            CollisionBehavior(
                items: ids, mode: .everything,
                boundaries: [
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
                XCTFail(
                    "frame \(frame) item \(i): position, angle or velocity differs in its bits", file: file, line: line)
                return
            }
        }
    }

    func firstDifference(_ u: World, _ v: World) -> Int? {
        func bits(_ w: World, _ i: Int) -> [UInt64] {
            [
                w.bodies.position[i].x, w.bodies.position[i].y, w.bodies.angle[i], w.bodies.velocity[i].x,
                w.bodies.velocity[i].y, w.bodies.angularVelocity[i],
            ]
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
                ids.append(
                    w.addItem(
                        ItemDefinition(
                            center: Vector2(20 + 10 * Double(k % 6), 100 + 10 * Double(k / 6)),
                            size: Vector2(10, 10))))
            }
            for k in 0..<4 {
                ids.append(
                    w.addItem(
                        ItemDefinition(
                            center: Vector2(120 + 40 * Double(k), 350), size: Vector2(10, 100),
                            angularVelocity: k % 2 == 0 ? 0 : -0.0)))
            }
            w.addCollision(
                CollisionBehavior(
                    items: ids, mode: .everything,
                    boundaries: [
                        ("floor", Vector2(100, 400), Vector2(300, 400))
                    ]))
            return w
        }
        let reordered = row(true), sequential = row(false)
        for frame in 0..<3 {
            reordered.stepFrame()
            sequential.stepFrame()
            XCTAssertNil(firstDifference(reordered, sequential), "frame \(frame)")
            XCTAssertFalse(
                reordered.contactData.contactPairs.isEmpty, "frame \(frame): the row should be solved in pairs")
            XCTAssertEqual(reordered.contactData.contacts.count, sequential.contactData.contacts.count)
            for (c, d) in zip(reordered.contactData.contacts, sequential.contactData.contacts) {
                let m = c.manifold, n = d.manifold
                XCTAssertEqual(
                    [m.normalImpulses.0, m.normalImpulses.1, m.tangentImpulses.0, m.tangentImpulses.1].map(
                        \.bitPattern),
                    [n.normalImpulses.0, n.normalImpulses.1, n.tangentImpulses.0, n.tangentImpulses.1].map(
                        \.bitPattern),
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
                let id = w.addItem(
                    ItemDefinition(
                        center: anchor + 100 * Vector2(sin(angle), cos(angle)), size: Vector2(20, 20),
                        resistance: 0, angularResistance: 0))
                w.addAttachment(
                    AttachmentBehavior(
                        item: id, offsetFromCenter: k == 3 ? Vector2(4, 0) : .zero,
                        attachedTo: .anchor(point: anchor, path: nil),
                        frequency: k == 5 ? 2 : 0, damping: k == 5 ? 0.3 : 0))
                if k == 7 {
                    w.addAttachment(
                        AttachmentBehavior(item: id, attachedTo: .anchor(point: anchor + Vector2(30, 0), path: nil)))
                }
                ids.append(id)
            }
            for k in 0..<6 {
                let id = w.addItem(
                    ItemDefinition(
                        center: Vector2(400 + 15 * Double(k + 1), 100), size: Vector2(10, 10),
                        resistance: 0, angularResistance: 0))
                w.addAttachment(
                    AttachmentBehavior(
                        item: id,
                        attachedTo: k == 0
                            ? .anchor(point: Vector2(400, 100), path: nil)
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
                let p = fused.bodies.position[i] - sequential.bodies.position[i],
                    u = fused.bodies.velocity[i] - sequential.bodies.velocity[i]
                let apart = max(abs(p.x), abs(p.y), abs(u.x), abs(u.y))
                if lone.contains(i) {
                    largest = max(largest, apart)
                    XCTAssertLessThanOrEqual(apart, 1e-9, "frame \(frame) lone item \(i)")
                } else {
                    XCTAssertEqual(apart, 0, "frame \(frame) item \(i) should keep its bits")
                }
                XCTAssertEqual(
                    fused.bodies.angle[i].bitPattern, sequential.bodies.angle[i].bitPattern, "frame \(frame) item \(i)")
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
            let id = w.addItem(
                ItemDefinition(
                    center: anchor + 100 * Vector2(sin(angle), cos(angle)), size: Vector2(20, 20),
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
                let id = w.addItem(
                    ItemDefinition(
                        center: Vector2(100 + 15 * Double(k + 1), 100), size: Vector2(10, 10),
                        resistance: 0, angularResistance: 0))
                let offset = k % 5 == 3 ? Vector2(2, -1) : .zero
                let end: AttachmentBehavior.End =
                    k == 0
                    ? .anchor(point: Vector2(100, 100), path: nil)
                    : k == 14 ? .item(ids[6], offsetFromCenter: .zero) : .item(ids[k - 1], offsetFromCenter: offset)
                w.addAttachment(
                    AttachmentBehavior(
                        item: id, offsetFromCenter: k == 9 ? Vector2(0, 3) : .zero,
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
            for item in [Int(w.contactData.velocityConstraints[c].a), Int(w.contactData.velocityConstraints[c].b)]
            where item >= 0 {
                XCTAssertLessThan(last[item] ?? -1, c, "item \(item) meets contact \(c) out of order")
                last[item] = c
            }
        }
    }
}
