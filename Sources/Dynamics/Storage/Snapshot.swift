import Foundation

/// A copy of every item's state at one sub-step, for interpolating output samples that fall between sub-steps.
public struct WorldSnapshot: Sendable {
    /// The sub-step index and time (seconds) of the copy; -1 when empty.
    public var step = -1
    /// Time of the copy, seconds.
    public var time = 0.0
    /// Item centers (points), velocities (points/s), angles (radians), angular velocities (radians/s).
    public var position: [Vector2] = []
    /// Item velocities, points/s.
    public var velocity: [Vector2] = []
    /// Item angles, radians.
    public var angle: [Double] = []
    /// Item angular velocities, radians/s.
    public var angularVelocity: [Double] = []

    /// An empty snapshot; fill it with ``World/capture(into:)``.
    public init() {}
}
