import Foundation
import XCTest
import Dynamics
@testable import Scenes

/// Rows between sub-steps across a drag path's jump (precise): there is no motion to interpolate, so a row before the
/// jump's time holds the state before it (Hermite interpolation toward the state after it moved the view early, and
/// overshot to 6.7e11 pt for a 1e9 pt jump).
final class JumpSamplingTests: XCTestCase {
    func testRowsBeforeAJumpHoldTheStateBeforeIt() throws {
        var scene = try decode(
            """
            {"duration": 1.05, "profile": "precise", "items": [{"name": "v", "center": [187.5, 300], "size": [50, 50]}],
             "behaviors": [{"type": "attachment", "item": "v", "drag": {"keyframes": [[0, 187.5, 150], [1, 187.5, 150], [1, 287.5, 150]]}}]}
            """)
        scene.rate = 600  // rows at 1/600 s fall between the 1/480 s sub-steps
        let table = Table(bytes: try output(scene))
        let x = table.column("v.x"), y = table.column("v.y")
        for row in table.rows where row[0] < 1 {
            XCTAssertEqual(row[x], 187.5, accuracy: 1e-9, "t = \(row[0])")
            XCTAssertEqual(row[y], 300, accuracy: 1e-9, "t = \(row[0])")
        }
        let after = table.rows.filter { $0[0] >= 1 }
        XCTAssertFalse(after.isEmpty)
        for row in after { XCTAssertGreaterThan(row[x], 200, "t = \(row[0]): the view has gone with the anchor") }
    }
}
