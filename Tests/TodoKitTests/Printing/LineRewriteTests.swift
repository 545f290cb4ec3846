@testable import TodoKit
import XCTest

/// A line rewritten piece by piece comes out as the line itself when the pieces add up to it, and as a new
/// line of exactly the pieces otherwise.
final class LineRewriteTests: XCTestCase {
    /// Runs `build` over `original` and gives the line it makes: nil when that is the original itself.
    private func rewrite(_ original: String, _ build: (inout LineRewrite, Span<UInt8>) -> Void) -> String? {
        var out = LineRewrite(of: TextSlice(original))
        let text = original
        build(&out, text.utf8.span)
        return out.line(ending: .lf).map { String($0.text) }
    }

    func testCopyingTheLineItselfIsTheSameLine() {
        XCTAssertNil(rewrite("- [ ] a") { $0.append(original: 0..<7, $1) })
    }

    func testBytesEqualToTheOriginalsAreTheSameLine() {
        XCTAssertNil(rewrite("  - [x] a") {
            $0.append(repeating: .space, count: 2, $1)
            $0.append(UInt8(ascii: "-"), $1)
            $0.append(.space, $1)
            $0.append(original: 4..<9, $1)
        })
    }

    func testDroppingTrailingWhitespaceGivesTheLineCutShort() {
        XCTAssertEqual(rewrite("task  \t") { $0.append(original: 0..<4, $1) }, "task")
    }

    func testADifferentByteStartsANewLineWithTheMatchedStartKept() {
        XCTAssertEqual(rewrite("* [X] a") {
            $0.append(UInt8(ascii: "-"), $1)
            $0.append(original: 1..<3, $1)
            $0.append(UInt8(ascii: "x"), $1)
            $0.append(original: 4..<7, $1)
        }, "- [x] a")
    }

    func testMoreSpacesThanTheOriginalHasStartANewLine() {
        XCTAssertEqual(rewrite("  a") {
            $0.append(repeating: .space, count: 4, $1)
            $0.append(original: 2..<3, $1)
        }, "    a")
    }

    func testStartingOverForgetsWhatWasWritten() {
        XCTAssertNil(rewrite("ab") {
            $0.append(UInt8(ascii: "z"), $1)
            $0.removeAll()
            $0.append(original: 0..<2, $1)
        })
        XCTAssertEqual(rewrite("ab") {
            $0.append(UInt8(ascii: "z"), $1)
            $0.removeAll()
            $0.append(UInt8(ascii: "y"), $1)
            XCTAssertEqual($0.output($1), [UInt8(ascii: "y")])
        }, "y")
    }

    func testTheOutputLineHasTheEndingAskedFor() {
        var prefix = LineRewrite(of: TextSlice("- [ ] a  "))
        let text = "- [ ] a  "
        prefix.append(original: 0..<7, text.utf8.span)
        XCTAssertEqual(prefix.line(ending: .crlf), Line("- [ ] a", ending: .crlf))
    }
}
