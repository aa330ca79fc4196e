import Foundation
import IO

/// A run baked into keyframes: each object's channels, reduced within their bounds, with what every target needs to
/// draw the object (its size, corner radius and colour at the start).
public struct Bake: Equatable, Sendable {
    /// The run's length, seconds: every channel's last key is here.
    public var duration: Double
    /// The run's own output rate, Hz (Lottie's frame rate `fr`; key times need not fall on its frames).
    public var frameRate: Double
    /// The rate the run was sampled at to bake and to measure the error, Hz (1000 for a scene, so keys fall on whole
    /// milliseconds; a run file's own rate otherwise).
    public var sampleRate: Double
    /// The screen the run happens on, points (a scene's bounds; for a run file, the box around every object).
    public var width: Double, height: Double
    /// The baked objects, in the run's column order.
    public var objects: [BakedObject]
    /// The scene or run file baked, for comments (`swinging-view`, `run.csv`).
    public var source: String
    /// The largest errors asked for. The channels were reduced within ``errorShare`` of them; a target whose player
    /// adds an error of its own (Android's flattened PathInterpolator) may spend the rest (``AndroidTarget``).
    public var tolerance: BakeTolerance
    /// The fraction of ``tolerance`` the reduction was held to (1: all of it; see ``BakeTarget/errorShare``).
    public var errorShare: Double

    /// A bake.
    public init(
        duration: Double, frameRate: Double, sampleRate: Double, width: Double, height: Double,
        objects: [BakedObject], source: String, tolerance: BakeTolerance = BakeTolerance(), errorShare: Double = 1
    ) {
        (self.duration, self.frameRate, self.sampleRate, self.width, self.height, self.objects, self.source) =
            (duration, frameRate, sampleRate, width, height, objects, source)
        (self.tolerance, self.errorShare) = (tolerance, errorShare)
    }
}

/// One object of the run (an item, a view or a layer) and its baked channels.
public struct BakedObject: Equatable, Sendable {
    /// What it was in the scene.
    public enum Kind: String, Sendable {
        /// A UIKit Dynamics item (`<name>.x`, `.y`, `.angle`).
        case item
        /// A UIView (`<name>.x`, `.y`, `.rotation`, `.scale.x`, `.scale.y`, `.alpha`).
        case view
        /// A CALayer (`<name>.position.x`, `.y`, `.transform.rotation.z`, `.transform.scale.x`, `.y`, `.opacity`).
        case layer
    }

    /// Its shape, centred on its position, points.
    public enum Shape: Equatable, Sendable {
        /// A rectangle with rounded corners (`cornerRadius`, 0 for square corners).
        case rectangle(width: Double, height: Double, cornerRadius: Double)
        /// An ellipse inscribed in width × height (a circle when they are equal).
        case ellipse(width: Double, height: Double)

        /// Its width and height.
        public var size: (width: Double, height: Double) {
            switch self {
            case .rectangle(let w, let h, _), .ellipse(let w, let h): return (w, h)
            }
        }
    }

    /// The object's name in the scene (its column prefix).
    public var name: String
    /// What it was.
    public var kind: Kind
    /// Its shape.
    public var shape: Shape
    /// Its fill colour at the start, red, green, blue and alpha from 0 to 1.
    public var color: [Double]
    /// Its channels, in ``BakeProperty`` order: x and y always, then rotation, scale and opacity where the run has
    /// them.
    public var channels: [BakeChannel]

    /// An object.
    public init(name: String, kind: Kind, shape: Shape, color: [Double], channels: [BakeChannel]) {
        (self.name, self.kind, self.shape, self.color, self.channels) = (name, kind, shape, color, channels)
    }

    /// Its channel of `property`, if baked.
    public func channel(_ property: BakeProperty) -> BakeChannel? { channels.first { $0.property == property } }
}

/// The largest error allowed per property (``BakeProperty/defaultMaxError`` unless set).
public struct BakeTolerance: Equatable, Sendable {
    /// Positions, points.
    public var position = BakeProperty.x.defaultMaxError
    /// Rotation, degrees.
    public var rotation = BakeProperty.rotation.defaultMaxError
    /// Scale.
    public var scale = BakeProperty.scaleX.defaultMaxError
    /// Opacity.
    public var opacity = BakeProperty.opacity.defaultMaxError

    /// The defaults: 0.5 pt, 0.5°, 0.005, 0.005.
    public init() {}

    /// The bound for `property`.
    public func maxError(_ property: BakeProperty) -> Double {
        switch property {
        case .x, .y: return position
        case .rotation: return rotation
        case .scaleX, .scaleY: return scale
        case .opacity: return opacity
        }
    }
}

/// What a bake reports (stderr and the output's comment): keys per property, the largest error measured, the size.
public struct BakeReport: Sendable {
    /// One line per object and property: `view x: 23 keys, max error 0.41 pt (bound 0.5)`.
    public var lines: [String]

    /// The report of `bake` written as a file of `bytes` bytes for `target`.
    public init(_ bake: Bake, target: String, bytes: Int? = nil) {
        var lines = [
            "dynsim bake \(bake.source) --target \(target): \(bake.objects.count) object(s), "
                + "\(NumberFormat.shortest(bake.duration)) s, error measured at \(NumberFormat.shortest(bake.sampleRate)) Hz"
        ]
        for o in bake.objects {
            for c in o.channels {
                let unit = c.property.unit.isEmpty ? "" : " " + c.property.unit
                lines.append(
                    "\(o.name) \(c.property.rawValue): \(c.times.count) keys, max error "
                        + BakeReport.roundedUp(c.maxError) + unit)
            }
        }
        if let bytes { lines.append("\(bytes) bytes") }
        self.lines = lines
    }

    /// `x` with 4 significant digits, rounded up: a bound the measured error never exceeds.
    static func roundedUp(_ x: Double) -> String {
        guard x > 0, x.isFinite else { return NumberFormat.shortest(x) }
        let step = pow(10, floor(log10(x)) - 3)
        var text = String(format: "%.4g", (x / step).rounded(.up) * step)
        if let y = Double(text), y < x { text = String(format: "%.4g", ((x / step).rounded(.up) + 1) * step) }
        return text
    }
}
