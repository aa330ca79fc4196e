// A spring and a layer animation sampled through the Springs and Animation APIs, as a Swift user would write them.
//
// 1. SwiftUI's Spring(duration: 0.5, bounce: 0.3) (mass 1, stiffness 157.9, damping 17.6 per Apple's documentation),
//    from 0 to 1: its parameters, settling duration and a few values.
// 2. A CABasicAnimation-style fade of a layer's opacity from 1 to 0 over 1 s with easeInEaseOut, begun at 0.5 s,
//    sampled through the layer's presentation value (the model value before and after).
import Animation
import Springs

let spring = Spring(perceptualDuration: 0.5, bounce: 0.3)
print(
    "spring: mass \(spring.mass), stiffness \(spring.stiffness), damping \(spring.damping), "
        + "settlingDuration \(spring.settlingDuration) s")
print("t,value,velocity")
for k in 0...5 {
    let t = Double(k) / 10
    print("\(t),\(spring.value(at: t)),\(spring.velocity(at: t))")
}

var layer = Layer(name: "box", bounds: .rect(0, 0, 100, 100), position: .point(100, 100))
layer.add(
    .basic(
        BasicAnimation(
            keyPath: "opacity", fromValue: .scalar(1), toValue: .scalar(0),
            timing: MediaTiming(beginTime: 0.5, duration: 1),
            timingFunction: .easeInEaseOut)), forKey: "fade")
print("t,opacity")
for k in 0...8 {
    let t = Double(k) / 4
    let opacity = layer.presentationValue("opacity", at: t)?.components[0] ?? .nan
    print("\(t),\(opacity)")
}
