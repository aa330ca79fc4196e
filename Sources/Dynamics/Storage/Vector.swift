import Foundation

// Small vector helpers over the standard library's SIMD2<Double>.
// Linux has no `simd` module, so dot, cross and length are written here (docs/design.md, "Linux facts that bite").

/// A point or vector in the world's plane, in points (or points/s, points/s^2, by context).
/// y grows downward, as on screen (UIKit's convention).
public typealias Vector2 = SIMD2<Double>

@inline(__always)
func dot(_ a: Vector2, _ b: Vector2) -> Double { a.x * b.x + a.y * b.y }

/// The 2D cross product a.x b.y - a.y b.x (the z-component of the 3D cross product).
@inline(__always)
func cross(_ a: Vector2, _ b: Vector2) -> Double { a.x * b.y - a.y * b.x }

/// cross(w, r) for a scalar angular velocity w: the velocity of point r on a body spinning at w.
@inline(__always)
func cross(_ w: Double, _ r: Vector2) -> Vector2 { Vector2(-w * r.y, w * r.x) }

@inline(__always)
func norm(_ a: Vector2) -> Double { (a.x * a.x + a.y * a.y).squareRoot() }

/// Rotates `v` by `angle` radians; positive angles turn +x toward +y (clockwise on screen, where y grows downward).
@inline(__always)
func rotate(_ v: Vector2, by angle: Double) -> Vector2 {
    let c = cos(angle), s = sin(angle)
    return Vector2(c * v.x - s * v.y, s * v.x + c * v.y)
}

@inline(__always)
func rotate(_ v: Vector2, cos c: Double, sin s: Double) -> Vector2 {
    Vector2(c * v.x - s * v.y, s * v.x + c * v.y)
}

@inline(__always)
func isFinite(_ v: Vector2) -> Bool { v.x.isFinite && v.y.isFinite }

/// perp(r) = (−r.y, r.x): the derivative of a lever arm r with respect to its body's angle.
@inline(__always)
func perp(_ r: Vector2) -> Vector2 { Vector2(-r.y, r.x) }

/// Solves the 2x2 system [a11 a12; a21 a22] x = b (Box2D's b2Mat22::Solve: zero when singular).
@inline(__always)
func solve22(_ a11: Double, _ a12: Double, _ a21: Double, _ a22: Double, _ b: Vector2) -> Vector2 {
    var det = a11 * a22 - a12 * a21
    if det != 0 { det = 1 / det }
    return Vector2(det * (a22 * b.x - a12 * b.y), det * (a11 * b.y - a21 * b.x))
}

/// Solves K λ = rhs for a pin's 2x2 effective mass K_cd = (imA + imB) δ_cd + iiA pA_c nA_d + iiB pB_c nB_d, where p and
/// n are the lever arms' perpendiculars (perp(r)) at the current and at the reference configuration (equal except in
/// RATTLE's position projection). With p = n this is Box2D's revolute-joint K.
@inline(__always)
func solvePin(
    pA: Vector2, nA: Vector2, pB: Vector2, nB: Vector2, imA: Double, iiA: Double, imB: Double, iiB: Double,
    _ rhs: Vector2
) -> Vector2 {
    let m = imA + imB
    return solve22(
        m + iiA * pA.x * nA.x + iiB * pB.x * nB.x, iiA * pA.x * nA.y + iiB * pB.x * nB.y,
        iiA * pA.y * nA.x + iiB * pB.y * nB.x, m + iiA * pA.y * nA.y + iiB * pB.y * nB.y, rhs)
}

/// Applies a linear impulse (or, in a position step, a correction) `P` at the lever arms `rA`, `rB` to a pair, as
/// every Box2D-style constraint does: body `a` (−1 for the world, which does not move) loses it and body `b` gains it,
/// each through its inverse mass `im` and inverse inertia `ii` (`linear`: velocities or positions, `angular`: angular
/// velocities or angles).
@inline(__always)
func applyPairImpulse(
    _ P: Vector2, a: Int, b: Int, rA: Vector2, rB: Vector2, linear: UnsafeMutablePointer<Vector2>,
    angular: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>, ii: UnsafeMutablePointer<Double>
) {
    if a >= 0 {
        linear[a] -= im[a] * P
        angular[a] -= ii[a] * cross(rA, P)
    }
    linear[b] += im[b] * P
    angular[b] += ii[b] * cross(rB, P)
}

/// Moves a pin's two ends by `lambda` (an impulse on velocities, or a position step on positions and angles): −lambda
/// on end A (none for an anchor, `a` < 0) and +lambda on B, each end turned by its inverse inertia times dot(n, lambda),
/// n its lever arm's perpendicular (see ``solvePin``).
@inline(__always)
func applyPinStep(
    _ lambda: Vector2, a: Int, b: Int, nA: Vector2, nB: Vector2, imA: Double, iiA: Double, imB: Double,
    iiB: Double, linear: UnsafeMutablePointer<Vector2>, angular: UnsafeMutablePointer<Double>
) {
    if a >= 0 {
        linear[a] -= imA * lambda
        angular[a] -= iiA * dot(nA, lambda)
    }
    linear[b] += imB * lambda
    angular[b] += iiB * dot(nB, lambda)
}
