import Foundation
import IO
import Springs

/// The `lottie` target: a bodymovin 5.x animation (`v` 5.7.4), the JSON that lottie-web, lottie-ios, lottie-android
/// and rlottie play, written to the Lottie specification (https://lottiefiles.github.io/lottie-spec/, its JSON Schema
/// in PyPI's `lottie-specs`).
///
/// The animation runs at the bake's ``Bake/frameRate`` (`fr`) from frame 0 (`ip`) to `duration · fr` (`op`, where a
/// Lottie ends) on a canvas of the bake's width and height rounded up to whole points (`w`, `h`). Each object is one
/// shape layer (`ty` 4), the last object first so that it draws on top (a Lottie's first layer is its topmost, a
/// scene's last object is). Its one group (`gr`) draws the object's shape centred on the layer's origin: a rectangle
/// (`rc`, corner radius `r`) or an ellipse (`el`), filled (`fl`) with its colour (0–1 components, the alpha as the
/// fill's opacity in percent).
///
/// The layer's transform (`ks`) carries the channels, anchor point `a` [0, 0] so that position is the centre:
/// - x and y as a split position (`p` `{"s": true, "x": …, "y": …}`), points, y down. Never a combined `[x, y]`:
///   lottie-ios and lottie-android apply the x easing to both axes of a combined position (lottie-ios #2594,
///   lottie-android #2655).
/// - rotation `r`, degrees, clockwise on screen (After Effects' sense), unwrapped.
/// - scale `s`, percent, `[sx · 100, sy · 100]` when the two channels share their key times and easings (a uniform
///   scale). Otherwise `s` animates sx alone (its y stays 100) and the group's own transform (`tr`) animates sy alone
///   (its x stays 100): the two axis scales are diagonal matrices, so their product is exact in either order, and no
///   player has to honour per-axis easing handles, which some apply from the first axis only (the bugs above).
/// - opacity `o`, percent, 0–100.
///
/// A channel whose value never changes is written once (`a` 0, `k` its value). An animated one (`a` 1) has one
/// keyframe per key: `t` the key's time in frames (`time · fr`, fractional where a key falls between frames), `s`
/// `[value]`, and for every key but the last the easing of the segment it starts, as the spec's out and in handles of
/// that key: `o` `{"x": [x1], "y": [y1]}` (leaving this key) and `i` `{"x": [x2], "y": [y2]}` (going into the next),
/// the pair repeated per dimension for the scale.
/// The last keyframe is `t` and `s` alone (bodymovin 5.5 and later; no `e` values). Layers are in place from frame 0
/// to one frame past `op`, so a player that draws frame `op` itself (rlottie does) still shows them.
///
/// The report goes into `meta.d` (the file's description, next to `meta.g`, the generator) and the source's name
/// into `nm`.
public enum LottieTarget {
    /// The Lottie JSON text of `bake`; `report` (one line each) becomes the description `meta.d`, lines joined by
    /// newlines.
    public static func write(_ bake: Bake, report: [String]) -> String {
        let fr = bake.frameRate
        let op = bake.duration * fr
        let layers: [JSON] = bake.objects.enumerated().reversed().map { index, o in
            layer(o, index: index + 1, fr: fr, op: op)
        }
        let root: JSON = .object([
            .init("v", .string("5.7.4")), .init("nm", .string("dynsim bake " + bake.source)),
            .init("fr", .num(fr)), .init("ip", .num(0)), .init("op", .num(op)),
            .init("w", .num(bake.width.rounded(.up))), .init("h", .num(bake.height.rounded(.up))),
            .init("ddd", .num(0)), .init("assets", .array([])), .init("layers", .array(layers)),
            .init(
                "meta",
                .object([
                    .init("g", .string("dynsim bake")), .init("d", .string(report.joined(separator: "\n"))),
                ])),
        ])
        return JSONWriter.write(root)
    }

