import Foundation

// `precise` chains: checkpoints of the state a RATTLE piece changes, so a piece whose rods turned too far can be taken
// again in shorter pieces (see ``World/stepPrecise()``).

extension World {
    /// Copies what a RATTLE piece changes (item state, rod tensions, scripted anchors) into checkpoint `depth`.
    func saveCheckpoint(_ depth: Int) {
        while preciseScratch.checkpoints.count <= depth { preciseScratch.checkpoints.append(PreciseCheckpoint()) }
        let n = bodyData.items.count, jc = jointData.joints.count, J = jointData.joints.base
        preciseScratch.checkpoints[depth].save(
            position: bodies.position.base, angle: bodies.angle.base, velocity: bodies.velocity.base,
            angularVelocity: bodies.angularVelocity.base, count: n)
        if preciseScratch.checkpoints[depth].joints.count != jc {
            preciseScratch.checkpoints[depth].joints = [SIMD4<Double>](repeating: .zero, count: jc)
        }
        preciseScratch.checkpoints[depth].joints.withUnsafeMutableBufferPointer { c in
            for k in 0..<jc { c[k] = SIMD4(J[k].tension, J[k].anchor.x, J[k].anchor.y, 0) }
        }
        preciseScratch.checkpoints[depth].anchorVelocities.removeAll(keepingCapacity: true)
        for k in jointData.scriptedJoints {
            preciseScratch.checkpoints[depth].anchorVelocities.append(J[k].anchorVelocity)
        }
    }

    /// Puts back what ``saveCheckpoint(_:)`` copied.
    func restoreCheckpoint(_ depth: Int) {
        let n = bodyData.items.count, jc = jointData.joints.count, J = jointData.joints.base
        preciseScratch.checkpoints[depth].restore(
            position: bodies.position.base, angle: bodies.angle.base, velocity: bodies.velocity.base,
            angularVelocity: bodies.angularVelocity.base, count: n)
        preciseScratch.checkpoints[depth].joints.withUnsafeBufferPointer { c in
            for k in 0..<jc { J[k].tension = c[k][0]; J[k].anchor = Vector2(c[k][1], c[k][2]) }
        }
        for (i, k) in jointData.scriptedJoints.enumerated() {
            J[k].anchorVelocity = preciseScratch.checkpoints[depth].anchorVelocities[i]
        }
    }
}

/// A copy of the state one `precise` RATTLE piece changes, to take the piece again in shorter pieces.
struct PreciseCheckpoint {
    var position: [Vector2] = []
    var angle: [Double] = []
    var velocity: [Vector2] = []
    var angularVelocity: [Double] = []
    /// Per joint: tension, anchor x, anchor y.
    var joints: [SIMD4<Double>] = []
    /// The scripted joints' anchor velocities, in `scriptedJoints` order.
    var anchorVelocities: [Vector2] = []

    mutating func save(
        position x: UnsafeMutablePointer<Vector2>, angle a: UnsafeMutablePointer<Double>,
        velocity v: UnsafeMutablePointer<Vector2>, angularVelocity w: UnsafeMutablePointer<Double>, count n: Int
    ) {
        if position.count != n {
            position = [Vector2](repeating: .zero, count: n); velocity = position
            angle = [Double](repeating: 0, count: n); angularVelocity = angle
        }
        position.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: x, count: n) }
        angle.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: a, count: n) }
        velocity.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: v, count: n) }
        angularVelocity.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: w, count: n) }
    }

    func restore(
        position x: UnsafeMutablePointer<Vector2>, angle a: UnsafeMutablePointer<Double>,
        velocity v: UnsafeMutablePointer<Vector2>, angularVelocity w: UnsafeMutablePointer<Double>, count n: Int
    ) {
        position.withUnsafeBufferPointer { x.update(from: $0.baseAddress!, count: n) }
        angle.withUnsafeBufferPointer { a.update(from: $0.baseAddress!, count: n) }
        velocity.withUnsafeBufferPointer { v.update(from: $0.baseAddress!, count: n) }
        angularVelocity.withUnsafeBufferPointer { w.update(from: $0.baseAddress!, count: n) }
    }
}
