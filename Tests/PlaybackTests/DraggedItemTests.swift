import Foundation
import XCTest
import Dynamics
@testable import Scenes

/// A dragged 100 pt item moved 240 pt in one frame toward a 60 pt item (issue 13's input). Box2D 2.4.1 configured as
/// UIKit (Oracles/box2d, scene drag-push) lets the pusher pass through the victim: the pin's position correction carries
/// it to the new anchor in one step, which neither the speed limit nor time of impact sees. `uikit` does the same.
final class DraggedItemTests: XCTestCase {
    static let input = """
        {"duration":1,"items":[{"name":"pusher","center":[80,610],"size":[100,100]},{"name":"victim","center":[240,636],"size":[60,60]}],
         "behaviors":[{"type":"gravity"},{"type":"attachment","name":"finger","item":"pusher","drag":{"keyframes":[[0,80,610],[0.5,80,610],[0.512,320,610]]}},
         {"type":"collision","items":["pusher","victim"],"translatesReferenceBoundsIntoBoundary":true}]}
        """

    /// How deep two rectangles (center, size, angle) overlap: the least overlap over the four face axes of the
    /// separating-axis theorem, or 0 when some axis separates them.
    static func overlap(_ c1: Vector2, _ s1: Vector2, _ a1: Double, _ c2: Vector2, _ s2: Vector2, _ a2: Double)
        -> Double
    {
        func corners(_ c: Vector2, _ s: Vector2, _ a: Double) -> [Vector2] {
            [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { (sx, sy) in
                let x = sx * s.x / 2, y = sy * s.y / 2
                return Vector2(c.x + x * cos(a) - y * sin(a), c.y + x * sin(a) + y * cos(a))
            }
        }
        let p = corners(c1, s1, a1), q = corners(c2, s2, a2)
        var least = Double.infinity
        for axis in [
            Vector2(cos(a1), sin(a1)), Vector2(-sin(a1), cos(a1)), Vector2(cos(a2), sin(a2)),
            Vector2(-sin(a2), cos(a2)),
        ] {
            let pp = p.map { $0.x * axis.x + $0.y * axis.y }, qq = q.map { $0.x * axis.x + $0.y * axis.y }
            let depth = min(pp.max()!, qq.max()!) - max(pp.min()!, qq.min()!)
            if depth <= 0 { return 0 }
            least = min(least, depth)
        }
        return least
    }

    func testUIKitFollowsBox2DThroughTheVictim() throws {
        let worst = try worstDifference(try decode(DraggedItemTests.input), fixture: "box2d/drag-push.csv", until: 1)
        XCTAssertLessThan(worst, 0.01, "uikit vs Box2D 2.4.1 on the dragged-item input: \(worst) pt")
    }

    /// The largest x of a rectangle's corners.
    static func right(_ c: Vector2, _ s: Vector2, _ a: Double) -> Double {
        abs(s.x / 2 * cos(a)) + abs(s.y / 2 * sin(a)) + c.x
    }

    func testNoOverlapBeyondTheSlopAfterTheDragUnlessTheVictimIsJammed() throws {
        // The contact slop is 0.5 pt (Box2D's b2_linearSlop at 100 pt per metre); the right boundary is at x = 376.
        for profile in [SolverProfile.uikit, .precise] {
            var scene = try decode(DraggedItemTests.input)
            scene.profile = profile
            scene.rate = 480  // rows on the sub-steps of both profiles (uikit 120, precise 480 a second)
            let table = Table(bytes: try output(scene))
            var worst = 0.0, jammed = 0, outside = 0.0
            for row in table.rows where row[0] >= 0.55 {
                func value(_ name: String) -> Double { row[table.column(name)] }
                let pc = Vector2(value("pusher.x"), value("pusher.y")), pa = value("pusher.angle")
                let vc = Vector2(value("victim.x"), value("victim.y")), va = value("victim.angle")
                let depth = DraggedItemTests.overlap(pc, Vector2(100, 100), pa, vc, Vector2(60, 60), va)
                // precise pushes the victim toward the wall; where the finger holds the pusher closer to the wall than
                // the victim is wide, no position is free of overlap, and the boundary wins (README).
                if profile == .precise && 376 - DraggedItemTests.right(pc, Vector2(100, 100), pa) < 60 && vc.x > pc.x {
                    jammed += 1
                    outside = max(outside, DraggedItemTests.right(vc, Vector2(60, 60), va) - 376)
                } else {
                    worst = max(worst, depth)
                }
            }
            XCTAssertLessThanOrEqual(worst, 0.5, "\(profile): pusher and victim overlap \(worst) pt after 0.55 s")
            XCTAssertLessThanOrEqual(
                outside, 0.5 + 1e-9, "\(profile): the jammed victim left the screen by \(outside) pt")
            if profile == .uikit { XCTAssertEqual(jammed, 0) }
        }
    }
}