    /// One object's shape layer (`ind` its 1-based index in the bake).
    static func layer(_ o: BakedObject, index: Int, fr: Double, op: Double) -> JSON {
        let sx = o.channel(.scaleX), sy = o.channel(.scaleY)
        // Together when they can share one keyframe list exactly; apart (layer x, group y) otherwise.
        let together = sx == nil || sy == nil || (sx!.times == sy!.times && sx!.easings == sy!.easings)
        let layerScale: JSON, groupScale: JSON
        if together {
            layerScale = vector([sx, sy], defaults: [1, 1], scale: 100, fr: fr)
            groupScale = constant([100, 100])
        } else {
            layerScale = vector([sx, nil], defaults: [1, 1], scale: 100, fr: fr)
            groupScale = vector([nil, sy], defaults: [1, 1], scale: 100, fr: fr)
        }
        let (w, h) = o.shape.size
        let outline: JSON
        switch o.shape {
        case .rectangle(_, _, let r):
            outline = .object([
                .init("ty", .string("rc")), .init("nm", .string("shape")), .init("d", .num(1)),
                .init("p", constant([0, 0])), .init("s", constant([w, h])), .init("r", constant(r)),
            ])
        case .ellipse:
            outline = .object([
                .init("ty", .string("el")), .init("nm", .string("shape")), .init("d", .num(1)),
                .init("p", constant([0, 0])), .init("s", constant([w, h])),
            ])
        }
        let color = o.color + [1, 1, 1, 1].dropFirst(o.color.count)
        let fill: JSON = .object([
            .init("ty", .string("fl")), .init("nm", .string("fill")),
            .init("c", constant(Array(color.prefix(3)))), .init("o", constant(color[3] * 100)), .init("r", .num(1)),
        ])
        let groupTransform: JSON = .object([
            .init("ty", .string("tr")), .init("nm", .string("transform")),
            .init("p", constant([0, 0])), .init("a", constant([0, 0])), .init("s", groupScale),
            .init("r", constant(0)), .init("o", constant(100)),
        ])
        let group: JSON = .object([
            .init("ty", .string("gr")), .init("nm", .string(o.name)), .init("np", .num(2)),
            .init("it", .array([outline, fill, groupTransform])),
        ])
        let transform: JSON = .object([
            .init("a", constant([0, 0])),
            .init(
                "p",
                .object([
                    .init("s", .bool(true)), .init("x", scalar(o.channel(.x), default: 0, scale: 1, fr: fr)),
                    .init("y", scalar(o.channel(.y), default: 0, scale: 1, fr: fr)),
                ])),
            .init("r", scalar(o.channel(.rotation), default: 0, scale: 1, fr: fr)),
            .init("s", layerScale),
            .init("o", scalar(o.channel(.opacity), default: 1, scale: 100, fr: fr)),
        ])
        return .object([
            .init("ddd", .num(0)), .init("ind", .num(Double(index))), .init("ty", .num(4)),
            .init("nm", .string(o.name)), .init("sr", .num(1)), .init("ks", transform), .init("ao", .num(0)),
            .init("shapes", .array([group])), .init("ip", .num(0)), .init("op", .num(op + 1)), .init("st", .num(0)),
            .init("bm", .num(0)),
        ])
    }

    /// A property that never changes: `{"a": 0, "k": value}`.
    static func constant(_ value: Double) -> JSON { .object([.init("a", .num(0)), .init("k", .num(value))]) }

    /// A vector property that never changes: `{"a": 0, "k": [values]}`.
    static func constant(_ values: [Double]) -> JSON {
        .object([.init("a", .num(0)), .init("k", .array(values.map(JSON.num)))])
    }

    /// A scalar property from `channel` (its values times `scale`; `default` times `scale` when not baked).
    static func scalar(_ channel: BakeChannel?, default value: Double, scale: Double, fr: Double) -> JSON {
        guard let c = channel else { return constant(value * scale) }
        if c.isConstant { return constant(c.values[0] * scale) }
        return keyframes(times: c.times, values: c.values.map { [$0 * scale] }, easings: c.easings, fr: fr)
    }

    /// A vector property whose components come from `channels` (nil or constant ones hold their value; those animated
    /// must share key times and easings, which they follow).
    static func vector(_ channels: [BakeChannel?], defaults: [Double], scale: Double, fr: Double) -> JSON {
        let held = zip(channels, defaults).map { c, d in (c?.values[0] ?? d) * scale }
        guard let lead = channels.compactMap({ $0 }).first(where: { !$0.isConstant }) else { return constant(held) }
        let values = lead.times.indices.map { k in
            channels.indices.map { j in
                guard let c = channels[j], !c.isConstant else { return held[j] }
                return c.values[k] * scale
            }
        }
        return keyframes(times: lead.times, values: values, easings: lead.easings, fr: fr)
    }

