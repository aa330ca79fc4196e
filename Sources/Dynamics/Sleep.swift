// Rest detection (sleep) for the `uikit` profile, as Box2D 2.4.1's b2World::Solve and b2Island::Solve do it: bodies
// connected by touching contacts or joints form islands; an island whose every body has moved slower than 1 pt/s
// (0.01 m/s) and turned slower than 2°/s for 0.5 s, with its position constraints solved, falls asleep (velocities
// zeroed, no integration) and reports an `at rest` event per item. A sleeping island wakes when an awake body touches
// it, when a scripted anchor of one of its attachments moves, or when a push or scheduled velocity acts on it.
// While asleep its bodies are treated as static by the solver, which is exact: an island only touches sleepers and
// static bodies.

extension World {
    static let linearSleepTolerance = 1.0
    static let angularSleepTolerance = 2.0 / 180.0 * Double.pi
    static let timeToSleep = 0.5

    /// Wakes item i: restores its inverse mass and inertia and resets its sleep timer.
    func wake(_ i: Int) {
        if !awake[i] {
            awake[i] = true
            let item = items[i]
            invMass[i] = item.isAnchored ? 0 : 1 / item.mass
            invInertia[i] = item.isAnchored || !item.allowsRotation ? 0 : 1 / item.inertia
        }
        sleepTime[i] = 0
    }

    /// Union–find root with path halving, over a raw buffer (no copy-on-write or exclusivity checks in the loop).
    @inline(__always)
    private static func root(_ p: UnsafeMutableBufferPointer<Int>, _ i: Int) -> Int {
        var r = i
        while p[r] != r {
            p[r] = p[p[r]]
            r = p[r]
        }
        return r
    }

    /// Fills `p` with union–find links of the islands: items joined by touching contacts and by joints (anchored items
    /// and anchor points do not join islands).
    private func linkIslands(_ p: UnsafeMutableBufferPointer<Int>) {
        for i in 0..<p.count { p[i] = i }
        func union(_ a: Int, _ b: Int) {
            let ra = World.root(p, a), rb = World.root(p, b)
            if ra != rb { p[max(ra, rb)] = min(ra, rb) }
        }
        let J = joints.base
        for k in 0..<joints.count {
            let a = J[k].a, b = J[k].b
            if a >= 0 && !anchored[a] && !anchored[b] { union(a, b) }
        }
        for c in contacts where c.a >= 0 && !anchored[c.a] && !anchored[c.b] { union(c.a, c.b) }
    }

    /// Wakes what external causes touch, then wakes every island that holds an awake body. Call after the narrow phase
    /// at the start of a sub-step.
    func wakeIslands() {
        let n = items.count
        // External causes.
        if stepCount % subSteps == 0 {
            let t = time
            let J = joints.base
            for k in scriptedJoints where J[k].anchor != paths[J[k].path].position(at: t) { wake(J[k].b) }
        }
        let frameStart = time(ofStep: (stepCount / subSteps) * subSteps)
        var s = nextScheduled
        while s < scheduled.count && scheduled[s].time <= frameStart + 1e-9 { wake(scheduled[s].item); s += 1 }
        for f in forces where f.beginTime <= frameStart + 1e-9 && frameStart + 1e-9 < f.endTime { wake(f.item) }
        // Islands.
        if islandParent.count != n { islandParent = Array(0..<n) }
        if islandAwake.count != n { islandAwake = Array(repeating: false, count: n) }
        var sleepers = false
        for i in 0..<n where !awake[i] { sleepers = true; break }
        guard sleepers else { return }   // nothing to wake
        islandParent.withUnsafeMutableBufferPointer { p in
            linkIslands(p)
            for i in 0..<n { islandAwake[i] = false }
            for i in 0..<n where awake[i] && !anchored[i] { islandAwake[World.root(p, i)] = true }
            for i in 0..<n where !awake[i] && islandAwake[World.root(p, i)] { wake(i) }
        }
    }

    /// After a sub-step of length h: advances sleep timers and puts islands that have rested long enough to sleep.
    func updateSleep(h: Double, positionSolved: Bool) {
        let n = items.count
        let linear2 = World.linearSleepTolerance * World.linearSleepTolerance
        let angular2 = World.angularSleepTolerance * World.angularSleepTolerance
        let v = velocity.base, w = angularVelocity.base
        // Bodies still moving reset their timers; if none is close to sleeping there is nothing more to do.
        var anyReady = false
        for i in 0..<n where awake[i] && !anchored[i] {
            if w[i] * w[i] > angular2 || dot(v[i], v[i]) > linear2 {
                sleepTime[i] = 0
            } else {
                sleepTime[i] += h
                if sleepTime[i] >= World.timeToSleep { anyReady = true }
            }
        }
        guard anyReady && positionSolved else { return }
        if islandMinSleep.count != n { islandMinSleep = Array(repeating: 0, count: n) }
        if islandParent.count != n { islandParent = Array(0..<n) }
        islandParent.withUnsafeMutableBufferPointer { p in
            linkIslands(p)
            for i in 0..<n { islandMinSleep[i] = .greatestFiniteMagnitude }
            for i in 0..<n where awake[i] && !anchored[i] {
                let r = World.root(p, i)
                islandMinSleep[r] = min(islandMinSleep[r], sleepTime[i])
            }
            for i in 0..<n where awake[i] && !anchored[i] && islandMinSleep[World.root(p, i)] >= World.timeToSleep {
                awake[i] = false
                sleepTime[i] = 0
                v[i] = .zero
                w[i] = 0
                invMass[i] = 0
                invInertia[i] = 0
                if recordsEvents {
                    events.append(ContactEvent(time: time(ofStep: stepCount + 1), kind: .rest, item: i, otherItem: nil,
                                               boundary: nil, point: nil))
                }
            }
        }
    }

    /// Whether an item is awake (moving or able to move); false while it sleeps at rest (uikit profile).
    public func isAwake(_ id: ItemID) -> Bool { awake[id.index] }
}
