import Foundation
import XCTest

/// `dynsim export`: each block is read back as its platform reads it (the convention, units and source written out
/// below), the damped oscillator those parameters describe is evaluated here in closed form, and it must follow the
/// spring that was exported, sampled every 1 ms until it settles: within 1e-6 of the distance where the mapping is
/// exact, within 1e-5 where the target takes Float (24-bit) parameters. The platforms' own solvers are not used (some
/// shipped wrong closed forms).
final class ExportTests: XCTestCase {
    /// m x'' + c x' + k (x − to) = 0, x(0) = from, x'(0) = v0: under-, critically and overdamped closed forms.
    struct Oscillator {
        var m: Double, k: Double, c: Double, from: Double, to: Double, v0: Double

        func x(_ t: Double) -> Double {
            let w0 = (k / m).squareRoot(), z = c / (2 * (k * m).squareRoot()), y0 = from - to
            if abs(z - 1) < 1e-12 { return to + exp(-w0 * t) * (y0 + (v0 + w0 * y0) * t) }
            if z < 1 {
                let wd = w0 * (1 - z * z).squareRoot()
                return to + exp(-z * w0 * t) * (y0 * cos(wd * t) + (v0 + z * w0 * y0) / wd * sin(wd * t))
            }
            let s = (z * z - 1).squareRoot(), r1 = -w0 * (z - s), r2 = -w0 * (z + s)
            let a = (v0 - r2 * y0) / (r1 - r2)
            return to + a * exp(r1 * t) + (y0 - a) * exp(r2 * t)
        }
    }

    /// A spring given to `dynsim export` on the command line, and the same spring as an oscillator.
    struct Case {
        var args: [String]
        var truth: Oscillator
        var settle: Double
    }

    let cases: [Case] = [
        // ζ = 0.3, response 0.4 s (mass 1: k = (2π/0.4)², c = 4π·0.3/0.4), 0 → 300 pt, 500 pt/s.
        Case(
            args: [
                "--damping-ratio", "0.3", "--response", "0.4", "--from", "0", "--to", "300", "--initial-velocity",
                "500",
            ],
            truth: Oscillator(m: 1, k: pow(2 * .pi / 0.4, 2), c: 4 * .pi * 0.3 / 0.4, from: 0, to: 300, v0: 500),
            settle: 2),
        // Critically damped, mass 2, moving down: 100 → −50, −200 units/s.
        Case(
            args: [
                "--mass", "2", "--stiffness", "300", "--damping", "\(2 * (300.0 * 2).squareRoot())", "--from", "100",
                "--to", "-50", "--initial-velocity", "-200",
            ],
            truth: Oscillator(m: 2, k: 300, c: 2 * (600.0).squareRoot(), from: 100, to: -50, v0: -200), settle: 2),
        // Overdamped: SwiftUI bounce −0.5 (ζ = 2), duration 0.5 s.
        Case(
            args: ["--perceptual-duration", "0.5", "--bounce", "-0.5", "--from", "0", "--to", "1"],
            truth: Oscillator(m: 1, k: pow(2 * .pi / 0.5, 2), c: 2 * 2 * 2 * .pi / 0.5, from: 0, to: 1, v0: 0),
            settle: 3),
    ]

    private func export(_ target: String, _ args: [String]) throws -> String {
        let r = try CLITests.dynsim(["export", target] + args)
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout
    }

