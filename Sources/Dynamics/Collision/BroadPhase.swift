/// The broad phase: which item pairs the narrow phase looks at.
///
/// A uniform grid (Ericson, *Real-Time Collision Detection*, 7.1): each item's bounding circle (centre, radius
/// `extent`) lies in the cell of its centre, the cells `2 × max extent` wide, so two circles can only overlap when
/// their cells touch. Items are kept sorted by cell, row by row, with an insertion sort from the last sub-step's order
/// (nearly linear while items move coherently); each cell's run is paired within itself and with its east neighbour and
/// the three cells of the next row, which covers every touching pair of cells once. Items whose circle is more than 4
/// times the mean (a large panel among small items) or whose position is not finite are not put in the grid: they
/// are paired with every other item, so a few large items do not make the cells coarse for everything else.
///
/// A pair is a candidate when the two circles' bounding squares overlap and the collision masks share a bit; the
/// candidates come out as `min << 32 | max`, each pair once, unsorted (`collide` sorts them).
extension World {
    /// Appends to `candidates` every candidate pair among the items that collide (see above).
    /// - Parameters:
    ///   - center: each item's centre, points (indexed by item).
    ///   - extent: each item's bounding-circle radius, points (indexed by item).
    ///   - candidates: receives `min << 32 | max` per pair, each pair once, in no particular order.
    /// - Complexity: O(n + pairs) while items keep their cells, plus O(n · large items).
    func broadPhase(center: UnsafePointer<Vector2>, extent: UnsafePointer<Double>, into candidates: inout [UInt64]) {
        let n = bodyData.items.count
        var participants = collisionScratch.broadPhaseItems
        collisionScratch.broadPhaseItems = []
        participants.removeAll(keepingCapacity: true)
        var sum = 0.0
        for i in 0..<n where hasShape(i) && bodyData.itemCollisionMask[i] != 0 {
            participants.append(i)
            sum += extent[i]
        }
        defer { collisionScratch.broadPhaseItems = participants }
        guard participants.count > 1 else { return }
        let largeAbove = 4 * sum / Double(participants.count)
        @inline(__always) func inGrid(_ i: Int) -> Bool {
            extent[i] <= largeAbove && center[i].x.isFinite && center[i].y.isFinite
        }
        var largest = 0.0
        for i in participants where inGrid(i) { largest = max(largest, extent[i]) }
        let inverseCell = largest > 0 ? 1 / (2 * largest) : 1

        if collisionScratch.gridKey.count != n { collisionScratch.gridKey = [UInt64](repeating: .max, count: n) }
        var order = collisionScratch.gridOrder, large = collisionScratch.largeItems
        collisionScratch.gridOrder = []; collisionScratch.largeItems = []
        large.removeAll(keepingCapacity: true)
        defer { collisionScratch.gridOrder = order; collisionScratch.largeItems = large }
        collisionScratch.gridKey.withUnsafeMutableBufferPointer { key in
            // Cell keys: row (y) in the high half, column (x) in the low half, both offset to stay positive.
            var small = 0
            for i in participants {
                if inGrid(i) {
                    @inline(__always) func cell(_ v: Double) -> UInt64 {
                        UInt64(
                            Int64(min(max((v * inverseCell).rounded(.down), -0x3FFF_FFFF), 0x3FFF_FFFF)) + 0x8000_0000)
                    }
                    key[i] = cell(center[i].y) << 32 | cell(center[i].x)
                    small += 1
                } else {
                    key[i] = .max
                    large.append(i)
                }
            }
            // Start from the last order when it holds exactly the items now in the grid.
            if order.count != small || order.contains(where: { key[$0] == .max }) {
                order.removeAll(keepingCapacity: true)
                for i in participants where key[i] != .max { order.append(i) }
            }
            order.withUnsafeMutableBufferPointer { o in
                sortByCell(o, key: key)
                pairNeighbours(o, key: key, large: large, center: center, extent: extent, into: &candidates)
            }
        }
    }

    /// Insertion sort of the grid's items by (cell, item), from last sub-step's order: nearly linear while items keep
    /// their cells.
    private func sortByCell(_ o: UnsafeMutableBufferPointer<Int>, key: UnsafeMutableBufferPointer<UInt64>) {
        for k in 1..<max(1, o.count) {
            let item = o[k], itemKey = key[item]
            var j = k - 1
            while j >= 0 && (key[o[j]] > itemKey || (key[o[j]] == itemKey && o[j] > item)) {
                o[j + 1] = o[j]
                j -= 1
            }
            o[j + 1] = item
        }
    }

    /// Appends the candidate pairs among the grid's items `o` (sorted by cell): each cell's run within itself, with its
    /// east neighbour and with the three cells of the next row; then the items outside the grid (`large`) against
    /// every other item. Stops at ``maxCandidatePairs``.
    private func pairNeighbours(
        _ o: UnsafeMutableBufferPointer<Int>, key: UnsafeMutableBufferPointer<UInt64>, large: [Int],
        center: UnsafePointer<Vector2>, extent: UnsafePointer<Double>, into candidates: inout [UInt64]
    ) {
        let m = o.count, cap = World.maxCandidatePairs
        @inline(__always) func test(_ i: Int, _ j: Int) {
            guard candidates.count < cap else { return }
            let reach = extent[i] + extent[j], d = center[j] - center[i]
            if abs(d.x) <= reach && abs(d.y) <= reach
                && bodyData.itemCollisionMask[i] & bodyData.itemCollisionMask[j] != 0
            {
                candidates.append(UInt64(min(i, j)) << 32 | UInt64(max(i, j)))
            }
        }
        var above = 0
        var r = 0
        while r < m {
            let cellKey = key[o[r]]
            var e = r + 1
            while e < m && key[o[e]] == cellKey { e += 1 }
            // (Past the cap, a pile of items on one spot would still cost n² tests: stop.)
            if candidates.count >= cap { break }
            for a in r..<e where candidates.count < cap {
                for b in (a + 1)..<e { test(o[a], o[b]) }
            }
            // East neighbour: the next run, if it is the next column.
            var q = e
            while q < m && key[o[q]] == cellKey + 1 {
                for a in r..<e { test(o[a], o[q]) }
                q += 1
            }
            // The next row, columns x − 1 ... x + 1 (keys only grow, so `above` only moves forward).
            let first = cellKey + (1 << 32) - 1
            while above < m && key[o[above]] < first { above += 1 }
            q = above
            while q < m && key[o[q]] <= first + 2 {
                for a in r..<e { test(o[a], o[q]) }
                q += 1
            }
            r = e
        }
        // Items outside the grid against every other item (pairs of them once).
        for (t, i) in large.enumerated() where candidates.count < cap {
            for k in 0..<m { test(i, o[k]) }
            for u in (t + 1)..<large.count { test(i, large[u]) }
        }
    }
}
