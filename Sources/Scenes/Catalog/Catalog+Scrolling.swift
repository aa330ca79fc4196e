import Animation
import Dynamics
import Springs

// Fluid interfaces: scroll views flicked, paged and pulled past their edge, and a card thrown to the nearest corner
// (WWDC 2018, "Designing Fluid Interfaces"). Each has a numeric test in PlaybackTests/ScrollSceneTests.

extension Catalog {
    /// The scroll built-ins, listed after the interactive ones.
    static let scrollEntries: [Entry] = [
        Entry(
            name: "scroll-flick",
            summary: "a feed flicked up at 1000 pt/s decelerates (normal rate) and rests 499 pt on, the projection",
            make: scrollFlick),
        Entry(
            name: "scroll-paging",
            summary: "a five-page scroll view flicked left lands on the page its projection names (the next one)",
            make: scrollPaging),
        Entry(
            name: "scroll-pull",
            summary: "a feed pulled down past its top rubber-bands (c = 0.55) and springs back when let go",
            make: scrollPull),
        Entry(
            name: "card-throw",
            summary:
                "a card thrown toward a corner: projected as a scroll view decelerates, it springs to the nearest of four",
            make: cardThrow),
    ]

    /// Puts scroll view `view` in scene `s` with its `content` (views inside it), and a pan named `pan` on it
    /// through `touches` ([t, x, y] rows).
    static func scroll(
        _ s: inout Scene, _ view: SceneScrollView, content: [SceneLayer], pan: String, touches: [[Double]]
    ) {
        s.scrollViews = [view]
        s.layers = [view.layer] + content
        s.gestures = [
            SceneGesture(
                name: pan, kind: .pan, view: view.name, samples: SceneGesture.samples(touches), action: .scroll)
        ]
    }

    /// Rows of a feed inside scroll view `feed`: `count` views `height` pt tall, alternating colors, full width.
    static func feedRows(_ feed: String, count: Int, width: Double, height: Double) -> [SceneLayer] {
        (0..<count).map { k in
            let shade = k % 2 == 0 ? 0.85 : 0.65
            return .view(
                "row\(k)", superview: feed, frame: [8, Double(k) * height + 4, width - 16, height - 8],
                backgroundColor: .color(shade, shade, 1, 1))
        }
    }

    /// `scroll-flick`: a 375 x 667 scroll view over a 375 x 3000 feed (20 rows of 150 pt). A pan (0.5 → 0.6 s) moves
    /// up 100 pt, the last 50 pt in 0.05 s: released at contentOffset.y 100 with the content moving at 1000 pt/s, it
    /// decelerates at `normal` (0.998 per ms) and rests at 100 + 499 = 599 pt, 3.45 s later. 5 s.
    public static func scrollFlick() -> Scene {
        var s = newScene(
            "scroll-flick", "A flick at 1000 pt/s on a scroll view decelerates to the WWDC 2018 projection.",
            duration: 5)
        var feed = SceneScrollView(
            name: "feed", frame: Rect(x: 0, y: 0, width: 375, height: 667), contentSize: Vector2(375, 3000))
        feed.backgroundColor = .color(1, 1, 1, 1)
        scroll(
            &s, feed, content: feedRows("feed", count: 20, width: 375, height: 150), pan: "flick",
            touches: [[0.5, 187, 500], [0.55, 187, 450], [0.6, 187, 400]])
        return s
    }

