import Foundation

/// A fixed-step physics world in UIKit's units (UIDynamicAnimator's world): items, gravity, attachments and scripted
/// anchors, advanced by one of two ``SolverProfile``s.
///
/// Units: points, seconds, radians (positive clockwise on screen, y grows downward). Gravity 1.0 = 1000 points/s².
///
/// Time: the world advances in sub-steps of `timeStep / subSteps` seconds; `timeStep` is the display frame (1/60 s by
/// default) at which a `uikit` anchor script is applied. The state after `n` sub-steps is at time
/// `n * timeStep / subSteps`, computed from `n` (never accumulated), so runs are deterministic and rate-independent.
///
/// Storage is structure-of-arrays in manually managed columns; ``step()`` allocates nothing.
public final class World {
    /// The solver semantics.
    public let profile: SolverProfile
    /// Display frame length in seconds (default 1/60).
    public let timeStep: Double
    /// Solver sub-steps per frame.
    public let subSteps: Int
    /// Sub-step length `timeStep / subSteps`, seconds.
    public let subStepDuration: Double
    /// Number of sub-steps taken so far.
    @exclusivity(unchecked) public private(set) var stepCount = 0

    /// The reference bounds (origin and size, points), for `translatesReferenceBoundsIntoBoundary`.
    @exclusivity(unchecked) public var referenceBounds: (origin: Vector2, size: Vector2)?
    /// Whether contact begin/end events are recorded into ``events``.
    @exclusivity(unchecked) public var recordsEvents = false
    /// Whether items may fall asleep at rest (`uikit` only; Box2D's allowSleeping, on in UIKit's engine). Default true.
    @exclusivity(unchecked) public var allowsSleeping = true

    /// Hot body columns (state, masses, damping, gravity).
    @exclusivity(unchecked) var bodies = BodyColumns()
    /// Cold body data (definitions, shapes, materials, sleep).
    @exclusivity(unchecked) var bodyData = BodyData()
    /// Attachments and anchor paths.
    @exclusivity(unchecked) var jointData = JointStore()
    /// Collision behaviors, boundaries, contacts and events.
    @exclusivity(unchecked) var contactData = ContactStore()
    /// Pushes, gravity and fields.
    @exclusivity(unchecked) var behaviors = BehaviorStore()
    /// Broad- and narrow-phase scratch.
    @exclusivity(unchecked) var collisionScratch = CollisionScratch()
    /// `uikit` scratch.
    @exclusivity(unchecked) var uikitScratch = UIKitScratch()
    /// `precise` scratch and diagnostics.
    @exclusivity(unchecked) var preciseScratch = PreciseScratch()

    /// Creates an empty world.
    ///
    /// - Parameters:
    ///   - profile: solver semantics (see ``SolverProfile``).
    ///   - timeStep: display frame in seconds, > 0 (default 1/60).
    ///   - subSteps: sub-steps per frame, >= 1; nil = ``SolverProfile/defaultSubSteps`` (2 for `uikit`, 8 for `precise`).
    /// - Precondition: `timeStep` finite and positive, `subSteps` >= 1.
    public init(profile: SolverProfile = .uikit, timeStep: Double = 1.0 / 60.0, subSteps: Int? = nil) {
        precondition(timeStep.isFinite && timeStep > 0, "World: timeStep must be positive")
        let subSteps = subSteps ?? profile.defaultSubSteps
        precondition(subSteps >= 1, "World: subSteps must be at least 1")
        self.profile = profile
        self.timeStep = timeStep
        self.subSteps = subSteps
        self.subStepDuration = timeStep / Double(subSteps)
    }

    deinit {
        bodies.free(); bodyData.free(); jointData.joints.free(); behaviors.free(); preciseScratch.chain.free()
    }

