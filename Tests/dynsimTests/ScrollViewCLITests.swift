import Foundation
import XCTest

/// Scroll views and throwing pans from the command line: bad fields exit 65 naming the file, the field and the value;
/// a scene file of them runs like the built-in, and the events file carries the delegate's calls.
final class ScrollViewCLITests: XCTestCase, CLIRunner {
    func testBadScrollViewFieldsExit65NamingTheField() throws {
        let dir = try temporaryDirectory()
        let pan = #""gestures": [{"name": "p", "type": "pan", "view": "s", "touches": [[0, 5, 5], [1, 5, 0]]}]"#
        func scroll(_ extra: String) -> String {
            #"{"scrollViews": [{"name": "s", "frame": [0, 0, 100, 100], "contentSize": [100, 400]\#(extra)}], \#(pan)}"#
        }
        let cases: [(String, String)] = [
            (
                scroll(#", "decelerationRate": 1"#),
                "scrollViews[0].decelerationRate: must be \"normal\", \"fast\" or a rate per millisecond between 0 and 1 (exclusive), got 1"
            ),
            (scroll(#", "decelerationRate": 0"#), "scrollViews[0].decelerationRate: must be"),
            (scroll(#", "decelerationRate": "slow""#), #"scrollViews[0].decelerationRate: must be "normal""#),
            (
                #"{"scrollViews": [{"name": "s", "frame": [0, 0, 100, 100], "contentSize": [100, -4]}]}"#,
                "scrollViews[0].contentSize: must be >= 0, got -4"
            ),
            (
                scroll(#", "snapPointsY": [0, 200, 100]"#),
                "scrollViews[0].snapPointsY[2]: snap points must increase, got 100 after 200; list them in order"
            ),
            (
                scroll(#", "isPagingEnabled": true, "snapPointsY": [0, 100]"#),
                "scrollViews[0].snapPointsY: give isPagingEnabled or snap points, not both"
            ),
            (
                #"{"scrollViews": [{"name": "s", "frame": [0, 0, 100, 100], "contentSize": [100, 400]}], "gestures": [{"name": "p", "type": "tap", "view": "s", "touches": [[0, 5, 5]]}]}"#,
                #"gestures[0].type: a scroll view takes a pan (it scrolls), got "tap""#
            ),
            (
                #"{"views": [{"name": "v", "frame": [0, 0, 10, 10]}], "gestures": [{"name": "p", "type": "pan", "view": "v", "touches": [[0, 5, 5], [1, 6, 6]], "action": {"throw": "v", "snapPoints": [[0, 0]], "decelerationRate": 2}}]}"#,
                "gestures[0].action.decelerationRate: must be"
            ),
            (
                scroll(#", "snapPointsY": [0, 500]"#),
                "scrollViews[0].snapPointsY[1]: must be an offset within the content, 0 to 300 (contentSize − frame), got 500"
            ),
            (
                #"{"scrollViews": [{"name": "s", "frame": [0, 0, 100, 100], "contentSize": [100, 400]}], "gestures": [{"name": "p", "type": "pan", "view": "s", "touches": [[0, 5, 5], [1, 5, 0]]}, {"name": "q", "type": "pan", "view": "s", "touches": [[0.5, 5, 5], [2, 5, 0]]}]}"#,
                #"gestures[1].touches: overlaps gestures[0] (0 to 1 s) on the scroll view "s", got 0.5 to 2 s"#
            ),
            (
                scroll(#", "superview": "nope""#),
                #"scrollViews[0].superview: must name a view (in `views`), got "nope""#
            ),
            (
                #"{"scrollViews": [{"name": "s", "superview": "b", "frame": [0, 0, 100, 100], "contentSize": [100, 400]}], "views": [{"name": "row", "superview": "s", "frame": [0, 0, 10, 10]}, {"name": "b", "frame": [0, 0, 100, 100]}]}"#,
                #"views[0].superview: the scroll view "s" sits in "b", declared after this view; declare "b" first"#
            ),
        ]
        for (k, (text, expected)) in cases.enumerated() {
            let file = dir.appendingPathComponent("scene\(k).json")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let r = try dynsim(["run", file.path])
            XCTAssertEqual(r.status, 65, text)
            XCTAssertEqual(r.stdout, "", text)
            XCTAssertTrue(r.stderr.hasPrefix("dynsim: error: \(file.path): "), r.stderr)
            XCTAssertTrue(r.stderr.contains(expected), "\(r.stderr) should contain \(expected)")
        }
    }

    /// The built-in printed as a file runs to the same bytes, and its events name the delegate's calls.
    func testAScrollSceneFileRunsAsTheBuiltIn() throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("flick.json")
        let printed = try dynsim(["scenes", "scroll-flick"])
        XCTAssertEqual(printed.status, 0)
        try printed.stdout.write(to: file, atomically: true, encoding: .utf8)
        let a = try dynsim(["run", "scroll-flick", "--events", dir.appendingPathComponent("a.csv").path])
        let b = try dynsim(["run", file.path, "--events", dir.appendingPathComponent("b.csv").path])
        XCTAssertEqual(a.status, 0)
        XCTAssertEqual(a.stdout, b.stdout)
        let events = try String(contentsOf: dir.appendingPathComponent("b.csv"), encoding: .utf8)
        XCTAssertTrue(events.contains(",willEndDragging,feed,targetContentOffset,0,"), events)
        XCTAssertTrue(events.contains(",didEndDecelerating,feed,contentOffset,0,"), events)
    }
}
