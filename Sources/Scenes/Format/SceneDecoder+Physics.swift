import Dynamics
import Foundation
import IO

// The physics half of a scene file: items and behaviors (gravity, push, collision, field, snap, added velocity,
// attachments and their drags), each decoded and validated with errors naming the file, the JSON path and the value.
extension SceneDecoder {
    func decodeItem(_ json: JSON, path: String, index: Int, usedNames: Set<String>) throws -> SceneItem {
        let table = ItemFields.table
        let f = try Fields(json, path: path, file: fileName, allowed: table.names)
        let name = try f.string("name") ?? "item\(index)"
        if f.value("name") == nil, usedNames.contains(name) {
            throw f.error(
                "name", "is required here: the default name is already taken, got nothing (default \(quoted(name)))")
        }
        guard SceneDecoder.isValidName(name) else {
            throw f.error("name", "must be 1 to 64 ASCII letters, digits, '_' or '-', got \(quoted(name))")
        }
        guard f.value("center") != nil else { throw f.missing("center", "the item's center [x, y] in points") }
        var item = SceneItem(name: name, definition: ItemDefinition(center: .zero))
        try table.decode(f, into: &item)
        var def = item.definition
        let boundsType =
            try f.string("collisionBoundsType") ?? (f.value("collisionBoundingPath") != nil ? "path" : "rectangle")
        switch boundsType {
        case "rectangle": def.collisionBounds = .rectangle
        case "ellipse": def.collisionBounds = .ellipse
        case "path":
            guard let pj = f.value("collisionBoundingPath"), case .array(let pts) = pj, pts.count >= 3 else {
                throw f.missing("collisionBoundingPath", "at least 3 points [x, y] of a convex polygon, item-local")
            }
            var points: [Vector2] = []
            for (i, p) in pts.enumerated() {
                guard case .array(let xy) = p, xy.count == 2, case .number(let x, _) = xy[0],
                    case .number(let y, _) = xy[1],
                    x.isFinite, y.isFinite, abs(x) <= Limits.magnitude, abs(y) <= Limits.magnitude
                else {
                    throw InputError(
                        file: fileName, path: "\(path).collisionBoundingPath[\(i)]",
                        message: "must be [x, y] with finite numbers within ±1e9, got \(p.brief)")
                }
                points.append(Vector2(x, y))
            }
            guard ConvexPolygon.isConvexPath(points) else {
                throw f.error(
                    "collisionBoundingPath", "must be a convex, non-self-intersecting polygon, got \(pj.brief)")
            }
            def.collisionBounds = .path(points)
        default:
            throw f.error(
                "collisionBoundsType", "must be \"rectangle\", \"ellipse\" or \"path\", got \(quoted(boundsType))")
        }
        try ModeRule.check(table.rules, f)
        // The item the table filled, so a field of the item's own (not its definition's) is kept.
        item.definition = def
        return item
    }

    func itemReference(_ f: Fields, _ key: String, names: Set<String>) throws -> String? {
        guard let name = try f.string(key) else { return nil }
        guard names.contains(name) else { throw f.error(key, "no such item, got \(quoted(name))") }
        return name
    }

    /// UIGravityBehavior's and UIPushBehavior's two forms: a direction vector under `key`, or `angle` and `magnitude`
    /// (the missing one `defaultAngle` or 1); nil when none is given.
    /// - Throws: ``InputError`` when both forms are given, naming the angle or magnitude.
    func directionForm(_ f: Fields, _ key: String, defaultAngle: Double) throws -> SceneGravity.Form? {
        let direction = try f.vector(key)
        let angle = try f.number("angle"), magnitude = try f.number("magnitude")
        if let direction {
            guard angle == nil && magnitude == nil else {
                let other = angle != nil ? "angle" : "magnitude"
                throw f.error(other, "give either \(key) or angle and magnitude, not both, got \(f.text(other))")
            }
            return .direction(direction)
        }
        guard angle != nil || magnitude != nil else { return nil }
        return .angle(angle ?? defaultAngle, magnitude: magnitude ?? 1)
    }

