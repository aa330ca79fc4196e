import Foundation

// The world's state, in a few stores held by ``World`` (World.swift): hot body columns, cold body data, joints,
// contacts, behaviors, and per-phase and per-profile scratch. Every store is internal: `World` is the public API.

/// The hot body columns: each item's state and the per-item constants the solvers' inner loops read, structure of arrays
/// in manually managed ``Column``s (freed by the world), indexed by item.
struct BodyColumns {
    var position = Column<Vector2>()
    var angle = Column<Double>()
    var velocity = Column<Vector2>()
    var angularVelocity = Column<Double>()
    var invMass = Column<Double>()
    var invInertia = Column<Double>()
    var linearDamping = Column<Double>()
    var angularDamping = Column<Double>()
    var gravity = Column<Vector2>()
    /// `precise`: each item's position and angle at the start of the sub-step.
    var previousPosition = Column<Vector2>()
    var previousAngle = Column<Double>()
    /// Each item's cosine and sine with the angle they were computed for (see ``World/transform(_:)``).
    var rotationCache = Column<RotationCacheEntry>()

    /// Frees every column (called once, by the world's deinit).
    func free() {
        position.free(); angle.free(); velocity.free(); angularVelocity.free(); invMass.free(); invInertia.free()
        linearDamping.free(); angularDamping.free(); gravity.free(); previousPosition.free(); previousAngle.free()
        rotationCache.free()
    }
}

/// Cold body data: each item's definition, collision shape (unpacked for the narrow phase), material and sleep state,
/// indexed by item. Written when items are added; read by the collision and sleep code.
struct BodyData {
    /// Frees the shape columns (called once, by the world's deinit).
    func free() { polygonPoints.free(); itemPolygon.free() }

    /// Definitions as added (sizes, masses) for reporting.
    var items: [ItemDefinition] = []
    /// Each item's collision shape (nil when its path is not convex: it then collides with nothing).
    var itemShapes: [ItemShape?] = []
    /// The same shapes unpacked for the narrow phase, which reads them in place without copying an enum or retaining
    /// an array: every polygon's vertices then normals, one after another, in `polygonPoints`; each item's polygon
    /// (where its points start, vertex count, skin radius; count 0 for circles and shapeless items) and circle radius
    /// (−1 when not a circle).
    var polygonPoints = Column<Vector2>()
    var itemPolygon = Column<(start: Int, count: Int, radius: Double)>()
    var itemCircleRadius: [Double] = []
    /// How far each item's shape reaches from its centre, points: half the diagonal of its size, or more when its
    /// collision path reaches farther (the broad phase's bounding circle is this plus 2 pt).
    var itemReach: [Double] = []
    /// Each item's collision shape's least width, points: the smallest extent across over a polygon's face normals
    /// (with its skin on both sides), a circle's diameter, the smaller side without a shape (continuous collision's
    /// limits, Continuous.swift).
    var itemThickness: [Double] = []
    /// Per item, one bit per collision behavior: the behaviors whose items it collides with, and whose boundaries.
    var itemCollisionMask: [UInt64] = []
    var boundaryCollisionMask: [UInt64] = []
    /// Per-item copies of definition fields the hot paths read (reading `items[i]` would copy a whole definition).
    var anchored: [Bool] = []
    var itemSize: [Vector2] = []
    var itemFriction: [Double] = []
    var itemElasticity: [Double] = []
    /// Whether each item is in a gravity behavior.
    var affectedByGravity: [Bool] = []
    /// Rest detection (uikit): whether each item is awake, and how long it has rested (seconds).
    var awake: [Bool] = []
    var sleepTime: [Double] = []
}

/// The attachments: their solver state (``Joint``, one per attachment, in the order added), the anchor paths, and what
/// the step-size estimates need to know about the rods.
struct JointStore {
    /// One per attachment, in the order added (an ``AttachmentID`` is its index).
    var joints = Column<Joint>()
    /// Attachments as added.
    var attachments: [AttachmentBehavior] = []
    /// The scripted anchors' paths (a joint's `path` indexes them).
    var paths: [AnchorPath] = []
    /// Indices of joints whose anchor follows a path.
    var scriptedJoints: [Int] = []
    /// How many rigid rods hold each item.
    var rodCount: [Int] = []
    /// Precise: the fastest spring rate, max(2π f, 2 ζ 2π f) (1/s), for splitting sub-steps.
    var maxSpringRate = 0.0
    /// Whether some movable item holds two or more rigid rods, or a rigid rod pulls at an offset from an item's center:
    /// then the rods' tensions can set a faster rate than the items' speeds show (`precise`, see `rodRate`).
    var rodsShareOrTurnItems = false
}

