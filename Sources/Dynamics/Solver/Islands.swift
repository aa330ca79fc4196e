import Foundation

// Box2D 2.4.1's island order for the `uikit` profile's contacts.
//
// Box2D solves each sub-step's contacts in island order (b2World::Solve): from the newest awake body (its body list
// is newest first), depth first along each body's contact list (also newest first, by when the contact was created),
// adding every touching contact not yet added and pushing the body at its other end. Gauss–Seidel iterations that stop
// after 8 passes depend on that order: a box landing on a resting box in the other order leaves the lower box turning
// at 0.7 rad/s and sunk 0.03 pt into the floor where Box2D's stays flat, and large piles settle differently. A contact
// is created when the two shapes' fattened boxes in the broad phase's tree first overlap (b2ContactManager::AddPair,
// from b2BroadPhase::UpdatePairs' queries, in the tree's order), well before the shapes touch, and lives until those
// boxes part; so the order is reproduced here with the same tree (``ProxyTree``), the same proxy updates and pair search,
// and the same depth-first walk.

/// Contact key to creation number: an open-addressing table (linear probing, deletion by backward shift), a few times
/// faster than `Dictionary` on these integer keys, which the pair search asks about for every overlap it finds.
struct PairNumbers {
    private var keys: [UInt64] = []
    private var values: [Int64] = []
    private var count = 0
    private var mask = 0
    private static let empty = UInt64.max

    @inline(__always) private func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The number of `key`'s pair, or nil when there is none.
    func number(of key: UInt64) -> Int64? {
        guard count > 0 else { return nil }
        var i = slot(key)
        while keys[i] != PairNumbers.empty {
            if keys[i] == key { return values[i] }
            i = (i + 1) & mask
        }
        return nil
    }

    /// Adds `key` (not present) with `number`.
    mutating func insert(_ key: UInt64, _ number: Int64) {
        if 2 * (count + 1) > keys.count { grow() }
        var i = slot(key)
        while keys[i] != PairNumbers.empty { i = (i + 1) & mask }
        keys[i] = key
        values[i] = number
        count += 1
    }

    /// Removes `key` (present), shifting back the entries its slot had pushed along.
    mutating func remove(_ key: UInt64) {
        var i = slot(key)
        while keys[i] != key { i = (i + 1) & mask }
        var j = i
        while true {
            j = (j + 1) & mask
            if keys[j] == PairNumbers.empty { break }
            let home = slot(keys[j])
            // Move entry j into the hole at i unless its home lies cyclically in (i, j].
            if (j > i && (home <= i || home > j)) || (j < i && home <= i && home > j) {
                keys[i] = keys[j]
                values[i] = values[j]
                i = j
            }
        }
        keys[i] = PairNumbers.empty
        count -= 1
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        let capacity = max(64, 2 * keys.count)
        keys = [UInt64](repeating: PairNumbers.empty, count: capacity)
        values = [Int64](repeating: 0, count: capacity)
        mask = capacity - 1
        count = 0
        for k in oldKeys.indices where oldKeys[k] != PairNumbers.empty { insert(oldKeys[k], oldValues[k]) }
    }
}

/// The broad phase's proxies and pairs as Box2D keeps them, for the island order (Islands.swift).
struct IslandStore {
    var tree = ProxyTree()
    /// Each item's proxy, or -1 when it has none (no shape, or not in any collision behavior).
    var itemProxy: [Int32] = []
    /// Each boundary segment's proxy.
    var edgeProxy: [Int32] = []
    /// How many collision behaviors the proxies were made for (a new one may add segments and masks).
    var behaviorCount = 0
    /// Proxies reinserted (or created) since the last pair search, in that order (b2BroadPhase's move buffer).
    var moveBuffer: [Int32] = []
    /// Live pairs (their fat boxes overlap): contact key to creation number, and the keys with both proxies.
    var created = PairNumbers()
    var pairs: [(key: UInt64, a: Int32, b: Int32)] = []
    var nextNumber: Int64 = 0
    /// Each item's box at the start of the sub-step's position update (the sweep's start).
    var startBox: [AABB] = []
    /// Each item's box at the end of the last sub-step's update and the pose (bits) it is for (`recordSweepStart`).
    var endBox: [AABB] = [], endPose: [(x: UInt64, y: UInt64, angle: UInt64, set: Bool)] = []
    /// Proxies reinserted since the last check for parted pairs (only their pairs can have parted), and a flag each.
    var reinserted: [Int32] = []
    var isReinserted: [Bool] = []
    /// The contacts' solve order (indices into `ContactStore.contacts`) and scratch for building it.
    var order: [Int32] = []
    /// What the order was made from: the contacts' keys, which items could move, and how many joints there were. While
    /// these stay the same the walk would give the same order (a contact keeps its creation number while it lasts).
    var orderKeys: [UInt64] = [], orderMovable: [Bool] = [], orderJoints = -1
    var firstEdge: [Int32] = [], edges: [Int32] = [], stack: [Int32] = [], queryStack: [Int32] = []
    /// Scratch for the walk's edge lists: each edge's other item, and each contact's items and creation number.
    var edgeOther: [Int32] = [], contactEnds: [(Int32, Int32)] = [], contactCreated: [Int64] = []
    var visited: [Bool] = [], added: [Bool] = [], candidates: [(key: UInt64, a: Int32, b: Int32)] = [],
        fill: [Int32] = []
}

