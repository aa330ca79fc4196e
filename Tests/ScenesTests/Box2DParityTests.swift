import Foundation
import XCTest
import Dynamics
@testable import Scenes

/// `uikit` profile: parity with Box2D 2.4.1 configured as UIKit's engine (100 pt/m, two 1/120 s steps per 1/60 s frame,
/// 8/3 iterations, anchors moved by position). The golden CSVs come from Oracles/box2d (`bash Oracles/box2d/regenerate.sh`),
/// an independent C++ program against Debian's libbox2d; these tests only read them.
final class Box2DParityTests: XCTestCase {
    /// Worst absolute difference of the item position columns (x, y, angle) up to `until` seconds.
    func worstDifference(_ scene: Scene, fixture name: String, until: Double, file: StaticString = #filePath,
                         line: UInt = #line) throws -> Double {
        let golden = try fixture(name)
        let ours = Table(bytes: try output(scene))
        XCTAssertEqual(ours.header, golden.header, file: file, line: line)
        var worst = 0.0
        var compared = 0
        for (a, b) in zip(ours.rows, golden.rows) where a[0] <= until + 1e-9 {
            XCTAssertEqual(a[0], b[0], accuracy: 1e-12, file: file, line: line)
            for name in golden.header where name.hasSuffix(".x") || name.hasSuffix(".y") || name.hasSuffix(".angle") {
                let k = golden.column(name)
                worst = max(worst, abs(a[k] - b[k]))
            }
            compared += 1
        }
        XCTAssertEqual(compared, Int((until * 60).rounded()) + 1, "rows compared", file: file, line: line)
        print("uikit vs Box2D 2.4.1, \(name): worst position difference \(worst) pt over \(until) s")
        return worst
    }

    func testFreeFallWithoutResistance() throws {
        let worst = try worstDifference(Catalog.freeFall(), fixture: "box2d/free-fall-r0.csv", until: 1)
        XCTAssertLessThan(worst, 0.01, "uikit free fall vs Box2D 2.4.1: \(worst) pt")
    }

    func testFreeFallWithResistance() throws {
        var scene = Catalog.freeFall()
        scene.items[0].definition.resistance = 0.1
        scene.items[0].definition.angularResistance = 0.1
        let worst = try worstDifference(scene, fixture: "box2d/free-fall-r01.csv", until: 1)
        XCTAssertLessThan(worst, 0.01, "uikit free fall, resistance 0.1, vs Box2D 2.4.1: \(worst) pt")
    }

    func testRigidPendulumReleasedAtSixtyDegrees() throws {
        var scene = Catalog.pendulum()
        scene.duration = 1
        let worst = try worstDifference(scene, fixture: "box2d/pendulum-60.csv", until: 1)
        XCTAssertLessThan(worst, 0.01, "uikit pendulum vs Box2D 2.4.1: \(worst) pt")
    }

    func testSpringAttachment() throws {
        var scene = Catalog.spring()
        scene.duration = 1
        let worst = try worstDifference(scene, fixture: "box2d/spring-2hz.csv", until: 1)
        XCTAssertLessThan(worst, 0.1, "uikit 2 Hz spring vs Box2D 2.4.1: \(worst) pt")
    }

    func testDefaultSceneOverFiveSeconds() throws {
        var scene = Catalog.swingingView()
        scene.duration = 5
        let worst = try worstDifference(scene, fixture: "box2d/swinging-view.csv", until: 5)
        XCTAssertLessThan(worst, 1, "uikit swinging-view vs Box2D 2.4.1: \(worst) pt")
    }

    func testTheDefaultSceneActuallySwings() throws {
        // Guards the parity test against a trivially still scene: the view must travel and swing.
        let golden = try fixture("box2d/swinging-view.csv")
        let x = golden.column("view.x")
        let xs = golden.rows.map { $0[x] }
        XCTAssertGreaterThan(xs.max()! - xs.min()!, 150)
    }
}