    /// Definitions as added (sizes, masses), for reporting.
    public var items: [ItemDefinition] { bodyData.items }
    /// Attachments as added.
    public var attachments: [AttachmentBehavior] { jointData.attachments }
    /// Recorded contact events, oldest first (see ``takeEvents()``).
    public var events: [ContactEvent] { contactData.events }
    /// The world gravity (points/s²) that every item in a gravity behavior feels.
    public var gravityAcceleration: Vector2 { behaviors.gravityAcceleration }
    /// Whether some sub-step had more candidate pairs or contacts than ``maxCandidatePairs`` / ``maxContacts`` (items
    /// piled on one another by the thousand): the run's contacts are then incomplete and its results not to be trusted.
    public var contactLimitExceeded: Bool { contactData.contactLimitExceeded }
    /// `precise` chains: how many RATTLE pieces were taken again in shorter pieces. Diagnostic.
    public var refinedPieces: Int { preciseScratch.refinedPieces }
    /// `precise`: how many sub-steps needed the non-symplectic fallback projection (violent drags). Diagnostic.
    public var fallbackProjections: Int { preciseScratch.fallbackProjections }
    /// The fewest RATTLE pieces a `precise` sub-step now takes (1 until the motion needs more; see `stepPrecise()`):
    /// while energy is conserved, the most any sub-step has needed so far. Diagnostic.
    public var heldPiecesPerSubStep: Int { preciseScratch.stepHold.pieces }

    /// The time of the current state in seconds: `stepCount * timeStep / subSteps`.
    public var time: Double { time(ofStep: stepCount) }

    /// The time of the state after `n` sub-steps.
    public func time(ofStep n: Int) -> Double { Double(n) * timeStep / Double(subSteps) }

    /// Number of items.
    public var itemCount: Int { bodyData.items.count }

    /// Adds an item and returns its identifier.
    /// - Precondition: positive finite size and density, finite values, non-negative resistances.
    @discardableResult
    public func addItem(_ item: ItemDefinition) -> ItemID {
        precondition(
            item.size.x > 0 && item.size.y > 0 && item.size.x.isFinite && item.size.y.isFinite,
            "World.addItem: size must be positive")
        precondition(item.density > 0 && item.density.isFinite, "World.addItem: density must be positive")
        precondition(item.resistance >= 0 && item.angularResistance >= 0, "World.addItem: resistance must be >= 0")
        let dynamic = !item.isAnchored
        bodies.position.append(item.center)
        bodies.angle.append(item.angle)
        bodies.rotationCache.append(RotationCacheEntry(angle: .nan, c: .nan, s: .nan))
        bodies.velocity.append(dynamic ? item.velocity : .zero)
        bodies.angularVelocity.append(dynamic && item.allowsRotation ? item.angularVelocity : 0)
        bodies.invMass.append(dynamic ? 1 / item.mass : 0)
        bodies.invInertia.append(dynamic && item.allowsRotation ? 1 / item.inertia : 0)
        bodies.linearDamping.append(item.resistance)
        bodies.angularDamping.append(item.angularResistance)
        bodies.gravity.append(.zero)
        bodyData.affectedByGravity.append(false)
        let shape = World.shape(for: item)
        bodyData.itemShapes.append(shape)
        switch shape {
        case .polygon(let p)?:
            bodyData.itemPolygon.append((bodyData.polygonPoints.count, p.vertices.count, p.radius))
            bodyData.itemReach.append(max(0.5 * norm(item.size), p.vertices.map(norm).max()! + p.radius))
            for v in p.vertices { bodyData.polygonPoints.append(v) }
            for n in p.normals { bodyData.polygonPoints.append(n) }
            bodyData.itemCircleRadius.append(-1)
            bodyData.itemThickness.append(p.leastWidth)
        case .circle(let r)?:
            bodyData.itemPolygon.append((0, 0, 0)); bodyData.itemCircleRadius.append(r);
            bodyData.itemReach.append(max(0.5 * norm(item.size), r))
            bodyData.itemThickness.append(2 * r)
        case nil:
            bodyData.itemPolygon.append((0, 0, 0)); bodyData.itemCircleRadius.append(-1);
            bodyData.itemReach.append(0.5 * norm(item.size))
            bodyData.itemThickness.append(min(item.size.x, item.size.y))
        }
        bodyData.awake.append(true)
        bodyData.anchored.append(item.isAnchored)
        bodyData.itemSize.append(item.size)
        bodyData.itemFriction.append(item.friction)
        bodyData.itemElasticity.append(item.elasticity)
        bodyData.sleepTime.append(0)
        bodyData.itemCollisionMask.append(0)
        bodyData.boundaryCollisionMask.append(0)
        if !behaviors.forces.isEmpty { behaviors.forceColumn.append(.zero); behaviors.torqueColumn.append(0) }
        if !behaviors.fields.isEmpty {
            behaviors.fieldAcceleration.append(.zero); behaviors.fieldOverride.append(.zero);
            behaviors.fieldOverrides.append(false)
        }
        bodies.previousPosition.append(item.center)
        bodies.previousAngle.append(item.angle)
        bodyData.items.append(item)
        return ItemID(bodyData.items.count - 1)
    }

