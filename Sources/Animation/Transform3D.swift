import Foundation

/// A 4 x 4 homogeneous transform in Core Animation's layout (CATransform3D): row-vector convention, a point p maps to
/// p · M, so `m41, m42, m43` hold the translation (points) and `m34` the perspective term (−1/eye distance, in 1/points).
/// Rotations turn by the right-hand rule about their axis in CA's coordinates: about z, +angle turns +x toward +y (on a
/// screen whose y grows downward, clockwise), as `CATransform3DMakeRotation` does.
public struct Transform3D: Hashable, Sendable {
    /// The sixteen entries row by row: m11, m12, m13, m14, m21, ..., m44.
    public var m: [Double]

    /// A transform from its sixteen entries, row by row. - Precondition: 16 entries.
    public init(_ entries: [Double]) {
        precondition(entries.count == 16, "Transform3D: 16 entries are needed")
        m = entries
    }

    /// The identity (CATransform3DIdentity).
    public static let identity = Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// Entry at row i, column j (0-based).
    @inlinable public subscript(i: Int, j: Int) -> Double {
        get { m[i * 4 + j] }
        set { m[i * 4 + j] = newValue }
    }

    /// CATransform3DMakeTranslation: by (tx, ty, tz) points.
    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, tx, ty, tz, 1])
    }

    /// CATransform3DMakeScale.
    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        Transform3D([sx, 0, 0, 0, 0, sy, 0, 0, 0, 0, sz, 0, 0, 0, 0, 1])
    }

    /// CATransform3DMakeRotation: `angle` radians about the axis (x, y, z), which need not be unit length (any finite
    /// non-zero length: the axis is scaled by its largest component first, so tiny or huge axes neither underflow nor
    /// overflow).
    /// - Precondition: the axis is finite and not zero.
    public static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let m = max(abs(x), abs(y), abs(z))
        precondition(m > 0 && m.isFinite, "Transform3D: the rotation axis must be finite and not zero")
        let (sx, sy, sz) = (x / m, y / m, z / m)
        let n = (sx * sx + sy * sy + sz * sz).squareRoot()
        let (ux, uy, uz) = (sx / n, sy / n, sz / n), c = cos(angle), s = sin(angle), t = 1 - c
        // The column-vector rotation matrix (Rodrigues), transposed into CA's row-vector layout.
        return Transform3D([
            t * ux * ux + c, t * ux * uy + s * uz, t * ux * uz - s * uy, 0,
            t * ux * uy - s * uz, t * uy * uy + c, t * uy * uz + s * ux, 0,
            t * ux * uz + s * uy, t * uy * uz - s * ux, t * uz * uz + c, 0,
            0, 0, 0, 1,
        ])
    }

    /// CATransform3DConcat(self, other): `self` applied first, then `other` (the product self · other).
    public func concatenating(_ other: Transform3D) -> Transform3D {
        var r = [Double](repeating: 0, count: 16)
        for i in 0..<4 {
            for j in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += self[i, k] * other[k, j] }
                r[i * 4 + j] = sum
            }
        }
        return Transform3D(r)
    }

    /// The transform's parts, as the CSS Transforms Module Level 2 "decomposing a 3D matrix" algorithm defines them
    /// (after Thomas, "Decomposing a matrix into simple transformations", Graphics Gems II): M = N · P where P carries
    /// the perspective column and N = scale · skew · rotation, then translation, in row-vector order.
    public struct Decomposed: Hashable, Sendable {
        /// Translation, points.
        public var translation: SIMD3<Double>
        /// Scale along each axis (x may be negative for a mirror).
        public var scale: SIMD3<Double>
        /// Shear factors xy, xz, yz.
        public var skew: SIMD3<Double>
        /// The perspective column (m14, m24, m34, m44 of P).
        public var perspective: SIMD4<Double>
        /// The rotation as a unit quaternion (x, y, z, w): angle θ about unit axis u is (u sin θ/2, cos θ/2).
        public var quaternion: SIMD4<Double>
    }

    /// The parts, or nil when the matrix cannot be decomposed (m44 = 0 or a singular upper 3 x 3).
    public func decomposed() -> Decomposed? {
        guard self[3, 3] != 0 else { return nil }
        var a = self
        for k in 0..<16 { a.m[k] /= self[3, 3] }
        var pm = a
        for i in 0..<3 { pm[i, 3] = 0 }
        pm[3, 3] = 1
        guard let inverse = pm.inverted() else { return nil }
        var perspective = SIMD4<Double>(0, 0, 0, 1)
        if a[0, 3] != 0 || a[1, 3] != 0 || a[2, 3] != 0 {
            // The last column of M is N · p, so p = N⁻¹ · (m14, m24, m34, m44).
            let rhs = SIMD4(a[0, 3], a[1, 3], a[2, 3], a[3, 3])
            for i in 0..<4 { perspective[i] = (0..<4).reduce(0) { $0 + inverse[i, $1] * rhs[$1] } }
        }
        let translation = SIMD3(a[3, 0], a[3, 1], a[3, 2])
        var row = (0..<3).map { SIMD3(a[$0, 0], a[$0, 1], a[$0, 2]) }
        func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
        var scale = SIMD3<Double>.zero, skew = SIMD3<Double>.zero
        scale.x = length(row[0])
        guard scale.x > 0 else { return nil }
        row[0] /= scale.x
        skew.x = (row[0] * row[1]).sum()
        row[1] -= skew.x * row[0]
        scale.y = length(row[1])
        guard scale.y > 0 else { return nil }
        row[1] /= scale.y
        skew.x /= scale.y
        skew.y = (row[0] * row[2]).sum()
        row[2] -= skew.y * row[0]
        skew.z = (row[1] * row[2]).sum()
        row[2] -= skew.z * row[1]
        scale.z = length(row[2])
        guard scale.z > 0 else { return nil }
        row[2] /= scale.z
        skew.y /= scale.z
        skew.z /= scale.z
        // A left-handed frame is a mirror: flip everything so the rotation stays proper.
        let c = SIMD3(
            row[1].y * row[2].z - row[1].z * row[2].y, row[1].z * row[2].x - row[1].x * row[2].z,
            row[1].x * row[2].y - row[1].y * row[2].x)
        if (row[0] * c).sum() < 0 {
            scale = -scale
            for i in 0..<3 { row[i] = -row[i] }
        }
        // Quaternion from the row-vector rotation matrix R (R = Rc transposed): magnitudes from the diagonal, signs
        // from the antisymmetric part. At exactly 180° that part is rounding noise; sin(Double.pi) > 0 gives it
        // the sign of the angle, so a turn by +π decomposes as +π about +axis.
        var q = SIMD4(
            0.5 * max(1 + row[0].x - row[1].y - row[2].z, 0).squareRoot(),
            0.5 * max(1 - row[0].x + row[1].y - row[2].z, 0).squareRoot(),
            0.5 * max(1 - row[0].x - row[1].y + row[2].z, 0).squareRoot(),
            0.5 * max(1 + row[0].x + row[1].y + row[2].z, 0).squareRoot())
        if row[2].y > row[1].z { q.x = -q.x }
        if row[0].z > row[2].x { q.y = -q.y }
        if row[1].x > row[0].y { q.z = -q.z }
        return Decomposed(translation: translation, scale: scale, skew: skew, perspective: perspective, quaternion: q)
    }

    /// The transform the parts describe (the inverse of `decomposed()`).
    public init(_ d: Decomposed) {
        let (x, y, z, w) = (d.quaternion.x, d.quaternion.y, d.quaternion.z, d.quaternion.w)
        // Row-vector rotation: the transpose of the usual column-vector quaternion matrix.
        let r = [
            SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
            SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
            SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)),
        ]
        // Rows of the upper 3 x 3: S · L · R with L the unit lower-triangular shear.
        let rows = [
            d.scale.x * r[0],
            d.scale.y * (r[1] + d.skew.x * r[0]),
            d.scale.z * (r[2] + d.skew.y * r[0] + d.skew.z * r[1]),
        ]
        var n = Transform3D.identity
        for i in 0..<3 { for j in 0..<3 { n[i, j] = rows[i][j] } }
        for j in 0..<3 { n[3, j] = d.translation[j] }
        var p = Transform3D.identity
        for i in 0..<4 { p[i, 3] = d.perspective[i] }
        self = n.concatenating(p)
    }

    /// The inverse, or nil when singular (Gauss–Jordan elimination with partial pivoting).
    public func inverted() -> Transform3D? {
        var a = m, inv = Transform3D.identity.m
        for col in 0..<4 {
            var pivot = col
            for r in col + 1..<4 where abs(a[r * 4 + col]) > abs(a[pivot * 4 + col]) { pivot = r }
            let p = a[pivot * 4 + col]
            guard abs(p) > 1e-300 else { return nil }
            if pivot != col {
                for j in 0..<4 { a.swapAt(pivot * 4 + j, col * 4 + j); inv.swapAt(pivot * 4 + j, col * 4 + j) }
            }
            for j in 0..<4 { a[col * 4 + j] /= p; inv[col * 4 + j] /= p }
            for r in 0..<4 where r != col {
                let f = a[r * 4 + col]
                guard f != 0 else { continue }
                for j in 0..<4 { a[r * 4 + j] -= f * a[col * 4 + j]; inv[r * 4 + j] -= f * inv[col * 4 + j] }
            }
        }
        return Transform3D(inv)
    }

    /// The transform a fraction t of the way from `a` to `b`: decomposed parts interpolated linearly, the rotation by
    /// spherical linear interpolation of the quaternions along the shorter arc (CSS Transforms Level 2; Shoemake,
    /// "Animating rotation with quaternion curves", SIGGRAPH 1985). Matrices that cannot be decomposed switch from
    /// `a` to `b` at t = 0.5, as CSS specifies.
    ///
    /// Which way a half turn goes: a rotation by exactly ±π decomposes as +π about the axis (see `decomposed()`), so
    /// from the identity, a 180° turn about y or z passes through +90° about that axis at the midpoint.
    public static func interpolate(_ a: Transform3D, _ b: Transform3D, _ t: Double) -> Transform3D {
        guard let da = a.decomposed(), let db = b.decomposed() else { return t < 0.5 ? a : b }
        var d = da
        d.translation += (db.translation - da.translation) * t
        d.scale += (db.scale - da.scale) * t
        d.skew += (db.skew - da.skew) * t
        d.perspective += (db.perspective - da.perspective) * t
        d.quaternion = slerp(da.quaternion, db.quaternion, t)
        return Transform3D(d)
    }

    /// Spherical linear interpolation of unit quaternions along the shorter arc.
    static func slerp(_ a: SIMD4<Double>, _ b0: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
        var b = b0
        var dot = (a * b).sum()
        if dot < 0 { b = -b; dot = -dot }
        dot = min(dot, 1)
        let theta = acos(dot)
        if theta < 1e-12 { return a + (b - a) * t }
        let s = sin(theta)
        return a * (sin((1 - t) * theta) / s) + b * (sin(t * theta) / s)
    }
}