extension World {
    /// The order the solver takes `contactData.contacts` in: the island order when it was made for these contacts
    /// (`uikit`), else nil for list order (`precise`, and the time of impact's own one-contact solves).
    var contactSolveOrder: [Int32]? {
        contactData.islands.order.count == contactData.contacts.count && !contactData.islands.order.isEmpty
            ? contactData.islands.order : nil
    }

    /// Item `i`'s box at transform `xf` (b2Shape::ComputeAABB: its vertices' extent, outset by the skin radius).
    @inline(__always) private func itemBox(_ i: Int, _ xf: Transform) -> AABB {
        let r = bodyData.itemCircleRadius[i]
        if r >= 0 { return AABB(lower: xf.p, upper: xf.p).outset(r) }
        let p = polygon(i)
        var lower = xf.apply(p.vertices[0]), upper = lower
        for k in 1..<p.count {
            let v = xf.apply(p.vertices[k])
            lower = pointwiseMin(lower, v)
            upper = pointwiseMax(upper, v)
        }
        return AABB(lower: lower, upper: upper).outset(p.radius)
    }

    /// Whether item `i` takes part in collisions (has a shape and is in some collision behavior).
    @inline(__always) private func collides(_ i: Int) -> Bool {
        hasShape(i) && (bodyData.itemCollisionMask[i] | bodyData.boundaryCollisionMask[i]) != 0
    }

    /// The contact key of the pair of proxies `p` and `q`, or nil when Box2D would make no contact for them (two
    /// segments, two anchored items, an item and itself, or masks that share no behavior).
    private func pairKey(_ p: Int, _ q: Int) -> UInt64? {
        let op = contactData.islands.tree.owner(p), oq = contactData.islands.tree.owner(q)
        switch (op >= 0, oq >= 0) {
        case (false, false): return nil
        case (true, true):
            let i = min(op, oq), j = max(op, oq)
            guard i != j, bodyData.itemCollisionMask[i] & bodyData.itemCollisionMask[j] != 0,
                !(bodyData.anchored[i] && bodyData.anchored[j])
            else { return nil }
            return UInt64(i) << 32 | UInt64(j)
        default:
            let e = op >= 0 ? ~oq : ~op, i = op >= 0 ? op : oq
            guard bodyData.boundaryCollisionMask[i] & (UInt64(1) << UInt64(contactData.boundaryEdges[e].behavior)) != 0,
                !bodyData.anchored[i]
            else { return nil }
            return (UInt64(1) << 63) | (UInt64(e) << 32) | UInt64(i)
        }
    }

