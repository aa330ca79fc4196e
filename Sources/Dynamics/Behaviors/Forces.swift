/// A push (UIPushBehavior): a continuous force or a one-time impulse on items, in UIKit Newtons.
///
/// Units (Apple: UIPushBehavior.magnitude): a push of magnitude 1 accelerates a 100 x 100 pt item of density 1 (mass 1)
/// at 100 points/s², so the force is `pushDirection x 100` mass·points/s²; an instantaneous push of magnitude 1 is an
/// impulse that changes that item's velocity by 100 points/s. The push acts at the item's center, or at
/// `targetOffsetFromCenter` (points, in screen axes: UIKit does not turn the offset with the item), where it also
/// applies a torque. Timing follows UIKit's engine: a push is applied once per display frame, before the frame's
/// sub-steps (continuous: its force acts in every sub-step of every frame from `beginTime` until `endTime`;
/// instantaneous: its impulse is applied at the first frame at or after `beginTime`, then it goes inactive). In the
/// `precise` profile the same holds per sub-step instead of per frame.
public struct PushBehavior: Sendable, Equatable {
    /// UIPushBehavior.Mode.
    public enum Mode: String, Sendable, CaseIterable {
        case continuous
        case instantaneous
    }

    /// The pushed items.
    public var items: [ItemID]
    /// Continuous force or one-time impulse.
    public var mode: Mode
    /// Direction and magnitude in UIKit Newtons (the vector's length is the magnitude), screen axes (y down).
    public var pushDirection: Vector2
    /// Where the push acts, as an offset from each item's center in screen axes, points (default: the center).
    public var targetOffsetFromCenter: Vector2
    /// When the push becomes active, seconds (default 0).
    public var beginTime: Double
    /// When a continuous push stops, seconds (default: never).
    public var endTime: Double

    /// A push along `pushDirection` (UIKit Newtons).
    public init(
        items: [ItemID], mode: Mode, pushDirection: Vector2, targetOffsetFromCenter: Vector2 = .zero,
        beginTime: Double = 0, endTime: Double = .infinity
    ) {
        self.items = items
        self.mode = mode
        self.pushDirection = pushDirection
        self.targetOffsetFromCenter = targetOffsetFromCenter
        self.beginTime = beginTime
        self.endTime = endTime
    }

    /// A push by `angle` (radians, clockwise on screen from +x) and `magnitude` (UIPushBehavior.setAngle(_:magnitude:)).
    public init(
        items: [ItemID], mode: Mode, angle: Double, magnitude: Double, targetOffsetFromCenter: Vector2 = .zero,
        beginTime: Double = 0, endTime: Double = .infinity
    ) {
        self.init(
            items: items, mode: mode, pushDirection: Vector2(cos(angle), sin(angle)) * magnitude,
            targetOffsetFromCenter: targetOffsetFromCenter, beginTime: beginTime, endTime: endTime)
    }

    /// Points per second² that one UIKit Newton gives a unit mass.
    public static let pointsPerUIKitNewton = 100.0
}

/// A snap (UISnapBehavior): the item springs to `snapPoint` and turns back to angle 0.
///
/// As UIKit's engine builds it (kern0x1b/charon's reverse engineering of UIDynamicAnimator): a static anchor at the snap point and four
/// spring attachments of rest length D = 50 pt, 4 Hz, damping ratio = `damping`, from the item's corners (−w/2, −h/2)
/// and (w/2, h/2) (in the item's frame) to the points D beyond them along x and along y around the snap point:
/// (−w/2 − D, −h/2), (−w/2, −h/2 − D), (w/2 + D, h/2), (w/2, h/2 + D). Their equilibrium is the item centered on the
/// point at angle 0. UIKit sets the rest lengths on the next run-loop turn; a scene starts after it.
public struct SnapBehavior: Sendable, Equatable {
    /// The item.
    public var item: ItemID
    /// Target center, points.
    public var snapPoint: Vector2
    /// Damping ratio of the four springs, 0 ... 1 (default 0.5, UIKit's).
    public var damping: Double

    /// A snap of `item` to `snapPoint` (points) with UIKit's default damping 0.5.
    public init(item: ItemID, snapPoint: Vector2, damping: Double = 0.5) {
        self.item = item
        self.snapPoint = snapPoint
        self.damping = damping
    }

    /// Rest length of the four springs, points.
    public static let springLength = 50.0
    /// Frequency of the four springs, Hz.
    public static let frequency = 4.0
}

/// A velocity change scheduled at a time (a push impulse or UIDynamicItemBehavior.addLinearVelocity /
/// addAngularVelocity).
struct ScheduledVelocity {
    var time: Double
    var item: Int
    var linear: Vector2
    var angular: Double
}

/// A continuous force on one item.
struct ContinuousForce {
    var item: Int
    var force: Vector2
    var offset: Vector2
    var beginTime: Double
    var endTime: Double
}

