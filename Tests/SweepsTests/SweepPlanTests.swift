import IO
import XCTest

@testable import Sweeps

/// Plans, paths and metrics, each against values worked out by hand.
final class SweepPlanTests: XCTestCase {
    func testValuesForms() throws {
        XCTAssertEqual(try SweepAxis(parsing: "a=0.5,1,2").values, .list([0.5, 1, 2]))
        XCTAssertEqual(try SweepAxis(parsing: "a=0:1:5").values, .list([0, 0.25, 0.5, 0.75, 1]))
        // Geometric: 1, 10, 100, 1000 (ends exact).
        guard case .list(let log) = try SweepAxis(parsing: "a=1:1000:4:log").values else { return XCTFail() }
        XCTAssertEqual(log[0], 1)
        XCTAssertEqual(log[1], 10, accuracy: 1e-12)
        XCTAssertEqual(log[2], 100, accuracy: 1e-10)
        XCTAssertEqual(log[3], 1000)
        XCTAssertEqual(try SweepAxis(parsing: "items[0].density=uniform(1,2)").path, "items[0].density")
        XCTAssertEqual(try SweepAxis(parsing: "a=normal(0,3)").values, .normal(0, 3))
        XCTAssertEqual(try SweepAxis(parsing: "a=lhs(0,1)").values, .latinHypercube(0, 1))
    }