/// The collisions: behaviors, boundaries, the current contacts by pair key, their velocity constraints and solve order,
/// and the recorded contact events.
struct ContactStore {
    /// The collision behaviors, in the order added (bit k of an item's masks is behavior k).
    var collisionBehaviors: [CollisionBehavior] = []
    /// Every boundary segment of every behavior.
    var boundaryEdges: [BoundaryEdge] = []
    /// The current contacts. As the narrow phase builds them they are two runs, each in ascending key order: the first
    /// `boundaryContactCount` against boundaries, then the item pairs, `orderedContactCount` in all; the time of impact
    /// appends after them (see ``World/contactPosition(of:)``).
    var contacts: [ContactConstraint] = []
    /// `precise`: the number of the narrow phase now running; a contact it finds that the last one did not have is
    /// marked with it (``ContactConstraint/created``), so impacts are looked for among new contacts only.
    var narrowPhaseMark: Int64 = 0
    var boundaryContactCount = 0
    var orderedContactCount = 0
    /// The contacts' velocity constraints during a sub-step's velocity iterations, in solve order: constraint k is
    /// contact `contactSolveOrder?[k] ?? k` (the island order in `uikit`, list order otherwise).
    var velocityConstraints: [VelocityConstraint] = []
    /// Recorded contact events, oldest first (see ``takeEvents()``).
    var events: [ContactEvent] = []
    /// Whether some sub-step had more candidate pairs or contacts than ``maxCandidatePairs`` / ``maxContacts`` (items
    /// piled on one another by the thousand): the run's contacts are then incomplete and its results not to be trusted.
    var contactLimitExceeded = false
    /// Whether the velocity iterations run in dependency order (true: `orderByDependency` pairs contacts, and joints
    /// without contacts follow `jointSchedule`) or one solve after another in Box2D 2.4's order (false; the tests
    /// compare the two bit for bit).
    var reordersSolves = true
    /// The velocity iterations' order (ContactPairs.swift): an entry k >= 0 is `singleConstraints[k]` (velocity
    /// constraint `singleContacts[k]`), an entry ~p < 0 is `contactPairs[p]`.
    var solveSchedule: [Int32] = []
    var contactPairs: [ContactPair] = []
    var singleConstraints: [VelocityConstraint] = []
    var singleContacts: [Int32] = []
    /// Box2D's broad-phase proxies and pairs, and the island order they give the contacts (`uikit`, Islands.swift).
    var islands = IslandStore()
}

/// Forces and fields: continuous and instantaneous pushes, the world gravity, and the fields, with their per-item
/// accumulators for the current sub-step.
struct BehaviorStore {
    /// Frees the per-item columns (called once, by the world's deinit).
    func free() { forceColumn.free(); torqueColumn.free(); fieldAcceleration.free(); fieldOverride.free() }

    /// Continuous pushes, and per-item force (mass·pt/s²) and torque accumulators for them.
    var forces: [ContinuousForce] = []
    var forceColumn = Column<Vector2>()
    var torqueColumn = Column<Double>()
    /// Scheduled velocity changes, sorted by time, and the index of the next one due.
    var scheduled: [ScheduledVelocity] = []
    var nextScheduled = 0
    /// Precise: whether continuous pushes act in the current sub-step.
    var pushing = false
    /// The world gravity (points/s²) that every item in a gravity behavior feels.
    var gravityAcceleration = Vector2.zero
    /// Fields, and per-item field accelerations (points/s²) and velocity overrides for the current sub-step.
    var fields: [FieldBehavior] = []
    var fieldAcceleration = Column<Vector2>()
    var fieldOverride = Column<Vector2>()
    var fieldOverrides: [Bool] = []
}

