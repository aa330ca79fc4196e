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
        if !bodyData.awake[i] {
            bodyData.awake[i] = true
            let item = bodyData.items[i]
            bodies.invMass[i] = item.isAnchored ? 0 : 1 / item.mass
            bodies.invInertia[i] = item.isAnchored || !item.allowsRotation ? 0 : 1 / item.inertia
        }
        bodyData.sleepTime[i] = 0
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
        let J = jointData.joints.base
        for k in 0..<jointData.joints.count {
            let a = J[k].a, b = J[k].b
            if a >= 0 && !bodyData.anchored[a] && !bodyData.anchored[b] { union(a, b) }
        }
        for c in contactData.contacts where c.a >= 0 && !bodyData.anchored[c.a] && !bodyData.anchored[c.b] {
            union(c.a, c.b)
        }
    }

    /// Wakes what external causes touch, then wakes every island that holds an awake body. Call after the narrow phase
    /// at the start of a sub-step.
    func wakeIslands() {
        let n = bodyData.items.count
        // External causes.
        if stepCount % subSteps == 0 {
            let t = time
            let J = jointData.joints.base
            for k in jointData.scriptedJoints where J[k].anchor != jointData.paths[J[k].path].position(at: t) {
                wake(J[k].b)
            }
        }
        let frameStart = time(ofStep: (stepCount / subSteps) * subSteps)
        var s = behaviors.nextScheduled
        while s < behaviors.scheduled.count && behaviors.scheduled[s].time <= frameStart + 1e-9 {
            wake(behaviors.scheduled[s].item); s += 1
        }
        for f in behaviors.forces where f.beginTime <= frameStart + 1e-9 && frameStart + 1e-9 < f.endTime {
            wake(f.item)
        }
        // Islands.
        if uikitScratch.islandParent.count != n { uikitScratch.islandParent = Array(0..<n) }
        if uikitScratch.islandAwake.count != n { uikitScratch.islandAwake = Array(repeating: false, count: n) }
        var sleepers = false
        for i in 0..<n where !bodyData.awake[i] { sleepers = true; break }
        guard sleepers else { return }  // nothing to wake
        uikitScratch.islandParent.withUnsafeMutableBufferPointer { p in
            linkIslands(p)
            for i in 0..<n { uikitScratch.islandAwake[i] = false }
            for i in 0..<n where bodyData.awake[i] && !bodyData.anchored[i] {
                uikitScratch.islandAwake[World.root(p, i)] = true
            }
            for i in 0..<n where !bodyData.awake[i] && uikitScratch.islandAwake[World.root(p, i)] { wake(i) }
        }
    }

    /// After a sub-step of length h: advances sleep timers and puts islands that have rested long enough to sleep.
    func updateSleep(h: Double, positionSolved: Bool) {
        let n = bodyData.items.count
        let linear2 = World.linearSleepTolerance * World.linearSleepTolerance
        let angular2 = World.angularSleepTolerance * World.angularSleepTolerance
        let v = bodies.velocity.base, w = bodies.angularVelocity.base
        // Bodies still moving reset their timers; if none is close to sleeping there is nothing more to do.
        var anyReady = false
        for i in 0..<n where bodyData.awake[i] && !bodyData.anchored[i] {
            if w[i] * w[i] > angular2 || dot(v[i], v[i]) > linear2 {
                bodyData.sleepTime[i] = 0
            } else {
                bodyData.sleepTime[i] += h
                if bodyData.sleepTime[i] >= World.timeToSleep { anyReady = true }
            }
        }
        guard anyReady && positionSolved else { return }
        if uikitScratch.islandMinSleep.count != n { uikitScratch.islandMinSleep = Array(repeating: 0, count: n) }
        if uikitScratch.islandParent.count != n { uikitScratch.islandParent = Array(0..<n) }
        uikitScratch.islandParent.withUnsafeMutableBufferPointer { p in
            linkIslands(p)
            for i in 0..<n { uikitScratch.islandMinSleep[i] = .greatestFiniteMagnitude }
            for i in 0..<n where bodyData.awake[i] && !bodyData.anchored[i] {
                let r = World.root(p, i)
                uikitScratch.islandMinSleep[r] = min(uikitScratch.islandMinSleep[r], bodyData.sleepTime[i])
            }
            for i in 0..<n
            where bodyData.awake[i] && !bodyData.anchored[i]
                && uikitScratch.islandMinSleep[World.root(p, i)] >= World.timeToSleep
            {
                bodyData.awake[i] = false
                bodyData.sleepTime[i] = 0
                v[i] = .zero
                w[i] = 0
                bodies.invMass[i] = 0
                bodies.invInertia[i] = 0
                if recordsEvents {
                    contactData.events.append(
                        ContactEvent(
                            time: time(ofStep: stepCount + 1), kind: .rest, item: i, otherItem: nil,
                            boundary: nil, point: nil))
                }
            }
        }
    }

}
