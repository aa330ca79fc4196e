import Foundation
import XCTest

@testable import IO

/// SHA-256 against FIPS 180-4's published examples and a peer (`sha256sum`).
final class SHA256Tests: XCTestCase {
    func testFIPSExamples() {
        // FIPS 180-4 / NIST CSRC examples: "abc", the empty string, the 448-bit two-block message, a million "a".
        XCTAssertEqual(
            SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Every length around the padding's block edges (55, 56, 63, 64 bytes ...) against coreutils' sha256sum.
    func testAgreesWithSha256sum() throws {
        let tool = URL(fileURLWithPath: "/usr/bin/sha256sum")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else { throw XCTSkip("no sha256sum") }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for count in [1, 55, 56, 57, 63, 64, 65, 119, 120, 1000] {
            let bytes = (0..<count).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 33)
            }
            let process = Process()
            process.executableURL = tool
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            input.fileHandleForWriting.write(Data(bytes))
            try input.fileHandleForWriting.close()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(SHA256.hex(bytes), String(text.prefix(64)), "\(count) bytes")
        }
    }
}