    /// Returns the recorded contact events and clears them.
    public func takeEvents() -> [ContactEvent] {
        defer { contactData.events.removeAll(keepingCapacity: true) }
        return events
    }

    /// The current number of touching contacts (pairs with at least one manifold point).
    public var contactCount: Int { contactData.contacts.count }

    /// Adds gravity to the items the behavior names.
    ///
    /// As in UIKit's engine, gravity is the world's: one vector, set by the last gravity behavior added, acts on every
    /// item of every gravity behavior (measured by kern0x1b/charon: adding a second behavior changes the first one's
    /// items too; Apple logs "Multiple gravity behavior per animator is undefined").
    public func addGravity(_ behavior: GravityBehavior) {
        behaviors.gravityAcceleration = behavior.acceleration
        for id in behavior.items {
            precondition(id.index >= 0 && id.index < bodyData.items.count, "World.addGravity: no such item")
            bodyData.affectedByGravity[id.index] = true
        }
        for i in 0..<bodyData.items.count where bodyData.affectedByGravity[i] && bodies.invMass[i] > 0 {
            bodies.gravity[i] = gravityAcceleration
        }
    }

    /// World position of a point given in an item's frame (offset from its center), points.
    public func worldPoint(of id: ItemID, offsetFromCenter offset: Vector2) -> Vector2 {
        bodies.position[id.index] + rotate(offset, by: bodies.angle[id.index])
    }

    /// Adds an attachment (UIAttachmentBehavior) and returns its identifier.
    ///
    /// The rest length defaults to the current distance between the attachment points. Springs (`frequency` > 0): the
    /// `precise` profile takes stiffness and damping as Box2D 2.4.1's `b2LinearStiffness` computes them, with the
    /// reduced mass of the two items (or the one item's mass against an anchor), k = m (2π f)², c = 2 m ζ (2π f); the
    /// `uikit` profile computes them each step from the joint's effective mass along its axis, rotation included, as
    /// Box2D 2.2.1's soft distance joint does (see UIKitSolver.swift).
    /// - Precondition: the items exist and differ; finite values; length >= 0; frequency >= 0; damping >= 0.
    @discardableResult
    public func addAttachment(_ behavior: AttachmentBehavior) -> AttachmentID {
        let b = behavior.item.index
        precondition(b >= 0 && b < bodyData.items.count, "World.addAttachment: no such item")
        precondition(
            behavior.frequency >= 0 && behavior.frequency.isFinite, "World.addAttachment: frequency must be >= 0")
        precondition(behavior.damping >= 0 && behavior.damping.isFinite, "World.addAttachment: damping must be >= 0")
        var joint = Joint(
            a: -1, b: b, localA: .zero, localB: behavior.offsetFromCenter, anchor: .zero,
            anchorVelocity: .zero, path: -1, length: 0, stiffness: 0, damping: 0, isRigid: true)
        let pointA: Vector2
        var massA = 0.0
        switch behavior.attachedTo {
        case let .anchor(point, path):
            if let path {
                jointData.paths.append(path)
                joint.path = jointData.paths.count - 1
                joint.anchor = path.position(at: 0)
                joint.anchorVelocity = path.velocity(at: 0)
                jointData.scriptedJoints.append(jointData.joints.count)
            } else {
                joint.anchor = point
            }
            pointA = joint.anchor
        case let .item(other, offset):
            precondition(
                other.index >= 0 && other.index < bodyData.items.count && other.index != b,
                "World.addAttachment: the other item must exist and differ")
            joint.a = other.index
            joint.localA = offset
            pointA = worldPoint(of: other, offsetFromCenter: offset)
            massA = bodies.invMass[other.index] > 0 ? bodyData.items[other.index].mass : 0
        }
        let pointB = worldPoint(of: behavior.item, offsetFromCenter: behavior.offsetFromCenter)
        let length = behavior.length ?? Foundation.sqrt(dot(pointB - pointA, pointB - pointA))
        precondition(length >= 0 && length.isFinite, "World.addAttachment: length must be >= 0")
        joint.length = length
        joint.isPin = behavior.frequency == 0 && length < World.pinThreshold
        if behavior.frequency > 0 {
            let massB = bodies.invMass[b] > 0 ? bodyData.items[b].mass : 0
            let m = massA > 0 && massB > 0 ? massA * massB / (massA + massB) : (massA > 0 ? massA : massB)
            let omega = 2 * Double.pi * behavior.frequency
            joint.stiffness = m * omega * omega
            joint.damping = 2 * m * behavior.damping * omega
            joint.omega = omega
            joint.dampingRatio = behavior.damping
            joint.isRigid = false
            // The fastest rate a spring sets: its angular frequency, or its damping rate 2 ζ ω when overdamped.
            jointData.maxSpringRate = max(jointData.maxSpringRate, omega, 2 * behavior.damping * omega)
        }
        if joint.isRigid {
            if jointData.rodCount.count < bodyData.items.count {
                jointData.rodCount += [Int](repeating: 0, count: bodyData.items.count - jointData.rodCount.count)
            }
            for end in [joint.a, joint.b] where end >= 0 && bodies.invMass[end] > 0 {
                jointData.rodCount[end] += 1
                if jointData.rodCount[end] > 1 { jointData.rodsShareOrTurnItems = true }
            }
            if joint.localA != .zero || joint.localB != .zero { jointData.rodsShareOrTurnItems = true }
        }
        jointData.joints.append(joint)
        jointData.attachments.append(behavior)
        return AttachmentID(jointData.joints.count - 1)
    }

