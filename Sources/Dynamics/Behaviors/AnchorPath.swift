/// A scripted path for an attachment's anchor point: where a finger (or a script) holds the anchor at each time.
///
/// A path is a list of keyframes `(t, x, y)` — times in seconds from the start of the run, positions in points — with an
/// interpolation rule between them. Before the first keyframe the anchor holds the first position, after the last one it
/// holds the last position, and there its velocity is zero. Two keyframes may share a time (or lie less than
/// ``minimumSegmentDuration`` apart, which counts as sharing the first one's): the anchor then jumps
/// (a teleport, ``jumpDisplacement(after:through:)``); its velocity at the jump is taken from the segment that starts
/// there. `precise` moves what hangs from it without passing the jump into velocities.
///
/// Interpolation rules:
/// - ``Interpolation/linear``: straight segments at constant speed (a recorded pan gesture's samples).
/// - ``Interpolation/catmullRom``: a C1 cubic Hermite spline through the keyframes whose tangent at keyframe k is the
///   finite difference `(p[k+1] - p[k-1]) / (t[k+1] - t[k-1])` (Catmull–Rom for non-uniform times); at the first and
///   last keyframe the one-sided difference. It reproduces constant-velocity and, away from the ends, constant-
///   acceleration motion exactly.
/// - ``Interpolation/minimumJerk``: each segment follows the minimum-jerk profile of a reaching hand
///   (Flash & Hogan 1985): `p = p0 + (p1 - p0) s(τ)`, `s(τ) = 10τ³ − 15τ⁴ + 6τ⁵`, starting and ending at rest.
///
/// How the two solver profiles read it (docs/design.md, "Units and conventions"): `uikit` sets the anchor to
/// `position(at: frameStart)` once per
/// display frame, as UIKit's `anchorPoint` setter does, with no velocity; `precise` follows `position(at:)` and
/// `velocity(at:)` continuously as a kinematic pivot.
public struct AnchorPath: Sendable, Equatable {
    /// How positions between keyframes are computed.
    public enum Interpolation: String, Sendable, CaseIterable {
        case linear
        case catmullRom
        case minimumJerk
    }

    /// Keyframes closer in time than this (1 µs) are a jump at the first one's time, not a move: a move over a shorter
    /// time would be faster than any finger (a 100 pt move in 1 µs is 1e8 pt/s), and its velocity can overflow.
    public static let minimumSegmentDuration = 1e-6
    /// Keyframe times in seconds, non-decreasing.
    public let times: [Double]
    /// Keyframe positions in points, one per time.
    public let points: [Vector2]
    /// The rule between keyframes.
    public let interpolation: Interpolation
    /// Tangents (points/s) at each keyframe, for `catmullRom` only.
    private let tangents: [Vector2]
    /// The jumps (keyframes sharing a time): their times, ascending, and displacements (points).
    private let jumpTimes: [Double]
    private let jumpOffsets: [Vector2]

    /// Creates a path.
    ///
    /// - Precondition: at least one keyframe; `times.count == points.count`; times finite and non-decreasing;
    ///   points finite. (Scene files are validated with named errors before they get here.)
    public init(times: [Double], points: [Vector2], interpolation: Interpolation = .linear) {
        precondition(!times.isEmpty && times.count == points.count, "AnchorPath needs one point per time, at least one")
        for k in times.indices {
            precondition(
                times[k].isFinite && points[k].x.isFinite && points[k].y.isFinite, "AnchorPath: non-finite keyframe")
            if k > 0 { precondition(times[k] >= times[k - 1], "AnchorPath: times must not decrease") }
        }
        self.times = times
        self.points = points
        self.interpolation = interpolation
        var jumpTimes: [Double] = [], jumpOffsets: [Vector2] = []
        for k in 1..<max(1, times.count) where times[k] - times[k - 1] < AnchorPath.minimumSegmentDuration {
            if let last = jumpTimes.last, times[k - 1] - last < AnchorPath.minimumSegmentDuration {
                jumpOffsets[jumpOffsets.count - 1] += points[k] - points[k - 1]
            } else {
                jumpTimes.append(times[k - 1])
                jumpOffsets.append(points[k] - points[k - 1])
            }
        }
        self.jumpTimes = jumpTimes
        self.jumpOffsets = jumpOffsets
        var tangents = [Vector2](repeating: .zero, count: times.count)
        if interpolation == .catmullRom && times.count > 1 {
            let n = times.count
            func difference(_ a: Int, _ b: Int) -> Vector2 {
                let dt = times[b] - times[a]
                guard dt > 0 else { return .zero }
                // Keyframes so close in time that the slope overflows are a jump too (no tangent across it).
                let slope = (points[b] - points[a]) / dt
                return slope.x.isFinite && slope.y.isFinite ? slope : .zero
            }
            for k in 0..<n {
                let jumpAfter = k + 1 < n && times[k + 1] - times[k] < AnchorPath.minimumSegmentDuration
                let jumpBefore = k > 0 && times[k] - times[k - 1] < AnchorPath.minimumSegmentDuration
                // Never difference across a jump (two keyframes at one time): use the side that has a duration.
                if jumpAfter || k == n - 1 {
                    tangents[k] = k > 0 && !jumpBefore ? difference(k - 1, k) : .zero
                } else if jumpBefore || k == 0 {
                    tangents[k] = difference(k, k + 1)
                } else {
                    tangents[k] = difference(k - 1, k + 1)
                }
            }
        }
        self.tangents = tangents
    }

