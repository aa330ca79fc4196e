import XCTest
@testable import Dynamics

/// The structures behind the `uikit` island order (Islands.swift, ProxyTree.swift), checked against brute force: the
/// pair table against `Dictionary`, the tree's queries against testing every box, and the tree's shape against
/// b2DynamicTree's own checks (links agree, every box holds its children's, each height is 1 + the taller child's).
final class IslandOrderTests: XCTestCase {
    func testPairNumbersAgreeWithADictionary() {
        var table = PairNumbers(), reference: [UInt64: Int64] = [:]
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return seed }
        for step in 0..<20000 {
            let key = next() % 3000 | (next() % 2 == 0 ? 0 : UInt64(1) << 63)
            if reference[key] == nil {
                table.insert(key, Int64(step))
                reference[key] = Int64(step)
            } else if next() % 3 == 0 {
                table.remove(key)
                reference[key] = nil
            }
            if step % 97 == 0 {
                for k in reference.keys { XCTAssertEqual(table.number(of: k), reference[k]) }
                XCTAssertNil(table.number(of: 5000))
            }
        }
    }

    /// Overlaps that can never touch do not count against the pair search's limit: a path of 4000 segments 0.01 pt long
    /// (40 pt, and each segment's fat box 20 pt wide: 6 million overlapping pairs of segments, past the 4 million limit,
    /// once stopped the run with `contactLimitExceeded`) under one falling box, which lands on it.
    func testSegmentsOverlappingEachOtherDoNotExhaustThePairSearch() {
        let w = World(profile: .uikit)
        let box = w.addItem(ItemDefinition(center: Vector2(10, 480), size: Vector2(5, 5)))
        let path = (0...4000).map { Vector2(Double($0) * 0.01, 500) }
        w.addGravity(GravityBehavior(items: [box]))
        w.addCollision(
            CollisionBehavior(items: [box], boundaries: (1..<path.count).map { ("fine", path[$0 - 1], path[$0]) }))
        for _ in 0..<30 { w.stepFrame() }
        XCTAssertFalse(w.contactLimitExceeded)
        XCTAssertEqual(w.position(of: box).y, 497.5, accuracy: 0.6, "resting on the path")
    }

    func testTreeQueriesFindEveryOverlapAndStayBalanced() {
        var tree = ProxyTree()
        var seed: UInt64 = 88172645463325252
        func unit() -> Double {
            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return Double(seed % 1_000_000) / 1_000_000
        }
        func box(_ c: Vector2) -> AABB { AABB(lower: c - Vector2(5, 5), upper: c + Vector2(5, 5)) }
        var centers: [Vector2] = [], proxies: [Int] = []
        for k in 0..<300 {
            let c = Vector2(400 * unit(), 400 * unit())
            centers.append(c)
            proxies.append(tree.createProxy(box(c), owner: k))
        }
        var stack: [Int32] = []
        for round in 0..<40 {
            for k in proxies.indices {
                let d = Vector2(30 * unit() - 15, 30 * unit() - 15)
                let before = box(centers[k])
                centers[k] += d
                _ = tree.moveProxy(proxies[k], before.union(box(centers[k])), displacement: d)
                XCTAssertTrue(tree.box(proxies[k]).contains(box(centers[k])), "a proxy's fat box holds its shape")
            }
            let q = AABB(lower: Vector2(100, 100), upper: Vector2(100 + 10 * Double(round), 220))
            var found: [Int] = []
            tree.query(q, stack: &stack) {
                found.append($0); return true
            }
            XCTAssertEqual(found.sorted(), proxies.filter { tree.box($0).overlaps(q) }.sorted())
        }
        // Shape: links agree, boxes hold their children's, heights are 1 + the taller child's; rotations keep it shallow.
        let nodes = tree.nodes
        var leaves = 0
        func check(_ n: Int, parent: Int) -> Int {
            XCTAssertEqual(nodes[n].parent, parent)
            if nodes[n].isLeaf { leaves += 1; XCTAssertEqual(nodes[n].height, 0); return 0 }
            let a = nodes[n].child1, b = nodes[n].child2
            XCTAssertTrue(nodes[n].box.contains(nodes[a].box) && nodes[n].box.contains(nodes[b].box))
            let ha = check(a, parent: n), hb = check(b, parent: n)
            XCTAssertEqual(nodes[n].height, 1 + max(ha, hb))
            return 1 + max(ha, hb)
        }
        let height = check(tree.root, parent: -1)
        XCTAssertEqual(leaves, 300)
        XCTAssertLessThan(height, 20)
    }

    /// The order kept from the last sub-step while its contacts and movable items stay the same is the order the walk
    /// gives afresh: a pile that lands, settles and falls asleep (so items stop being movable) is stepped twice, once
    /// keeping orders and once making every order anew, and the two agree in every order and every bit.
    func testAKeptOrderIsTheOrderTheWalkGives() {
        func pile() -> World {
            let w = World(profile: .uikit)
            w.referenceBounds = (Vector2(0, 0), Vector2(375, 667))
            var ids: [ItemID] = []
            for k in 0..<40 {
                ids.append(
                    w.addItem(
                        ItemDefinition(
                            center: Vector2(
                                150 + 12 * Double(k % 10) + Double(k / 10 % 2) * 3,
                                640 - 12 * Double(k / 10)), size: Vector2(10, 10))))
            }
            w.addGravity(GravityBehavior(items: ids))
            w.addCollision(CollisionBehavior(items: ids, translatesReferenceBoundsIntoBoundary: true))
            return w
        }
        let keeping = pile(), fresh = pile()
        var kept = 0
        for _ in 0..<600 {
            let before = keeping.contactData.islands.orderKeys
            fresh.contactData.islands.orderKeys = []
            keeping.step()
            fresh.step()
            XCTAssertEqual(keeping.contactData.islands.order, fresh.contactData.islands.order)
            if !keeping.contactData.contacts.isEmpty && keeping.contactData.islands.orderKeys == before { kept += 1 }
        }
        for i in 0..<40 {
            XCTAssertEqual(keeping.position(of: ItemID(i)), fresh.position(of: ItemID(i)))
            XCTAssertEqual(keeping.angle(of: ItemID(i)).bitPattern, fresh.angle(of: ItemID(i)).bitPattern)
        }
        XCTAssertGreaterThan(kept, 200, "the settled pile keeps its order")
        XCTAssertEqual((0..<40).filter { keeping.bodies.invMass[$0] == 0 }.count, 40, "the pile fell asleep")
    }
}