import Foundation

extension World {
    /// Implements ``World/addPush(_:)`` (see its documentation there).
    func insertPush(_ push: PushBehavior) {
        precondition(
            Dynamics.isFinite(push.pushDirection) && Dynamics.isFinite(push.targetOffsetFromCenter),
            "World.addPush: non-finite push")
        precondition(push.beginTime <= push.endTime, "World.addPush: beginTime after endTime")
        let f = push.pushDirection * PushBehavior.pointsPerUIKitNewton
        for id in push.items {
            precondition(id.index >= 0 && id.index < bodyData.items.count, "World.addPush: no such item")
            switch push.mode {
            case .continuous:
                behaviors.forces.append(
                    ContinuousForce(
                        item: id.index, force: f, offset: push.targetOffsetFromCenter,
                        beginTime: push.beginTime, endTime: push.endTime))
            case .instantaneous:
                // Impulse J = f x 1 s: Δv = J / m, Δω = (r × J) / I.
                let i = id.index
                schedule(
                    ScheduledVelocity(
                        time: push.beginTime, item: i, linear: f * bodies.invMass[i],
                        angular: cross(push.targetOffsetFromCenter, f) * bodies.invInertia[i]))
            }
        }
        if behaviors.forceColumn.count < bodyData.items.count {
            while behaviors.forceColumn.count < bodyData.items.count {
                behaviors.forceColumn.append(.zero); behaviors.torqueColumn.append(0)
            }
        }
    }

    /// Implements ``World/addVelocity(_:angularVelocity:to:at:)`` (see its documentation there).
    func scheduleVelocity(_ linearVelocity: Vector2, angularVelocity: Double = 0, to id: ItemID, at time: Double) {
        precondition(id.index >= 0 && id.index < bodyData.items.count, "World.addVelocity: no such item")
        let i = id.index
        schedule(
            ScheduledVelocity(
                time: time, item: i, linear: bodies.invMass[i] > 0 ? linearVelocity : .zero,
                angular: bodies.invInertia[i] > 0 ? angularVelocity : 0))
    }

    private func schedule(_ s: ScheduledVelocity) {
        // Keep sorted by time, stable for equal times (insertion order).
        let k = behaviors.scheduled.firstIndex { $0.time > s.time } ?? behaviors.scheduled.count
        behaviors.scheduled.insert(s, at: max(k, behaviors.nextScheduled))
    }

    /// Implements ``World/addSnap(_:)`` (see its documentation there).
    @discardableResult
    func insertSnap(_ snap: SnapBehavior) -> [AttachmentID] {
        precondition(snap.item.index >= 0 && snap.item.index < bodyData.items.count, "World.addSnap: no such item")
        precondition(snap.damping >= 0 && snap.damping.isFinite, "World.addSnap: damping must be >= 0")
        let half = bodyData.items[snap.item.index].size * 0.5
        let d = SnapBehavior.springLength
        let pairs: [(Vector2, Vector2)] = [
            (Vector2(-half.x, -half.y), Vector2(-half.x - d, -half.y)),
            (Vector2(-half.x, -half.y), Vector2(-half.x, -half.y - d)),
            (Vector2(half.x, half.y), Vector2(half.x + d, half.y)),
            (Vector2(half.x, half.y), Vector2(half.x, half.y + d)),
        ]
        return pairs.map { itemPoint, anchorPoint in
            addAttachment(
                AttachmentBehavior(
                    item: snap.item, offsetFromCenter: itemPoint,
                    attachedTo: .anchor(point: snap.snapPoint + anchorPoint, path: nil),
                    length: d, frequency: SnapBehavior.frequency, damping: snap.damping))
        }
    }

    /// Applies every scheduled velocity change due at `t`, and fills the force and torque columns with the continuous
    /// pushes active at `t`. Returns whether any force acts.
    func applyExternal(at t: Double, applyScheduled: Bool = true) -> Bool {
        while applyScheduled && behaviors.nextScheduled < behaviors.scheduled.count
            && behaviors.scheduled[behaviors.nextScheduled].time <= t + 1e-9
        {
            let s = behaviors.scheduled[behaviors.nextScheduled]
            bodies.velocity[s.item] += s.linear
            bodies.angularVelocity[s.item] += s.angular
            behaviors.nextScheduled += 1
        }
        guard !behaviors.forces.isEmpty else { return false }
        var any = false
        for i in 0..<behaviors.forceColumn.count { behaviors.forceColumn[i] = .zero; behaviors.torqueColumn[i] = 0 }
        for f in behaviors.forces where f.beginTime <= t + 1e-9 && t + 1e-9 < f.endTime {
            behaviors.forceColumn[f.item] += f.force
            behaviors.torqueColumn[f.item] += cross(f.offset, f.force)
            any = true
        }
        return any
    }
}
