import Foundation
import XCTest
@testable import Dynamics

/// `precise` impacts against the closed forms of free flight and Newton's restitution law, worked out here from first
/// principles (never from the engine): a 50 pt ball dropped 500 pt onto the screen's floor under gravity 1.0
/// (1000 pt/s²), two balls meeting head-on, a ball thrown along a floor. Rows are the world's state at each 1/60 s
/// frame, as `dynsim run` writes them at its default rate.
final class PreciseImpactTests: XCTestCase {
    static let g = 1000.0
    /// The ball's center when its bottom touches the floor (the bounds' bottom, 667, outset 1 pt, less the radius).
    static let restY = 668.0 - 25

    /// The 500 pt drop with the given elasticity (the ball's; the floor's 0.2 is lower, so the pair takes the ball's).
    private func drop(elasticity: Double) -> (World, ItemID) {
        let world = World(profile: .precise)
        world.referenceBounds = (Vector2(0, 0), Vector2(375, 667))
        world.recordsEvents = true
        let ball = world.addItem(
            ItemDefinition(
                center: Vector2(187.5, PreciseImpactTests.restY - 500), size: Vector2(50, 50),
                resistance: 0, angularResistance: 0, elasticity: elasticity, friction: 0,
                collisionBounds: .ellipse))
        world.addGravity(GravityBehavior(items: [ball]))
        world.addCollision(CollisionBehavior(items: [ball], translatesReferenceBoundsIntoBoundary: true))
        return (world, ball)
    }

    /// The closed form of the drop: impact k (from 1) at t_k with approach speed v_k, where t_1 = 1 s, v_1 = 1000 pt/s,
    /// v_{k+1} = e v_k and t_{k+1} = t_k + 2 e v_k / g; between impacts a parabola. With e < 1 the bouncing ends at
    /// the first impact K whose remaining series 2 e v_K / (g (1 − e)) is at most one sub-step (the documented rule,
    /// docs/physics.md), after which the ball rests on the floor.
    private struct Drop {
        var impacts: [(time: Double, speed: Double)] = []
        var rest: Double = .infinity

        init(elasticity e: Double, until end: Double, subStep h: Double) {
            var t = 1.0, v = 1000.0
            while t <= end {
                impacts.append((t, v))
                if e < 1 && 2 * e * v / (PreciseImpactTests.g * (1 - e)) <= h { rest = t; break }
                t += 2 * e * v / PreciseImpactTests.g
                v *= e
            }
        }

        /// The ball's center y at `t`, and its vertical velocity.
        func state(at t: Double, elasticity e: Double) -> (y: Double, vy: Double) {
            let g = PreciseImpactTests.g
            if t >= rest { return (PreciseImpactTests.restY, 0) }
            guard let k = impacts.lastIndex(where: { $0.time <= t }) else {
                return (PreciseImpactTests.restY - 500 + 0.5 * g * t * t, g * t)
            }
            let tau = t - impacts[k].time, u = e * impacts[k].speed
            return (PreciseImpactTests.restY - u * tau + 0.5 * g * tau * tau, -u + g * tau)
        }
    }

    func testAnElasticDropBouncesAtClosedFormHeightsAndTimesFor100Bounces() {
        let (world, ball) = drop(elasticity: 1)
        let closed = Drop(elasticity: 1, until: 200, subStep: world.subStepDuration)
        var worst = 0.0
        for frame in 1...12_000 {
            world.stepFrame()
            let t = Double(frame) / 60
            worst = max(worst, abs(world.position(of: ball).y - closed.state(at: t, elasticity: 1).y))
        }
        let begins = world.events.filter { $0.kind == .begin }.map(\.time)
        XCTAssertEqual(begins.count, 100, "impacts in 200 s")
        var late = 0.0
        for (k, time) in begins.enumerated() { late = max(late, abs(time - Double(1 + 2 * k))) }
        print("precise elastic drop: rows within \(worst) pt of the closed form, impacts within \(late) s of 1 + 2k")
        XCTAssertLessThan(worst, 1e-6, "a row strays \(worst) pt from the closed form")
        XCTAssertLessThan(late, 1e-6, "an impact is \(late) s off 1 + 2k s")
        // Every impact parts at once: an end at the same time as each begin.
        let ends = world.events.filter { $0.kind == .end }.map(\.time)
        XCTAssertEqual(ends, begins)
    }