    /// At the start of the narrow phase (b2ContactManager::Collide, and b2World::Step's search for the pairs of shapes
    /// added since): proxies for new boundary segments and items, in that order, and their pairs; then the pairs whose
    /// fat boxes no longer overlap are destroyed.
    func updateIslandPairs() {
        let n = bodyData.items.count
        if contactData.islands.behaviorCount != contactData.collisionBehaviors.count
            || contactData.islands.itemProxy.count != n
        {
            let newBehaviors = contactData.islands.behaviorCount != contactData.collisionBehaviors.count
            for e in contactData.islands.edgeProxy.count..<contactData.boundaryEdges.count {
                let edge = contactData.boundaryEdges[e]
                let p = contactData.islands.tree.createProxy(
                    AABB(lower: pointwiseMin(edge.v1, edge.v2), upper: pointwiseMax(edge.v1, edge.v2)), owner: ~e)
                contactData.islands.edgeProxy.append(Int32(p))
                contactData.islands.moveBuffer.append(Int32(p))
            }
            // A new behavior can give existing items new masks: search their pairs again (b2Fixture::Refilter).
            if newBehaviors {
                for p in contactData.islands.itemProxy where p >= 0 { contactData.islands.moveBuffer.append(p) }
            }
            for i in 0..<n {
                if i < contactData.islands.itemProxy.count {
                    guard contactData.islands.itemProxy[i] < 0, collides(i) else { continue }
                } else {
                    contactData.islands.itemProxy.append(-1)
                    guard collides(i) else { continue }
                }
                let p = contactData.islands.tree.createProxy(itemBox(i, transform(i)), owner: i)
                contactData.islands.itemProxy[i] = Int32(p)
                contactData.islands.moveBuffer.append(Int32(p))
            }
            contactData.islands.behaviorCount = contactData.collisionBehaviors.count
            findNewPairs()
        }
        removePartedPairs()
    }

    /// b2ContactManager::Collide's overlap test: pairs whose fat boxes no longer overlap are destroyed. Fat boxes change
    /// only when a proxy is reinserted, so only pairs with a proxy reinserted since the last check are tested.
    private func removePartedPairs() {
        guard !contactData.islands.reinserted.isEmpty else { return }
        var pairs = contactData.islands.pairs, flag = contactData.islands.isReinserted
        contactData.islands.pairs = []; contactData.islands.isReinserted = []
        let tree = contactData.islands.tree
        var kept = 0
        // Through buffer pointers: indexing the arrays checked bounds and, for each pair kept, uniqueness.
        pairs.withUnsafeMutableBufferPointer { ps in
            flag.withUnsafeBufferPointer { moved in
                tree.nodes.withUnsafeBufferPointer { node in
                    for k in 0..<ps.count {
                        let pair = ps[k], a = Int(pair.a), b = Int(pair.b)
                        if (!moved[a] && !moved[b]) || node[a].box.overlaps(node[b].box) {
                            ps[kept] = pair
                            kept += 1
                        } else {
                            contactData.islands.created.remove(pair.key)
                        }
                    }
                }
            }
        }
        pairs.removeLast(pairs.count - kept)
        for p in contactData.islands.reinserted { flag[Int(p)] = false }
        contactData.islands.reinserted.removeAll(keepingCapacity: true)
        contactData.islands.pairs = pairs
        contactData.islands.isReinserted = flag
    }

    /// b2BroadPhase::UpdatePairs with b2ContactManager::AddPair: for each proxy in the move buffer, the proxies whose
    /// fat boxes overlap its own, in the tree's order, skipping a moved proxy newer than the one asking (it asks
    /// itself); each new pair is numbered in that order. Overlaps that can never touch (two boundary segments, items
    /// that do not collide) are dropped as they are found, as AddPair's ShouldCollide drops them. Past
    /// ``maxCandidatePairs`` overlaps that can (items piled on one spot by the thousand) the search stops and
    /// ``contactLimitExceeded`` is set, as the narrow phase does.
    private func findNewPairs() {
        var found = contactData.islands.candidates
        contactData.islands.candidates = []
        found.removeAll(keepingCapacity: true)
        var stack = contactData.islands.queryStack
        let tree = contactData.islands.tree
        let cap = World.maxCandidatePairs
        for q32 in contactData.islands.moveBuffer where found.count < cap {
            let q = Int(q32)
            tree.query(tree.box(q), stack: &stack) { p in
                if p == q || (tree.wasMoved(p) && p > q) { return true }
                let a = min(p, q), b = max(p, q)
                guard let key = pairKey(a, b) else { return true }
                found.append((key, Int32(a), Int32(b)))
                return found.count < cap
            }
        }
        if found.count >= cap || contactData.islands.pairs.count >= cap { contactData.contactLimitExceeded = true }
        contactData.islands.queryStack = stack
        var created = contactData.islands.created
        contactData.islands.created = PairNumbers()
        for (key, a, b) in found where contactData.islands.pairs.count < cap {
            guard created.number(of: key) == nil else { continue }
            created.insert(key, contactData.islands.nextNumber)
            contactData.islands.nextNumber += 1
            contactData.islands.pairs.append((key, a, b))
        }
        contactData.islands.created = created
        let count = contactData.islands.tree.nodes.count
        if contactData.islands.isReinserted.count < count {
            contactData.islands.isReinserted.append(
                contentsOf: repeatElement(false, count: count - contactData.islands.isReinserted.count))
        }
        for q in contactData.islands.moveBuffer {
            contactData.islands.tree.clearMoved(Int(q))
            if !contactData.islands.isReinserted[Int(q)] {
                contactData.islands.isReinserted[Int(q)] = true
                contactData.islands.reinserted.append(q)
            }
        }
        contactData.islands.moveBuffer.removeAll(keepingCapacity: true)
        contactData.islands.candidates = found
    }