/// Broad- and narrow-phase scratch, kept between sub-steps so the hot loops allocate nothing.
struct CollisionScratch {
    /// Broad phase (BroadPhase.swift): the items that collide, the grid's items in cell order (kept between sub-steps),
    /// each item's cell key, and the items kept out of the grid.
    var broadPhaseItems: [Int] = []
    var gridOrder: [Int] = []
    var gridKey: [UInt64] = []
    var largeItems: [Int] = []
    /// Narrow-phase scratch, kept between sub-steps so the hot loop allocates nothing: each item's transform,
    /// bounding circles, candidate pairs, the next contact list and index.
    var scratchTransforms: [Transform] = []
    var scratchCenter: [Vector2] = []
    var scratchExtent: [Double] = []
    /// Half the width and height of each item's world bounding box, for rectangles (see `collide`).
    var scratchBoxHalf: [Vector2] = []
    var scratchCandidates: [UInt64] = []
    var scratchContacts: [ContactConstraint] = []
    var scratchBucket: [Int] = []
    /// `projectSqueezedItems`' scratch: whether each item touches another item (all false between calls).
    var touchesItem: [Bool] = []
    var scratchPairs: [UInt64] = []
    /// `orderByLevel`'s scratch: each item's latest level (all 0 between calls), each solve's level, where each level
    /// starts, and the solves in level order.
    var itemLevel: [Int32] = []
    var solveLevel: [Int32] = []
    var levelStart: [Int] = []
    var levelOrder: [Int32] = []
    /// `uikit`'s guard against tunnelling (`tunnellingPieces`, Continuous.swift).
    var sweep = SweepScratch()
}

/// Each item's foreseen motion in the coming `uikit` sub-step (`predictMotion`, Continuous.swift), indexed by item:
/// velocity (points/s) and angular velocity (rad/s), how far they move it (points), and its bounding circle swept
/// through the sub-step (center and radius, points).
struct SweepScratch {
    var velocity: [Vector2] = [], spin: [Double] = [], travel: [Double] = [], center: [Vector2] = [],
        extent: [Double] = []

    init() {}

    /// Room for `n` items.
    init(count n: Int) {
        velocity = [Vector2](repeating: .zero, count: n); spin = [Double](repeating: 0, count: n)
        travel = [Double](repeating: 0, count: n); center = [Vector2](repeating: .zero, count: n)
        extent = [Double](repeating: 0, count: n)
    }
}

/// `uikit` scratch: joint order and rest-detection islands.
struct UIKitScratch {
    /// Whether each joint is a rigid rod between centers, for the sub-step.
    var centeredRods: [Bool] = []
    /// `uikit`: joint indices for all velocity iterations in dependency order (see `updateJointSchedule`).
    var jointSchedule: [Int32] = []
    /// The joint count `jointSchedule` was built for (−1: not yet), the lone rods it leaves out, and whether each
    /// joint is one.
    var scheduledJoints = -1
    var isolatedRods: [Int32] = []
    var loneRod: [Bool] = []
    /// `uikit`: the position iterations' joint solves in dependency order (entry e is joint e % count of iteration
    /// e / count; see ``World/solveJointPositionsAhead``), whether the last sub-step without contacts needed more than
    /// one iteration (the next then runs them ahead), and the items' positions and angles before them, to start again
    /// from when Box2D would have run fewer.
    var positionSchedule: [Int32] = []
    var positionsAhead = false
    var positionsBefore: [Vector2] = []
    var anglesBefore: [Double] = []
    /// How many sub-steps ran the position iterations ahead and kept 1, 2 or 3 of them (for the tests).
    var positionsKept: SIMD3<Int> = .zero
    /// Rest detection's islands: union–find parents, whether each island holds an awake item, its least rest time.
    var islandParent: [Int] = []
    var islandAwake: [Bool] = []
    var islandMinSleep: [Double] = []
}