    /// Rigid attachments shorter than this (points) become pins (revolute joints), as in UIKit's engine.
    public static let pinThreshold = 1.0

    // MARK: Stepping

    /// Advances one sub-step of `subStepDuration` seconds with the world's profile. Allocates nothing.
    public func step() {
        switch profile {
        case .uikit: stepUIKit()
        case .precise: stepPrecise()
        }
        stepCount += 1
    }

    /// Advances one display frame (`subSteps` sub-steps).
    public func stepFrame() {
        for _ in 0..<subSteps { step() }
    }

    /// Advances until `stepCount == n` (no-op if already there or beyond).
    public func advance(toStep n: Int) {
        while stepCount < n { step() }
    }

    // MARK: State access

    /// Center of an item in points.
    public func position(of id: ItemID) -> Vector2 { bodies.position[id.index] }
    /// Rotation of an item in radians (not wrapped).
    public func angle(of id: ItemID) -> Double { bodies.angle[id.index] }
    /// Linear velocity of an item in points/s.
    public func velocity(of id: ItemID) -> Vector2 { bodies.velocity[id.index] }
    /// Angular velocity of an item in radians/s.
    public func angularVelocity(of id: ItemID) -> Double { bodies.angularVelocity[id.index] }

    /// Sets an item's velocity (points/s), for scripted experiments and tests.
    public func setVelocity(_ v: Vector2, of id: ItemID) {
        if !bodyData.items[id.index].isAnchored {
            wake(id.index)
            bodies.velocity[id.index] = v
        }
    }

    /// The rest length of an attachment, points.
    public func length(of id: AttachmentID) -> Double { jointData.joints[id.index].length }

    /// The current distance between an attachment's two points, points (equals `length` for a satisfied rigid rod).
    public func currentDistance(of id: AttachmentID) -> Double {
        let j = jointData.joints[id.index]
        let pB = bodies.position[j.b] + rotate(j.localB, by: bodies.angle[j.b])
        let pA =
            j.a < 0 ? anchorPosition(of: id, at: time) : bodies.position[j.a] + rotate(j.localA, by: bodies.angle[j.a])
        return norm(pB - pA)
    }

    /// Whether end A of an attachment is an anchor point (rather than an item).
    public func hasAnchor(_ id: AttachmentID) -> Bool { jointData.joints[id.index].a < 0 }

    /// The anchor position the solver uses at time `t`, points: for `precise` the path's position at `t`; for `uikit`
    /// the path's position at the start of the display frame containing `t` (UIKit's setter applies once per frame).
    public func anchorPosition(of id: AttachmentID, at t: Double) -> Vector2 {
        let j = jointData.joints[id.index]
        guard j.path >= 0 else { return j.anchor }
        return jointData.paths[j.path].position(at: profile == .uikit ? frameStart(containing: t) : t)
    }

