import Foundation
import Springs
import XCTest

@testable import Bake

/// The Lottie target's structure for a hand-made bake, read back with Foundation's own JSON parser; every expected
/// number is worked out by hand below, none by the code under test.
final class LottieTargetTests: XCTestCase {
    /// One 40 × 20 rectangle (corner 4, red) over 1.25 s at 60 fps on a 390.2 × 844 screen: x through three keys, y
    /// held, a turn with an overshooting easing, sx and sy on different key times, opacity fading.
    static let bake = Bake(
        duration: 1.25, frameRate: 60, sampleRate: 1000, width: 390.2, height: 844,
        objects: [
            BakedObject(
                name: "box", kind: .view, shape: .rectangle(width: 40, height: 20, cornerRadius: 4),
                color: [1, 0, 0, 0.5],
                channels: [
                    BakeChannel(
                        property: .x, times: [0, 0.5, 1.25], values: [10, 60, 40],
                        easings: [CubicBezier(0.25, 0.1, 0.25, 1), CubicBezier(0.42, 0, 0.58, 1)], maxError: 0.1),
                    BakeChannel(
                        property: .y, times: [0, 1.25], values: [100, 100], easings: [.linear], maxError: 0),
                    BakeChannel(
                        property: .rotation, times: [0, 1.25], values: [0, 90],
                        easings: [CubicBezier(0.3, -0.5, 0.7, 1.5)], maxError: 0.2),
                    BakeChannel(
                        property: .scaleX, times: [0, 1.25], values: [1, 2], easings: [.linear], maxError: 0),
                    BakeChannel(
                        property: .scaleY, times: [0, 0.6, 1.25], values: [1, 0.5, 1], easings: [.linear, .linear],
                        maxError: 0),
                    BakeChannel(
                        property: .opacity, times: [0, 1.25], values: [1, 0.5], easings: [.linear], maxError: 0),
                ])
        ], source: "hand-made")

