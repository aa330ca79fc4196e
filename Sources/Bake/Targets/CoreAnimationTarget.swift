import Foundation
import IO

/// The `core-animation` target: Swift source with one function per baked object,
/// `makeBakeAnimations_<name>() -> CAAnimationGroup` (the name made an identifier: anything but letters, digits and
/// `_` becomes `_`), building one CAKeyframeAnimation per channel that changes: key paths `position.x`, `position.y`
/// (points), `transform.rotation.z` (radians, clockwise on screen as UIKit's y grows down), `transform.scale.x`,
/// `.y`, `opacity`; `values`; `keyTimes` as fractions of the run (the last exactly 1); `timingFunctions`, one
/// `CAMediaTimingFunction(controlPoints:)` per segment; calculationMode `linear`. The group has the run's duration,
/// fillMode `.both` and is kept on completion. Its report is the file's `//` comment.
///
/// The semantics are ``SceneTarget``'s, the same values, key times and control points: `dynsim run` of the scene
/// target plays them through dynsim's Core Animation model, which is the check of this file's meaning.
/// CAMediaTimingFunction takes Float control points; the bound is stated in Double.
public enum CoreAnimationTarget {
    /// The Swift text; `report` goes into its first comment.
    public static func write(_ bake: Bake, report: [String]) -> String {
        var out = report.map { "// " + $0 }.joined(separator: "\n") + "\n"
        out += """
            //
            // Usage: give each object a layer whose bounds are its size, centred on its start position (its constant
            // properties set as the comment above each function says), then add the group, for example
            //     layer.add(makeBakeAnimations_ball(), forKey: "bake")
            // Key times are fractions of the group's duration; each timing function eases the segment it follows.

            import QuartzCore

            """
        for o in bake.objects {
            let (w, h) = o.shape.size
            let start = o.channels.map {
                "\(SceneTarget.keyPath($0.property)) \(num(SceneTarget.value($0.property, $0.values[0])))"
            }
            out += "\n/// \(o.name): bounds \(num(w)) x \(num(h)) pt; at the start \(start.joined(separator: ", ")).\n"
            out += "func makeBakeAnimations_\(ComposeTarget.identifier(o.name))() -> CAAnimationGroup {\n"
            out += "    var animations: [CAAnimation] = []\n"
            for c in o.channels where !c.isConstant {
                let values = c.values.map { num(SceneTarget.value(c.property, $0)) }
                let times = SceneTarget.keyTimes(c.times, bake.duration).map(num)
                out += "    do {\n"
                out += "        let a = CAKeyframeAnimation(keyPath: \"\(SceneTarget.keyPath(c.property))\")\n"
                out += "        a.values = [\(values.joined(separator: ", "))] as [Double]\n"
                out += "        a.keyTimes = [\(times.joined(separator: ", "))].map { NSNumber(value: $0) }\n"
                out += "        a.timingFunctions = [\n"
                for e in c.easings {
                    out += "            CAMediaTimingFunction(controlPoints: "
                    out += [e.x1, e.y1, e.x2, e.y2].map(num).joined(separator: ", ") + "),\n"
                }
                out += "        ]\n"
                out += "        a.calculationMode = .linear\n"
                out += "        a.duration = \(num(bake.duration))\n"
                out += "        a.fillMode = .both\n"
                out += "        animations.append(a)\n"
                out += "    }\n"
            }
            out += "    let group = CAAnimationGroup()\n"
            out += "    group.animations = animations\n"
            out += "    group.duration = \(num(bake.duration))\n"
            out += "    group.fillMode = .both\n"
            out += "    group.isRemovedOnCompletion = false\n"
            out += "    return group\n"
            out += "}\n"
        }
        return out
    }

    /// A number as Swift text (shortest round-trip form).
    static func num(_ x: Double) -> String { NumberFormat.shortest(x == 0 ? 0 : x) }
}