    /// `precise`: the time of the first jump of a scripted anchor (keyframes sharing a time) in (`t0`, `t1`], or nil;
    /// always nil in `uikit`, whose anchors move once per frame anyway. For sampling: there is no motion to interpolate
    /// across a jump.
    public func anchorJumpTime(after t0: Double, through t1: Double) -> Double? {
        guard profile == .precise else { return nil }
        var first: Double?
        for k in jointData.scriptedJoints {
            if let t = jointData.paths[jointData.joints[k].path].firstJumpTime(after: t0, through: t1),
                t < (first ?? .infinity)
            {
                first = t
            }
        }
        return first
    }

    /// The start time of the display frame containing `t` (a time within 1e-9 of a frame boundary counts as on it).
    public func frameStart(containing t: Double) -> Double {
        let k = (t / timeStep + 1e-9).rounded(.down)
        return time(ofStep: Int(k) * subSteps)
    }

    /// Mechanical energy in mass x points²/s² (kinetic + rotational + gravitational potential relative to the origin +
    /// spring potential). Meaningful when anchors are fixed. Used by tests and benchmarks.
    public func mechanicalEnergy() -> Double {
        var e = 0.0
        for i in 0..<bodyData.items.count where !bodyData.items[i].isAnchored {
            let m = bodyData.items[i].mass
            let v = bodies.velocity[i]
            e += 0.5 * m * dot(v, v)
            if bodyData.items[i].allowsRotation {
                e += 0.5 * bodyData.items[i].inertia * bodies.angularVelocity[i] * bodies.angularVelocity[i]
            }
            e -= m * dot(bodies.gravity[i], bodies.position[i])
        }
        for k in 0..<jointData.joints.count where !jointData.joints[k].isRigid {
            let stretch = currentDistance(of: AttachmentID(k)) - jointData.joints[k].length
            e += 0.5 * jointData.joints[k].stiffness * stretch * stretch
        }
        return e
    }

    /// The largest length error of the rigid attachments, points: |current distance − rest length| over every rigid
    /// attachment (0 when there is none). A rigid rod's error is what its solver leaves: `uikit`'s Box2D iterations
    /// leave some, `precise` (RATTLE) keeps it at rounding level.
    public func maxRigidLengthError() -> Double {
        var worst = 0.0
        for k in 0..<jointData.joints.count where jointData.joints[k].isRigid {
            worst = max(worst, abs(currentDistance(of: AttachmentID(k)) - jointData.joints[k].length))
        }
        return worst
    }

    /// Whether every position and velocity is finite.
    public var isFinite: Bool {
        for i in 0..<bodyData.items.count {
            if !Dynamics.isFinite(bodies.position[i]) || !Dynamics.isFinite(bodies.velocity[i])
                || !bodies.angle[i].isFinite
                || !bodies.angularVelocity[i].isFinite
            {
                return false
            }
        }
        return true
    }

    /// Copies the current state into `snapshot` (reusing its storage; allocates only when it must grow).
    public func capture(into snapshot: inout WorldSnapshot) {
        let n = bodyData.items.count
        snapshot.step = stepCount
        snapshot.time = time
        if snapshot.position.count != n {
            snapshot.position = Array(repeating: .zero, count: n)
            snapshot.velocity = Array(repeating: .zero, count: n)
            snapshot.angle = Array(repeating: 0, count: n)
            snapshot.angularVelocity = Array(repeating: 0, count: n)
        }
        for i in 0..<n {
            snapshot.position[i] = bodies.position[i]
            snapshot.velocity[i] = bodies.velocity[i]
            snapshot.angle[i] = bodies.angle[i]
            snapshot.angularVelocity[i] = bodies.angularVelocity[i]
        }
    }

    // MARK: Collisions, pushes, snaps and fields

    /// Adds a collision behavior (UICollisionBehavior).
    ///
    /// Items of one behavior collide with each other (modes items, everything) and with its boundaries (modes
    /// boundaries, everything); items of different behaviors do not collide. The reference bounds, when used, are four
    /// two-sided segments 1 point outside `bounds`, with UIKit's boundary friction 0.2 and elasticity 0.2.
    /// - Precondition: the items exist; at most 64 collision behaviors; the world has `bounds` when
    ///   `translatesReferenceBoundsIntoBoundary` is set.
    public func addCollision(_ c: CollisionBehavior) { insertCollision(c) }

