import Foundation
import XCTest
import Dynamics
@testable import Scenes

/// `uikit` profile: parity with Box2D 2.4.1 configured as UIKit's engine (100 pt/m, two 1/120 s steps per 1/60 s frame,
/// 8/3 iterations, anchors moved by position). The golden CSVs come from Oracles/box2d (`bash Oracles/box2d/regenerate.sh`),
/// an independent C++ program against Debian's libbox2d; these tests only read them.
final class Box2DParityTests: XCTestCase {
    /// Worst absolute difference of the item position columns (x, y, angle) up to `until` seconds.
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