    /// The numbers after `label` (`stiffness: 157.9`, `stiffness = 157.9f`, `setStiffness(157.9f)`) in `text`.
    private func value(_ label: String, in text: String, line: UInt = #line) throws -> Double {
        let pattern = try NSRegularExpression(
            pattern: NSRegularExpression.escapedPattern(for: label)
                + #"\s*[:=(]?\s*(-?[0-9][0-9.]*(?:e[+-]?[0-9]+)?)f?"#)
        guard let m = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let x = Double(text[Range(m.range(at: 1), in: text)!])
        else {
            XCTFail("no \(label) in:\n\(text)", line: line)
            return .nan
        }
        return x
    }

    private func follows(
        _ got: Oscillator, _ truth: Oscillator, until settle: Double, within fraction: Double, _ what: String
    ) {
        let distance = max(abs(truth.to - truth.from), 1e-9)
        var worst = 0.0
        for ms in 0...Int(settle * 1000) {
            let t = Double(ms) / 1000
            worst = max(worst, abs(got.x(t) - truth.x(t)) / distance)
        }
        XCTAssertLessThanOrEqual(worst, fraction, "\(what): off by \(worst) of the distance")
    }

    /// Apple's targets (SwiftUI, Core Animation, UIKit) describe the motion the parameters give.
    func testApplesTargetsDescribeTheSameMotion() throws {
        for c in cases {
            let t = c.truth
            let distance = t.to - t.from
            // SwiftUI (Apple: Spring(duration:bounce:), iOS 17; .interpolatingSpring(mass:stiffness:damping:initialVelocity:)):
            // mass 1, stiffness (2π/duration)², damping ratio 1 − bounce (bounce ≥ 0) or 1/(1 + bounce); the
            // interpolating spring's initialVelocity is relative to the distance.
            var text = try export("swiftui", c.args)
            let d = try value("Spring(duration:", in: text), b = try value(", bounce:", in: text)
            let z = b >= 0 ? 1 - b : 1 / (1 + b), k = pow(2 * .pi / d, 2)
            follows(
                Oscillator(m: 1, k: k, c: 2 * z * k.squareRoot(), from: t.from, to: t.to, v0: t.v0), t, until: c.settle,
                within: 1e-6, "swiftui Spring(duration:bounce:)")
            follows(
                Oscillator(
                    m: 1, k: try value("stiffness", in: text), c: try value("damping", in: text), from: t.from,
                    to: t.to,
                    v0: try value("initialVelocity", in: text) * distance), t, until: c.settle, within: 1e-6,
                "swiftui interpolatingSpring")
            // Core Animation (Apple: CASpringAnimation, iOS 9): mass, stiffness, damping; initialVelocity relative.
            text = try export("core-animation", c.args)
            follows(
                Oscillator(
                    m: try value("mass =", in: text), k: try value("stiffness =", in: text),
                    c: try value("damping =", in: text),
                    from: try value("fromValue =", in: text), to: try value("toValue =", in: text),
                    v0: try value("initialVelocity =", in: text) * distance), t, until: c.settle, within: 1e-6,
                "core-animation")
            // UIKit (Apple: UISpringTimingParameters(mass:stiffness:damping:initialVelocity:), iOS 10): velocity relative.
            text = try export("uikit", c.args)
            follows(
                Oscillator(
                    m: try value("mass", in: text), k: try value("stiffness", in: text),
                    c: try value("damping", in: text),
                    from: t.from, to: t.to, v0: try value("dx", in: text) * distance), t, until: c.settle, within: 1e-6,
                "uikit")
        }
    }

    /// Android's targets (SpringForce, Jetpack Compose) describe the motion the parameters give.
    func testAndroidTargetsDescribeTheSameMotion() throws {
        for c in cases {
            let t = c.truth
            // Android (androidx.dynamicanimation 1.0, SpringForce): mass 1, damping = 2 ζ √stiffness; px and px/s; Float.
            var text = try export("android", c.args)
            let ak = try value("setStiffness", in: text), az = try value("setDampingRatio", in: text)
            follows(
                Oscillator(
                    m: 1, k: ak, c: 2 * az * ak.squareRoot(), from: try value("setStartValue", in: text),
                    to: try value("SpringForce", in: text), v0: try value("setStartVelocity", in: text)),
                t, until: c.settle, within: 1e-5, "android")
            // Jetpack Compose (androidx.compose.animation.core, spring(dampingRatio, stiffness)): as SpringForce; Float.
            text = try export("compose", c.args)
            let ck = try value("stiffness =", in: text), cz = try value("dampingRatio =", in: text)
            follows(
                Oscillator(
                    m: 1, k: ck, c: 2 * cz * ck.squareRoot(), from: try value("Animatable", in: text),
                    to: try value("animateTo", in: text), v0: try value("initialVelocity =", in: text)),
                t, until: c.settle, within: 1e-5, "compose")
        }
    }

    /// The cross-platform targets (Flutter, Motion, React Native) describe the motion the parameters give.
    func testCrossPlatformTargetsDescribeTheSameMotion() throws {
        for c in cases {
            let t = c.truth
            // Flutter (package:flutter/physics.dart: SpringDescription(mass, stiffness, damping), SpringSimulation(
            // spring, start, end, velocity)): units per second.
            var text = try export("flutter", c.args)
            let sim = try XCTUnwrap(
                text.components(separatedBy: "SpringSimulation(description, ").last?.components(separatedBy: ")").first)
            let simArgs = sim.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
            follows(
                Oscillator(
                    m: try value("mass", in: text), k: try value("stiffness", in: text),
                    c: try value("damping", in: text),
                    from: simArgs[0], to: simArgs[1], v0: simArgs[2]), t, until: c.settle, within: 1e-6, "flutter")
            // Motion (framer-motion: { type: "spring", mass, stiffness, damping, velocity }): units per second.
            text = try export("motion", c.args)
            follows(
                Oscillator(
                    m: try value("mass", in: text), k: try value("stiffness", in: text),
                    c: try value("damping", in: text),
                    from: t.from, to: t.to, v0: try value("velocity", in: text)), t, until: c.settle, within: 1e-6,
                "motion")
            // React Native (Animated.spring, 0.60: stiffness, damping, mass, velocity in units per second; Origami's
            // tension/friction: stiffness = (tension − 30) 3.62 + 194, damping = (friction − 8) 3 + 25, mass 1).
            text = try export("react-native", c.args)
            follows(
                Oscillator(
                    m: try value("mass", in: text), k: try value("stiffness", in: text),
                    c: try value("damping", in: text),
                    from: t.from, to: try value("toValue", in: text), v0: try value("velocity", in: text)),
                t, until: c.settle, within: 1e-6, "react-native")
            if text.contains("tension:") {
                let tension = try value("tension", in: text), friction = try value("friction", in: text)
                follows(
                    Oscillator(
                        m: 1, k: (tension - 30) * 3.62 + 194, c: (friction - 8) * 3 + 25, from: t.from, to: t.to,
                        v0: t.v0),
                    Oscillator(m: 1, k: t.k / t.m, c: t.c / t.m, from: t.from, to: t.to, v0: t.v0), until: c.settle,
                    within: 1e-6, "react-native tension/friction")
            }
        }
    }

    /// Apple's published pairs (SwiftUI's Spring documentation), both ways, to the digits Apple prints.
    func testApplesPublishedPairs() throws {
        var text = try export("core-animation", ["--perceptual-duration", "0.5", "--bounce", "0.3"])
        XCTAssertEqual(String(format: "%.1f", try value("mass =", in: text)), "1.0")
        XCTAssertEqual(String(format: "%.1f", try value("stiffness =", in: text)), "157.9")
        XCTAssertEqual(String(format: "%.1f", try value("damping =", in: text)), "17.6")
        text = try export("swiftui", ["--mass", "1", "--stiffness", "100", "--damping", "10"])
        XCTAssertEqual(String(format: "%.2f", try value("Spring(duration:", in: text)), "0.63")
        XCTAssertEqual(String(format: "%.1f", try value(", bounce:", in: text)), "0.5")
    }

    /// CSS Easing Level 2's linear(): points "output [input%]"; a missing input of the first point is 0%, of the last
    /// 100%, of an inner point the average of its neighbours' (none here); between points, linear interpolation.
    static func evaluateLinear(_ css: String, at x: Double) -> Double {
        let inner = css.replacingOccurrences(of: "linear(", with: "").replacingOccurrences(of: ")", with: "")
        let parts = inner.split(separator: ",").map { $0.split(separator: " ").map(String.init) }
        var points: [(Double, Double)] = []
        for (k, p) in parts.enumerated() {
            let input = p.count > 1 ? Double(p[1].dropLast())! / 100 : (k == 0 ? 0 : 1)
            points.append((input, Double(p[0])!))
        }
        var i = 0
        while i + 2 < points.count && points[i + 1].0 <= x { i += 1 }
        let (a, b) = (points[i], points[i + 1])
        return b.0 > a.0 ? a.1 + (b.1 - a.1) * (x - a.0) / (b.0 - a.0) : b.1
    }

    func testCSSLinearStaysWithinTheRequestedError() throws {
        for (c, maxError) in zip(cases, [0.001, 0.0002, 0.005]) {
            let text = try export("css", c.args + ["--max-error", "\(maxError)"])
            let css = try XCTUnwrap(
                text.range(of: "ms linear(").map {
                    String(text[text.index($0.lowerBound, offsetBy: 3)...].prefix { $0 != ";" })
                })
            let ms = try value("transform", in: text)
            let reached = try value("error at most", in: text)
            XCTAssertLessThanOrEqual(reached, maxError)
            let t = c.truth
            var worst = 0.0
            for k in 0...Int(ms) * 4 {
                let time = Double(k) / 4000
                let progress = (t.x(time) - t.from) / (t.to - t.from)
                worst = max(worst, abs(ExportTests.evaluateLinear(css, at: time / (ms / 1000)) - progress))
            }
            XCTAssertLessThanOrEqual(worst, maxError, "\(c.args): \(css.count) characters")
            XCTAssertLessThanOrEqual(worst, reached, "the printed error is a bound")
            XCTAssertLessThanOrEqual(
                reached - worst, maxError * 0.05, "the printed bound is close to the error reached")
        }
    }

    /// The transition ends at the target (CSS holds it): the last point is 1, and a --until that leaves the spring
    /// further than the asked error from its target is refused; --until past 1e6 s is a duration like any other.
    func testCSSEndsAtTheTargetAndUntil() throws {
        let text = try export("css", ["--damping-ratio", "0.5", "--response", "0.4", "--max-error", "0.0005"])
        XCTAssertTrue(text.contains(", 1);"), text)
        var r = try CLITests.dynsim(["export", "css", "--damping-ratio", "0.5", "--response", "0.4", "--until", "0.2"])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains("--until: at 0.2 s the spring is"), r.stderr)
        r = try CLITests.dynsim([
            "export", "swiftui", "--mass", "1", "--stiffness", "100", "--damping", "10", "--until", "1e7",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        r = try CLITests.dynsim([
            "export", "all", "--damping-ratio", "0.5", "--response", "0.4", "--from", "1", "--to", "1",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("/* css: no form for this spring:"), r.stdout)
        r = try CLITests.dynsim(["export", "css", "--damping-ratio", "1e-6", "--response", "0.5"])
        XCTAssertEqual(r.status, 64)
        r = try CLITests.dynsim(["export", "css", "--curve", "easeIn", "--max-error", "0.01"])
        XCTAssertEqual(r.status, 64)
    }

    func testCurvesAndBadInput() throws {
        XCTAssertTrue(try export("css", ["--curve", "easeInEaseOut"]).contains("cubic-bezier(0.42, 0, 0.58, 1)"))
        XCTAssertTrue(
            try export("android", ["--curve", "0.3,1.4,0.6,1"]).contains("PathInterpolator(0.3f, 1.4f, 0.6f, 1.0f)"))
        var r = try CLITests.dynsim(["export", "qml", "--curve", "easeIn"])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains(#"unknown target"#), r.stderr)
        r = try CLITests.dynsim(["export", "css", "--damping-ratio", "0", "--response", "1"])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains("--until: required"), r.stderr)
        r = try CLITests.dynsim([
            "export", "css", "--damping-ratio", "0.5", "--response", "1", "--from", "1", "--to", "1",
        ])
        XCTAssertEqual(r.status, 64)
    }
}