    /// Items that overlap one of their boundaries by more than the slop now, with the boundary's identifier ("" for the
    /// reference bounds) and the depth in points. UIKit calls items that start inside a boundary undefined behavior;
    /// scene files reject them.
    public func boundaryOverlaps() -> [(item: ItemID, boundary: String, depth: Double)] { measureBoundaryOverlaps() }

    /// The touching contacts' points as they stand after the last step, for drawing in the manner of Box2D's debug
    /// draw (b2WorldManifold of each touching contact): each point in world points, with the normal (unit, pointing
    /// from the first shape to the second) and its separation (points; negative when the shapes overlap).
    /// Both profiles keep their contacts from one narrow phase to the next, so these are the contacts the last sub-step
    /// solved. Allocates the returned array: for display, not for a solver loop.
    public func contactPoints() -> [(point: Vector2, normal: Vector2, separation: Double)] { collectContactPoints() }

    /// Adds a push (see ``PushBehavior`` for units and timing).
    /// - Precondition: the items exist; finite direction and offset; `beginTime <= endTime`.
    public func addPush(_ push: PushBehavior) { insertPush(push) }

    /// Adds `linearVelocity` (points/s) and `angularVelocity` (radians/s) to an item at `time` (seconds), as
    /// UIDynamicItemBehavior.addLinearVelocity(_:for:) / addAngularVelocity(_:for:) called then: applied at the first
    /// frame (uikit) or sub-step (precise) starting at or after `time`. Anchored items ignore it.
    public func addVelocity(_ linearVelocity: Vector2, angularVelocity: Double = 0, to id: ItemID, at time: Double) {
        scheduleVelocity(linearVelocity, angularVelocity: angularVelocity, to: id, at: time)
    }

    /// Adds a snap (see ``SnapBehavior``) and returns its four spring attachments.
    @discardableResult
    public func addSnap(_ snap: SnapBehavior) -> [AttachmentID] { insertSnap(snap) }

    /// Adds a field (see ``FieldBehavior``).
    /// - Precondition: the items exist; finite parameters.
    public func addField(_ field: FieldBehavior) { insertField(field) }

    /// Whether an item is awake (moving or able to move); false while it sleeps at rest (uikit profile).
    public func isAwake(_ id: ItemID) -> Bool { bodyData.awake[id.index] }

    // MARK: Limits and materials

    /// The most candidate pairs the broad phase keeps, and the most contacts the narrow phase keeps, in one sub-step:
    /// past either, ``contactLimitExceeded`` is set and the contacts are incomplete. They bound memory (a few hundred MB)
    /// when many items are piled on one spot, or long items each reach across many others (the broad phase pairs
    /// bounding circles), where the pairs grow as the square of the count.
    public static let maxCandidatePairs = 4_000_000
    /// The most contacts the narrow phase keeps in one sub-step (see ``maxCandidatePairs``).
    public static let maxContacts = 200_000
    /// The most vertices of the polygon an ellipse collides as: 64 (a huge ellipse then costs no more than a
    /// 265 x 132 pt one, and stays within 0.00121 of its half-axis of the true ellipse).
    public static let maxEllipseVertices = 64
    /// UIKit's boundary friction coefficient (kern0x1b/charon §7.4).
    public static let boundaryFriction = 0.2
    /// UIKit's boundary restitution (elasticity) (kern0x1b/charon §7.4).
    public static let boundaryRestitution = 0.2

    /// The largest mass ratio between two movable items joined by a rigid attachment that the `precise` profile
    /// admits: scene files above it are refused at load. Measured (10 s from rest, 2 to 4 links of 40 pt items on
    /// 80 pt rods, released at several angles, default 8 sub-steps): at ratio 10 the energy stays within 2% of the
    /// swing energy, at 100 within 35% (the error shrinks as h², so more sub-steps help), and nothing diverges; past a
    /// few hundred a light link between heavy ones can whip faster than any sub-step resolves as the chain snaps taut.
    /// Springs, and attachments to anchors or anchored items, are not limited.
    public static let maxPreciseRigidMassRatio = 100.0
}