    func decodeGravity(_ json: JSON, path: String, names: Set<String>) throws -> SceneGravity {
        let f = try Fields(json, path: path, file: fileName, allowed: BehaviorFields.gravity.names)
        var g = SceneGravity()
        g.items = try itemList(f, "items", path: path, names: names)
        if g.items?.isEmpty == true {
            throw f.error("items", "must name at least one item (leave items out for every item), got []")
        }
        g.form = try directionForm(f, "gravityDirection", defaultAngle: Double.pi / 2) ?? g.form
        return g
    }

    /// A behavior's `items`: required, not empty, each an item of the scene.
    func requiredItems(_ f: Fields, path: String, names: Set<String>) throws -> [String] {
        guard let items = try itemList(f, "items", path: path, names: names) else {
            throw f.missing("items", "a non-empty array of item names")
        }
        guard !items.isEmpty else { throw f.error("items", "must be a non-empty array of item names, got []") }
        return items
    }

    func itemList(_ f: Fields, _ key: String, path: String, names: Set<String>) throws -> [String]? {
        guard let list = f.value(key) else { return nil }
        guard case .array(let arr) = list else {
            throw f.error(key, "must be an array of item names, got \(list.brief)")
        }
        var out: [String] = []
        for (k, v) in arr.enumerated() {
            guard case .string(let s) = v else {
                throw InputError(
                    file: fileName, path: "\(path).\(key)[\(k)]", message: "must be an item name, got \(v.brief)")
            }
            guard names.contains(s) else {
                throw InputError(
                    file: fileName, path: "\(path).\(key)[\(k)]", message: "no such item, got \(quoted(s))")
            }
            out.append(s)
        }
        return out
    }

    func decodePush(_ json: JSON, path: String, names: Set<String>) throws -> ScenePush {
        let f = try Fields(json, path: path, file: fileName, allowed: BehaviorFields.push.names)
        let items = try requiredItems(f, path: path, names: names)
        var p = ScenePush(items: items)
        try BehaviorFields.push.decode(f, into: &p)
        p.form = try directionForm(f, "pushDirection", defaultAngle: 0) ?? p.form
        if let end = try f.number("endTime") {
            guard p.mode == .continuous else {
                throw f.error("endTime", "only for a continuous push, got \(f.text("endTime"))")
            }
            guard end >= p.beginTime else {
                throw f.error("endTime", "must not be before beginTime, got \(f.text("endTime"))")
            }
            p.endTime = end
        }
        return p
    }

    func decodeCollision(_ json: JSON, path: String, names: Set<String>) throws -> SceneCollision {
        let f = try Fields(json, path: path, file: fileName, allowed: BehaviorFields.collision.names)
        let items = try requiredItems(f, path: path, names: names)
        var c = SceneCollision(items: items)
        try BehaviorFields.collision.decode(f, into: &c)
        try ModeRule.check(BehaviorFields.collision.rules, f)
        if let list = f.value("boundaries") {
            guard case .array(let arr) = list else {
                throw f.error("boundaries", "must be an array, got \(list.brief)")
            }
            var identifiers = Set<String>()
            for (k, bj) in arr.enumerated() {
                let bpath = "\(path).boundaries[\(k)]"
                let bf = try Fields(
                    bj, path: bpath, file: fileName, allowed: BehaviorFields.boundaryTable.names)
                guard let identifier = try bf.label("identifier"), !identifier.isEmpty else {
                    throw bf.missing("identifier", "a non-empty name for contact events")
                }
                guard identifier != "bounds" else {
                    throw bf.error(
                        "identifier",
                        "\"bounds\" names the reference bounds in events; choose another name, got \"bounds\"")
                }
                guard identifiers.insert(identifier).inserted else {
                    throw bf.error("identifier", "duplicate boundary identifier, got \(quoted(identifier))")
                }
                var points: [Vector2]
                let from = try bf.vector("from"), to = try bf.vector("to")
                if let pathJSON = bf.value("path") {
                    if from != nil || to != nil { throw bf.error("path", "give either from and to, or path, got both") }
                    guard case .array(let pts) = pathJSON, pts.count >= 2 else {
                        throw bf.error("path", "must be an array of at least 2 points [x, y], got \(pathJSON.brief)")
                    }
                    points = []
                    for (i, pj) in pts.enumerated() {
                        guard case .array(let xy) = pj, xy.count == 2, case .number(let x, _) = xy[0],
                            case .number(let y, _) = xy[1],
                            x.isFinite, y.isFinite, abs(x) <= Limits.magnitude, abs(y) <= Limits.magnitude
                        else {
                            throw InputError(
                                file: fileName, path: "\(bpath).path[\(i)]",
                                message: "must be [x, y] with finite numbers within ±1e9, got \(pj.brief)")
                        }
                        points.append(Vector2(x, y))
                    }
                } else {
                    guard let from else { throw bf.missing("from", "the segment's start [x, y], or a path") }
                    guard let to else { throw bf.missing("to", "the segment's end [x, y]") }
                    points = [from, to]
                }
                for i in 1..<points.count where points[i] == points[i - 1] {
                    throw InputError(
                        file: fileName, path: bpath,
                        message:
                            "has a zero-length segment, got the point [\(NumberFormat.shortest(points[i].x)), \(NumberFormat.shortest(points[i].y))] twice"
                    )
                }
                let closed = try bf.bool("closed") ?? false
                // Closing adds the segment from the last point back to the first: equal, they make it zero-length.
                if closed, points.count > 2, points[0] == points[points.count - 1] {
                    throw bf.error(
                        "closed",
                        "closes a path whose last point is its first, a zero-length segment (leave the last point out), got true"
                    )
                }
                c.boundaries.append(SceneBoundary(identifier: identifier, points: points, closed: closed))
            }
        }
        return c
    }

