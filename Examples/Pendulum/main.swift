// A pendulum stepped through the Dynamics World API, as a Swift user would write it: a 100 x 100 pt view on a rigid
// 100 pt attachment, released at 60° under UIKit's gravity (1.0 = 1000 pt/s², y down), no resistance, in the `precise`
// profile. Prints `t,angle` (seconds, degrees from straight down, positive to the right of the anchor) every 0.1 s
// for 2 s. The period of this swing is 2.13 s (4 √(L/g) K(sin² 30°)), so the angle comes back near 60° at the end.
import Foundation
import Dynamics

let anchor = Vector2(187.5, 150)
let world = World(profile: .precise)
let start = 60 * Double.pi / 180
let view = world.addItem(
    ItemDefinition(
        center: anchor + 100 * Vector2(sin(start), cos(start)),
        resistance: 0, angularResistance: 0))
world.addGravity(GravityBehavior(items: [view]))
world.addAttachment(AttachmentBehavior(item: view, attachedTo: .anchor(point: anchor, path: nil)))

print("t,angle")
for frame in 0...120 {
    if frame > 0 { world.stepFrame() }
    guard frame % 6 == 0 else { continue }
    let d = world.position(of: view) - anchor
    let angle = atan2(d.x, d.y) * 180 / Double.pi
    print("\(Double(frame) / 60),\((angle * 1000).rounded() / 1000)")
}