    /// `scroll-paging`: a 375 x 667 paging scroll view over five pages side by side (1875 x 667). A pan (0.5 → 0.7 s)
    /// moves left 100 pt, the last 30 pt in 0.05 s: released at contentOffset.x 100 moving at 600 pt/s, its projection
    /// 100 + 0.6·499 = 399.4 pt names page 1 (round(399.4 / 375)), so it springs to 375 (the snap model, docs/fluid.md).
    /// 3 s.
    public static func scrollPaging() -> Scene {
        var s = newScene(
            "scroll-paging", "A paging scroll view flicked left lands on the page its projection names.", duration: 3)
        var pages = SceneScrollView(
            name: "pages", frame: Rect(x: 0, y: 0, width: 375, height: 667), contentSize: Vector2(1875, 667))
        pages.isPagingEnabled = true
        let colors: [AnimatableValue] = [
            .color(1, 0.6, 0.6, 1), .color(0.6, 1, 0.6, 1), .color(0.6, 0.6, 1, 1), .color(1, 1, 0.6, 1),
            .color(0.6, 1, 1, 1),
        ]
        let content = colors.enumerated().map { k, c in
            SceneLayer.view(
                "page\(k)", superview: "pages", frame: [Double(k) * 375 + 16, 16, 343, 635], backgroundColor: c)
        }
        scroll(
            &s, pages, content: content, pan: "swipe",
            touches: [[0.5, 300, 333], [0.55, 280, 333], [0.6, 260, 333], [0.65, 230, 333], [0.7, 200, 333]])
        return s
    }

    /// `scroll-pull`: a 375 x 667 scroll view over a 375 x 2000 feed. A pan pulls down 200 pt from y 200 over 1 s (0.5 →
    /// 1.5 s, 20 pt a tenth of a second), holds for 0.2 s and lifts: while dragged, contentOffset.y is −f(travel),
    /// f = 0.55·667·x / (667 + 0.55·x) (94.4 pt at 200 pt); let go at rest past the top, it springs back to 0 (the
    /// bounce model, docs/fluid.md). 4 s.
    public static func scrollPull() -> Scene {
        var s = newScene(
            "scroll-pull", "A pull past the top of a scroll view rubber-bands, then springs back.", duration: 4)
        var feed = SceneScrollView(
            name: "feed", frame: Rect(x: 0, y: 0, width: 375, height: 667), contentSize: Vector2(375, 2000))
        feed.backgroundColor = .color(0.95, 0.95, 0.95, 1)
        let pull = (0...10).map { k in [0.5 + Double(k) / 10, 187, 200 + 20 * Double(k)] }
        scroll(
            &s, feed, content: feedRows("feed", count: 16, width: 375, height: 125), pan: "pull",
            touches: pull + [[1.6, 187, 400], [1.7, 187, 400]])
        return s
    }

    /// `card-throw`: WWDC 2018's picture-in-picture card (160 x 100) on a 375 x 667 screen, resting in one of four
    /// corners, centers (100, 90), (275, 90), (100, 577), (275, 577). A pan grabs it at the top-left corner and flicks
    /// it down and right (0.5 → 0.7 s, the last segment 600 pt/s right, 900 pt/s down): the center is projected as a
    /// scroll view decelerates (`normal`), the bottom-right corner is nearest, and a spring (damping ratio 1, response
    /// 0.4 s) carries it there starting at the finger's velocity. 2 s.
    public static func cardThrow() -> Scene {
        var s = newScene(
            "card-throw", "A card thrown to the nearest of four corners by projecting the release velocity.",
            duration: 2)
        s.layers = [
            .view("root", frame: [0, 0, 375, 667], backgroundColor: .color(0.95, 0.95, 0.95, 1)),
            .view(
                "card", superview: "root", center: [100, 90], size: [160, 100], backgroundColor: .color(0.2, 0.4, 1, 1),
                cornerRadius: 12),
        ]
        var drag = SceneThrow(
            view: "card", snapPoints: [Vector2(100, 90), Vector2(275, 90), Vector2(100, 577), Vector2(275, 577)])
        drag.dampingRatio = 1
        drag.response = 0.4
        s.gestures = [
            SceneGesture(
                name: "throw", kind: .pan, view: "card",
                samples: SceneGesture.samples([
                    [0.5, 100, 90], [0.55, 110, 105], [0.6, 125, 128], [0.65, 145, 158], [0.7, 175, 203],
                ]), action: .throwing(drag))
        ]
        return s
    }
}
