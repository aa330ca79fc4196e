import Springs
import XCTest

@testable import Bake

/// The css target's text for a hand-made bake, against expectations written by hand.
final class CSSTargetTests: XCTestCase {
    /// A 3 s bake of one circle named `a b` (a space in its name): x keyed at 0, 1 and 2.5 s, y constant, rotation
    /// keyed at 0 and 3 s.
    static let bake = Bake(
        duration: 3, frameRate: 60, sampleRate: 1000, width: 320, height: 480,
        objects: [
            BakedObject(
                name: "a b", kind: .item, shape: .ellipse(width: 40, height: 40), color: [1, 0, 0.5, 1],
                channels: [
                    BakeChannel(
                        property: .x, times: [0, 1, 2.5, 3], values: [10, 110.5, 100, 100],
                        easings: [CubicBezier(0.25, 0.1, 0.25, 1), CubicBezier(0.5, -0.25, 0.75, 1.5), .linear],
                        maxError: 0.1),
                    BakeChannel(property: .y, times: [0, 3], values: [200, 200], easings: [.linear], maxError: 0),
                    BakeChannel(
                        property: .rotation, times: [0, 3], values: [0, 370], easings: [CubicBezier(0, 0, 0.5, 1)],
                        maxError: 0.2),
                ])
        ], source: "hand")

    func testKeyframesCarryOffsetsValuesAndTheSegmentsEasing() {
        let css = CSSTarget.write(Self.bake, report: ["line one */ still a comment"])
        XCTAssertTrue(css.hasPrefix("/*\n * line one * / still a comment\n */\n"), css)
        let x = """
            @keyframes dynsim-a_20b-x {
                0% { --dynsim-x: 10px; animation-timing-function: cubic-bezier(0.25, 0.1, 0.25, 1); }
                33.33333333333333% { --dynsim-x: 110.5px; animation-timing-function: cubic-bezier(0.5, -0.25, 0.75, 1.5); }
                83.33333333333334% { --dynsim-x: 100px; animation-timing-function: cubic-bezier(0, 0, 1, 1); }
                100% { --dynsim-x: 100px; }
            }

            """
        XCTAssertTrue(css.contains(x), css)
        let rotation = """
            @keyframes dynsim-a_20b-rotate {
                0% { rotate: 0deg; animation-timing-function: cubic-bezier(0, 0, 0.5, 1); }
                100% { rotate: 370deg; }
            }

            """
        XCTAssertTrue(css.contains(rotation), css)
        // y never changes: written once, not animated.
        XCTAssertFalse(css.contains("dynsim-a_20b-y"), css)
        XCTAssertTrue(css.contains("    --dynsim-y: 200px;\n"), css)
        XCTAssertTrue(css.contains("    animation-name: dynsim-a_20b-x, dynsim-a_20b-rotate;\n"), css)
        XCTAssertTrue(css.contains("    translate: var(--dynsim-x) var(--dynsim-y);\n"), css)
        XCTAssertTrue(css.contains("    left: -20px;\n    top: -20px;\n    width: 40px;\n    height: 40px;\n"), css)
        XCTAssertTrue(css.contains("    border-radius: 50%;\n    background-color: rgb(255 0 127.5 / 1);\n"), css)
        XCTAssertTrue(css.contains("animation-duration: 3s; animation-timing-function: linear; "), css)
        XCTAssertTrue(css.contains("animation-fill-mode: both;"), css)
        XCTAssertTrue(
            css.contains(
                "@property --dynsim-x { syntax: \"<length>\"; inherits: false; initial-value: 0px; }\n"), css)
    }

    func testNamesBecomeSafeDistinctIdentifiers() {
        XCTAssertEqual(CSSTarget.identifier("view"), "dynsim-view")
        XCTAssertEqual(CSSTarget.identifier("a_b"), "dynsim-a_5fb")
        XCTAssertEqual(CSSTarget.identifier("a b"), "dynsim-a_20b")
        XCTAssertEqual(CSSTarget.identifier("é}"), "dynsim-_c3_a9_7d")
        let page = CSSTarget.page(Self.bake, stylesheet: "my scene#1.css")!
        XCTAssertTrue(page.contains("href=\"my%20scene%231.css\""), page)
        XCTAssertTrue(page.contains("<div class=\"dynsim-object\" id=\"dynsim-a_20b\" data-name=\"a b\"></div>"), page)
    }
}
