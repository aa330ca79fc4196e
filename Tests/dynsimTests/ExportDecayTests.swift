import Foundation
import XCTest

/// `dynsim export TARGET --velocity V`: each block's numbers are read back as the platform reads them, its law is
/// written out here from the platform's source (with its stopping rule), and it is compared with UIScrollView's
/// recurrence run here (each millisecond v *= c, then x += v) every millisecond until both rest: the gap each block
/// prints must bound what is measured here, and be no more than that rounded up to two digits.
final class ExportDecayTests: XCTestCase {
    /// A flick: release value, velocity (per second) and rate per millisecond.
    struct Flick {
        var x0: Double, v0: Double, c: Double
        var args: [String]

        /// UIScrollView's recurrence, run here: the value after each whole millisecond, until 1e-9 of a unit per ms is
        /// left of the velocity (values[n] is the value at n ms), and where it rests.
        func recurrence() -> (values: [Double], rest: Double) {
            var x = x0, v = v0 / 1000, values = [x0]
            while abs(v) > 1e-9 {
                v *= c
                x += v
                values.append(x)
            }
            return (values, x + v * c / (1 - c))
        }
    }

    static let flicks = [
        Flick(x0: 0, v0: 1000, c: 0.998, args: ["--velocity", "1000"]),
        Flick(
            x0: 50, v0: -2500, c: 0.99, args: ["--velocity", "-2500", "--from", "50", "--deceleration-rate", "fast"]),
        Flick(x0: 0, v0: 800, c: 0.995, args: ["--velocity", "800", "--deceleration-rate", "0.995"]),
    ]

