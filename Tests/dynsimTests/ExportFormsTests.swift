import Foundation
import XCTest

/// `dynsim export`'s platform forms that are not a spring's physical parameters, each re-derived here by the platform's
/// own published rule (written in this test from Motion's spring generator and React Native's SpringAnimation, not
/// dynsim's code), and the issue repros: Motion's duration forms, React Native's damping 0, Core Animation's --until,
/// Float's rounding, and CSS for fast overdamped springs.
final class ExportFormsTests: XCTestCase {
    private func export(_ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let r = try CLITests.dynsim(["export"] + args)
        return (r.status, r.stdout, r.stderr)
    }

    /// The number after `label` on the line that holds `marker`.
    private func number(_ label: String, onLineWith marker: String, in text: String) -> Double? {
        guard let line = text.split(separator: "\n").first(where: { $0.contains(marker) && !$0.hasPrefix("//") }),
            let range = line.range(of: label + ": ")
        else { return nil }
        let rest = line[range.upperBound...].prefix { "0123456789.-e+".contains($0) }
        return Double(rest)
    }

    /// Motion's findSpring (motion's spring generator, `find.ts`): ζ = clamp(0.05, 1, 1 − bounce), duration clamped
    /// to 0.01 ... 10 s, velocity 0; envelope e^(−ζωd) ζω / ω_d = 0.001 (critically damped: e^(−ωd)(ωd + 1) = 0.001),
    /// solved by 11 Newton steps from ω = 5 / d with Motion's derivative; stiffness ω², damping 2ζ√stiffness.
    private func motionFindSpring(duration: Double, bounce: Double) -> (stiffness: Double, damping: Double) {
        let zeta = min(1, max(0.05, 1 - bounce)), d = min(10, max(0.01, duration)), safeMin = 0.001
        let root = (1 - zeta * zeta).squareRoot()
        func envelope(_ w: Double) -> Double {
            zeta < 1 ? safeMin - (w * zeta / (w * root)) * exp(-w * zeta * d) : exp(-w * d) * (w * d + 1) - safeMin
        }
        func derivative(_ w: Double) -> Double {
            if zeta == 1 { return exp(-w * d) * (0 - w) * d * d }
            let factor: Double = -envelope(w) + safeMin > 0 ? -1 : 1
            return factor * (0 - zeta * zeta * w * w * d) * exp(-w * zeta * d) / (w * w * root)
        }
        var w = 5 / d
        for _ in 1..<12 { w -= envelope(w) / derivative(w) }
        return (w * w, zeta * 2 * w)
    }

    func testMotionsDurationFormsGiveTheSameSpringByMotionsRules() throws {
        for (zeta, response) in [(0.7, 0.5), (0.3, 0.4), (1.0, 0.8), (0.05, 0.1), (0.5, 0.05)] {
            let out = try export(["motion", "--damping-ratio", "\(zeta)", "--response", "\(response)"])
            XCTAssertEqual(out.status, 0, out.stderr)
            let k = pow(2 * .pi / response, 2), c = 4 * .pi * zeta / response
            // visualDuration: stiffness = (2π / (1.2 visualDuration))², damping = 2 clamp(0.05, 1, 1 − bounce) √stiffness.
            let visual = try XCTUnwrap(
                number("visualDuration", onLineWith: "visualDuration", in: out.stdout), out.stdout)
            let vb = try XCTUnwrap(number("bounce", onLineWith: "visualDuration", in: out.stdout))
            let vk = pow(2 * .pi / (visual * 1.2), 2)
            XCTAssertEqual(vk, k, accuracy: 1e-9 * k, "visualDuration, ζ \(zeta)")
            XCTAssertEqual(
                2 * min(1, max(0.05, 1 - vb)) * vk.squareRoot(), c, accuracy: 1e-9 * c, "visualDuration, ζ \(zeta)")
            // duration: Motion's findSpring from the printed duration and bounce.
            let duration = try XCTUnwrap(number("duration", onLineWith: "duration: ", in: out.stdout), out.stdout)
            let db = try XCTUnwrap(number("bounce", onLineWith: "duration: ", in: out.stdout))
            let found = motionFindSpring(duration: duration, bounce: db)
            XCTAssertEqual(found.stiffness, k, accuracy: 1e-8 * k, "duration, ζ \(zeta), R \(response)")
            XCTAssertEqual(found.damping, c, accuracy: 1e-8 * c, "duration, ζ \(zeta), R \(response)")
        }
        // Outside Motion's ranges, and with a velocity (its time-defined springs start at rest): said, not printed.
        let over = try export(["motion", "--damping-ratio", "2", "--response", "0.5"]).stdout
        XCTAssertTrue(over.contains("// no visualDuration form") && over.contains("// no duration form"), over)
        // ζ 0.05 at response 1 s: Motion's envelope ζ ω d = ln(ζ / (0.001 √(1 − ζ²))) needs d = 12.5 s, past its 10 s.
        let slow = try export(["motion", "--damping-ratio", "0.05", "--response", "1"]).stdout
        XCTAssertTrue(slow.contains("// no duration form") && slow.contains("visualDuration: "), slow)
        let moving = try export(["motion", "--damping-ratio", "0.5", "--response", "0.5", "--initial-velocity", "3"])
            .stdout
        XCTAssertTrue(moving.contains("start at rest"), moving)
    }

