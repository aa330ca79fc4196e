import Foundation
import XCTest

extension CLITests {
    /// Texts a user chooses (an animation key, a boundary identifier, a layer's text) with commas and quotes come out
    /// as RFC 4180 fields that Python's csv module reads back field for field (an independent reader).
    func testEventsAndTextsWithCommasAndQuotesReadBackWithPythonsCSV() throws {
        let dir = try temporaryDirectory()
        let scene = #"""
            {"duration": 1.5,
             "items": [{"name": "ball", "center": [187.5, 560], "size": [40, 40]}],
             "behaviors": [{"type": "gravity"},
               {"type": "collision", "items": ["ball"], "boundaries": [{"identifier": "floor, \"left\"", "from": [0, 600], "to": [375, 600]}]}],
             "layers": [{"name": "label", "bounds": [0, 0, 200, 40], "position": [187.5, 333.5], "text": "a, \"b\""}],
             "animations": [{"layer": "label", "key": "my fade, \"slow\"", "keyPath": "opacity", "fromValue": 1, "toValue": 0,
               "duration": 0.5, "beginTime": 0.2}]}
            """#
        let file = dir.appendingPathComponent("quoting.json")
        try scene.write(to: file, atomically: true, encoding: .utf8)
        let rows = dir.appendingPathComponent("rows.csv"), events = dir.appendingPathComponent("events.csv")
        let r = try dynsim(["run", file.path, "--output", rows.path, "--events", events.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let check = try shell(
            """
            python3 - '\(rows.path)' '\(events.path)' <<'PY'
            import csv, sys
            rows = list(csv.reader(open(sys.argv[1], newline='')))
            header = rows[0]
            texts = {row[header.index('label.text')] for row in rows[1:]}
            assert texts == {'a, "b"'}, texts
            assert all(len(row) == len(header) for row in rows), 'ragged rows'
            events = list(csv.reader(open(sys.argv[2], newline='')))
            assert events[0] == ['t', 'kind', 'a', 'b', 'x', 'y'], events[0]
            assert all(len(e) == 6 for e in events), [e for e in events if len(e) != 6]
            kinds = {(e[1], e[2], e[3]) for e in events[1:]}
            assert ('begin', 'ball', 'floor, "left"') in kinds, kinds
            assert ('start', 'label', 'my fade, "slow"') in kinds, kinds
            assert ('stop', 'label', 'my fade, "slow"') in kinds, kinds
            print('ok')
            PY
            """)
        XCTAssertEqual(check.stdout, "ok\n", check.stderr)
    }
}

extension CLITests {
    /// An output naming one of the process's own descriptors is written in place, at its offset and in its mode: a
    /// redirected file keeps what came before (`>>`), and a pipe works (`/dev/fd/1 | ...`).
    func testDescriptorOutputsAppendAndPipe() throws {
        let dir = try temporaryDirectory()
        let log = dir.appendingPathComponent("log.txt")
        try "PRECIOUS\n".write(to: log, atomically: true, encoding: .utf8)
        let appended = try shell(
            "\"$DYNSIM\" run pendulum --duration 0.05 --output /dev/stdout >> '\(log.path)'; echo status=$?")
        XCTAssertEqual(appended.stdout, "status=0\n", appended.stderr)
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.first, "PRECIOUS")
        XCTAssertEqual(lines.count, 1 + 1 + 4)
        let piped = try shell("\"$DYNSIM\" run pendulum --duration 0.05 --output /dev/fd/1 | wc -l")
        XCTAssertEqual(piped.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "5", piped.stderr)
    }

    /// The temporary file is created afresh (never through a link planted where it would go), and a 250-byte output
    /// name works (the temporary name is short).
    func testTemporaryOutputIsCreatedAfreshAndLongNamesWork() throws {
        let dir = try temporaryDirectory()
        let long = dir.appendingPathComponent(String(repeating: "n", count: 246) + ".csv")
        XCTAssertEqual(try dynsim(["run", "pendulum", "--duration", "0.05", "--output", long.path]).status, 0)
        XCTAssertEqual(try String(contentsOf: long, encoding: .utf8).split(separator: "\n").count, 5)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).count, 1, "no temporary file left")
    }
}
