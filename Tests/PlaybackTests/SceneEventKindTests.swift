import XCTest

@testable import Playback

/// `SceneEvent.kinds` lists exactly the kinds the events file writes (what `--metric event:KIND` accepts).
final class SceneEventKindTests: XCTestCase {
    func testKindsAreTheKindColumnOfEveryCase() {
        let every: [SceneEvent] =
            [
                .contactBegan(time: 0, item: "a", other: "b", point: nil),
                .contactEnded(time: 0, item: "a", other: "b"),
                .rest(time: 0, item: "a"), .animationStarted(time: 0, layer: "l", key: "k"),
                .animationStopped(time: 0, layer: "l", key: "k"),
                .animatorCompleted(time: 0, animator: "p", position: "end"),
                .blockCompleted(time: 0, block: "b", finished: true),
                .gesture(time: 0, name: "g", state: "began", point: nil),
            ]
            + ["willBeginDragging", "willEndDragging", "didEndDecelerating"].map {
                .scrollView(time: 0, call: $0, scrollView: "s", what: "contentOffset", point: .zero)
            }
        // The events file's documented kinds (docs/scenes.md's events table): begin, end, rest, start, stop,
        // complete (animators and blocks), gesture, and a scroll view's delegate calls.
        XCTAssertEqual(
            Set(every.map { $0.fields[0] }),
            [
                "begin", "end", "rest", "start", "stop", "complete", "gesture", "willBeginDragging", "willEndDragging",
                "didEndDecelerating",
            ])
        XCTAssertEqual(Set(SceneEvent.kinds), Set(every.map { $0.fields[0] }))
        XCTAssertEqual(SceneEvent.kinds.count, Set(SceneEvent.kinds).count)
    }
}
