import Foundation
import IO
import Scenes
import Traces

/// The fill of an item, which a scene does not colour: UIKit's systemGray (142, 142, 147).
let itemColor = [142.0 / 255, 142.0 / 255, 147.0 / 255, 1]

/// A scene's objects from its run's columns (sampled at the bake's rate): items, views and layers, placed on the
/// screen.
struct SceneObjects {
    let scene: Scene
    let index: [String: Int]
    let columns: [[Double]]
    let source: String

    func column(_ name: String) -> [Double]? { index[name].map { columns[$0] } }

    func all() throws -> [SampledObject] {
        var out: [SampledObject] = []
        for item in scene.items {
            let d = item.definition
            guard let x = column(item.name + ".x"), let y = column(item.name + ".y"),
                let angle = column(item.name + ".angle")
            else { continue }
            let shape: BakedObject.Shape =
                d.collisionBounds == .ellipse
                ? .ellipse(width: d.size.x, height: d.size.y)
                : .rectangle(width: d.size.x, height: d.size.y, cornerRadius: 0)
            out.append(
                SampledObject(
                    name: item.name, kind: .item, shape: shape, color: itemColor,
                    channels: [(.x, x), (.y, y), (.rotation, Bake.unwrappedDegrees(angle))]))
        }
        let scrolling = Dictionary(uniqueKeysWithValues: scene.scrollViews.map { ($0.name, $0) })
        for layer in scene.layers {
            if let s = scrolling[layer.name] {
                out.append(scrollView(s))
                continue
            }
            do { out.append(try self.layer(layer)) } catch let e as BakeError {
                // Refused only if chosen: `--objects` can leave it out.
                out.append(
                    SampledObject(
                        name: layer.name, kind: layer.isView ? .view : .layer,
                        shape: .rectangle(width: 0, height: 0, cornerRadius: 0), color: [], channels: [], problem: e))
            }
        }
        return out
    }

    /// A scroll view: its frame, still (what moves is its content, baked where each view shows on the screen; the
    /// frame's clipping is not carried).
    func scrollView(_ s: SceneScrollView) -> SampledObject {
        let n = columns.first?.count ?? 0
        func constant(_ x: Double) -> [Double] { Array(repeating: x, count: n) }
        let color = s.backgroundColor?.components ?? [0, 0, 0, 0]
        return SampledObject(
            name: s.name, kind: .view,
            shape: .rectangle(width: s.frame.width, height: s.frame.height, cornerRadius: 0), color: color,
            channels: [
                (.x, constant(s.frame.x + s.frame.width / 2)), (.y, constant(s.frame.y + s.frame.height / 2)),
                (.rotation, constant(0)), (.scaleX, constant(1)), (.scaleY, constant(1)), (.opacity, constant(1)),
            ])
    }

    /// The names of `layer`'s superlayers, nearest first.
    func ancestors(of layer: SceneLayer) -> [SceneLayer] {
        var chain: [SceneLayer] = []
        var next = layer.superlayer
        while let name = next, let parent = scene.layers.first(where: { $0.name == name }),
            !chain.contains(where: { $0.name == name })
        {
            chain.append(parent)
            next = parent.superlayer
        }
        return chain
    }

