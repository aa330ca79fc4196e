import Foundation

/// An axis-aligned box, points.
struct AABB: Equatable {
    var lower: Vector2
    var upper: Vector2

    @inline(__always) func contains(_ o: AABB) -> Bool {
        lower.x <= o.lower.x && lower.y <= o.lower.y && o.upper.x <= upper.x && o.upper.y <= upper.y
    }
    /// Box2D's b2TestOverlap: touching edges count as overlap.
    @inline(__always) func overlaps(_ o: AABB) -> Bool {
        !(o.lower.x > upper.x || o.lower.y > upper.y || lower.x > o.upper.x || lower.y > o.upper.y)
    }
    @inline(__always) func union(_ o: AABB) -> AABB {
        AABB(lower: pointwiseMin(lower, o.lower), upper: pointwiseMax(upper, o.upper))
    }
    @inline(__always) func outset(_ r: Double) -> AABB {
        AABB(lower: lower - Vector2(r, r), upper: upper + Vector2(r, r))
    }
    @inline(__always) var perimeter: Double { 2 * ((upper.x - lower.x) + (upper.y - lower.y)) }
    @inline(__always) var center: Vector2 { 0.5 * (lower + upper) }
}

/// Box2D 2.4.1's dynamic tree (b2DynamicTree) of fattened boxes, kept for one thing: the order in which Box2D creates
/// its contacts, which sets the order its island solver visits them (see Islands.swift). Its queries report leaves in
/// the tree's own order, so the tree must be built as Box2D builds it: the same margin (b2_aabbExtension, 0.1 m = 10 pt),
/// the same motion prediction (b2_aabbMultiplier 4) and the rule for when a moved proxy is reinserted, the same
/// descent cost for inserting a leaf, the same rotations that keep it balanced, and the same node numbering (a
/// last-in-first-out free list; a proxy's number is its leaf's node, so older proxies have smaller numbers).
struct ProxyTree {
    /// One node: a leaf (a proxy) or an internal node with two children.
    struct Node {
        var box = AABB(lower: .zero, upper: .zero)
        var parent = -1
        var child1 = -1
        var child2 = -1
        /// 0 for a leaf, -1 for a free node.
        var height = -1
        /// The next free node, while free.
        var next = -1
        /// Whether the proxy was reinserted since the last pair search (b2TreeNode::moved).
        var moved = false
        /// Who owns the proxy (see `Islands.swift`).
        var owner = 0
        @inline(__always) var isLeaf: Bool { child1 == -1 }
    }

    /// b2_aabbExtension in points.
    static let margin = 10.0
    /// b2_aabbMultiplier.
    static let prediction = 4.0

    private(set) var nodes: [Node] = []
    private(set) var root = -1
    private var free = -1

    /// Adds a proxy for `box` (fattened by the margin) owned by `owner`; returns its number. It counts as moved.
    mutating func createProxy(_ box: AABB, owner: Int) -> Int {
        let n = allocate()
        nodes[n].box = box.outset(ProxyTree.margin)
        nodes[n].height = 0
        nodes[n].owner = owner
        nodes[n].moved = true
        insertLeaf(n)
        return n
    }

    /// b2DynamicTree::MoveProxy: the proxy now covers `box` after moving by `displacement`. Returns whether it was
    /// reinserted (with a box fattened by the margin and stretched 4 × the displacement ahead), which happens when its
    /// box no longer holds `box`, or holds it but has grown more than 4 margins past the new fat box.
    mutating func moveProxy(_ n: Int, _ box: AABB, displacement d: Vector2) -> Bool {
        var fat = box.outset(ProxyTree.margin)
        let ahead = ProxyTree.prediction * d
        if ahead.x < 0 { fat.lower.x += ahead.x } else { fat.upper.x += ahead.x }
        if ahead.y < 0 { fat.lower.y += ahead.y } else { fat.upper.y += ahead.y }
        let current = nodes[n].box
        if current.contains(box) && fat.outset(4 * ProxyTree.margin).contains(current) { return false }
        removeLeaf(n)
        nodes[n].box = fat
        insertLeaf(n)
        nodes[n].moved = true
        return true
    }

    /// Proxy `n`'s fat box.
    @inline(__always) func box(_ n: Int) -> AABB { nodes[n].box }
    /// Who owns proxy `n`.
    @inline(__always) func owner(_ n: Int) -> Int { nodes[n].owner }
    /// Whether proxy `n` was reinserted since ``clearMoved(_:)``.
    @inline(__always) func wasMoved(_ n: Int) -> Bool { nodes[n].moved }
    mutating func clearMoved(_ n: Int) { nodes[n].moved = false }

    /// Calls `visit` with every proxy whose fat box overlaps `box`, in b2DynamicTree::Query's order (a stack: a
    /// node's second child before its first), until `visit` returns false. `stack` is scratch.
    func query(_ box: AABB, stack: inout [Int32], _ visit: (Int) -> Bool) {
        stack.removeAll(keepingCapacity: true)
        stack.append(Int32(root))
        while let top = stack.popLast() {
            let n = Int(top)
            guard n >= 0, nodes[n].box.overlaps(box) else { continue }
            if nodes[n].isLeaf {
                if !visit(n) { return }
            } else {
                stack.append(Int32(nodes[n].child1))
                stack.append(Int32(nodes[n].child2))
            }
        }
    }

    // MARK: - Building (b2DynamicTree's node pool, InsertLeaf, RemoveLeaf, Balance)

