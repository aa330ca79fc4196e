import Foundation

/// A growable column of trivial values in manually managed memory: the structure-of-arrays storage of a ``World``.
/// Hot loops read its `base` pointer directly, with no copy-on-write or exclusivity checks. Freed by the world.
struct Column<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init() {
        capacity = 8
        base = .allocate(capacity: capacity)
    }

    mutating func append(_ element: Element) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    subscript(i: Int) -> Element {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }

    func free() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}

/// Solver state of one distance constraint (an attachment). Stored array-of-structs: the solver touches every field of
/// a joint together.
struct Joint {
    /// Item index of end A, or -1 when end A is an anchor point.
    var a: Int
    /// Item index of end B (always an item).
    var b: Int
    /// Attachment point on A in A's frame (offset from center), points; zero for an anchor.
    var localA: Vector2
    /// Attachment point on B in B's frame, points.
    var localB: Vector2
    /// Anchor position in points (end A is an anchor).
    var anchor: Vector2
    /// Anchor velocity in points/s (`precise` only; `uikit` anchors have none).
    var anchorVelocity: Vector2
    /// Index into the world's paths, or -1 for a fixed anchor / item end.
    var path: Int
    var length: Double
    /// Spring stiffness (mass/s²) and damping (mass/s) from frequency and ratio, as b2LinearStiffness; 0 when rigid.
    /// (`precise` and the energy read these; `uikit` recomputes them each step from `omega` and `dampingRatio`.)
    var stiffness: Double
    var damping: Double
    /// The spring's angular frequency 2π f (1/s) and damping ratio; 0 when rigid.
    var omega = 0.0
    var dampingRatio = 0.0
    var isRigid: Bool
    /// A rigid attachment shorter than 1 point is a pin (revolute joint): the two points coincide in both axes. UIKit's
    /// engine does the same for anchors closer than 1 point (REFERENCE.md), since a distance of ~0 has no direction.
    var isPin = false
    /// Accumulated pin impulse (uikit warm start).
    var pinImpulse = Vector2.zero
    // Scratch (uikit): lever arms, axis, effective masses, soft-constraint terms, accumulated impulses.
    var rA = Vector2.zero
    var rB = Vector2.zero
    var u = Vector2.zero
    var mass = 0.0
    var softMass = 0.0
    var gamma = 0.0
    var bias = 0.0
    var currentLength = 0.0
    var impulse = 0.0
    /// `precise`: the rod's tension in the last sub-step (mass·points/s²), from its position multiplier λ as |λ| / h²,
    /// for the step-size estimate (see ``World/stepPrecise()``).
    var tension = 0.0
}

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

    // Item columns.
    @exclusivity(unchecked) var position = Column<Vector2>()
    @exclusivity(unchecked) var angle = Column<Double>()
    @exclusivity(unchecked) var velocity = Column<Vector2>()
    @exclusivity(unchecked) var angularVelocity = Column<Double>()
    @exclusivity(unchecked) var invMass = Column<Double>()
    @exclusivity(unchecked) var invInertia = Column<Double>()
    @exclusivity(unchecked) var linearDamping = Column<Double>()
    @exclusivity(unchecked) var angularDamping = Column<Double>()
    @exclusivity(unchecked) var gravity = Column<Vector2>()
    // Precise scratch: the positions at the start of the sub-step.
    @exclusivity(unchecked) var previousPosition = Column<Vector2>()
    @exclusivity(unchecked) var previousAngle = Column<Double>()
    @exclusivity(unchecked) var joints = Column<Joint>()
    /// Continuous pushes, and per-item force (mass·pt/s²) and torque accumulators for them.
    @exclusivity(unchecked) var forces: [ContinuousForce] = []
    @exclusivity(unchecked) var forceColumn = Column<Vector2>()
    @exclusivity(unchecked) var torqueColumn = Column<Double>()
    /// Scheduled velocity changes, sorted by time, and the index of the next one due.
    @exclusivity(unchecked) var scheduled: [ScheduledVelocity] = []
    @exclusivity(unchecked) var nextScheduled = 0
    /// Precise: whether continuous pushes act in the current sub-step.
    @exclusivity(unchecked) var pushing = false
    /// The world gravity (points/s²) that every item in a gravity behavior feels, and who feels it.
    @exclusivity(unchecked) public private(set) var gravityAcceleration = Vector2.zero
    @exclusivity(unchecked) var affectedByGravity: [Bool] = []
    /// Fields, and per-item field accelerations (points/s²) and velocity overrides for the current sub-step.
    @exclusivity(unchecked) var fields: [FieldBehavior] = []
    @exclusivity(unchecked) var fieldAcceleration = Column<Vector2>()
    @exclusivity(unchecked) var fieldOverride = Column<Vector2>()
    @exclusivity(unchecked) var fieldOverrides: [Bool] = []
    /// Collisions: shapes, behaviors, boundaries, the current contacts (by pair key) and contact events.
    @exclusivity(unchecked) var itemShapes: [ItemShape?] = []
    /// The same shapes unpacked for the narrow phase, which reads them in place without copying an enum or retaining
    /// an array: every polygon's vertices then normals, one after another, in `polygonPoints`; each item's polygon
    /// (where its points start, vertex count, skin radius; count 0 for circles and shapeless items) and circle radius
    /// (−1 when not a circle).
    @exclusivity(unchecked) var polygonPoints = Column<Vector2>()
    @exclusivity(unchecked) var itemPolygon = Column<(start: Int, count: Int, radius: Double)>()
    @exclusivity(unchecked) var itemCircleRadius: [Double] = []
    /// How far each item's shape reaches from its centre, points: half the diagonal of its size, or more when its
    /// collision path reaches farther (the broad phase's bounding circle is this plus 2 pt).
    @exclusivity(unchecked) var itemReach: [Double] = []
    @exclusivity(unchecked) var itemCollisionMask: [UInt64] = []
    @exclusivity(unchecked) var boundaryCollisionMask: [UInt64] = []
    @exclusivity(unchecked) var collisionBehaviors: [CollisionBehavior] = []
    @exclusivity(unchecked) var boundaryEdges: [BoundaryEdge] = []
    @exclusivity(unchecked) var contacts: [ContactConstraint] = []
    /// The contacts' velocity constraints during a sub-step's velocity iterations (same order as `contacts`).
    @exclusivity(unchecked) var velocityConstraints: [VelocityConstraint] = []
    /// Whether the velocity iterations run in dependency order (true: `orderByDependency` pairs contacts, and joints
    /// without contacts follow `jointSchedule`) or one solve after another in Box2D 2.4's order (false; the tests
    /// compare the two bit for bit).
    @exclusivity(unchecked) var reordersSolves = true
    /// The velocity iterations' order (ContactPairs.swift): an entry k >= 0 is `singleConstraints[k]` (contact
    /// `singleContacts[k]`), an entry ~p < 0 is `contactPairs[p]`.
    @exclusivity(unchecked) var solveSchedule: [Int32] = []
    @exclusivity(unchecked) var contactPairs: [ContactPair] = []
    @exclusivity(unchecked) var singleConstraints: [VelocityConstraint] = []
    @exclusivity(unchecked) var singleContacts: [Int32] = []
    /// `orderByLevel`'s scratch: each item's latest level (all 0 between calls), each solve's level, where each level
    /// starts, and the solves in level order.
    @exclusivity(unchecked) var itemLevel: [Int32] = []
    @exclusivity(unchecked) var solveLevel: [Int32] = []
    @exclusivity(unchecked) var levelStart: [Int] = []
    @exclusivity(unchecked) var levelOrder: [Int32] = []
    @exclusivity(unchecked) var contactIndex = PairTable()
    /// Broad phase (BroadPhase.swift): the items that collide, the grid's items in cell order (kept between sub-steps),
    /// each item's cell key, and the items kept out of the grid.
    @exclusivity(unchecked) var broadPhaseItems: [Int] = []
    @exclusivity(unchecked) var gridOrder: [Int] = []
    @exclusivity(unchecked) var gridKey: [UInt64] = []
    @exclusivity(unchecked) var largeItems: [Int] = []
    /// Narrow-phase scratch, kept between sub-steps so the hot loop allocates nothing: each item's transform,
    /// bounding circles, candidate pairs, the next contact list and index.
    @exclusivity(unchecked) var scratchTransforms: [Transform] = []
    /// Each item's cosine and sine with the angle they were computed for (see ``World/transform(_:)``).
    @exclusivity(unchecked) var rotationCache = Column<RotationCacheEntry>()
    @exclusivity(unchecked) var scratchCenter: [Vector2] = []
    @exclusivity(unchecked) var scratchExtent: [Double] = []
    /// Half the width and height of each item's world bounding box, for rectangles (see `collide`).
    @exclusivity(unchecked) var scratchBoxHalf: [Vector2] = []
    @exclusivity(unchecked) var scratchCandidates: [UInt64] = []
    @exclusivity(unchecked) var scratchContacts: [ContactConstraint] = []
    @exclusivity(unchecked) var scratchIndex = PairTable()
    @exclusivity(unchecked) var scratchBucket: [Int] = []
    /// `projectSqueezedItems`' scratch: whether each item touches another item (all false between calls).
    @exclusivity(unchecked) var touchesItem: [Bool] = []
    @exclusivity(unchecked) var scratchPairs: [UInt64] = []
    /// `precise` scratch: per item, Σ tension / length over its rigid rods (mass/s²), and the rotational stiffness the
    /// rods' tensions give it (mass·points²/s²), for the step-size estimate; zero between sub-steps.
    @exclusivity(unchecked) var rodStiffness: [Double] = []
    /// Whether some movable item holds two or more rigid rods, or a rigid rod pulls at an offset from an item's center:
    /// then the rods' tensions can set a faster rate than the items' speeds show (`precise`, see `rodRate`).
    @exclusivity(unchecked) var rodsShareOrTurnItems = false
    /// How many rigid rods hold each item.
    @exclusivity(unchecked) var rodCount: [Int] = []
    /// `precise` chains: state copies for taking a RATTLE piece again in shorter pieces, one per refinement level.
    @exclusivity(unchecked) var checkpoints: [PreciseCheckpoint] = []
    /// `precise` chains: whether the RATTLE piece measures how far its rods turn, and whether one turned more
    /// than ``maxTurnPerPiece``.
    @exclusivity(unchecked) var measuresTurn = false
    /// `precise` chains: how many more pieces the current sub-step may take again.
    @exclusivity(unchecked) var refinementBudget = 0
    /// `precise` chains: how many RATTLE pieces were taken again in shorter pieces. Diagnostic.
    @exclusivity(unchecked) public internal(set) var refinedPieces = 0
    @exclusivity(unchecked) var rodTurnedTooFar = false
    @exclusivity(unchecked) var rodTorsion: [Double] = []
    /// `precise` scratch: each item's velocity and angular velocity before the contact impulses of a sub-step.
    @exclusivity(unchecked) var contactStartVelocity: [Vector2] = []
    @exclusivity(unchecked) var contactStartAngularVelocity: [Double] = []
    /// `uikit` scratch: whether each joint is a rigid rod between centers, for the sub-step.
    @exclusivity(unchecked) var centeredRods: [Bool] = []
    /// `uikit`: joint indices for all velocity iterations in dependency order (see `updateJointSchedule`).
    @exclusivity(unchecked) var jointSchedule: [Int32] = []
    /// `precise` chains scratch (see PreciseChains.swift): rigid joints ordered along paths, the body each shares with
    /// the previous one (−1 at a path's start), and per-joint geometry and the tridiagonal system.
    @exclusivity(unchecked) var chainOrder: [Int] = []
    @exclusivity(unchecked) var chainShared: [Int] = []
    @exclusivity(unchecked) var chainOrderedFor = -1
    @exclusivity(unchecked) var chainIsPath = false
    /// Whether the `precise` profile solves chains directly (default true; tests compare with the sweeps alone).
    @exclusivity(unchecked) var usesChainSolver = true
    /// Sub-steps whose direct chain projection broke down and fell back to the sweeps.
    @exclusivity(unchecked) var chainFallbacks = 0
    @exclusivity(unchecked) var chainDegree: [Int] = []
    @exclusivity(unchecked) var chainNeighbors: [SIMD2<Int>] = []
    @exclusivity(unchecked) var chainU: [Vector2] = []
    @exclusivity(unchecked) var chainDirU: [Vector2] = []
    @exclusivity(unchecked) var chainCross: [SIMD2<Double>] = []
    @exclusivity(unchecked) var chainDir: [SIMD2<Double>] = []
    @exclusivity(unchecked) var chainLower: [Double] = []
    @exclusivity(unchecked) var chainDiag: [Double] = []
    @exclusivity(unchecked) var chainUpper: [Double] = []
    @exclusivity(unchecked) var chainRHS: [Double] = []
    /// The reference bounds (origin and size, points), for `translatesReferenceBoundsIntoBoundary`.
    @exclusivity(unchecked) public var referenceBounds: (origin: Vector2, size: Vector2)?
    /// Whether contact begin/end events are recorded into ``events``.
    @exclusivity(unchecked) public var recordsEvents = false
    /// Rest detection (uikit): whether each item is awake, how long it has rested, and island scratch.
    @exclusivity(unchecked) var awake: [Bool] = []
    /// Per-item copies of definition fields the hot paths read (reading `items[i]` would copy a whole definition).
    @exclusivity(unchecked) var anchored: [Bool] = []
    @exclusivity(unchecked) var itemSize: [Vector2] = []
    @exclusivity(unchecked) var itemFriction: [Double] = []
    @exclusivity(unchecked) var itemElasticity: [Double] = []
    @exclusivity(unchecked) var sleepTime: [Double] = []
    @exclusivity(unchecked) var islandParent: [Int] = []
    @exclusivity(unchecked) var islandAwake: [Bool] = []
    @exclusivity(unchecked) var islandMinSleep: [Double] = []
    /// Whether items may fall asleep at rest (`uikit` only; Box2D's allowSleeping, on in UIKit's engine). Default true.
    @exclusivity(unchecked) public var allowsSleeping = true
    /// Whether some sub-step had more candidate pairs or contacts than ``maxCandidatePairs`` / ``maxContacts`` (items
    /// piled on one another by the thousand): the run's contacts are then incomplete and its results not to be trusted.
    @exclusivity(unchecked) public internal(set) var contactLimitExceeded = false
    /// Recorded contact events, oldest first (see ``takeEvents()``).
    @exclusivity(unchecked) public internal(set) var events: [ContactEvent] = []
    @exclusivity(unchecked) var paths: [AnchorPath] = []
    /// Definitions as added (sizes, masses) for reporting.
    @exclusivity(unchecked) public private(set) var items: [ItemDefinition] = []
    /// Attachments as added.
    @exclusivity(unchecked) public private(set) var attachments: [AttachmentBehavior] = []
    /// Indices of joints whose anchor follows a path.
    @exclusivity(unchecked) var scriptedJoints: [Int] = []
    /// Precise: the fastest spring rate, max(2π f, 2 ζ 2π f) (1/s), for splitting sub-steps.
    @exclusivity(unchecked) var maxSpringRate = 0.0
    /// Precise: how many sub-steps needed the non-symplectic fallback projection (violent drags). Diagnostic.
    @exclusivity(unchecked) public internal(set) var fallbackProjections = 0

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
        position.free(); angle.free(); velocity.free(); angularVelocity.free()
        invMass.free(); invInertia.free(); linearDamping.free(); angularDamping.free(); gravity.free()
        previousPosition.free(); previousAngle.free(); joints.free(); polygonPoints.free(); itemPolygon.free()
        rotationCache.free()
        forceColumn.free(); torqueColumn.free(); fieldAcceleration.free(); fieldOverride.free()
    }

    /// The time of the current state in seconds: `stepCount * timeStep / subSteps`.
    public var time: Double { time(ofStep: stepCount) }

    /// The time of the state after `n` sub-steps.
    public func time(ofStep n: Int) -> Double { Double(n) * timeStep / Double(subSteps) }

    /// Number of items.
    public var itemCount: Int { items.count }

    /// Adds an item and returns its identifier.
    /// - Precondition: positive finite size and density, finite values, non-negative resistances.
    @discardableResult
    public func addItem(_ item: ItemDefinition) -> ItemID {
        precondition(item.size.x > 0 && item.size.y > 0 && item.size.x.isFinite && item.size.y.isFinite,
                     "World.addItem: size must be positive")
        precondition(item.density > 0 && item.density.isFinite, "World.addItem: density must be positive")
        precondition(item.resistance >= 0 && item.angularResistance >= 0, "World.addItem: resistance must be >= 0")
        let dynamic = !item.isAnchored
        position.append(item.center)
        angle.append(item.angle)
        rotationCache.append(RotationCacheEntry(angle: .nan, c: .nan, s: .nan))
        velocity.append(dynamic ? item.velocity : .zero)
        angularVelocity.append(dynamic && item.allowsRotation ? item.angularVelocity : 0)
        invMass.append(dynamic ? 1 / item.mass : 0)
        invInertia.append(dynamic && item.allowsRotation ? 1 / item.inertia : 0)
        linearDamping.append(item.resistance)
        angularDamping.append(item.angularResistance)
        gravity.append(.zero)
        affectedByGravity.append(false)
        let shape = World.shape(for: item)
        itemShapes.append(shape)
        switch shape {
        case .polygon(let p)?:
            itemPolygon.append((polygonPoints.count, p.vertices.count, p.radius))
            itemReach.append(max(0.5 * norm(item.size), p.vertices.map(norm).max()! + p.radius))
            for v in p.vertices { polygonPoints.append(v) }
            for n in p.normals { polygonPoints.append(n) }
            itemCircleRadius.append(-1)
        case .circle(let r)?: itemPolygon.append((0, 0, 0)); itemCircleRadius.append(r); itemReach.append(max(0.5 * norm(item.size), r))
        case nil: itemPolygon.append((0, 0, 0)); itemCircleRadius.append(-1); itemReach.append(0.5 * norm(item.size))
        }
        awake.append(true)
        anchored.append(item.isAnchored)
        itemSize.append(item.size)
        itemFriction.append(item.friction)
        itemElasticity.append(item.elasticity)
        sleepTime.append(0)
        itemCollisionMask.append(0)
        boundaryCollisionMask.append(0)
        if !forces.isEmpty { forceColumn.append(.zero); torqueColumn.append(0) }
        if !fields.isEmpty { fieldAcceleration.append(.zero); fieldOverride.append(.zero); fieldOverrides.append(false) }
        previousPosition.append(item.center)
        previousAngle.append(item.angle)
        items.append(item)
        return ItemID(items.count - 1)
    }

    /// The collision shape of an item definition (see ``CollisionBounds``).
    ///
    /// A rectangle is a box with no skin; a path its convex polygon with a 0.9 pt skin. An ellipse with equal sides is
    /// a circle; any other is a polygon with a 0.9 pt skin whose n vertices sit at equal parameter steps on the
    /// ellipse, (a cos t_k, b sin t_k) with t_k = 2πk/n, a the half width and b the half height: n = max(8,
    /// ⌊perimeter / 10 pt⌋) (Ramanujan's perimeter), at most 64 (reached at a perimeter of 640 pt, about a 265 x 132 pt
    /// ellipse).
    ///
    /// Error bound: the polygon is the image of a regular n-gon inscribed in the unit circle under
    /// (x, y) -> (a x, b y), so it lies inside the ellipse and contains the ellipse scaled by cos(π/n) about its
    /// center. The farthest a point of the ellipse lies from the polygon is the largest sag of its chords,
    /// (1 − cos(π/n)) a b / √(b² cos² m + a² sin² m) over the chords' middle parameters m = (2k + 1)π/n. With A >= B
    /// the larger and the smaller half side, that is at most A (1 − cos(π/n)) (reached when a chord's middle sits at an
    /// end of the major axis, as for a wide ellipse with n odd), and when n is a multiple of 4, so that vertices sit at
    /// the ends of both axes, also at most B tan(π/(2n)). At the cap (64 vertices) the polygon is thus within 0.00121 A
    /// and 0.0246 B of the ellipse (0.61 pt for a 1e9 x 50 pt ellipse, 0.6 pt for a 1000 x 1000.5 pt one); with 8
    /// vertices within 0.0762 A and 0.199 B. With the skin, the collision shape is the polygon grown by 0.9 pt: its
    /// support in any direction exceeds the ellipse's by 0.9 pt minus at most that distance, so it is within
    /// max(0.9, distance − 0.9) pt of the true ellipse: 0.9 pt below the cap (there Ramanujan's perimeter, at least
    /// 3.98 A, is under 10 (n + 1) pt, so the distance is under 2.52 (n + 1)(1 − cos(π/n)) <= 1.72 pt) and at the cap
    /// when B is under 73 pt or A under 1490 pt. The cap bounds the polygon's memory (a 1e9 pt ellipse would otherwise
    /// get 2e8 vertices) and the narrow phase's cost, which grows as the product of two polygons' vertex counts; it
    /// also keeps vertex indices within the 8 bits a contact feature id stores.
    static func shape(for item: ItemDefinition) -> ItemShape? {
        let hw = item.size.x / 2, hh = item.size.y / 2
        switch item.collisionBounds {
        case .rectangle:
            return .polygon(.box(halfWidth: hw, halfHeight: hh))
        case .ellipse:
            if item.size.x == item.size.y { return .circle(hw) }
            let perimeter = Double.pi * (3 * (hw + hh) - ((3 * hw + hh) * (hw + 3 * hh)).squareRoot())
            // At most 64 vertices (see above). Compared before converting to Int, so a perimeter too large for an Int
            // (or not a number) takes the cap.
            let cap = World.maxEllipseVertices
            let count = perimeter / 10 < Double(cap) ? max(8, Int(perimeter / 10)) : cap
            let points = (0..<count).map { k -> Vector2 in
                let t = 2 * Double.pi * Double(k) / Double(count)
                return Vector2(hw * cos(t), hh * sin(t))
            }
            return ConvexPolygon.convex(points, radius: 0.9).map { .polygon($0) }
        case .path(let points):
            return ConvexPolygon.convex(points, radius: 0.9).map { .polygon($0) }
        }
    }

    /// Returns the recorded contact events and clears them.
    public func takeEvents() -> [ContactEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// The current number of touching contacts (pairs with at least one manifold point).
    public var contactCount: Int { contacts.count }

    /// Adds gravity to the items the behavior names.
    ///
    /// As in UIKit's engine, gravity is the world's: one vector, set by the last gravity behavior added, acts on every
    /// item of every gravity behavior (measured by kern0x1b/charon: adding a second behavior changes the first one's
    /// items too; Apple logs "Multiple gravity behavior per animator is undefined").
    public func addGravity(_ behavior: GravityBehavior) {
        gravityAcceleration = behavior.acceleration
        for id in behavior.items {
            precondition(id.index >= 0 && id.index < items.count, "World.addGravity: no such item")
            affectedByGravity[id.index] = true
        }
        for i in 0..<items.count where affectedByGravity[i] && invMass[i] > 0 { gravity[i] = gravityAcceleration }
    }

    /// World position of a point given in an item's frame (offset from its center), points.
    public func worldPoint(of id: ItemID, offsetFromCenter offset: Vector2) -> Vector2 {
        position[id.index] + rotate(offset, by: angle[id.index])
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
        precondition(b >= 0 && b < items.count, "World.addAttachment: no such item")
        precondition(behavior.frequency >= 0 && behavior.frequency.isFinite, "World.addAttachment: frequency must be >= 0")
        precondition(behavior.damping >= 0 && behavior.damping.isFinite, "World.addAttachment: damping must be >= 0")
        var joint = Joint(a: -1, b: b, localA: .zero, localB: behavior.offsetFromCenter, anchor: .zero,
                          anchorVelocity: .zero, path: -1, length: 0, stiffness: 0, damping: 0, isRigid: true)
        let pointA: Vector2
        var massA = 0.0
        switch behavior.attachedTo {
        case let .anchor(point, path):
            if let path {
                paths.append(path)
                joint.path = paths.count - 1
                joint.anchor = path.position(at: 0)
                joint.anchorVelocity = path.velocity(at: 0)
                scriptedJoints.append(joints.count)
            } else {
                joint.anchor = point
            }
            pointA = joint.anchor
        case let .item(other, offset):
            precondition(other.index >= 0 && other.index < items.count && other.index != b,
                         "World.addAttachment: the other item must exist and differ")
            joint.a = other.index
            joint.localA = offset
            pointA = worldPoint(of: other, offsetFromCenter: offset)
            massA = invMass[other.index] > 0 ? items[other.index].mass : 0
        }
        let pointB = worldPoint(of: behavior.item, offsetFromCenter: behavior.offsetFromCenter)
        let length = behavior.length ?? Foundation.sqrt(dot(pointB - pointA, pointB - pointA))
        precondition(length >= 0 && length.isFinite, "World.addAttachment: length must be >= 0")
        joint.length = length
        joint.isPin = behavior.frequency == 0 && length < World.pinThreshold
        if behavior.frequency > 0 {
            let massB = invMass[b] > 0 ? items[b].mass : 0
            let m = massA > 0 && massB > 0 ? massA * massB / (massA + massB) : (massA > 0 ? massA : massB)
            let omega = 2 * Double.pi * behavior.frequency
            joint.stiffness = m * omega * omega
            joint.damping = 2 * m * behavior.damping * omega
            joint.omega = omega
            joint.dampingRatio = behavior.damping
            joint.isRigid = false
            // The fastest rate a spring sets: its angular frequency, or its damping rate 2 ζ ω when overdamped.
            maxSpringRate = max(maxSpringRate, omega, 2 * behavior.damping * omega)
        }
        if joint.isRigid {
            if rodCount.count < items.count { rodCount += [Int](repeating: 0, count: items.count - rodCount.count) }
            for end in [joint.a, joint.b] where end >= 0 && invMass[end] > 0 {
                rodCount[end] += 1
                if rodCount[end] > 1 { rodsShareOrTurnItems = true }
            }
            if joint.localA != .zero || joint.localB != .zero { rodsShareOrTurnItems = true }
        }
        joints.append(joint)
        attachments.append(behavior)
        return AttachmentID(joints.count - 1)
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
    public func position(of id: ItemID) -> Vector2 { position[id.index] }
    /// Rotation of an item in radians (not wrapped).
    public func angle(of id: ItemID) -> Double { angle[id.index] }
    /// Linear velocity of an item in points/s.
    public func velocity(of id: ItemID) -> Vector2 { velocity[id.index] }
    /// Angular velocity of an item in radians/s.
    public func angularVelocity(of id: ItemID) -> Double { angularVelocity[id.index] }

    /// Sets an item's velocity (points/s), for scripted experiments and tests.
    public func setVelocity(_ v: Vector2, of id: ItemID) {
        if !items[id.index].isAnchored {
            wake(id.index)
            velocity[id.index] = v
        }
    }

    /// The rest length of an attachment, points.
    public func length(of id: AttachmentID) -> Double { joints[id.index].length }

    /// The current distance between an attachment's two points, points (equals `length` for a satisfied rigid rod).
    public func currentDistance(of id: AttachmentID) -> Double {
        let j = joints[id.index]
        let pB = position[j.b] + rotate(j.localB, by: angle[j.b])
        let pA = j.a < 0 ? anchorPosition(of: id, at: time) : position[j.a] + rotate(j.localA, by: angle[j.a])
        return norm(pB - pA)
    }

    /// Whether end A of an attachment is an anchor point (rather than an item).
    public func hasAnchor(_ id: AttachmentID) -> Bool { joints[id.index].a < 0 }

    /// The anchor position the solver uses at time `t`, points: for `precise` the path's position at `t`; for `uikit`
    /// the path's position at the start of the display frame containing `t` (UIKit's setter applies once per frame).
    public func anchorPosition(of id: AttachmentID, at t: Double) -> Vector2 {
        let j = joints[id.index]
        guard j.path >= 0 else { return j.anchor }
        return paths[j.path].position(at: profile == .uikit ? frameStart(containing: t) : t)
    }

    /// `precise`: the time of the first jump of a scripted anchor (keyframes sharing a time) in (`t0`, `t1`], or nil;
    /// always nil in `uikit`, whose anchors move once per frame anyway. For sampling: there is no motion to interpolate
    /// across a jump.
    public func anchorJumpTime(after t0: Double, through t1: Double) -> Double? {
        guard profile == .precise else { return nil }
        var first: Double?
        for k in scriptedJoints {
            if let t = paths[joints[k].path].firstJumpTime(after: t0, through: t1), t < (first ?? .infinity) { first = t }
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
        for i in 0..<items.count where !items[i].isAnchored {
            let m = items[i].mass
            let v = velocity[i]
            e += 0.5 * m * dot(v, v)
            if items[i].allowsRotation { e += 0.5 * items[i].inertia * angularVelocity[i] * angularVelocity[i] }
            e -= m * dot(gravity[i], position[i])
        }
        for k in 0..<joints.count where !joints[k].isRigid {
            let stretch = currentDistance(of: AttachmentID(k)) - joints[k].length
            e += 0.5 * joints[k].stiffness * stretch * stretch
        }
        return e
    }

    /// Whether every position and velocity is finite.
    public var isFinite: Bool {
        for i in 0..<items.count {
            if !Dynamics.isFinite(position[i]) || !Dynamics.isFinite(velocity[i]) || !angle[i].isFinite
                || !angularVelocity[i].isFinite { return false }
        }
        return true
    }

    /// Copies the current state into `snapshot` (reusing its storage; allocates only when it must grow).
    public func capture(into snapshot: inout WorldSnapshot) {
        let n = items.count
        snapshot.step = stepCount
        snapshot.time = time
        if snapshot.position.count != n {
            snapshot.position = Array(repeating: .zero, count: n)
            snapshot.velocity = Array(repeating: .zero, count: n)
            snapshot.angle = Array(repeating: 0, count: n)
            snapshot.angularVelocity = Array(repeating: 0, count: n)
        }
        for i in 0..<n {
            snapshot.position[i] = position[i]
            snapshot.velocity[i] = velocity[i]
            snapshot.angle[i] = angle[i]
            snapshot.angularVelocity[i] = angularVelocity[i]
        }
    }
}

/// A copy of every item's state at one sub-step, for interpolating output samples that fall between sub-steps.
public struct WorldSnapshot: Sendable {
    /// The sub-step index and time (seconds) of the copy; -1 when empty.
    public var step = -1
    /// Time of the copy, seconds.
    public var time = 0.0
    /// Item centers (points), velocities (points/s), angles (radians), angular velocities (radians/s).
    public var position: [Vector2] = []
    /// Item velocities, points/s.
    public var velocity: [Vector2] = []
    /// Item angles, radians.
    public var angle: [Double] = []
    /// Item angular velocities, radians/s.
    public var angularVelocity: [Double] = []

    /// An empty snapshot; fill it with ``World/capture(into:)``.
    public init() {}
}
