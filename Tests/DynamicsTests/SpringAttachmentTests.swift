import Foundation
import XCTest
@testable import Dynamics

/// Spring attachments that pass through (or come close to) their anchor, in both profiles, no gravity, resistance 0.
///
/// `uikit` is checked against Box2D 2.2.1's soft distance joint (the version UIKit's engine forked), written out below
/// from 2.2.1's b2DistanceJoint.cpp and b2Island.cpp: not the closed form, since at 1/120 s that joint departs from the
/// exact damped oscillator by several points (and so does UIKit). `precise` is checked against the closed form.
final class SpringAttachmentTests: XCTestCase {
    /// A 100 x 100 item of density 1 (mass 1), attached at its center by a 3 Hz, damping-ratio 0.3 spring to a fixed anchor at (200, 300), released from rest `distance` pt to the right of it.
    private func makeSpring(_ profile: SolverProfile, distance: Double, length: Double) -> (World, ItemID) {
        let world = World(profile: profile)
        let item = world.addItem(
            ItemDefinition(center: Vector2(200 + distance, 300), resistance: 0, angularResistance: 0))
        world.addAttachment(
            AttachmentBehavior(
                item: item, attachedTo: .anchor(point: Vector2(200, 300), path: nil),
                length: length, frequency: 3, damping: 0.3))
        return (world, item)
    }

    /// Box2D 2.2.1's soft distance joint between a fixed anchor and a point `offset` from a body's center (in the body's
    /// frame), stepped as b2Island::Solve does with UIKit's settings (h = 1/120 s, 8 velocity iterations, warm starting,
    /// no gravity, no damping), for a 100 x 100 body of mass 1 (inertia m (w² + h²) / 12):
    /// InitVelocityConstraints: r = R(θ) offset, u = x + r − anchor; if |u| > linearSlop (0.5 pt) then u /= |u| else
    /// u = 0 (the slop rule: the accumulated impulse is kept, not reset); m = 1 / (1/mass + (r × u)² / I) (rotation
    /// included); k = m ω², d = 2 m ζ ω; γ = 1 / (h (d + h k)); bias = C h k γ with C = |x + r − anchor| − L;
    /// mass = 1 / (1/m + γ); warm start with the accumulated impulse along u.
    /// SolveVelocityConstraints: impulse = −mass (u·(v + ω × r) + bias + γ impulse). No position correction for a soft
    /// joint. Positions: x += h v, θ += h ω. Returns the centers after each sub-step, and whether the slop was entered.
    private func box2D221(distance: Double, length: Double, offset: Vector2 = .zero, start: Vector2? = nil, steps: Int)
        -> (xs: [Vector2], enteredSlop: Bool)
    {
        let h = 1.0 / 120, anchor = Vector2(200, 300), omega = 2 * Double.pi * 3, zeta = 0.3, slop = 0.5
        let mass = 1.0, inertia = mass * (100.0 * 100 + 100 * 100) / 12
        var x = start ?? Vector2(200 + distance, 300), v = Vector2.zero, theta = 0.0, w = 0.0, accumulated = 0.0
        var xs: [Vector2] = []
        var enteredSlop = false
        for _ in 0..<steps {
            let r = Vector2(
                cos(theta) * offset.x - sin(theta) * offset.y, sin(theta) * offset.x + cos(theta) * offset.y)
            var u = x + r - anchor
            let len = (u.x * u.x + u.y * u.y).squareRoot()
            if len > slop { u = u / len } else { u = .zero; enteredSlop = true }
            let cru = r.x * u.y - r.y * u.x
            let invMass = 1 / mass + cru * cru / inertia
            let m = 1 / invMass
            let k = m * omega * omega, d = 2 * m * zeta * omega
            var gamma = h * (d + h * k)
            gamma = gamma != 0 ? 1 / gamma : 0
            let bias = (len - length) * h * k * gamma
            let softMass = 1 / (invMass + gamma)
            func apply(_ impulse: Double) {
                v = v + (impulse / mass) * u
                w += impulse * cru / inertia
            }
            apply(accumulated)
            for _ in 0..<8 {
                let vp = Vector2(v.x - w * r.y, v.y + w * r.x)
                let impulse = -softMass * (u.x * vp.x + u.y * vp.y + bias + gamma * accumulated)
                accumulated += impulse
                apply(impulse)
            }
            x = x + h * v
            theta += h * w
            xs.append(x)
        }
        return (xs, enteredSlop)
    }