    func layer(_ l: SceneLayer) throws -> SampledObject {
        let n = l.name
        let v = l.isView
        func need(_ c: String) throws -> [Double] {
            guard let values = column(n + "." + c) else {
                throw BakeError(source, "\(n) has no \(n).\(c) column to bake", isUsage: false)
            }
            return values
        }
        let width = try need(v ? "width" : "bounds.size.width"), height = try need(v ? "height" : "bounds.size.height")
        for (name, values) in [("width", width), ("height", height)] where values.contains(where: { $0 != values[0] }) {
            throw BakeError(
                source,
                "\(n)'s \(name) changes during the run (\(NumberFormat.shortest(values[0])) to \(NumberFormat.shortest(values.max()!))): a bake carries position, rotation, scale and opacity, not size",
                isUsage: false)
        }
        let nested = l.superlayer != nil
        var x = try need(nested ? "root.position.x" : v ? "x" : "position.x")
        var y = try need(nested ? "root.position.y" : v ? "y" : "position.y")
        let radians = try need(nested ? "root.rotation.z" : v ? "rotation" : "transform.rotation.z")
        let sx = try need(v ? "scale.x" : "transform.scale.x"), sy = try need(v ? "scale.y" : "transform.scale.y")
        var opacity = try need(v ? "alpha" : "opacity")
        if !nested && !v, let tx = column(n + ".transform.translation.x"),
            let ty = column(n + ".transform.translation.y")
        {
            x = zip(x, tx).map(+)
            y = zip(y, ty).map(+)
        }
        // Superlayers' opacity multiplies; their scale would scale this one too, which its columns do not show.
        for a in ancestors(of: l) {
            let an = a.name
            if let o = column(an + (a.isView ? ".alpha" : ".opacity")) { opacity = zip(opacity, o).map(*) }
            for c in a.isView ? ["scale.x", "scale.y"] : ["transform.scale.x", "transform.scale.y"] {
                if let s = column(an + "." + c), s.contains(where: { $0 != 1 }) {
                    throw BakeError(
                        source,
                        "\(n)'s superlayer \(an) scales (\(an).\(c)), which the bake cannot place on its own; bake \(an) instead, or leave \(n) out with --objects",
                        isUsage: false)
                }
            }
        }
        // The anchor point: the position is where it sits; the centre is off it by the turned, scaled offset.
        let anchor = l.values.first { $0.keyPath == "anchorPoint" }?.value.components ?? [0.5, 0.5]
        if anchor != [0.5, 0.5] {
            let ox = (0.5 - anchor[0]) * width[0], oy = (0.5 - anchor[1]) * height[0]
            for k in x.indices {
                let c = cos(radians[k]), s = sin(radians[k])
                x[k] += c * ox * sx[k] - s * oy * sy[k]
                y[k] += s * ox * sx[k] + c * oy * sy[k]
            }
        }
        let is3D =
            !v
            && ["transform.rotation.x", "transform.rotation.y", "transform.m34", "transform.m13", "transform.m23"]
                .contains { c in column(n + "." + c)?.contains { $0 != 0 } ?? false }
        let corner = column(n + ".cornerRadius")?[0] ?? 0
        let color = ["red", "green", "blue", "alpha"].map { column(n + ".backgroundColor." + $0)?[0] ?? 0 }
        return SampledObject(
            name: n, kind: v ? .view : .layer,
            shape: .rectangle(width: width[0], height: height[0], cornerRadius: corner), color: color,
            channels: [
                (.x, x), (.y, y), (.rotation, Bake.unwrappedDegrees(radians)), (.scaleX, sx), (.scaleY, sy),
                (.opacity, opacity),
            ], is3D: is3D)
    }
}

/// A run file's objects, told by their columns: items (`.x`, `.y`, `.angle`), views (`.x`, `.y`, `.rotation`, and
/// `.scale.x`, `.scale.y`, `.alpha` where present), layers (`.position.x`, `.position.y`, and
/// `.transform.rotation.z`, `.transform.scale.x`, `.y`, `.opacity` where present).
struct TraceObjects {
    let trace: Trace
    let index: [String: Int]

    func column(_ name: String) -> [Double]? { index[name].map { trace.columns[$0].values } }

    func all() -> [SampledObject] {
        var out: [SampledObject] = []
        var seen = Set<String>()
        for (name, _) in trace.columns {
            for suffix in [".position.x", ".x"] where name.hasSuffix(suffix) {
                let n = String(name.dropLast(suffix.count))
                // A name holds no '.': `card.root.position.x` (a sublayer's screen column) and `feed.contentOffset.x`
                // (a scroll view's) are columns of `card` and `feed`, not objects of their own.
                guard !n.contains("."), !seen.contains(n), let object = self.object(n, layer: suffix == ".position.x")
                else { continue }
                seen.insert(n)
                out.append(object)
            }
        }
        return out
    }

    func object(_ n: String, layer: Bool) -> SampledObject? {
        let p = n + "."
        guard let x = column(p + (layer ? "position.x" : "x")), let y = column(p + (layer ? "position.y" : "y"))
        else { return nil }
        let kind: BakedObject.Kind
        let angle: [Double]?
        if layer {
            (kind, angle) = (.layer, column(p + "transform.rotation.z"))
        } else if let a = column(p + "angle") {
            (kind, angle) = (.item, a)
        } else if let r = column(p + "rotation") {
            (kind, angle) = (.view, r)
        } else {
            return nil  // a point (an attachment's anchor): nothing to draw
        }
        var channels: [(BakeProperty, [Double])] = [(.x, x), (.y, y)]
        if let angle { channels.append((.rotation, Bake.unwrappedDegrees(angle))) }
        let names: [(BakeProperty, String)] =
            layer
            ? [(.scaleX, "transform.scale.x"), (.scaleY, "transform.scale.y"), (.opacity, "opacity")]
            : [(.scaleX, "scale.x"), (.scaleY, "scale.y"), (.opacity, "alpha")]
        for (property, c) in names { if let values = column(p + c) { channels.append((property, values)) } }
        let w = column(p + (layer ? "bounds.size.width" : "width"))?[0] ?? 50
        let h = column(p + (layer ? "bounds.size.height" : "height"))?[0] ?? 50
        let color = ["red", "green", "blue", "alpha"].map { column(p + "backgroundColor." + $0)?[0] }
        return SampledObject(
            name: n, kind: kind,
            shape: .rectangle(width: w, height: h, cornerRadius: column(p + "cornerRadius")?[0] ?? 0),
            color: color.contains(nil) ? itemColor : color.map { $0! }, channels: channels)
    }
}