    /// Animated keyframes: `t` in frames, `s` the value, `o` and `i` the segment's easing on its starting key. A
    /// segment whose easing has a handle farther than ``largestHandle`` from [0, 1] is first split (``split(_:)``).
    static func keyframes(times: [Double], values: [[Double]], easings: [CubicBezier], fr: Double) -> JSON {
        var keys: [JSON] = []
        for k in times.indices {
            guard k < easings.count else {
                keys.append(.object([.init("t", .num(times[k] * fr)), .init("s", .array(values[k].map(JSON.num)))]))
                break
            }
            for (u, y, e) in split(easings[k]) {
                let t = times[k] + (times[k + 1] - times[k]) * u
                let v = zip(values[k], values[k + 1]).map { a, b in a + (b - a) * y }
                keys.append(
                    .object([
                        .init("t", .num(t * fr)), .init("s", .array(v.map(JSON.num))),
                        .init("o", handle(e.x1, e.y1, count: v.count)), .init("i", handle(e.x2, e.y2, count: v.count)),
                    ]))
            }
        }
        return .object([.init("a", .num(1)), .init("k", .array(keys))])
    }

    /// The largest handle y (or 1 − y) written as it is: 16, so that a player evaluating in 32-bit floats, as every
    /// Lottie player does, loses at most 16 float steps of the property's value on any segment.
    static let largestHandle = 16.0

    /// `easing` as consecutive pieces that each start at time fraction `u` and value fraction `y` of the segment and
    /// ease with `easing` (the whole segment from (0, 0) when its handles are within ``largestHandle``).
    ///
    /// A segment whose two keys have nearly one value but whose curve leaves it (a bounce from the floor back to the
    /// floor: values 643 and 643 − 2e−12, handle y ±1e14) is exact in 64 bits but noise in a player's 32-bit
    /// `start + (end − start) · y`. Such a curve is split at its parameter midpoint by de Casteljau's construction,
    /// again while a piece needs it (at most 8 levels): each piece is the same curve, normalised to its own ends, its x
    /// handles still in [0, 1] (x(t) is monotone, so are its control points on any sub-interval), and its ends are the
    /// curve's own points, so keys are added at fractional frames and no value changes.
    static func split(_ easing: CubicBezier) -> [(u: Double, y: Double, easing: CubicBezier)] {
        var pieces: [(u: Double, y: Double, easing: CubicBezier)] = []
        // Each piece in the segment's normalised (u, y) plane: four control points.
        func visit(_ p: [(Double, Double)], depth: Int) {
            let (u0, y0) = p[0], (u3, y3) = p[3]
            let dy = y3 - y0
            let e = CubicBezier(
                min(1, max(0, (p[1].0 - u0) / (u3 - u0))), dy == 0 ? 0 : (p[1].1 - y0) / dy,
                min(1, max(0, (p[2].0 - u0) / (u3 - u0))), dy == 0 ? 1 : (p[2].1 - y0) / dy)
            let tooFar = [e.y1, e.y2].contains { $0 < -largestHandle || $0 > 1 + largestHandle }
            guard tooFar && depth < 8 && dy != 0 else {
                pieces.append((u0, y0, e))
                return
            }
            func mid(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
                ((a.0 + b.0) / 2, (a.1 + b.1) / 2)
            }
            let p01 = mid(p[0], p[1]), p12 = mid(p[1], p[2]), p23 = mid(p[2], p[3])
            let p012 = mid(p01, p12), p123 = mid(p12, p23), m = mid(p012, p123)
            visit([p[0], p01, p012, m], depth: depth + 1)
            visit([m, p123, p23, p[3]], depth: depth + 1)
        }
        visit([(0, 0), (easing.x1, easing.y1), (easing.x2, easing.y2), (1, 1)], depth: 0)
        return pieces
    }

    /// An easing handle `{"x": [x], "y": [y]}`, the pair repeated for each of `count` dimensions (the spec's one
    /// element per dimension; every dimension of a keyframe list written here shares its easing).
    static func handle(_ x: Double, _ y: Double, count: Int) -> JSON {
        .object([
            .init("x", .array(Array(repeating: .num(x), count: count))),
            .init("y", .array(Array(repeating: .num(y), count: count))),
        ])
    }
}