/// `precise` scratch and diagnostics: step-size estimates, RATTLE checkpoints, the chain solver's system.
struct PreciseScratch {
    /// Per item, Σ tension / length over its rigid rods (mass/s²), and the rotational stiffness the
    /// rods' tensions give it (mass·points²/s²), for the step-size estimate; zero between sub-steps.
    var rodStiffness: [Double] = []
    var rodTorsion: [Double] = []
    /// `precise` chains: state copies for taking a RATTLE piece again in shorter pieces, one per refinement level.
    var checkpoints: [PreciseCheckpoint] = []
    /// `precise` chains: whether the RATTLE piece measures how far its rods turn, and whether one turned more
    /// than ``maxTurnPerPiece``.
    var measuresTurn = false
    /// `precise` chains: how many more pieces the current sub-step may take again.
    var refinementBudget = 0
    /// `precise` chains: how many RATTLE pieces were taken again in shorter pieces. Diagnostic.
    var refinedPieces = 0
    /// Whether a rod turned more than ``maxTurnPerPiece`` in the piece just taken.
    var rodTurnedTooFar = false
    /// `precise` scratch: each item's velocity and angular velocity before the contact impulses of a sub-step.
    var contactStartVelocity: [Vector2] = []
    var contactStartAngularVelocity: [Double] = []
    /// `precise` chains scratch (see PreciseChains.swift): rigid joints ordered along paths, the body each shares with
    /// the previous one (−1 at a path's start), and per-joint geometry and the tridiagonal system.
    var chainOrder: [Int] = []
    var chainShared: [Int] = []
    var chainOrderedFor = -1
    var chainIsPath = false
    /// Whether the `precise` profile solves chains directly (default true; tests compare with the sweeps alone).
    var usesChainSolver = true
    /// Sub-steps whose direct chain projection broke down and fell back to the sweeps.
    var chainFallbacks = 0
    var chainDegree: [Int] = []
    var chainNeighbors: [SIMD2<Int>] = []
    /// The chain solver's per-rod system, rows in `chainOrder`'s order (PreciseChains.swift).
    var chain = ChainSystem()
    /// The state at the start of the current RATTLE piece, for the impacts within it (PreciseImpacts.swift).
    var pieceStart = PreciseCheckpoint()
    /// Impacts scratch (PreciseImpacts.swift): the impacts found in a piece, and per item the velocity changes
    /// (linear, angular) the impacts gave it, each weighted by its time of impact, and when the last one came
    /// (−1: none), with the items that have any.
    var impacts = ImpactScratch()
    /// The held step while energy is conserved (PreciseSolver.swift).
    var stepHold = PreciseStepHold()
    /// How many sub-steps needed the non-symplectic fallback projection (violent drags). Diagnostic.
    var fallbackProjections = 0
}

/// The `precise` chain solver's per-rod rows, in ``Column``s so its hot loops read and write through their pointers
/// with no copy-on-write or bounds checks (PreciseChains.swift). Row p is the rod `order[p]`: `shared[p]` is the body it
/// shares with row p − 1 (−1 at a path's start); `u` its current unit direction and `cross` its lever arms crossed with
/// it (A's in x, B's in y); `dirU` and `dir` the direction its multiplier moves its bodies along; `lower`, `diag`,
/// `upper` and `rhs` its row of the tridiagonal system (the solution is left in `rhs`). Freed by the world.
struct ChainSystem {
    /// The rows in use (the rods along the chains); the columns may hold more.
    private(set) var count = 0
    private(set) var order = Column<Int>(), shared = Column<Int>()
    private(set) var u = Column<Vector2>(), dirU = Column<Vector2>()
    private(set) var cross = Column<SIMD2<Double>>(), dir = Column<SIMD2<Double>>()
    private(set) var lower = Column<Double>(), diag = Column<Double>(), upper = Column<Double>(), rhs = Column<Double>()

    /// Sets the rows' rods and shared bodies (`order`, `shared`: equal counts), growing the columns to hold them (the
    /// other rows' contents are then stale until written).
    mutating func load(order rods: [Int], shared bodies: [Int]) {
        while order.count < rods.count {
            order.append(0); shared.append(0); u.append(.zero); dirU.append(.zero); cross.append(.zero)
            dir.append(.zero); lower.append(0); diag.append(0); upper.append(0); rhs.append(0)
        }
        for p in rods.indices { order[p] = rods[p]; shared[p] = bodies[p] }
        count = rods.count
    }

    /// Releases the columns' memory.
    func free() {
        order.free(); shared.free(); u.free(); dirU.free(); cross.free()
        dir.free(); lower.free(); diag.free(); upper.free(); rhs.free()
    }
}
