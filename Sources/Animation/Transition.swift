import Springs

/// CATransition: the layer's contents change, and the old and new contents are shown in motion while the transition
/// runs. dynsim's contents are a text label (`text`, `textColor`); a transition carries the new contents.
///
/// Per-content presentation at progress p (after the timing function, mapped into [startProgress, endProgress]), with
/// the motion direction d the subtype gives (fromRight: d = (−1, 0), moving left; fromLeft: (1, 0); fromTop: (0, 1),
/// moving down the screen; fromBottom: (0, −1)) and the extent E the layer's width (left/right) or height (top/bottom):
/// - `fade`: a cross-dissolve; old opacity 1 − p, new opacity p, no offsets.
/// - `moveIn`: the new contents slide in over the old: new offset −d E (1 − p); the old stays put.
/// - `push`: the new contents push the old out: new offset −d E (1 − p), old offset d E p.
/// - `reveal`: the old contents slide out, revealing the new beneath: old offset d E p; the new stays put.
/// Opacities are 1 for the moving types. Source: Apple's CATransition documentation (types and subtypes,
/// startProgress/endProgress); the offsets are the geometric reading of "slides in over / pushes / is revealed".
public struct Transition: Equatable, Sendable {
    /// CATransitionType.
    public enum Kind: String, Sendable, CaseIterable { case fade, moveIn, push, reveal }
    /// CATransitionSubtype: the side the motion comes from.
    public enum Subtype: String, Sendable, CaseIterable { case fromRight, fromLeft, fromTop, fromBottom }

    /// The type (default fade).
    public var type: Kind
    /// The subtype (default fromLeft; fade ignores it).
    public var subtype: Subtype
    /// Progress at the start and end, 0 ... 1, start ≤ end (defaults 0 and 1).
    public var startProgress: Double
    /// See `startProgress`.
    public var endProgress: Double
    /// Timing (duration 0 means 0.25 s); transitions are removed when they end.
    public var timing: MediaTiming
    /// Shapes the progress (default linear).
    public var timingFunction: CubicBezier
    /// The new text, or nil to keep the text.
    public var text: String?
    /// The new text color (RGBA), or nil to keep it.
    public var textColor: AnimatableValue?

    /// A transition; see the properties for defaults.
    public init(
        type: Kind = .fade, subtype: Subtype = .fromLeft, startProgress: Double = 0, endProgress: Double = 1,
        timing: MediaTiming = MediaTiming(), timingFunction: CubicBezier = .linear, text: String? = nil,
        textColor: AnimatableValue? = nil
    ) {
        self.type = type
        self.subtype = subtype
        self.startProgress = startProgress
        self.endProgress = endProgress
        self.timing = timing
        self.timingFunction = timingFunction
        self.text = text
        self.textColor = textColor
    }

    /// What a transition shows at one moment: its progress and each content's opacity and offset (points).
    public struct State: Equatable, Sendable {
        /// Progress, 0 ... 1.
        public var progress: Double
        /// The old contents' opacity.
        public var oldOpacity: Double
        /// The old contents' offset from the layer, points.
        public var oldOffset: SIMD2<Double>
        /// The new contents' opacity.
        public var newOpacity: Double
        /// The new contents' offset from the layer, points.
        public var newOffset: SIMD2<Double>
        /// No transition running: the new contents in place, the old gone.
        public static let settled = State(progress: 1, oldOpacity: 0, oldOffset: .zero, newOpacity: 1, newOffset: .zero)
    }

    /// The unit motion direction of the subtype (screen coordinates, y down).
    public var direction: SIMD2<Double> {
        switch subtype {
        case .fromRight: return [-1, 0]
        case .fromLeft: return [1, 0]
        case .fromTop: return [0, 1]
        case .fromBottom: return [0, -1]
        }
    }

    /// The state at progress p for a layer of `size` (width, height in points).
    public func state(progress p: Double, size: SIMD2<Double>) -> State {
        let d = direction, extent = d.x != 0 ? size.x : size.y
        switch type {
        case .fade: return State(progress: p, oldOpacity: 1 - p, oldOffset: .zero, newOpacity: p, newOffset: .zero)
        case .moveIn:
            return State(progress: p, oldOpacity: 1, oldOffset: .zero, newOpacity: 1, newOffset: -d * extent * (1 - p))
        case .push:
            return State(
                progress: p, oldOpacity: 1, oldOffset: d * extent * p, newOpacity: 1, newOffset: -d * extent * (1 - p))
        case .reveal:
            return State(progress: p, oldOpacity: 1, oldOffset: d * extent * p, newOpacity: 1, newOffset: .zero)
        }
    }

    /// The state at `parentTime`, or nil when the transition is not running (before it begins, or once it ends).
    public func state(atParentTime parentTime: Double, size: SIMD2<Double>) -> State? {
        var t = resolvedTiming(timing)
        t.fillMode = .removed
        t.isRemovedOnCompletion = true
        guard let s = t.sample(atParentTime: parentTime) else { return nil }
        let p = startProgress + (endProgress - startProgress) * timingFunction.value(at: s.progress)
        return state(progress: p, size: size)
    }

    /// Why the transition is invalid, or nil: progress outside [0, 1] or start after end.
    public var problem: String? {
        if !(startProgress >= 0 && startProgress <= 1) {
            return "startProgress: must lie in [0, 1], got \(startProgress)"
        }
        if !(endProgress >= 0 && endProgress <= 1) { return "endProgress: must lie in [0, 1], got \(endProgress)" }
        if endProgress < startProgress { return "endProgress: must not be less than startProgress, got \(endProgress)" }
        return nil
    }
}