    /// The exact motion of the item along the line through the anchor (signed offset s from the anchor): on each side
    /// the spring pulls toward ±L, so m s'' = −k (s − L sign s) − c s', a damped oscillator about +L or −L, switched
    /// where s crosses 0 (found by bisection to 1e-13 s). Returns s at the given times.
    private func closedForm(distance: Double, length: Double, times: [Double]) -> [Double] {
        let omega = 2 * Double.pi * 3, zeta = 0.3
        let wd = omega * (1 - zeta * zeta).squareRoot()
        // State of one piece: start time, side, offset from its target and velocity at the start.
        var t0 = 0.0, side = 1.0, y0 = distance - length, v0 = 0.0
        func y(_ t: Double) -> Double {
            let tau = t - t0, e = exp(-zeta * omega * tau)
            return e * (y0 * cos(wd * tau) + (v0 + zeta * omega * y0) / wd * sin(wd * tau))
        }
        func vel(_ t: Double) -> Double {
            let tau = t - t0, e = exp(-zeta * omega * tau)
            let a = y0, b = (v0 + zeta * omega * y0) / wd
            return e
                * ((-zeta * omega) * (a * cos(wd * tau) + b * sin(wd * tau)) + wd
                    * (-a * sin(wd * tau) + b * cos(wd * tau)))
        }
        var out: [Double] = []
        var scan = 0.0
        for t in times {
            // Advance piece by piece until t lies in the current one.
            while true {
                let dt = 1e-4
                var crossing: Double? = nil
                while scan + dt <= t {
                    if (y(scan + dt) + side * length) * side <= 0 { crossing = scan + dt; break }
                    scan += dt
                }
                guard let hi = crossing else { break }
                var lo = scan, up = hi
                for _ in 0..<80 {
                    let mid = (lo + up) / 2; if (y(mid) + side * length) * side <= 0 { up = mid } else { lo = mid }
                }
                // s = 0 there: the next piece starts on the other side, offset −L·side from its target L·side.
                let vc = vel(up)
                t0 = up; side = -side; y0 = -side * length; v0 = vc
                scan = up
            }
            out.append(y(t) + side * length)
        }
        return out
    }

    func testUIKitSpringPassesThroughItsAnchorAsBox2D221() {
        for (distance, length) in [(80.0, 0.0), (90.0, 10.0)] {
            let (world, item) = makeSpring(.uikit, distance: distance, length: length)
            let steps = 360
            let expected = box2D221(distance: distance, length: length, steps: steps).xs
            var worst = 0.0, crossed = false
            for k in 0..<steps {
                world.step()
                let p = world.position(of: item)
                worst = max(worst, norm(p - expected[k]))
                if p.x < 199 { crossed = true }
            }
            XCTAssertTrue(crossed, "uikit length \(length): the item passes through its anchor")
            print("uikit spring length \(length) vs Box2D 2.2.1: worst \(worst) pt over 3 s")
            XCTAssertLessThan(worst, 0.5, "uikit length \(length) vs Box2D 2.2.1's soft distance joint: \(worst) pt")
        }
    }

    func testUIKitSpringInsideTheSlopKeepsItsImpulse() {
        // A start from which Box2D 2.2.1's joint lands within the 0.5 pt slop of the anchor at some sub-step (checked
        // below), so the slop rule is exercised: dynsim must then follow 2.2.1, not stop there as 2.4.1 would.
        var distance = 80.0
        while !box2D221(distance: distance, length: 0, steps: 360).enteredSlop { distance += 0.37 }
        let (world, item) = makeSpring(.uikit, distance: distance, length: 0)
        let expected = box2D221(distance: distance, length: 0, steps: 360).xs
        var worst = 0.0
        for k in 0..<360 {
            world.step()
            worst = max(worst, norm(world.position(of: item) - expected[k]))
        }
        XCTAssertLessThan(worst, 0.5, "uikit, start \(distance) pt: \(worst) pt from Box2D 2.2.1")
        XCTAssertGreaterThan(
            norm(world.velocity(of: item)), 1, "the spring still moves the item after passing the slop")
    }

    func testUIKitSpringOffCenterUsesTheEffectiveMassWithRotation() {
        // Attached 40 pt right and 30 pt below the center, released 60 pt right of the anchor at rest, length 0: the
        // item turns as it swings, so the effective mass along the axis (2.2.1) differs from the item's mass (2.4.1).
        let offset = Vector2(40, 30)
        let world = World(profile: .uikit)
        let item = world.addItem(
            ItemDefinition(center: Vector2(200 + 60, 300) - offset, resistance: 0, angularResistance: 0))
        world.addAttachment(
            AttachmentBehavior(
                item: item, offsetFromCenter: offset,
                attachedTo: .anchor(point: Vector2(200, 300), path: nil),
                length: 0, frequency: 3, damping: 0.3))
        let expected = box2D221(distance: 0, length: 0, offset: offset, start: Vector2(260, 300) - offset, steps: 360)
            .xs
        var worst = 0.0
        for k in 0..<360 {
            world.step()
            worst = max(worst, norm(world.position(of: item) - expected[k]))
        }
        XCTAssertLessThan(worst, 0.5, "uikit off-center spring vs Box2D 2.2.1: \(worst) pt")
    }

    func testPreciseSpringFollowsTheClosedForm() {
        for (distance, length) in [(80.0, 0.0), (90.0, 10.0)] {
            let (world, item) = makeSpring(.precise, distance: distance, length: length)
            let frames = 180
            var times: [Double] = []
            for k in 1...frames { times.append(Double(k) / 60) }
            let exact = closedForm(distance: distance, length: length, times: times)
            var worst = 0.0
            var minimum = Double.infinity
            for k in 0..<frames {
                world.stepFrame()
                let p = world.position(of: item)
                worst = max(worst, abs(p.x - 200 - exact[k]), abs(p.y - 300))
                minimum = min(minimum, p.x - 200)
            }
            XCTAssertLessThan(minimum, -1, "precise length \(length): the item passes through its anchor")
            print("precise spring length \(length) vs the closed form: worst \(worst) pt over 3 s")
            XCTAssertLessThan(worst, 0.5, "precise length \(length) vs the closed form: \(worst) pt")
        }
    }
}