    /// Keeps each colliding item's box before the sub-step's position update: the start of its sweep. An item still
    /// where the last sub-step's update left it (the same bits of position and angle) has the box computed there.
    func recordSweepStart() {
        let n = bodyData.items.count
        if contactData.islands.startBox.count != n {
            contactData.islands.startBox = [AABB](repeating: AABB(lower: .zero, upper: .zero), count: n)
        }
        let reuse = contactData.islands.endBox.count == n
        let proxy = contactData.islands.itemProxy, im = bodies.invMass.base, x = bodies.position.base,
            a = bodies.angle.base
        contactData.islands.startBox.withUnsafeMutableBufferPointer { boxes in
            contactData.islands.endBox.withUnsafeBufferPointer { end in
                contactData.islands.endPose.withUnsafeBufferPointer { pose in
                    for i in 0..<n where proxy[i] >= 0 && im[i] > 0 {
                        if reuse && pose[i] == (x[i].x.bitPattern, x[i].y.bitPattern, a[i].bitPattern, true) {
                            boxes[i] = end[i]
                        } else {
                            boxes[i] = itemBox(i, transform(i))
                        }
                    }
                }
            }
        }
    }

    /// After the sub-step (b2World::Solve's end): each awake movable item's proxy follows its swept box, newest item
    /// first (b2Body::SynchronizeFixtures along the body list), then the new pairs are searched for.
    func synchronizeProxies() {
        var tree = contactData.islands.tree, moved = contactData.islands.moveBuffer
        contactData.islands.tree = ProxyTree(); contactData.islands.moveBuffer = []
        let proxy = contactData.islands.itemProxy, start = contactData.islands.startBox, im = bodies.invMass.base
        let n = bodyData.items.count, x = bodies.position.base, a = bodies.angle.base
        if contactData.islands.endBox.count != n {
            contactData.islands.endBox = [AABB](repeating: AABB(lower: .zero, upper: .zero), count: n)
            contactData.islands.endPose = .init(repeating: (0, 0, 0, false), count: n)
        }
        let endBox = contactData.islands.endBox.withUnsafeMutableBufferPointer { $0.baseAddress! },
            endPose = contactData.islands.endPose.withUnsafeMutableBufferPointer { $0.baseAddress! }
        for i in stride(from: n - 1, through: 0, by: -1) where proxy[i] >= 0 && im[i] > 0 {
            let before = start[i], after = itemBox(i, transform(i))
            endBox[i] = after
            endPose[i] = (x[i].x.bitPattern, x[i].y.bitPattern, a[i].bitPattern, true)
            if tree.moveProxy(Int(proxy[i]), before.union(after), displacement: after.center - before.center) {
                moved.append(proxy[i])
            }
        }
        contactData.islands.tree = tree
        contactData.islands.moveBuffer = moved
        if !moved.isEmpty { findNewPairs() }
    }

