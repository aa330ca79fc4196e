import Foundation
import XCTest
@testable import Scenes
import Playback

/// The scroll built-ins, each checked against arithmetic done here: UIScrollView's per-millisecond recurrence (each ms
/// v *= c, x += v) and its geometric sum, the rubber band f = c·d·x/(d + c·x), and the critically damped spring's
/// closed form x(t) = T + (x0 + (v0 + ω·x0)·t)·e^(−ωt) (x0 measured from T, ω = 10 rad/s: mass 1, stiffness 100).
final class ScrollSceneTests: XCTestCase {
    /// Rows of `scene` at `rate` Hz, and its events.
    func run(_ scene: Scene, rate: Double) throws -> (rows: [SceneRow], columns: [String], events: [SceneEvent]) {
        var s = scene
        s.rate = rate
        let run = SceneRun(scene: s)
        var rows: [SceneRow] = [], events: [SceneEvent] = []
        try run.run(events: { events.append($0) }) { rows.append($0) }
        return (rows, run.columns, events)
    }

    /// The critically damped spring of ω = 10 rad/s from x0 (relative to its end) at v0.
    static func critical(_ t: Double, x0: Double, v0: Double) -> Double { (x0 + (v0 + 10 * x0) * t) * exp(-10 * t) }

    /// A flick at 1000 pt/s (the last segment: 50 pt in 0.05 s) from contentOffset.y 100 at 0.6 s: every row follows
    /// x = 100 + 0.998·(1 − 0.998^(1000τ))/0.002 to 1e-6 pt while decelerating, the recurrence at every whole
    /// millisecond, and rests at the projection 100 + 499.
    func testFreeFlickFollowsTheClosedFormAndRestsAtTheProjection() throws {
        let (rows, columns, events) = try run(Catalog.scrollFlick(), rate: 1000)
        let y = columns.firstIndex(of: "feed.contentOffset.y")!, dec = columns.firstIndex(of: "feed.isDecelerating")!
        let c = 0.998, release = 0.6
        // The recurrence, millisecond by millisecond, in 1 pt/ms.
        var x = 100.0, v = 1.0
        var recurrence = [x]
        for _ in 0..<5000 {
            v *= c
            x += v
            recurrence.append(x)
        }
        let end = release + log(0.5 / 499) / (1000 * log(c))
        var checked = 0
        for row in rows where row.time >= release - 1e-12 {
            let tau = row.time - release
            if row.time < end {
                let closed = 100 + c * (1 - pow(c, 1000 * tau)) / (1 - c)
                XCTAssertEqual(row[y], closed, accuracy: 1e-6, "t = \(row.time)")
                let ms = Int((tau * 1000).rounded())
                XCTAssertEqual(row[y], recurrence[ms], accuracy: 1e-9 * 499, "t = \(row.time)")
                XCTAssertEqual(row[dec], 1)
                checked += 1
            } else {
                XCTAssertEqual(row[y], 599, accuracy: 1e-9, "t = \(row.time)")
                XCTAssertEqual(row[dec], 0)
            }
        }
        XCTAssertGreaterThan(checked, 3400)
        // scrollViewWillEndDragging: 1 pt/ms and the projection; didEndDecelerating when 0.5 pt is left.
        let calls = events.compactMap { e -> (Double, String, String, SIMD2<Double>)? in
            if case let .scrollView(t, call, _, what, p) = e { return (t, call, what, p) }
            return nil
        }
        XCTAssertEqual(
            calls.map(\.1), ["willBeginDragging", "willEndDragging", "willEndDragging", "didEndDecelerating"])
        XCTAssertEqual(calls[1].3.y, 1, accuracy: 1e-12)
        XCTAssertEqual(calls[2].2, "targetContentOffset")
        XCTAssertEqual(calls[2].3.y, 599, accuracy: 1e-9)
        XCTAssertEqual(calls[3].0, end, accuracy: 1e-9)
        XCTAssertEqual(calls[3].3.y, 599, accuracy: 1e-9)
    }

    /// Paging: released at contentOffset.x 100 moving at 600 pt/s, the projection 100 + 0.6·0.998/0.002 names page
    /// round(399.4 / 375) = 1; the content springs there (ω = 10, critically damped) and rests on 375.
    func testPagingLandsOnThePageTheProjectionNames() throws {
        let (rows, columns, events) = try run(Catalog.scrollPaging(), rate: 500)
        let xc = columns.firstIndex(of: "pages.contentOffset.x")!
        let projection = 100 + 0.6 * 0.998 / 0.002
        let page = (projection / 375).rounded()
        XCTAssertEqual(page, 1)
        let target = page * 375
        guard
            case let .scrollView(tEnd, "didEndDecelerating", _, _, p)? = events.last(where: {
                if case .scrollView = $0 { return true } else { return false }
            })
        else { return XCTFail("no didEndDecelerating") }
        XCTAssertEqual(p.x, target)
        for row in rows where row.time >= 0.7 - 1e-12 {
            if row.time < tEnd {
                XCTAssertEqual(
                    row[xc], target + Self.critical(row.time - 0.7, x0: 100 - target, v0: 600), accuracy: 1e-6,
                    "t = \(row.time)")
            } else {
                XCTAssertEqual(row[xc], target, "t = \(row.time)")
            }
        }
        XCTAssertEqual(rows.last![xc], target)
    }

