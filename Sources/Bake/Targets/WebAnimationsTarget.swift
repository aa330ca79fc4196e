import Foundation
import IO

/// The `waapi` target: a JavaScript module of Web Animations keyframes (Web Animations Level 1,
/// `Element.animate(keyframes, options)`), its report in leading `//` comments.
///
/// It exports `duration` (milliseconds), `width` and `height` (the stage, CSS px = points), `timing`
/// (`{duration, fill: "both"}`) and `objects`: per object its `name`, `id` (``CSSTarget/identifier(_:)``), size,
/// `borderRadius`, `background`, the `initial` value of each property, and `channels`, one per baked channel that
/// changes (`x`, `y`, `rotation`, `scaleX`, `scaleY`, `opacity`), each `{property, keyframes}` with keyframes
/// `{offset, easing, [property]: value}`: `offset` t / duration (the last exactly 1), `easing` segment k's
/// `cubic-bezier(x1, y1, x2, y2)` (in Web Animations a keyframe's easing applies from it to the next, as in CSS; the
/// last key has none).
///
/// Per-channel keys are expressed as the CSS target does (see ``CSSTarget``): x, y, scale x and scale y animate the
/// registered custom properties `--dynsim-x`, `--dynsim-y` (`<length>`), `--dynsim-sx`, `--dynsim-sy` (`<number>`),
/// one `animate()` each, and the element's style combines them as `translate: var(--dynsim-x) var(--dynsim-y)` and
/// `scale: var(--dynsim-sx) var(--dynsim-sy)`; rotation animates `rotate` (degrees, clockwise, unwrapped) and opacity
/// `opacity` directly. `register()` registers the four properties with `CSS.registerProperty` (a second registration,
/// or the CSS target's `@property` rules, are not an error). `mount(stage)` makes the elements (as the CSS target's
/// page has them) and returns a `Map` from name to element; `play(elements)` (a `Map` or an object keyed by name)
/// registers, sets each element's combined style and initial values, starts every channel and returns the
/// `Animation` objects.
public enum WebAnimationsTarget {
    /// The module's text; `report` goes into its leading `//` comments.
    public static func write(_ bake: Bake, report: [String]) -> String {
        var out = report.map { "// " + CSSTarget.commentSafe($0) + "\n" }.joined()
        let ms = bake.duration * 1000
        out += "export const duration = \(NumberFormat.shortest(ms));\n"
        out += "export const width = \(NumberFormat.shortest(bake.width));\n"
        out += "export const height = \(NumberFormat.shortest(bake.height));\n"
        out += "export const timing = { duration, fill: \"both\" };\n"
        out += "export const objects = [\n"
        for o in bake.objects {
            let (w, h) = o.shape.size
            out += "  {\n"
            out += "    name: \(js(o.name)),\n    id: \(js(CSSTarget.identifier(o.name))),\n"
            out += "    width: \(NumberFormat.shortest(w)),\n    height: \(NumberFormat.shortest(h)),\n"
            out += "    borderRadius: \(js(CSSTarget.borderRadius(o.shape))),\n"
            out += "    background: \(js(CSSTarget.color(o.color))),\n"
            let initial = o.channels.map {
                "\(js(CSSTarget.cssProperty($0.property))): \(js(CSSTarget.cssValue($0.property, $0.values[0])))"
            }
            out += "    initial: { " + initial.joined(separator: ", ") + " },\n"
            out +=
                "    style: { "
                + CSSTarget.combined(o).map { decl in
                    let parts = decl.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    return "\(js(parts[0])): \(js(parts[1]))"
                }.joined(separator: ", ") + " },\n"
            out += "    channels: {\n"
            for c in o.channels where !c.isConstant {
                let property = CSSTarget.cssProperty(c.property)
                out += "      \(c.property.rawValue): {\n        property: \(js(property)),\n        keyframes: [\n"
                for k in c.times.indices {
                    let last = k == c.times.count - 1
                    var members = ["offset: " + (last ? "1" : NumberFormat.shortest(c.times[k] / bake.duration))]
                    if !last { members.append("easing: " + js(CSSTarget.cubicBezier(c.easings[k]))) }
                    members.append(js(property) + ": " + js(CSSTarget.cssValue(c.property, c.values[k])))
                    out += "          { " + members.joined(separator: ", ") + " },\n"
                }
                out += "        ],\n      },\n"
            }
            out += "    },\n  },\n"
        }
        out += "];\n"
        out += "const properties = [\n"
        for p in CSSTarget.registered {
            out +=
                "  { name: \(js(p.name)), syntax: \(js(p.syntax)), inherits: false, initialValue: \(js(p.initial)) },\n"
        }
        out += "];\n"
        out += helpers
        return out
    }

    /// A JavaScript string literal (JSON's, which JavaScript reads as the same string).
    static func js(_ s: String) -> String { JSONWriter.quote(s) }

    /// The module's functions.
    static let helpers = """
        // Registers the custom properties the keyframes animate (once: a second call, or @property rules, are fine).
        export function register() {
          for (const p of properties) {
            try {
              CSS.registerProperty(p);
            } catch (e) {
              if (e.name !== "InvalidModificationError") throw e;
            }
          }
        }

        // Makes one element per object in `stage` (sized to width x height) and returns a Map from name to element.
        export function mount(stage) {
          stage.style.position = "relative";
          stage.style.overflow = "hidden";
          stage.style.width = width + "px";
          stage.style.height = height + "px";
          const elements = new Map();
          for (const o of objects) {
            const e = document.createElement("div");
            e.id = o.id;
            e.dataset.name = o.name;
            Object.assign(e.style, {
              position: "absolute", boxSizing: "border-box", left: -o.width / 2 + "px", top: -o.height / 2 + "px",
              width: o.width + "px", height: o.height + "px", borderRadius: o.borderRadius,
              backgroundColor: o.background,
            });
            stage.appendChild(e);
            elements.set(o.name, e);
          }
          return elements;
        }

        // Starts every channel of every object found in `elements` (a Map or an object keyed by name); returns the
        // Animation objects.
        export function play(elements) {
          register();
          const animations = [];
          for (const o of objects) {
            const e = elements instanceof Map ? elements.get(o.name) : elements[o.name];
            if (!e) continue;
            for (const [k, v] of Object.entries({ ...o.initial, ...o.style })) e.style.setProperty(k, v);
            for (const c of Object.values(o.channels)) animations.push(e.animate(c.keyframes, timing));
          }
          return animations;
        }

        """
}
