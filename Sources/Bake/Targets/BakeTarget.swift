import Foundation
import IO

/// A player a bake is written for, each in its own semantics (see each writer).
public enum BakeTarget: String, CaseIterable, Sendable {
    /// Lottie (bodymovin 5.x JSON): ``LottieTarget``.
    case lottie
    /// CSS `@keyframes` with the individual transform properties, and a page that plays them: ``CSSTarget``.
    case css
    /// Web Animations keyframes (`offset`, `easing`) as a JavaScript module: ``WebAnimationsTarget``.
    case waapi
    /// Swift code building a group of CAKeyframeAnimations: ``CoreAnimationTarget``.
    case coreAnimation = "core-animation"
    /// Android `ObjectAnimator` XML with a PathInterpolator per segment: ``AndroidTarget``.
    case android
    /// Jetpack Compose `keyframes {}`: ``ComposeTarget``.
    case compose
    /// A dynsim scene of layers with keyframe animations: ``SceneTarget``.
    case scene

    /// The fraction of the error bound the keyframes themselves may use; the rest is kept for the error the target's
    /// player adds. 1 for every target whose player evaluates the cubic Bézier (to its float precision); 0.75 for
    /// Android, whose PathInterpolator plays a polyline flattened to 0.002 of the curve (``AndroidTarget``): a
    /// quarter of the bound is left for that, and the writer splits segments until the flattening stays inside it.
    public var errorShare: Double { self == .android ? 0.75 : 1 }

    /// The file name ending `--target all` writes it with (`.lottie.json`, `.css` ...).
    public var fileExtension: String {
        switch self {
        case .lottie: return ".lottie.json"
        case .css: return ".css"
        case .waapi: return ".waapi.js"
        case .coreAnimation: return ".swift"
        case .android: return ".android.xml"
        case .compose: return ".compose.kt"
        case .scene: return ".scene.json"
        }
    }

    /// The bake as this target's file, its report in the file's comment (or description).
    public func write(_ bake: Bake) -> String {
        let report = BakeReport(bake, target: rawValue).lines
        switch self {
        case .lottie: return LottieTarget.write(bake, report: report)
        case .css: return CSSTarget.write(bake, report: report)
        case .waapi: return WebAnimationsTarget.write(bake, report: report)
        case .coreAnimation: return CoreAnimationTarget.write(bake, report: report)
        case .android: return AndroidTarget.write(bake, report: report)
        case .compose: return ComposeTarget.write(bake, report: report)
        case .scene: return SceneTarget.write(bake, report: report)
        }
    }
}
