/// CAMediaTiming as a layer has it: `beginTime`, `speed` and `timeOffset`. CALayer adopts CAMediaTiming, so a layer's
/// local time is its parent's (its superlayer's local time; the screen's for a root layer) mapped as CAMediaTiming.h
/// says: `local = (parent − beginTime) × speed + timeOffset`. A layer's duration is infinite, so nothing wraps. Speeds
/// multiply down the tree, a superlayer's beginTime shifts everything below it, speed 0 stops time (pausing every
/// animation beneath, Apple's Technical Q&A QA1673) and a negative speed runs it backwards. The animations of a layer
/// run in its local time.
///
/// Units: seconds; speed is a ratio (any finite value, 0 and negative included).
public struct LayerTiming: Equatable, Sendable {
    /// Parent time at which the layer's time starts (where it reads `timeOffset`), seconds. Default 0.
    public var beginTime: Double
    /// Rate of local time against parent time. Default 1.
    public var speed: Double
    /// Added to local time, seconds. Default 0.
    public var timeOffset: Double

    /// A layer's timing; the defaults are CALayer's.
    public init(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) {
        self.beginTime = beginTime
        self.speed = speed
        self.timeOffset = timeOffset
    }

    /// Whether it maps parent time to itself (CALayer's defaults).
    public var isIdentity: Bool { beginTime == 0 && speed == 1 && timeOffset == 0 }

    /// The local time at parent time `parent`: (parent − beginTime) × speed + timeOffset.
    public func localTime(parent: Double) -> Double { (parent - beginTime) * speed + timeOffset }
}