    func testReactNativeNeverPrintsDampingZero() throws {
        // React Native's SpringAnimation: invariant(damping > 0, 'Damping value must be greater than 0').
        let out = try export(["react-native", "--mass", "1", "--stiffness", "100", "--damping", "0", "--until", "2"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertFalse(out.stdout.contains("damping: 0,"), out.stdout)
        XCTAssertTrue(out.stdout.contains("requires damping > 0"), out.stdout)
    }

    func testCoreAnimationDurationIsUntilWhenGiven() throws {
        let out = try export(["core-animation", "--damping-ratio", "0.7", "--response", "0.5", "--until", "2"]).stdout
        XCTAssertTrue(out.contains("animation.duration = 2 "), out)
        XCTAssertFalse(out.contains("animation.duration = animation.settlingDuration"), out)
    }

    func testFloatRoundingIsSaidWhenItMatters() throws {
        // −838.08 to −838.07: Float's spacing near 838 is 2^-14 = 6.1e-5, 0.6% of the 0.01 distance.
        for target in ["android", "compose"] {
            let far = try export([
                target, "--damping-ratio", "0.7", "--response", "0.5", "--from", "-838.08", "--to", "-838.07",
            ]).stdout
            XCTAssertTrue(far.contains("Float rounding moves"), far)
            let near = try export([target, "--damping-ratio", "0.7", "--response", "0.5", "--from", "0", "--to", "300"])
                .stdout
            XCTAssertTrue(near.contains("exact (Float)"), near)
            // 1e6 to 1e6 + 0.5: both ends are Floats, but every value between is rounded to Float's spacing near 1e6,
            // 2^-4 = 0.0625, half of which is 6.2% of the distance (once "exact (Float)").
            let held = try export([
                target, "--damping-ratio", "0.7", "--response", "0.5", "--from", "1e6", "--to", "1000000.5",
            ]).stdout
            XCTAssertTrue(held.contains("Float rounding moves the values by up to 0.062 of the distance"), held)
            // 0 to 1e-45 (a Float subnormal, 1.4e-45): the note does not blame |from|, which is 0.
            let tiny = try export([
                target, "--damping-ratio", "0.7", "--response", "0.5", "--from", "0", "--to", "1e-45",
            ]).stdout
            XCTAssertTrue(tiny.contains("Float rounding moves") && !tiny.contains("|from|"), tiny)
        }
    }

    func testCSSServesFastOverdampedSprings() throws {
        // Once refused ("201 points, error 0.0011"): ζ 1.5 at response 0.02 s, and ζ 5 at 0.01 s.
        for (zeta, response) in [(1.5, 0.02), (5.0, 0.01), (3.0, 0.04)] {
            let out = try export(["css", "--damping-ratio", "\(zeta)", "--response", "\(response)"])
            XCTAssertEqual(out.status, 0, "ζ \(zeta), R \(response): \(out.stderr)")
            let bound = try XCTUnwrap(
                number(
                    "error at most", onLineWith: "error at most",
                    in: out.stdout.replacingOccurrences(of: "at most ", with: "at most: ")))
            XCTAssertLessThanOrEqual(bound, 0.001)
        }
    }
}