    static func parse(_ bake: Bake, report: [String] = ["line one", "line two"]) throws -> [String: Any] {
        let text = LottieTarget.write(bake, report: report)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func keys(_ property: Any?) throws -> [[String: Any]] {
        let p = try XCTUnwrap(property as? [String: Any])
        XCTAssertEqual(p["a"] as? Int, 1)
        return try XCTUnwrap(p["k"] as? [[String: Any]])
    }

    static func numbers(_ any: Any?) -> [Double] { (any as? [NSNumber])?.map(\.doubleValue) ?? [] }

    func testTheRootHasTheFrameRateTheEndFrameTheRoundedUpCanvasAndTheReport() throws {
        let root = try Self.parse(Self.bake)
        XCTAssertEqual(root["v"] as? String, "5.7.4")
        XCTAssertEqual((root["fr"] as? NSNumber)?.doubleValue, 60)
        XCTAssertEqual((root["ip"] as? NSNumber)?.doubleValue, 0)
        XCTAssertEqual((root["op"] as? NSNumber)?.doubleValue, 75)  // 1.25 s × 60
        XCTAssertEqual((root["w"] as? NSNumber)?.doubleValue, 391)  // 390.2 rounded up
        XCTAssertEqual((root["h"] as? NSNumber)?.doubleValue, 844)
        XCTAssertEqual((root["meta"] as? [String: Any])?["d"] as? String, "line one\nline two")
        let layers = try XCTUnwrap(root["layers"] as? [[String: Any]])
        XCTAssertEqual(layers.count, 1)
        XCTAssertEqual(layers[0]["ty"] as? Int, 4)
        XCTAssertEqual(layers[0]["nm"] as? String, "box")
    }

    func testPositionIsSplitWithEachSegmentsHandlesOnItsStartingKeyAndTimesInFrames() throws {
        let ks = try XCTUnwrap((try Self.parse(Self.bake)["layers"] as? [[String: Any]])?[0]["ks"] as? [String: Any])
        XCTAssertEqual(Self.numbers((ks["a"] as? [String: Any])?["k"]), [0, 0])
        let p = try XCTUnwrap(ks["p"] as? [String: Any])
        XCTAssertEqual(p["s"] as? Bool, true)
        let x = try Self.keys(p["x"])
        XCTAssertEqual(x.map { ($0["t"] as? NSNumber)?.doubleValue }, [0, 30, 75])  // 0, 0.5, 1.25 s × 60
        XCTAssertEqual(x.map { Self.numbers($0["s"]) }, [[10], [60], [40]])
        XCTAssertEqual(Self.numbers((x[0]["o"] as? [String: Any])?["x"]), [0.25])
        XCTAssertEqual(Self.numbers((x[0]["o"] as? [String: Any])?["y"]), [0.1])
        XCTAssertEqual(Self.numbers((x[0]["i"] as? [String: Any])?["x"]), [0.25])
        XCTAssertEqual(Self.numbers((x[0]["i"] as? [String: Any])?["y"]), [1])
        XCTAssertEqual(Self.numbers((x[1]["o"] as? [String: Any])?["x"]), [0.42])
        XCTAssertEqual(Self.numbers((x[1]["i"] as? [String: Any])?["x"]), [0.58])
        XCTAssertNil(x[2]["o"])  // the last key: t and s alone
        XCTAssertNil(x[2]["i"])
        XCTAssertNil(x[2]["e"])
        // y never changes: written once.
        let y = try XCTUnwrap(p["y"] as? [String: Any])
        XCTAssertEqual(y["a"] as? Int, 0)
        XCTAssertEqual((y["k"] as? NSNumber)?.doubleValue, 100)
        // Rotation in degrees, its handles' y outside [0, 1] kept.
        let r = try Self.keys(ks["r"])
        XCTAssertEqual(r.map { Self.numbers($0["s"]) }, [[0], [90]])
        XCTAssertEqual(Self.numbers((r[0]["o"] as? [String: Any])?["y"]), [-0.5])
        XCTAssertEqual(Self.numbers((r[0]["i"] as? [String: Any])?["y"]), [1.5])
        // Opacity in percent.
        XCTAssertEqual(try Self.keys(ks["o"]).map { Self.numbers($0["s"]) }, [[100], [50]])
    }

    func testScalesOnDifferentKeyTimesGoOneToTheLayerAndOneToTheGroup() throws {
        let layer = try XCTUnwrap((try Self.parse(Self.bake)["layers"] as? [[String: Any]])?[0])
        let s = try Self.keys((layer["ks"] as? [String: Any])?["s"])
        XCTAssertEqual(s.map { ($0["t"] as? NSNumber)?.doubleValue }, [0, 75])
        XCTAssertEqual(s.map { Self.numbers($0["s"]) }, [[100, 100], [200, 100]])
        XCTAssertEqual(Self.numbers((s[0]["o"] as? [String: Any])?["x"]), [0, 0])  // linear, per dimension
        let group = try XCTUnwrap((layer["shapes"] as? [[String: Any]])?.first)
        XCTAssertEqual(group["ty"] as? String, "gr")
        let items = try XCTUnwrap(group["it"] as? [[String: Any]])
        XCTAssertEqual(items.map { $0["ty"] as? String }, ["rc", "fl", "tr"])
        XCTAssertEqual(Self.numbers((items[0]["s"] as? [String: Any])?["k"]), [40, 20])
        XCTAssertEqual(((items[0]["r"] as? [String: Any])?["k"] as? NSNumber)?.doubleValue, 4)
        XCTAssertEqual(Self.numbers((items[1]["c"] as? [String: Any])?["k"]), [1, 0, 0])
        XCTAssertEqual(((items[1]["o"] as? [String: Any])?["k"] as? NSNumber)?.doubleValue, 50)
        let sy = try Self.keys(items[2]["s"])
        XCTAssertEqual(sy.map { ($0["t"] as? NSNumber)?.doubleValue }, [0, 36, 75])  // 0, 0.6, 1.25 s × 60
        XCTAssertEqual(sy.map { Self.numbers($0["s"]) }, [[100, 100], [100, 50], [100, 100]])
    }

    func testScalesOnSharedKeysAndEasingsStayTogetherOnTheLayer() throws {
        var bake = Self.bake
        bake.objects[0].channels[4] = BakeChannel(
            property: .scaleY, times: [0, 1.25], values: [1, 3], easings: [.linear], maxError: 0)
        let layer = try XCTUnwrap((try Self.parse(bake)["layers"] as? [[String: Any]])?[0])
        let s = try Self.keys((layer["ks"] as? [String: Any])?["s"])
        XCTAssertEqual(s.map { Self.numbers($0["s"]) }, [[100, 100], [200, 300]])
        let items = try XCTUnwrap((layer["shapes"] as? [[String: Any]])?.first?["it"] as? [[String: Any]])
        XCTAssertEqual((items[2]["s"] as? [String: Any])?["a"] as? Int, 0)
        XCTAssertEqual(Self.numbers((items[2]["s"] as? [String: Any])?["k"]), [100, 100])
    }

    /// A bounce from 0 back to 1e−9 over 1 s: easing (0.5, 1e11, 0.5, 1e11), exact in doubles, noise in a player's
    /// floats. Split at the curve's midpoint by hand (de Casteljau with Y = 1e11): the midpoint is (0.5, 0.75·Y +
    /// 0.125), so a key at frame 30 of value 1e−9 · (0.75e11 + 0.125) ≈ 75; the left half's handles (0.25, Y/2) and
    /// (0.375, 0.75·Y) over (0.5, 0.75·Y) are (0.5, 2/3) and (0.75, 1); the right half's (0.625, (3Y + 1)/4) and
    /// (0.75, (Y + 1)/2), taken from the midpoint over (0.5, 1 − 0.75·Y − 0.125), are (0.25, ≈ 0) and (0.5, ≈ 1/3).
    func testASegmentWithHandlesFarOutsideTheUnitRangeIsSplitExactlyAtItsMidpoint() throws {
        let bounce = Bake(
            duration: 1, frameRate: 60, sampleRate: 1000, width: 100, height: 100,
            objects: [
                BakedObject(
                    name: "ball", kind: .item, shape: .ellipse(width: 10, height: 10), color: [0, 0, 1, 1],
                    channels: [
                        BakeChannel(
                            property: .x, times: [0, 1], values: [50, 50], easings: [.linear], maxError: 0),
                        BakeChannel(
                            property: .y, times: [0, 1], values: [0, 1e-9],
                            easings: [CubicBezier(0.5, 1e11, 0.5, 1e11)],
                            maxError: 0),
                    ])
            ], source: "bounce")
        let p = try XCTUnwrap(
            ((try Self.parse(bounce)["layers"] as? [[String: Any]])?[0]["ks"] as? [String: Any])?["p"]
                as? [String: Any])
        let y = try Self.keys(p["y"])
        XCTAssertEqual(y.map { ($0["t"] as? NSNumber)?.doubleValue }, [0, 30, 60])
        XCTAssertEqual(Self.numbers(y[1]["s"]).first ?? 0, 75, accuracy: 1e-6)
        XCTAssertEqual(Self.numbers(y[2]["s"]), [1e-9])
        func handle(_ k: Int, _ side: String) -> [Double] {
            let h = y[k][side] as? [String: Any]
            return Self.numbers(h?["x"]) + Self.numbers(h?["y"])
        }
        for (got, want) in zip(
            [handle(0, "o"), handle(0, "i"), handle(1, "o"), handle(1, "i")],
            [[0.5, 2.0 / 3], [0.75, 1], [0.25, 0], [0.5, 1.0 / 3]] as [[Double]])
        {
            XCTAssertEqual(got.count, 2)
            for (g, w) in zip(got, want) { XCTAssertEqual(g, w, accuracy: 1e-9) }
        }
    }
}
