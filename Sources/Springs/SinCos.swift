import Foundation

/// sin x and cos x together, for the spring propagator's hot path (one range reduction instead of two libm calls).
///
/// Cody–Waite reduction by π/2 with the split constants of fdlibm's `__ieee754_rem_pio2` (π/2 = PIO2_1 + PIO2_1T, PIO2_1
/// holding 33 bits so that k·PIO2_1 is exact for |k| < 2^20), then Taylor polynomials on |r| ≤ π/4 carried to r^15
/// (sin) and r^16 (cos), whose truncation error is below 5e-17. Arguments beyond 1e6 rad go to libm. Accuracy is
/// checked against libm in SpringsTests (within 4e-16 absolute).
@inlinable
public func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
    guard abs(x) < 1e6 else { return (sin(x), cos(x)) }
    // k = x / (π/2) rounded to the nearest integer (ties to even) by adding and removing 1.5 × 2^52, which needs no
    // libm call on baseline x86-64 (`rounded()` is a call to `round` there). Exact for |x / (π/2)| < 2^51.
    let k = (x * 0.63661977236758134308 + 0x1.8p52) - 0x1.8p52
    let r = (x - k * 1.57079632673412561417e+00) - k * 6.07710050650619224932e-11
    let r2 = r * r
    // sin r = r (1 − r²/3! + r⁴/5! − ...), cos r = 1 − r²/2! + r⁴/4! − ...
    let s =
        r
        * (1 + r2
            * (-1.0 / 6 + r2
                * (1.0 / 120 + r2
                    * (-1.0 / 5040 + r2
                        * (1.0 / 362880
                            + r2 * (-1.0 / 39916800 + r2 * (1.0 / 6227020800 + r2 * (-1.0 / 1307674368000))))))))
    let c =
        1 + r2
        * (-0.5 + r2
            * (1.0 / 24 + r2
                * (-1.0 / 720 + r2
                    * (1.0 / 40320 + r2
                        * (-1.0 / 3628800
                            + r2 * (1.0 / 479001600 + r2 * (-1.0 / 87178291200 + r2 * (1.0 / 20922789888000))))))))
    switch Int(k) & 3 {
    case 0: return (s, c)
    case 1: return (c, -s)
    case 2: return (-s, -c)
    default: return (-c, s)
    }
}