    /// The number after `label` in `text` (`setFriction(0.47f)`, `power: 0.49`, `FrictionSimulation(0.135`).
    func number(_ label: String, in text: String, line: UInt = #line) -> Double {
        let pattern = try! NSRegularExpression(
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

    /// The largest gap between `law` (stopped at `end` s, resting at `rest`) and the recurrence, every ms until both
    /// rest, and at rest.
    func gap(_ flick: Flick, _ law: (Double) -> Double, end: Double, rest: Double) -> Double {
        let (values, truthRest) = flick.recurrence()
        var worst = abs(rest - truthRest)
        for ms in 0...max(values.count - 1, Int((end * 1000).rounded(.up))) {
            let truth = ms < values.count ? values[ms] : truthRest
            worst = max(worst, abs(law(Double(ms) / 1000) - truth))
        }
        return worst
    }

    /// The printed bound ("at most 0.5 px") holds the measured gap, and is that rounded up to two digits at most.
    func checkBound(_ text: String, _ measured: Double, _ what: String) {
        // The comment as one line: a number may follow "at most" on the next comment line.
        let bound = number("at most", in: text.replacingOccurrences(of: "\n// ", with: " "))
        XCTAssertGreaterThanOrEqual(bound, measured, "\(what): printed \(bound), measured \(measured)")
        XCTAssertLessThanOrEqual(bound, measured * 1.1 + 1e-12, "\(what): printed \(bound), measured \(measured)")
    }

    func export(_ target: String, _ flick: Flick) throws -> String {
        let r = try CLITests.dynsim(["export", target] + flick.args)
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout
    }

    /// The continuous family: FlingAnimation, exponentialDecay, FrictionSimulation, inertia and Animated.decay.
    func testEachDecayFollowsUIScrollViewWithinItsPrintedBound() throws {
        for flick in ExportDecayTests.flicks {
            let (x0, v0) = (flick.x0, flick.v0)
            let lnc = log(flick.c)
            // androidx FlingAnimation: x0 − v0/k + (v0/k)·e^(kt), k = −4.2·friction; it ends when the speed falls
            // below 0.75 · minimumVisibleChange · 1000/16 (Float parameters).
            var text = try export("android", flick)
            let friction = number("setFriction", in: text), change = number("setMinimumVisibleChange", in: text)
            var k = -4.2 * friction
            XCTAssertEqual(k, 1000 * lnc, accuracy: 1e-6 * abs(k), "android: k = 1000·ln c")
            var end = log(0.75 * change * 62.5 / abs(v0)) / k
            let flingRest = x0 - v0 / k + v0 / k * exp(k * end)
            XCTAssertLessThanOrEqual(abs(flingRest - (x0 - v0 / k)), 0.5, "android: stops within 0.5 of rest")
            checkBound(
                text, gap(flick, { x0 - v0 / k + v0 / k * exp(k * min($0, end)) }, end: end, rest: flingRest), "android"
            )
            // Compose exponentialDecay: the same law with friction −4.2 · frictionMultiplier, ended below 0.1 per s.
            text = try export("compose", flick)
            k = -4.2 * number("frictionMultiplier =", in: text)
            end = log(0.1 / abs(v0)) / k
            checkBound(
                text,
                gap(
                    flick, { x0 - v0 / k + v0 / k * exp(k * min($0, end)) }, end: end,
                    rest: x0 - v0 / k * (1 - exp(k * end))),
                "compose")
            // Flutter FrictionSimulation(drag, x0, v0): x0 + v0·(drag^t − 1)/ln drag, done below 1e-3 per second.
            text = try export("flutter", flick)
            let drag = number("FrictionSimulation", in: text)
            XCTAssertEqual(log(drag), 1000 * lnc, accuracy: 1e-9 * abs(lnc * 1000), "flutter: drag = c^1000")
            end = log(1e-3 / abs(v0)) / log(drag)
            func simulation(_ t: Double) -> Double { x0 + v0 * (pow(drag, min(t, end)) - 1) / log(drag) }
            checkBound(text, gap(flick, simulation, end: end, rest: simulation(end)), "flutter")
            // Motion inertia: amplitude power·v0, target x0 + amplitude, x = target − amplitude·e^(−t/τ) (τ in ms),
            // jumping to the target once |amplitude·e^(−t/τ)| ≤ restDelta 0.5. It starts at amplitude/τ: v0.
            text = try export("motion", flick)
            let power = number("power", in: text), tau = number("timeConstant", in: text)
            XCTAssertEqual(power * v0 / (tau / 1000), v0, accuracy: 1e-9 * abs(v0), "motion: starts at v0")
            let amplitude = power * v0
            end = tau * log(abs(amplitude) / 0.5) / 1000
            func inertia(_ t: Double) -> Double {
                t >= end ? x0 + amplitude : x0 + amplitude - amplitude * exp(-t * 1000 / tau)
            }
            checkBound(text, gap(flick, inertia, end: end, rest: x0 + amplitude), "motion")
            // React Native Animated.decay: from + v/(1 − d)·(1 − e^(−(1 − d)·t)), t in ms, v per ms, evaluated at 60
            // frames a second and ended on the first frame that moves less than 0.1.
            text = try export("react-native", flick)
            let v = number("velocity", in: text), d = number("deceleration", in: text)
            XCTAssertEqual(v, v0 / 1000, accuracy: 1e-12)
            func rn(_ t: Double) -> Double { x0 + v / (1 - d) * (1 - exp(-(1 - d) * t * 1000)) }
            var frame = 1
            while abs(rn(Double(frame) / 60) - rn(Double(frame - 1) / 60)) >= 0.1 { frame += 1 }
            end = Double(frame) / 60
            checkBound(text, gap(flick, { rn(min($0, end)) }, end: end, rest: rn(end)), "react-native")
        }
    }

    /// Apple's: the rate itself and the projection; CSS: a linear() of the recurrence's progress within the error.
    func testUIKitSwiftUIAndCSS() throws {
        for flick in ExportDecayTests.flicks {
            let (_, rest) = flick.recurrence()
            let uikit = try export("uikit", flick)
            XCTAssertEqual(number("restingPoint =", in: uikit), flick.x0, "the release value")
            XCTAssertEqual(number("decelerationRate:", in: uikit), flick.c)
            XCTAssertEqual(number("// ", in: String(uikit.split(separator: "\n").last!)), rest, accuracy: 1e-9)
            let css = try export("css", flick)
            let line = try XCTUnwrap(css.split(separator: "\n").first { $0.hasPrefix("transition:") })
            let ms = number("transform", in: String(line))
            let easing = String(line[line.range(of: "linear(")!.lowerBound...].dropLast())
            let bound = number("error at most", in: css)
            XCTAssertLessThanOrEqual(bound, 0.001)
            var worst = 0.0
            for (n, truth) in flick.recurrence().values.enumerated() where Double(n) <= ms {
                let progress = ExportTests.evaluateLinear(easing, at: Double(n) / ms)
                worst = max(worst, abs(progress - (truth - flick.x0) / (rest - flick.x0)))
            }
            XCTAssertLessThanOrEqual(worst, bound, "css \(flick.args)")
            XCTAssertGreaterThan(worst, bound / 4, "css \(flick.args): the bound is measured, not loose")
        }
    }

    func testRefusals() throws {
        for (args, message) in [
            (
                ["all", "--velocity", "1000", "--damping-ratio", "0.5"],
                "--damping-ratio: a spring or curve option beside"
            ),
            (
                ["all", "--velocity", "1000", "--curve", "linear"],
                "--curve: a spring or curve option beside --velocity"
            ),
            (["all", "--deceleration-rate", "fast"], "--deceleration-rate: applies to a flick; give --velocity V too"),
            (
                ["all", "--velocity", "1000", "--deceleration-rate", "1"],
                "--deceleration-rate: must be between 0 and 1"
            ),
            (["css", "--velocity", "0"], "--velocity: CSS linear() eases a progress over a distance"),
            (
                ["uikit", "--velocity", "1", "--deceleration-rate", "0.9999999999"],
                "--deceleration-rate: a flick at this"
            ),
        ] {
            let r = try CLITests.dynsim(["export"] + args)
            XCTAssertEqual(r.status, 64, "\(args)")
            XCTAssertTrue(r.stderr.contains("dynsim: error: " + message), "\(args): \(r.stderr)")
        }
        // `all` says in CSS's place why there is no form, and prints the others.
        let r = try CLITests.dynsim(["export", "all", "--velocity", "0"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("/* css: no form for this flick: --velocity: CSS linear()"), r.stdout)
    }
}