    func testRestitutionHalfAndPointEightFollowTheClosedFormAndRestAtTheDocumentedTime() {
        for e in [0.5, 0.8] {
            let (world, ball) = drop(elasticity: e)
            let closed = Drop(elasticity: e, until: 20, subStep: world.subStepDuration)
            XCTAssert(closed.rest.isFinite, "e \(e): the closed form rests")
            var worst = 0.0, firstAtRest: Double?, stray = 0.0
            for frame in 1...(Int(closed.rest * 60) + 120) {
                world.stepFrame()
                let t = Double(frame) / 60
                let y = world.position(of: ball).y, vy = world.velocity(of: ball).y
                if t < closed.rest {
                    worst = max(worst, abs(y - closed.state(at: t, elasticity: e).y))
                } else {
                    // After the rest: on the floor for good, neither sinking nor jittering.
                    stray = max(stray, abs(y - PreciseImpactTests.restY), abs(vy))
                }
                if firstAtRest == nil && abs(y - PreciseImpactTests.restY) < 1e-9 && abs(vy) < 1e-9 { firstAtRest = t }
                if abs(y - PreciseImpactTests.restY) >= 1e-9 || abs(vy) >= 1e-9 { firstAtRest = nil }
            }
            let lastImpact = world.events.filter { $0.kind == .begin }.last?.time ?? 0
            print(
                "precise drop, e \(e): rows within \(worst) pt until the rest at \(closed.rest) s (last impact \(lastImpact) s, "
                    + "\(closed.impacts.count) impacts), at rest from the row at \(firstAtRest ?? -1) s, then within \(stray)"
            )
            XCTAssertLessThan(worst, 1e-6, "e \(e): a row before the rest strays \(worst) pt from the closed form")
            XCTAssertEqual(lastImpact, closed.rest, accuracy: 1e-6, "e \(e): the last impact")
            XCTAssertEqual(world.events.filter { $0.kind == .begin }.count, closed.impacts.count, "e \(e): impacts")
            XCTAssertLessThan(stray, 1e-9, "e \(e): the ball moved \(stray) after coming to rest")
            let restRow = (closed.rest * 60).rounded(.up) / 60
            XCTAssertEqual(firstAtRest ?? .infinity, restRow, accuracy: 1.0 / 60 + 1e-9, "e \(e): rest time")
        }
        // The documented accumulation points: 3.0 s at e = 0.5 and 9.0 s at e = 0.8 (1 + 2 e / (1 − e)), which the rest
        // precedes by at most one sub-step.
        for (e, limit) in [(0.5, 3.0), (0.8, 9.0)] {
            let rest = Drop(elasticity: e, until: 20, subStep: 1.0 / 480).rest
            XCTAssert(rest <= limit && limit - rest <= 1.0 / 480 + 1e-12, "e \(e): rest \(rest) against \(limit)")
        }
    }

    func testEqualBallsMeetingHeadOnExchangeVelocitiesAndKeepTheirEnergy() {
        let world = World(profile: .precise)
        world.recordsEvents = true
        let a = world.addItem(
            ItemDefinition(
                center: Vector2(100, 300), size: Vector2(50, 50), velocity: Vector2(300, 0),
                resistance: 0, angularResistance: 0, elasticity: 1, collisionBounds: .ellipse))
        let b = world.addItem(
            ItemDefinition(
                center: Vector2(300, 300), size: Vector2(50, 50), velocity: Vector2(-300, 0),
                resistance: 0, angularResistance: 0, elasticity: 1, collisionBounds: .ellipse))
        world.addCollision(CollisionBehavior(items: [a, b], mode: .items))
        func kinetic() -> Double {
            let m = world.items[0].mass
            return 0.5 * m
                * (dot(world.velocity(of: a), world.velocity(of: a)) + dot(world.velocity(of: b), world.velocity(of: b)))
        }
        let before = kinetic()
        for _ in 0..<30 { world.stepFrame() }
        // 150 pt apart closing at 600 pt/s: they meet at 0.25 s.
        let begin = world.events.first { $0.kind == .begin }
        XCTAssertEqual(begin?.time ?? 0, 0.25, accuracy: 1e-9)
        XCTAssertEqual(world.velocity(of: a).x, -300, accuracy: 300 * 1e-9)
        XCTAssertEqual(world.velocity(of: b).x, 300, accuracy: 300 * 1e-9)
        XCTAssertEqual(world.velocity(of: a).y, 0, accuracy: 300 * 1e-9)
        XCTAssertEqual(abs(kinetic() - before) / before, 0, accuracy: 1e-12, "kinetic energy")
        // And they are where the exchange puts them: each back 75 pt from the meeting point 0.25 s later.
        XCTAssertEqual(world.position(of: a).x, 175 - 300 * 0.25, accuracy: 1e-9)
        XCTAssertEqual(world.position(of: b).x, 225 + 300 * 0.25, accuracy: 1e-9)
    }