    /// A path that stays at `point` forever.
    public init(fixed point: Vector2) { self.init(times: [0], points: [point]) }

    /// The index i of the segment [times[i], times[i+1]] used at time t (the last one whose start is <= t), or nil
    /// outside the keyframes.
    @inline(__always)
    private func segment(at t: Double) -> Int? {
        let n = times.count
        if n < 2 || t < times[0] || t >= times[n - 1] { return nil }
        var lo = 0, hi = n - 1  // times[lo] <= t < times[hi]
        while hi - lo > 1 {
            let mid = (lo + hi) >> 1
            if times[mid] <= t { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The anchor position at time `t` (seconds), in points.
    public func position(at t: Double) -> Vector2 {
        guard let i = segment(at: t) else {
            return t < times[0] ? points[0] : points[points.count - 1]
        }
        let t0 = times[i], t1 = times[i + 1]
        let dt = t1 - t0
        let p0 = points[i], p1 = points[i + 1]
        if dt < AnchorPath.minimumSegmentDuration { return p1 }
        let s = (t - t0) / dt
        switch interpolation {
        case .linear:
            return p0 + (p1 - p0) * s
        case .minimumJerk:
            let w = s * s * s * (10 + s * (-15 + 6 * s))
            return p0 + (p1 - p0) * w
        case .catmullRom:
            let s2 = s * s, s3 = s2 * s
            let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s
            let h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
            return p0 * h00 + tangents[i] * (h10 * dt) + p1 * h01 + tangents[i + 1] * (h11 * dt)
        }
    }

    /// The anchor velocity at time `t`, in points/s: the derivative of ``position(at:)`` (right-sided at keyframes).
    public func velocity(at t: Double) -> Vector2 {
        guard let i = segment(at: t) else { return .zero }
        let t0 = times[i], t1 = times[i + 1]
        let dt = t1 - t0
        if dt < AnchorPath.minimumSegmentDuration { return .zero }
        let p0 = points[i], p1 = points[i + 1]
        let s = (t - t0) / dt
        switch interpolation {
        case .linear:
            return (p1 - p0) / dt
        case .minimumJerk:
            let dw = 30 * s * s * (1 + s * (-2 + s))  // d/ds of 10s³ − 15s⁴ + 6s⁵ = 30s²(1 − s)²
            return (p1 - p0) * (dw / dt)
        case .catmullRom:
            let s2 = s * s
            let d00 = 6 * s2 - 6 * s, d10 = 3 * s2 - 4 * s + 1
            let d01 = -6 * s2 + 6 * s, d11 = 3 * s2 - 2 * s
            return (p0 * d00 + p1 * d01) / dt + tangents[i] * d10 + tangents[i + 1] * d11
        }
    }

    /// The displacement of the jumps (keyframes sharing a time) at times in (`t0`, `t1`], points: the part of
    /// `position(at: t1) − position(at: t0)` that no motion covers. Zero for a path without jumps. O(log jumps).
    public func jumpDisplacement(after t0: Double, through t1: Double) -> Vector2 {
        guard !jumpTimes.isEmpty, t1 >= jumpTimes[0], t0 < jumpTimes[jumpTimes.count - 1] else { return .zero }
        var lo = 0, hi = jumpTimes.count  // first jump later than t0
        while lo < hi {
            let mid = (lo + hi) / 2
            if jumpTimes[mid] > t0 { hi = mid } else { lo = mid + 1 }
        }
        var total = Vector2.zero
        var k = lo
        while k < jumpTimes.count && jumpTimes[k] <= t1 {
            total += jumpOffsets[k]
            k += 1
        }
        return total
    }

    /// The time of the first jump in (`t0`, `t1`], or nil when there is none.
    public func firstJumpTime(after t0: Double, through t1: Double) -> Double? {
        guard !jumpTimes.isEmpty, t1 >= jumpTimes[0], t0 < jumpTimes[jumpTimes.count - 1] else { return nil }
        var lo = 0, hi = jumpTimes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if jumpTimes[mid] > t0 { hi = mid } else { lo = mid + 1 }
        }
        return lo < jumpTimes.count && jumpTimes[lo] <= t1 ? jumpTimes[lo] : nil
    }

    /// The time of the last keyframe: after it the anchor rests.
    public var endTime: Double { times[times.count - 1] }
}