    func decodeField(_ json: JSON, path: String, names: Set<String>) throws -> SceneField {
        let f = try Fields(json, path: path, file: fileName, allowed: BehaviorFields.field.names)
        guard let kindName = try f.string("kind") else {
            throw f.missing("kind", FieldBehavior.Kind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        guard let kind = FieldBehavior.Kind(rawValue: kindName) else {
            throw f.error(
                "kind",
                "must be one of \(FieldBehavior.Kind.allCases.map(\.rawValue).joined(separator: ", ")), got \(quoted(kindName))"
            )
        }
        let items = try requiredItems(f, path: path, names: names)
        // The kind's defaults (its falloff among them), then the declared fields, then the region and the seed.
        var scene = SceneField(items: items, field: FieldBehavior(kind: kind, items: []))
        try ModeRule.check(BehaviorFields.field.rules, f)
        try BehaviorFields.field.decode(f, into: &scene)
        if let r = f.value("region") {
            scene.field.region = try decodeRegion(r, path: path + ".region")
        }
        if let seed = try f.int("seed") {
            guard seed >= 0 && seed <= Int(Limits.magnitude) else {
                throw f.error(
                    "seed", "must be a whole number from 0 to \(NumberFormat.limit(Limits.magnitude)), got \(seed)")
            }
            scene.field.seed = UInt64(seed)
        }
        return scene
    }

    func decodeRegion(_ json: JSON, path: String) throws -> FieldRegion {
        let f = try Fields(json, path: path, file: fileName, allowed: BehaviorFields.regionTable.names)
        if f.value("radius") != nil && f.value("size") != nil {
            throw f.error("size", "give either radius or size, not both, got \(f.text("size"))")
        }
        var region = BehaviorFields.Region()
        try BehaviorFields.regionTable.decode(f, into: &region)
        return region.region
    }

    func decodeSnap(_ json: JSON, path: String, names: Set<String>) throws -> SceneSnap {
        let f = try Fields(json, path: path, file: fileName, allowed: BehaviorFields.snap.names)
        guard let item = try itemReference(f, "item", names: names) else {
            throw f.missing("item", "the name of the item")
        }
        guard f.value("snapPoint") != nil else { throw f.missing("snapPoint", "the target center [x, y] in points") }
        var snap = SceneSnap(item: item, snapPoint: .zero)
        try BehaviorFields.snap.decode(f, into: &snap)
        return snap
    }

    func decodeAddVelocity(_ json: JSON, path: String, names: Set<String>) throws -> SceneAddVelocity {
        let f = try Fields(json, path: path, file: fileName, allowed: BehaviorFields.addVelocity.names)
        guard let item = try itemReference(f, "item", names: names) else {
            throw f.missing("item", "the name of the item")
        }
        var a = SceneAddVelocity(item: item)
        try BehaviorFields.addVelocity.decode(f, into: &a)
        return a
    }

    func decodeAttachment(
        _ json: JSON, path: String, itemNames: Set<String>, anchorIndex: Int,
        names: inout Set<String>
    ) throws -> SceneAttachment {
        let f = try Fields(json, path: path, file: fileName, allowed: BehaviorFields.attachment.names)
        guard let item = try itemReference(f, "item", names: itemNames) else {
            throw f.missing("item", "the name of the attached item")
        }
        var a = SceneAttachment(item: item)
        try BehaviorFields.attachment.decode(f, into: &a)
        a.attachedTo = try itemReference(f, "attachedTo", names: itemNames)
        if let other = a.attachedTo {
            guard other != item else { throw f.error("attachedTo", "must name another item, got \(quoted(other))") }
            for key in ["anchorPoint", "drag", "name"] where f.value(key) != nil {
                throw f.error(
                    key,
                    "not allowed with attachedTo (an item-to-item attachment has no anchor), got \(f.value(key)!.brief)"
                )
            }
            a.attachedOffsetFromCenter = try f.vector("attachedOffsetFromCenter") ?? .zero
        } else {
            if f.value("attachedOffsetFromCenter") != nil {
                throw f.error(
                    "attachedOffsetFromCenter",
                    "only allowed with attachedTo, got \(f.value("attachedOffsetFromCenter")!.brief)")
            }
            // Default: "anchor", then "anchor2", "anchor3", ..., skipping names already taken.
            var name = "anchor"
            if let given = try f.string("name") {
                name = given
            } else {
                var n = anchorIndex + 1
                name = n == 1 ? "anchor" : "anchor\(n)"
                while names.contains(name) { n += 1; name = "anchor\(n)" }
            }
            guard SceneDecoder.isValidName(name) else {
                throw f.error("name", "must be 1 to 64 ASCII letters, digits, '_' or '-', got \(quoted(name))")
            }
            guard names.insert(name).inserted else {
                throw f.error("name", "already names an item or anchor, got \(quoted(name))")
            }
            a.name = name
            a.anchorPoint = try f.vector("anchorPoint")
            if let dragJSON = f.value("drag") {
                if a.anchorPoint != nil {
                    throw f.error(
                        "anchorPoint",
                        "not allowed with drag (the drag's position at t = 0 is the anchor point), got \(f.value("anchorPoint")!.brief)"
                    )
                }
                a.drag = try decodeDrag(dragJSON, path: path + ".drag")
            } else if a.anchorPoint == nil {
                throw f.missing("anchorPoint", "an anchor [x, y] in points, or attachedTo an item, or a drag")
            }
        }
        return a
    }

    func decodeDrag(_ json: JSON, path: String) throws -> SceneDrag {
        let f = try Fields(json, path: path, file: fileName, allowed: DragFields.table.names)
        var drag = SceneDrag(times: [], points: [])
        try DragFields.table.decode(f, into: &drag)
        let interpolation = drag.interpolation
        let csv = try f.string("csv")
        if let csv, csv.isEmpty { throw f.error("csv", "must be a file name, got \"\"") }
        let keyframes = f.value("keyframes")
        if csv != nil && keyframes != nil {
            throw f.error("csv", "give either keyframes or csv, not both, got \(quoted(csv!))")
        }
        var times: [Double] = [], points: [Vector2] = []
        if let csv {
            let bytes = try readSampleFile(csv, path: path + ".csv")
            (times, points) = try DragCSV.parse(
                bytes, fileName: displayName(csv), maxRows: Limits.maxSamples - budget.samples)
            budget.samples += times.count
        } else if let keyframes {
            guard case .array(let arr) = keyframes, !arr.isEmpty else {
                throw f.error("keyframes", "must be a non-empty array of [t, x, y], got \(keyframes.brief)")
            }
            for (k, kf) in arr.enumerated() {
                let values = try sampleRow(
                    kf, path: "\(path).keyframes[\(k)]", header: ["t", "x", "y"], after: times.last)
                times.append(values[0])
                points.append(Vector2(values[1], values[2]))
            }
        } else {
            throw f.missing("keyframes", "[[t, x, y], ...] or a csv file of t,x,y")
        }
        return SceneDrag(interpolation: interpolation, csv: csv, times: times, points: points)
    }
}