    private mutating func allocate() -> Int {
        if free == -1 {
            // Grow the pool (16 nodes, then doubling) and chain the new nodes into the free list in order.
            let old = nodes.count, capacity = max(16, 2 * old)
            nodes.reserveCapacity(capacity)
            for k in old..<capacity { nodes.append(Node(next: k + 1 < capacity ? k + 1 : -1)) }
            free = old
        }
        let n = free
        free = nodes[n].next
        nodes[n] = Node(height: 0)
        return n
    }

    private mutating func release(_ n: Int) {
        nodes[n] = Node(next: free)
        free = n
    }

    /// Inserts leaf `leaf`: down from the root, at each node either make a new parent for it and the leaf here, or go
    /// on to the child whose box grows the least, with the area (perimeter) costs of Box2D 2.4.1; then refit and
    /// rebalance the way up.
    private mutating func insertLeaf(_ leaf: Int) {
        if root == -1 {
            root = leaf
            nodes[leaf].parent = -1
            return
        }
        let leafBox = nodes[leaf].box
        var index = root
        while !nodes[index].isLeaf {
            let child1 = nodes[index].child1, child2 = nodes[index].child2
            let area = nodes[index].box.perimeter
            let combinedArea = nodes[index].box.union(leafBox).perimeter
            // The cost of a new parent for this node and the leaf, and the least cost of pushing the leaf further down.
            let cost = 2 * combinedArea
            let inheritance = 2 * (combinedArea - area)
            func descent(_ child: Int) -> Double {
                let grown = leafBox.union(nodes[child].box).perimeter
                return nodes[child].isLeaf ? grown + inheritance : grown - nodes[child].box.perimeter + inheritance
            }
            let cost1 = descent(child1), cost2 = descent(child2)
            if cost < cost1 && cost < cost2 { break }
            index = cost1 < cost2 ? child1 : child2
        }
        let sibling = index, oldParent = nodes[sibling].parent
        let newParent = allocate()
        nodes[newParent].parent = oldParent
        nodes[newParent].box = leafBox.union(nodes[sibling].box)
        nodes[newParent].height = nodes[sibling].height + 1
        if oldParent != -1 {
            if nodes[oldParent].child1 == sibling {
                nodes[oldParent].child1 = newParent
            } else {
                nodes[oldParent].child2 = newParent
            }
        } else {
            root = newParent
        }
        nodes[newParent].child1 = sibling
        nodes[newParent].child2 = leaf
        nodes[sibling].parent = newParent
        nodes[leaf].parent = newParent
        refit(from: newParent)
    }

    /// Removes leaf `leaf` (its parent goes; the sibling takes the parent's place), then refits the way up.
    private mutating func removeLeaf(_ leaf: Int) {
        if leaf == root {
            root = -1
            return
        }
        let parent = nodes[leaf].parent, grandParent = nodes[parent].parent
        let sibling = nodes[parent].child1 == leaf ? nodes[parent].child2 : nodes[parent].child1
        nodes[sibling].parent = grandParent
        if grandParent != -1 {
            if nodes[grandParent].child1 == parent {
                nodes[grandParent].child1 = sibling
            } else {
                nodes[grandParent].child2 = sibling
            }
            release(parent)
            refit(from: grandParent)
        } else {
            root = sibling
            release(parent)
        }
    }

    /// From `start` to the root: rebalance each node, then recompute its box and height from its children.
    private mutating func refit(from start: Int) {
        var index = start
        while index != -1 {
            index = balance(index)
            let c1 = nodes[index].child1, c2 = nodes[index].child2
            nodes[index].height = 1 + max(nodes[c1].height, nodes[c2].height)
            nodes[index].box = nodes[c1].box.union(nodes[c2].box)
            index = nodes[index].parent
        }
    }

    /// b2DynamicTree::Balance: when one child of `a` is more than one level taller than the other, rotate that child
    /// up into `a`'s place, handing it the taller of its own children; returns the node now in `a`'s place.
    private mutating func balance(_ a: Int) -> Int {
        if nodes[a].isLeaf || nodes[a].height < 2 { return a }
        let b = nodes[a].child1, c = nodes[a].child2
        let imbalance = nodes[c].height - nodes[b].height
        if imbalance > 1 { return rotateUp(c, into: a, keeping: b, secondChild: true) }
        if imbalance < -1 { return rotateUp(b, into: a, keeping: c, secondChild: false) }
        return a
    }

    /// Rotates `up` (a child of `a`, its second when `secondChild`) into `a`'s place: `a` becomes `up`'s first child,
    /// `up` keeps its taller child as its second, and `a` takes the shorter one in `up`'s old slot beside `keep`.
    private mutating func rotateUp(_ up: Int, into a: Int, keeping keep: Int, secondChild: Bool) -> Int {
        let f = nodes[up].child1, g = nodes[up].child2
        nodes[up].child1 = a
        nodes[up].parent = nodes[a].parent
        nodes[a].parent = up
        let p = nodes[up].parent
        if p != -1 {
            if nodes[p].child1 == a { nodes[p].child1 = up } else { nodes[p].child2 = up }
        } else {
            root = up
        }
        let (taller, shorter) = nodes[f].height > nodes[g].height ? (f, g) : (g, f)
        nodes[up].child2 = taller
        if secondChild { nodes[a].child2 = shorter } else { nodes[a].child1 = shorter }
        nodes[shorter].parent = a
        nodes[a].box = nodes[keep].box.union(nodes[shorter].box)
        nodes[up].box = nodes[a].box.union(nodes[taller].box)
        nodes[a].height = 1 + max(nodes[keep].height, nodes[shorter].height)
        nodes[up].height = 1 + max(nodes[a].height, nodes[taller].height)
        return up
    }
}