    func testABallThrownAlongAFloorKeepsItsHorizontalSpeedAndApexFor20Bounces() {
        // A 50 pt ball thrown at 45° (300 pt/s each way, up and right) 475 pt above a long floor, elasticity 1,
        // friction 0. Each flight is a parabola: vx stays 300, and the apex y − vy² / (2 g) stays where it started.
        let world = World(profile: .precise)
        world.recordsEvents = true
        let ball = world.addItem(
            ItemDefinition(
                center: Vector2(0, 0), size: Vector2(50, 50), velocity: Vector2(300, -300),
                resistance: 0, angularResistance: 0, elasticity: 1, friction: 0,
                collisionBounds: .ellipse))
        world.addGravity(GravityBehavior(items: [ball]))
        world.addCollision(
            CollisionBehavior(items: [ball], boundaries: [("floor", Vector2(-1e5, 500), Vector2(1e5, 500))]))
        let g = PreciseImpactTests.g
        let apex0 = 0 - 300 * 300 / (2 * g), floorY = 475.0
        var worstSpeed = 0.0, worstApex = 0.0
        while world.events.filter({ $0.kind == .begin }).count < 20 {
            world.stepFrame()
            let p = world.position(of: ball), v = world.velocity(of: ball)
            worstSpeed = max(worstSpeed, abs(v.x - 300) / 300)
            worstApex = max(worstApex, abs((p.y - v.y * v.y / (2 * g)) - apex0) / (floorY - apex0))
        }
        for _ in 0..<60 { world.stepFrame() }
        print(
            "precise thrown ball: 20 bounces, horizontal speed within \(worstSpeed), apex within \(worstApex) (relative)"
        )
        XCTAssertLessThan(worstSpeed, 1e-9)
        XCTAssertLessThan(worstApex, 1e-9)
        // Each impact where the parabola meets the floor: flights of 2 vy / g, vy = √(300² + 2 g 475).
        let flight = 2 * (300 * 300 + 2 * g * floorY).squareRoot() / g
        let first = (300 + (300 * 300 + 2 * g * floorY).squareRoot()) / g
        for (k, e) in world.events.filter({ $0.kind == .begin }).enumerated() {
            XCTAssertEqual(e.time, first + Double(k) * flight, accuracy: 1e-6, "impact \(k + 1)")
        }
    }

    /// A ball on a rod (a pendulum) swinging into a wall still bounces, and its rod stays exact: the impact leaves the
    /// item to the rod's projections in the next piece.
    func testAPendulumBouncesOffAWallAndKeepsItsRod() {
        let world = World(profile: .precise)
        let ball = world.addItem(
            ItemDefinition(
                center: Vector2(100, 200), size: Vector2(40, 40), resistance: 0,
                angularResistance: 0, elasticity: 1, friction: 0, collisionBounds: .ellipse))
        let rod = world.addAttachment(
            AttachmentBehavior(item: ball, attachedTo: .anchor(point: Vector2(200, 200), path: nil)))
        world.addGravity(GravityBehavior(items: [ball]))
        // A wall just right of the lowest point: the bob meets it moving right, the way it swings down.
        world.addCollision(CollisionBehavior(items: [ball], boundaries: [("wall", Vector2(240, 0), Vector2(240, 600))]))
        var rightmost = -Double.infinity, worstRod = 0.0
        for _ in 0..<120 {
            world.stepFrame()
            rightmost = max(rightmost, world.position(of: ball).x)
            worstRod = max(worstRod, abs(world.currentDistance(of: rod) - 100))
        }
        XCTAssertLessThan(rightmost, 240 - 20 + 0.5, "the bob crossed the wall")
        XCTAssertLessThan(worstRod, 1e-6, "the rod stretched by \(worstRod) pt")
        XCTAssertLessThan(world.position(of: ball).x, 200, "the bob bounced back")
    }