    /// The contacts' island order (see the top of this file) into `contactData.islands.order`: depth first from the
    /// newest movable item, each item's touching contacts newest first (joints lead the walk on as in Box2D, after the
    /// contacts), contacts no walk reaches (between two items that do not move) last, in list order. The walk reads
    /// only the compact edge lists (``islandLists(_:)``), never the contacts themselves: in DFS order those are
    /// scattered 208-byte reads that miss the cache at thousands of contacts.
    func orderIslands() {
        let n = bodyData.items.count, m = contactData.contacts.count, jc = jointData.joints.count
        if orderIsCurrent() { return }
        guard m > 0 else { contactData.islands.order.removeAll(keepingCapacity: true); return }
        islandLists(m)
        var visited = contactData.islands.visited, added = contactData.islands.added, order = contactData.islands.order
        var stack = contactData.islands.stack
        contactData.islands.visited = []; contactData.islands.added = []; contactData.islands.order = []
        contactData.islands.stack = []
        defer {
            contactData.islands.visited = visited; contactData.islands.added = added; contactData.islands.order = order
            contactData.islands.stack = stack
        }
        visited.removeAll(keepingCapacity: true)
        visited.append(contentsOf: repeatElement(false, count: n))
        added.removeAll(keepingCapacity: true)
        added.append(contentsOf: repeatElement(false, count: m + jc))
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: repeatElement(0, count: m))
        stack.removeAll(keepingCapacity: true)
        stack.append(contentsOf: repeatElement(0, count: max(n, 1)))
        let im = bodies.invMass.base
        // Raw pointers: the arrays are sized above (each item is pushed at most once, each contact ordered once), and
        // the loop then runs without a uniqueness or bounds check per write.
        let first = contactData.islands.firstEdge.withUnsafeBufferPointer { $0.baseAddress! }
        let edges = contactData.islands.edges.withUnsafeBufferPointer { $0.baseAddress! }
        let ends = contactData.islands.edgeOther.withUnsafeBufferPointer { $0.baseAddress! }
        let seen = visited.withUnsafeMutableBufferPointer { $0.baseAddress! }
        let done = added.withUnsafeMutableBufferPointer { $0.baseAddress! }
        let out = order.withUnsafeMutableBufferPointer { $0.baseAddress! }
        let todo = stack.withUnsafeMutableBufferPointer { $0.baseAddress! }
        var count = 0
        for seed in stride(from: n - 1, through: 0, by: -1) where !seen[seed] && im[seed] > 0 {
            var top = 1
            todo[0] = Int32(seed)
            seen[seed] = true
            while top > 0 {
                top -= 1
                let b = Int(todo[top])
                for k in Int(first[b])..<Int(first[b + 1]) {
                    let e = Int(edges[k])
                    guard !done[e] else { continue }
                    done[e] = true
                    if e < m {
                        out[count] = Int32(e)
                        count += 1
                    }
                    let other = Int(ends[k])
                    if other >= 0 && !seen[other] && im[other] > 0 {
                        seen[other] = true
                        todo[top] = Int32(other)
                        top += 1
                    }
                }
            }
        }
        for k in 0..<m where !done[k] {
            out[count] = Int32(k)
            count += 1
        }
    }

    /// Whether `contactData.islands.order` was made for the current contacts (the same keys in the same places), the
    /// same movable items and joints; if not, records them for the order about to be made.
    private func orderIsCurrent() -> Bool {
        let cs = contactData.contacts, n = bodyData.items.count, im = bodies.invMass.base
        var keys = contactData.islands.orderKeys, movable = contactData.islands.orderMovable
        contactData.islands.orderKeys = []; contactData.islands.orderMovable = []
        defer { contactData.islands.orderKeys = keys; contactData.islands.orderMovable = movable }
        var same =
            keys.count == cs.count && movable.count == n && contactData.islands.orderJoints == jointData.joints.count
            && contactData.islands.order.count == cs.count
        if same {
            for k in 0..<cs.count where keys[k] != cs[k].key { same = false; break }
        }
        if same {
            for i in 0..<n where movable[i] != (im[i] > 0) { same = false; break }
        }
        if same { return true }
        keys.removeAll(keepingCapacity: true)
        for c in cs { keys.append(c.key) }
        movable.removeAll(keepingCapacity: true)
        for i in 0..<n { movable.append(im[i] > 0) }
        contactData.islands.orderJoints = jointData.joints.count
        return false
    }

    /// Each item's edges for the walk into `contactData.islands`, as one list per item (item i's are
    /// `edges[firstEdge[i]..<firstEdge[i + 1]]`, the item at each edge's other end in `edgeOther`, −1 for a boundary
    /// or an anchor): its contacts newest first (entry k is contact k), then its joints newest first (entry m + j is
    /// joint j). The `m` contacts are read once, in list order, into compact arrays.
    private func islandLists(_ m: Int) {
        let n = bodyData.items.count, J = jointData.joints, jc = J.count
        var first = contactData.islands.firstEdge, edges = contactData.islands.edges
        var other = contactData.islands.edgeOther, fill = contactData.islands.fill
        var ends = contactData.islands.contactEnds, created = contactData.islands.contactCreated
        contactData.islands.firstEdge = []; contactData.islands.edges = []; contactData.islands.edgeOther = []
        contactData.islands.fill = []; contactData.islands.contactEnds = []; contactData.islands.contactCreated = []
        defer {
            contactData.islands.firstEdge = first; contactData.islands.edges = edges
            contactData.islands.edgeOther = other; contactData.islands.fill = fill
            contactData.islands.contactEnds = ends; contactData.islands.contactCreated = created
        }
        ends.removeAll(keepingCapacity: true)
        ends.append(contentsOf: repeatElement((0, 0), count: m))
        created.removeAll(keepingCapacity: true)
        created.append(contentsOf: repeatElement(0, count: m))
        first.removeAll(keepingCapacity: true)
        first.append(contentsOf: repeatElement(0, count: n + 1))
        // Raw pointers (all sized here): array writes in these loops would check uniqueness on every one, and a nested
        // function writing the arrays would box them and check exclusivity at run time.
        let pairs = ends.withUnsafeMutableBufferPointer { $0.baseAddress! }
        let born = created.withUnsafeMutableBufferPointer { $0.baseAddress! }
        let start = first.withUnsafeMutableBufferPointer { $0.baseAddress! }
        contactData.contacts.withUnsafeBufferPointer { cs in
            for k in 0..<m {
                let a = cs[k].a, b = cs[k].b
                pairs[k] = (Int32(a), Int32(b))
                born[k] = cs[k].created
                if a >= 0 { start[a + 1] += 1 }
                start[b + 1] += 1
            }
        }
        for k in 0..<jc {
            if J[k].a >= 0 { start[J[k].a + 1] += 1 }
            start[J[k].b + 1] += 1
        }
        for i in 0..<n { start[i + 1] += start[i] }
        edges.removeAll(keepingCapacity: true)
        edges.append(contentsOf: repeatElement(0, count: Int(start[n])))
        other.removeAll(keepingCapacity: true)
        other.append(contentsOf: repeatElement(0, count: Int(start[n])))
        fill.removeAll(keepingCapacity: true)
        fill.append(contentsOf: first[0..<n])
        let at = fill.withUnsafeMutableBufferPointer { $0.baseAddress! }
        let edge = edges.withUnsafeMutableBufferPointer { $0.baseAddress }
        let end = other.withUnsafeMutableBufferPointer { $0.baseAddress }
        guard let edge, let end else { return }
        for k in 0..<m {
            let (a, b) = (Int(pairs[k].0), Int(pairs[k].1))
            if a >= 0 { (edge[Int(at[a])], end[Int(at[a])]) = (Int32(k), Int32(b)); at[a] += 1 }
            (edge[Int(at[b])], end[Int(at[b])]) = (Int32(k), Int32(a)); at[b] += 1
        }
        for k in stride(from: jc - 1, through: 0, by: -1) {
            let (a, b) = (J[k].a, J[k].b)
            if a >= 0 { (edge[Int(at[a])], end[Int(at[a])]) = (Int32(m + k), Int32(b)); at[a] += 1 }
            (edge[Int(at[b])], end[Int(at[b])]) = (Int32(m + k), Int32(a)); at[b] += 1
        }
        // Contacts newest first: an insertion sort, an item has a handful.
        for i in 0..<n {
            let lo = Int(start[i])
            var stop = lo
            while stop < Int(start[i + 1]) && Int(edge[stop]) < m { stop += 1 }
            guard stop - lo > 1 else { continue }
            for k in (lo + 1)..<stop {
                let e = edge[k], o = end[k], c = born[Int(e)]
                var j = k - 1
                while j >= lo && born[Int(edge[j])] < c { edge[j + 1] = edge[j]; end[j + 1] = end[j]; j -= 1 }
                edge[j + 1] = e
                end[j + 1] = o
            }
        }
    }
}
