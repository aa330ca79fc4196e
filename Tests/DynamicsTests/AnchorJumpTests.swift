import Foundation
import XCTest
@testable import Dynamics

/// A dragged anchor in the `precise` profile: a jump (two keyframes at one time) teleports the pivot, a fast but finite
/// move drags it. Physics: a rigid rod's ends move at equal speeds along the rod, so a pivot yanked along the rod at V
/// carries the bob at V; a teleport is no motion, so it may move the bob but must not give it speed.
final class AnchorJumpTests: XCTestCase {
    /// A 100 pt pendulum hanging straight down from (187.5, 150), at rest, whose anchor follows `keyframes`.
    private func pendulum(_ keyframes: [(Double, Double, Double)]) -> (World, ItemID) {
        let path = AnchorPath(times: keyframes.map { $0.0 }, points: keyframes.map { Vector2($0.1, $0.2) })
        let (world, bob, _) = makePendulum(profile: .precise, angle: 0, path: path)
        return (world, bob)
    }

    func testAJumpMovesTheViewWithoutGivingItSpeed() {
        // At 0.5 s the anchor jumps 112.5 pt sideways, and at 1 s 100 pt up.
        let (world, bob) = pendulum([(0, 187.5, 150), (0.5, 187.5, 150), (0.5, 300, 150), (1, 300, 150), (1, 300, 50)])
        let frame = 1.0 / 60, gravityPerFrame = 1000 * frame
        for jumpFrame in [30, 60] {
            while world.stepCount < (jumpFrame - 1) * world.subSteps { world.stepFrame() }
            let before = norm(world.velocity(of: bob))
            world.stepFrame()  // the frame ending at the jump: the jump is in (t0, t1] of its last sub-step
            world.stepFrame()
            let after = norm(world.velocity(of: bob))
            print("precise jump at frame \(jumpFrame): speed \(before) -> \(after) pt/s")
            XCTAssertLessThanOrEqual(
                after, before + 2 * gravityPerFrame,
                "precise jump at frame \(jumpFrame): \(before) -> \(after) pt/s")
            // The rod still holds: the view went with its anchor.
            XCTAssertEqual(world.currentDistance(of: AttachmentID(0)), 100, accuracy: 1e-6)
        }
    }

    func testAFastFiniteMovePassesItsVelocityIntoTheView() {
        // The anchor is yanked straight up (along the rod) at 1000 pt/s from 0.5 s to 0.6 s: the bob moves at 1000 pt/s.
        let (world, bob) = pendulum([(0, 187.5, 150), (0.5, 187.5, 150), (0.6, 187.5, 50)])
        while world.time < 0.55 - 1e-9 { world.stepFrame() }
        XCTAssertEqual(world.velocity(of: bob).y, -1000, accuracy: 1e-6)
        XCTAssertEqual(world.velocity(of: bob).x, 0, accuracy: 1e-9)
    }
}