    /// docs/physics.md states the rule's constants as the code has them.
    func testTheDocsStateTheImpactConstants() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/physics.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        XCTAssertEqual(World.impactTimeTolerance, 1e-13)
        XCTAssertTrue(text.contains("by the Illinois variant of regula falsi, to 1e-13 s"))
        XCTAssertTrue(text.contains("and so is a pair's \(World.maxImpactsPerPair)th impact within one"))
        XCTAssertEqual(World.negligibleRebound, 1e-9)
        XCTAssertTrue(text.contains("rebound would rise less than 1e-9 pt"), "negligibleRebound")
        XCTAssertTrue(
            text.contains("resting contacts of the pair (up to \(World.maxImpactGroupContacts), breadth first)"))
        XCTAssertTrue(
            text.contains("at most one sub-step (1/\(SolverProfile.precise.defaultSubSteps * 60) s by default)"))
    }

    /// A break-it pass found these: an elastic ball set down 1e-10 pt above the floor bounced over a million times in a
    /// second (up to 2,348 impacts a sub-step); elastic boxes landing on a resting box gained energy (the push into the
    /// floor came back as a Box2D bounce plus a drift); and Newton's law with friction added 35% to a spinning bar's
    /// energy (Kane and Levinson's example). The energies are the test's own sums: ½ m v² + ½ I ω² − m g·x.
    func testTheBreakItCasesNeitherRunAwayNorGainEnergy() {
        // 1. The hair's-breadth ball: bounded work (the 1e-9 pt rebound rule), then rest.
        let start = ItemDefinition(
            center: Vector2(187.5, PreciseImpactTests.restY - 1e-10), size: Vector2(50, 50),
            resistance: 0, angularResistance: 0, elasticity: 1, friction: 0, collisionBounds: .ellipse)
        let world = World(profile: .precise)
        world.referenceBounds = (Vector2(0, 0), Vector2(375, 667))
        world.recordsEvents = true
        let b = world.addItem(start)
        world.addGravity(GravityBehavior(items: [b]))
        world.addCollision(CollisionBehavior(items: [b], translatesReferenceBoundsIntoBoundary: true))
        for _ in 0..<60 { world.stepFrame() }
        XCTAssertLessThanOrEqual(
            world.events.count, 2 * World.maxImpactsPerPair, "impacts of a ball resting a hair above the floor")
        XCTAssertEqual(world.position(of: b).y, PreciseImpactTests.restY, accuracy: 1e-6)

        // 2. An elastic box landing on an elastic box that rests on the floor, friction 0: the energy never rises.
        let pile = World(profile: .precise)
        pile.referenceBounds = (Vector2(0, 0), Vector2(375, 667))
        let low = pile.addItem(
            ItemDefinition(
                center: Vector2(187, 648), size: Vector2(40, 40), resistance: 0, angularResistance: 0,
                elasticity: 1, friction: 0))
        let top = pile.addItem(
            ItemDefinition(
                center: Vector2(187, 400), size: Vector2(40, 40), resistance: 0, angularResistance: 0,
                elasticity: 1, friction: 0))
        pile.addGravity(GravityBehavior(items: [low, top]))
        pile.addCollision(CollisionBehavior(items: [low, top], translatesReferenceBoundsIntoBoundary: true))
        func energy(_ w: World, _ ids: [ItemID], g: Double) -> Double {
            ids.reduce(0) { e, id in
                let item = w.items[id.index], v = w.velocity(of: id), omega = w.angularVelocity(of: id)
                return e + 0.5 * item.mass * dot(v, v) + 0.5 * item.inertia * omega * omega - item.mass * g
                    * w.position(of: id).y
            }
        }
        var lowest = energy(pile, [low, top], g: 1000), rise = 0.0
        for _ in 0..<300 {
            pile.stepFrame()
            let e = energy(pile, [low, top], g: 1000)
            rise = max(rise, e - lowest)
            lowest = min(lowest, e)
        }
        XCTAssertLessThan(rise, 1e-6 * abs(lowest), "the boxes' energy rose by \(rise)")

        // 3. Kane's example: a 60 x 20 bar spinning into the floor at friction 1 (5 with the boundary's 0.2), e 1.
        let kane = World(profile: .precise)
        kane.referenceBounds = (Vector2(0, 0), Vector2(375, 667))
        let bar = kane.addItem(
            ItemDefinition(
                center: Vector2(187, 600), size: Vector2(60, 20), angle: 2.28, velocity: Vector2(-224, 300),
                angularVelocity: -21, resistance: 0, angularResistance: 0, elasticity: 1, friction: 5))
        kane.addCollision(CollisionBehavior(items: [bar], translatesReferenceBoundsIntoBoundary: true))
        let before = energy(kane, [bar], g: 0)
        var most = before
        for _ in 0..<60 { kane.stepFrame(); most = max(most, energy(kane, [bar], g: 0)) }
        XCTAssertLessThanOrEqual(most, before * (1 + 1e-9), "Kane's bar gained energy")
    }
}