    /// Pulled down past the top: every row while dragged shows −f(travel) for the last touch so far (d = 667, the
    /// frame's height); let go at rest, it springs back to 0.
    func testPullRubberBandsWhileDraggedAndSpringsBack() throws {
        let scene = Catalog.scrollPull()
        let (rows, columns, _) = try run(scene, rate: 100)
        let y = columns.firstIndex(of: "feed.contentOffset.y")!, drag = columns.firstIndex(of: "feed.isDragging")!
        let samples = scene.gestures[0].samples
        func f(_ x: Double) -> Double { 0.55 * 667 * x / (667 + 0.55 * x) }
        var dragged = 0
        for row in rows where row.time >= samples[0].time - 1e-12 && row.time < samples.last!.time - 1e-12 {
            let touch = samples.last { $0.time <= row.time + 1e-12 }!
            let travel = touch.points[0].y - samples[0].points[0].y
            XCTAssertEqual(row[y], -f(travel), accuracy: 1e-9, "t = \(row.time)")
            XCTAssertEqual(row[drag], 1)
            dragged += 1
        }
        XCTAssertEqual(dragged, 120)
        XCTAssertEqual(f(200), 94.427, accuracy: 1e-3)
        // Released at −f(200) with no velocity: back on the spring.
        let release = samples.last!.time
        for row in rows where row.time > release && row.time < release + 0.5 {
            XCTAssertEqual(row[y], Self.critical(row.time - release, x0: -f(200), v0: 0), accuracy: 1e-6)
        }
        XCTAssertEqual(rows.last![y], 0)
    }

    /// The thrown card: the corner nearest the projection (center + v·0.998/0.002/1000) is where it rests, and it
    /// leaves the finger at the finger's velocity (600, 900 pt/s).
    func testThrownCardRestsAtTheNearestCornerAndKeepsTheFingersVelocity() throws {
        var scene = Catalog.cardThrow()
        scene.duration = 2
        let (rows, columns, _) = try run(scene, rate: 10000)
        let x = columns.firstIndex(of: "card.x")!, y = columns.firstIndex(of: "card.y")!
        let release = rows.firstIndex { abs($0.time - 0.7) < 1e-9 }!
        XCTAssertEqual(rows[release][x], 175, accuracy: 1e-9)
        XCTAssertEqual(rows[release][y], 203, accuracy: 1e-9)
        let projection = SIMD2(175 + 600 * 0.499, 203 + 900 * 0.499)
        let corners = [SIMD2(100.0, 90), SIMD2(275, 90), SIMD2(100, 577), SIMD2(275, 577)]
        let nearest = corners.min { a, b in
            ((a - projection) * (a - projection)).sum() < ((b - projection) * (b - projection)).sum()
        }!
        XCTAssertEqual(rows.last![x], nearest.x)
        XCTAssertEqual(rows.last![y], nearest.y)
        // One-sided second-order difference over 0.1 ms rows: error ~ (h²/3)·x''' ≈ 0.05 pt/s here.
        func slope(_ c: Int) -> Double {
            (-3 * rows[release][c] + 4 * rows[release + 1][c] - rows[release + 2][c]) / 2e-4
        }
        XCTAssertEqual(slope(x), 600, accuracy: 0.5)
        XCTAssertEqual(slope(y), 900, accuracy: 0.5)
    }

    /// A scroll view inside a full-screen background view takes the pan (it is the background's first subview, above
    /// it); released 0.3 pt short of a page it rests on the page at once, and didEndDecelerating says so.
    func testAScrollViewInAViewScrollsAndRestsOnTheTargetItReported() throws {
        var scene = Catalog.scrollPaging()
        scene.scrollViews[0].superview = "background"
        scene.layers[0] = scene.scrollViews[0].layer
        scene.layers.insert(.view("background", frame: [0, 0, 375, 667]), at: 0)
        scene.gestures[0].samples = SceneGesture.samples([[0.5, 374.8, 300], [0.6, 0.1, 300], [0.8, 0.1, 300]])
        let (rows, columns, events) = try run(scene, rate: 100)
        let x = columns.firstIndex(of: "pages.contentOffset.x")!
        let calls = events.compactMap { e -> (Double, String, SIMD2<Double>)? in
            if case let .scrollView(t, call, _, _, p) = e { return (t, call, p) }
            return nil
        }
        XCTAssertEqual(
            calls.map(\.1), ["willBeginDragging", "willEndDragging", "willEndDragging", "didEndDecelerating"])
        XCTAssertEqual(calls[2].2.x, 375)
        XCTAssertEqual(calls[3].0, 0.8)
        XCTAssertEqual(calls[3].2.x, 375)
        XCTAssertEqual(rows.first { abs($0.time - 0.7) < 1e-9 }![x], 374.7, accuracy: 1e-9)
        XCTAssertEqual(rows.last![x], 375)
    }
}