    func testBadValuesAreNamed() {
        let cases: [(String, String)] = [
            ("a", "--vary: must be PATH=VALUES (items[0].density=0.5,1,2), got \"a\""),
            ("a=1:1:3", "--vary: an empty range (from equals to), got \"a=1:1:3\""),
            ("a=0:1:1", "--vary: a range's count must be a whole number from 2 to 1000000, got \"a=0:1:1\""),
            ("a=0:1:3:log", "--vary: a log range needs positive ends, got \"a=0:1:3:log\""),
            ("a=1,x", "--vary: \"x\" is not a decimal number within ±1e9, got \"a=1,x\""),
            ("a=uniform(2,1)", "--vary: uniform(a,b) needs a < b, got \"a=uniform(2,1)\""),
            ("a=normal(0,0)", "--vary: normal(mean,sd) needs a positive sd, got \"a=normal(0,0)\""),
            ("a=nan", "--vary: \"nan\" is not a decimal number within ±1e9, got \"a=nan\""),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try SweepAxis(parsing: text)) { XCTAssertEqual("\($0)", message) }
        }
    }

    /// A grid is nested loops in the order given (the first outermost); a zip pairs values.
    func testGridAndZip() throws {
        let a = SweepAxis(path: "a", values: .list([1, 2])), b = SweepAxis(path: "b", values: .list([10, 20, 30]))
        XCTAssertEqual(
            try SweepPlan(axes: [a, b]).points, [[1, 10], [1, 20], [1, 30], [2, 10], [2, 20], [2, 30]])
        let c = SweepAxis(path: "c", values: .list([5, 6]))
        XCTAssertEqual(try SweepPlan(axes: [a, c], mode: .zip).points, [[1, 5], [2, 6]])
        XCTAssertThrowsError(try SweepPlan(axes: [a, b], mode: .zip)) {
            XCTAssertEqual("\($0)", "--zip: zipped fields need equal counts, got 2 for \"a\" and 3 for \"b\"")
        }
        XCTAssertThrowsError(try SweepPlan(axes: [a, a])) {
            XCTAssertEqual("\($0)", "--vary: each field is varied once, got \"a\" twice")
        }
    }

    /// Samples need a count and a seed; the same seed gives the same plan; a Latin hypercube puts one sample in each
    /// 1/N stratum of every axis.
    func testSamples() throws {
        let u = SweepAxis(path: "u", values: .latinHypercube(0, 10)), v = SweepAxis(path: "v", values: .uniform(-1, 1))
        XCTAssertThrowsError(try SweepPlan(axes: [u], samples: 5)) {
            XCTAssertEqual("\($0)", "--seed: random values need --seed S (so the sweep can be repeated), got none")
        }
        XCTAssertThrowsError(try SweepPlan(axes: [u], seed: 1)) {
            XCTAssertEqual("\($0)", "--samples: random values (\"u\") need --samples N, got none")
        }
        let p = try SweepPlan(axes: [u, v], samples: 20, seed: 42)
        XCTAssertEqual(p, try SweepPlan(axes: [u, v], samples: 20, seed: 42))
        XCTAssertNotEqual(p, try SweepPlan(axes: [u, v], samples: 20, seed: 43))
        XCTAssertEqual(Set(p.points.map { Int($0[0] / 0.5) }), Set(0..<20), "one sample per stratum")
        XCTAssertTrue(p.points.allSatisfy { $0[1] >= -1 && $0[1] < 1 })
        // Mixed with a list: every list value takes every sample, the samples varying fastest.
        let g = try SweepPlan(axes: [SweepAxis(path: "g", values: .list([1, 2])), u], samples: 3, seed: 7)
        XCTAssertEqual(g.points.map { $0[0] }, [1, 1, 1, 2, 2, 2])
        XCTAssertEqual(g.points[0..<3].map { $0[1] }, g.points[3..<6].map { $0[1] })
    }

    func testScenePaths() throws {
        let json = try JSONParser.parse(
            Array(
                #"{"items": [{"name": "a", "density": 1}], "layers": [{"name": "l", "transform.rotation.z": 0.5}]}"#
                    .utf8))
        let set = try ScenePath.setting(2, at: "items[0].density", in: json)
        XCTAssertEqual(ScenePath.value(at: "items[0].density", in: set), 2)
        // A key with dots; a field the file leaves out is added.
        let r = try ScenePath.setting(1.5, at: "layers[0].transform.rotation.z", in: json)
        XCTAssertEqual(ScenePath.value(at: "layers[0].transform.rotation.z", in: r), 1.5)
        let added = try ScenePath.setting(3, at: "items[0].friction", in: json)
        XCTAssertEqual(ScenePath.value(at: "items[0].friction", in: added), 3)
        XCTAssertThrowsError(try ScenePath.setting(1, at: "items[3].density", in: json)) {
            XCTAssertEqual("\($0)", "--vary: items[3]: no such element (items has 1), got \"items[3].density\"")
        }
        // Components by name: a point's x and y, a keyframe row's t, x and y.
        let rows = try JSONParser.parse(Array(#"{"c": [1, 2], "keyframes": [[0, 5, 6], [1, 7, 8]]}"#.utf8))
        XCTAssertEqual(ScenePath.value(at: "c[1]", in: try ScenePath.setting(9, at: "c.y", in: rows)), 9)
        XCTAssertEqual(
            ScenePath.value(at: "keyframes[1][1]", in: try ScenePath.setting(9, at: "keyframes[1].x", in: rows)), 9)
        XCTAssertThrowsError(try ScenePath.setting(1, at: "c.z", in: rows)) {
            XCTAssertEqual("\($0)", "--vary: c is an array: index it as c[0] or name a component (x, y), got \"c.z\"")
        }
        XCTAssertThrowsError(try ScenePath.setting(1, at: "[0]", in: json)) {
            XCTAssertEqual("\($0)", "--vary: the scene is an object: name a field (items[0].density), got \"[0]\"")
        }
        XCTAssertThrowsError(try ScenePath.setting(1, at: "items[0].name", in: json)) {
            XCTAssertEqual("\($0)", "--vary: items[0].name holds \"a\", not a number: a sweep varies numeric fields")
        }
    }

    /// Each column metric on a series worked out by hand: 0, 50, 120, 90, 101, 100 at t = 0, 0.1, ... 0.5.
    func testColumnMetrics() {
        let v = [0.0, 50, 120, 90, 101, 100], t = (0..<6).map { Double($0) / 10 }
        XCTAssertEqual(SweepMetric.measure(.final, v, times: t, nil, nil), 100)
        XCTAssertEqual(SweepMetric.measure(.max, v, times: t, nil, nil), 120)
        XCTAssertEqual(SweepMetric.measure(.argmax, v, times: t, nil, nil), 0.2)
        XCTAssertEqual(SweepMetric.measure(.argmin, v, times: t, nil, nil), 0)
        // Within ±2 of 100 from the row at 0.4 (the row at 0.3 is 10 away).
        XCTAssertEqual(SweepMetric.measure(.settle, v, times: t, 2, nil), 0.4)
        XCTAssertEqual(SweepMetric.measure(.settle, v, times: t, 0.5, 200), nil, "never within the band")
        XCTAssertEqual(SweepMetric.measure(.overshoot, v, times: t, nil, nil), 20)
        // 10 % of the way (10) first reached at 0.1, 90 % (90) at 0.2.
        XCTAssertEqual(SweepMetric.measure(.rise, v, times: t, nil, nil)!, 0.1, accuracy: 1e-15)
        XCTAssertThrowsError(try SweepMetric(parsing: "settle:x")) {
            XCTAssertEqual(
                "\($0)", "--metric: settle needs a positive band (settle:COLUMN:BAND[:TARGET]), got \"settle:x\"")
        }
        XCTAssertThrowsError(try SweepMetric(parsing: "mean:x")) {
            XCTAssertTrue("\($0)".hasPrefix("--metric: must be KIND:SUBJECT[:ARG] with KIND one of final, min"))
        }
    }
}
