import Foundation
import XCTest
import Dynamics
@testable import Scenes
import Playback
import IO

final class SamplingTests: XCTestCase {
    func testDefaultRunHasAHeaderAnd601Rows() throws {
        let table = Table(bytes: try output(Catalog.swingingView()))
        XCTAssertEqual(
            table.header,
            [
                "t", "view.x", "view.y", "view.angle", "view.vx", "view.vy", "view.omega",
                "anchor.x", "anchor.y",
            ])
        XCTAssertEqual(table.rows.count, 601)
        XCTAssertEqual(table.rows.last![0], 10)
    }

    func testRatesAgreeAtSharedTimestamps() throws {
        for profile in SolverProfile.allCases {
            var rows: [Double: [[Double]]] = [:]
            for rate in [30.0, 50.0, 60.0] {
                var scene = Catalog.swingingView()
                scene.profile = profile
                scene.duration = 3
                scene.rate = rate
                rows[rate] = Table(bytes: try output(scene)).rows
            }
            // 30, 50 and 60 Hz share every 0.1 s: rows 3k, 5k and 6k.
            var shared = 0
            for k in 0...30 {
                let a = rows[30]![3 * k], b = rows[50]![5 * k], c = rows[60]![6 * k]
                XCTAssertEqual(a, b, "\(profile) at t = \(a[0])")
                XCTAssertEqual(a, c, "\(profile) at t = \(a[0])")
                shared += 1
            }
            XCTAssertEqual(shared, 31)
        }
    }

    func testTwoRunsAreByteIdentical() throws {
        for name in Catalog.entries.map(\.name) {
            var scene = Catalog.scene(named: name)!
            scene.duration = min(scene.duration, 1)
            for profile in SolverProfile.allCases {
                scene.profile = profile
                XCTAssertEqual(try output(scene), try output(scene), "\(name), \(profile)")
            }
        }
    }

    func testSamplesBetweenStepsAreInterpolatedExactlyForUniformAcceleration() throws {
        // precise free fall is exact at the steps (velocity Verlet), and cubic Hermite interpolation through positions and
        // velocities is exact for a parabola, so a 1000 Hz output (most rows between the 480 Hz steps) matches
        // y0 + v0 t + g t² / 2 everywhere.
        var scene = Catalog.freeFall()
        scene.profile = .precise
        scene.rate = 1000
        let table = Table(bytes: try output(scene))
        XCTAssertEqual(table.rows.count, 1001)
        let y = table.column("box.y"), vy = table.column("box.vy")
        for row in table.rows {
            let t = row[0]
            XCTAssertEqual(row[y], 100 - 200 * t + 500 * t * t, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(row[vy], -200 + 1000 * t, accuracy: 1e-9, "t = \(t)")
        }
    }

    func testJSONLinesCarryTheSameNumbers() throws {
        var scene = Catalog.pendulum()
        scene.duration = 0.5
        let csv = Table(bytes: try output(scene))
        let lines = String(decoding: try output(scene, format: .jsonl), as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, csv.rows.count)
        for (line, row) in zip(lines, csv.rows) {
            // (Foundation's JSONSerialization on Linux does not round-trip doubles, so read the text.)
            guard case .object(let members) = try JSONParser.parse(Array(line.utf8)) else {
                return XCTFail("not an object")
            }
            XCTAssertEqual(members.map(\.key), csv.header)
            for (member, value) in zip(members, row) {
                guard case .number(_, let text) = member.value else { return XCTFail("not a number") }
                XCTAssertEqual(Double(text), value)
            }
        }
    }

    func testColumnsSelectAndOrderOutput() throws {
        var scene = Catalog.pendulum()
        scene.duration = 0.1
        scene.columns = ["t", "anchor.x", "bob.y"]
        let table = Table(bytes: try output(scene))
        XCTAssertEqual(table.header, ["t", "anchor.x", "bob.y"])
        XCTAssertEqual(table.rows[0][0], 0)
        XCTAssertEqual(table.rows[0][1], 187.5)
        XCTAssertEqual(table.rows[0][2], 150 + 100 * cos(Double.pi / 3), accuracy: 1e-12)
    }

    func testDivergenceIsReportedNotPrinted() throws {
        // An absurd initial velocity (1e300 pt/s) overflows the precise solver's arithmetic: the run must throw a
        // SimulationError before passing on a non-finite row, never crash or print nan. uikit clamps the motion to
        // Box2D's 200 pt per step instead and stays finite.
        var scene = Catalog.pendulum()
        scene.items[0].definition.velocity = Vector2(1e300, 0)
        scene.profile = .precise
        var rows = 0
        XCTAssertThrowsError(try SceneRun(scene: scene).run { _ in rows += 1 }) { error in
            XCTAssertTrue(error is SimulationError, "\(error)")
            XCTAssertTrue("\(error)".contains("is not finite"), "\(error)")
        }
        XCTAssertEqual(rows, 1)
        scene.profile = .uikit
        scene.duration = 1
        try SceneRun(scene: scene).run { row in
            if row[0] > 0 { XCTAssertLessThanOrEqual(abs(row[4]), 24_000.000001) }
        }
    }
}
