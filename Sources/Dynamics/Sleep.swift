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

    private func root(_ i: Int) -> Int {
        var r = i
        while islandParent[r] != r { r = islandParent[r] }
        var j = i
        while islandParent[j] != r {
            let next = islandParent[j]
            islandParent[j] = r
            j = next
        }
        return r
    }

    private func union(_ i: Int, _ j: Int) {
        let a = root(i), b = root(j)
        if a != b { islandParent[max(a, b)] = min(a, b) }
    }

    /// Wakes what external causes touch, then wakes every island that holds an awake body. Call after the narrow phase
    /// at the start of a sub-step.
    func wakeIslands() {
        let n = items.count
        // External causes.
        if stepCount % subSteps == 0 {
            let t = time
            for k in scriptedJoints where joints[k].anchor != paths[joints[k].path].position(at: t) { wake(joints[k].b) }
        }
        let frameStart = time(ofStep: (stepCount / subSteps) * subSteps)
        var s = nextScheduled
        while s < scheduled.count && scheduled[s].time <= frameStart + 1e-9 { wake(scheduled[s].item); s += 1 }
        for f in forces where f.beginTime <= frameStart + 1e-9 && frameStart + 1e-9 < f.endTime { wake(f.item) }
        // Islands.
        if islandParent.count != n { islandParent = Array(0..<n) } else { for i in 0..<n { islandParent[i] = i } }
        for k in 0..<joints.count {
            let a = joints[k].a, b = joints[k].b
            if a >= 0 && !items[a].isAnchored && !items[b].isAnchored { union(a, b) }
        }
        for c in contacts where c.a >= 0 && !items[c.a].isAnchored && !items[c.b].isAnchored { union(c.a, c.b) }
        if islandAwake.count != n { islandAwake = Array(repeating: false, count: n) }
        for i in 0..<n { islandAwake[i] = false }
        for i in 0..<n where awake[i] && !items[i].isAnchored { islandAwake[root(i)] = true }
        for i in 0..<n where !awake[i] && islandAwake[root(i)] { wake(i) }
    }

    /// After a sub-step of length h: advances sleep timers and puts islands that have rested long enough to sleep.
    func updateSleep(h: Double, positionSolved: Bool) {
        let n = items.count
        let linear2 = World.linearSleepTolerance * World.linearSleepTolerance
        let angular2 = World.angularSleepTolerance * World.angularSleepTolerance
        if islandMinSleep.count != n { islandMinSleep = Array(repeating: 0, count: n) }
        for i in 0..<n { islandMinSleep[i] = .greatestFiniteMagnitude }
        for i in 0..<n where awake[i] && !items[i].isAnchored {
            let v = velocity[i], w = angularVelocity[i]
            if w * w > angular2 || dot(v, v) > linear2 {
                sleepTime[i] = 0
            } else {
                sleepTime[i] += h
            }
            let r = root(i)
            islandMinSleep[r] = min(islandMinSleep[r], sleepTime[i])
        }
        guard positionSolved else { return }
        for i in 0..<n where awake[i] && !items[i].isAnchored && islandMinSleep[root(i)] >= World.timeToSleep {
            awake[i] = false
            sleepTime[i] = 0
            velocity[i] = .zero
            angularVelocity[i] = 0
            invMass[i] = 0
            invInertia[i] = 0
            if recordsEvents {
                events.append(ContactEvent(time: time(ofStep: stepCount + 1), kind: .rest, item: i, otherItem: nil,
                                           boundary: nil, point: nil))
            }
        }
    }

    /// Whether an item is awake (moving or able to move); false while it sleeps at rest (uikit profile).
    public func isAwake(_ id: ItemID) -> Bool { awake[id.index] }
}
