@testable import TodoKit
import XCTest

final class LineRewriteTests: XCTestCase {
    /// Runs `build` over `original` and gives the outcome and the output bytes.
    private func rewrite(_ original: String, _ build: (inout LineRewrite) -> Void) -> (String, String) {
        var out = LineRewrite(of: Substring(original))
        build(&out)
        switch out.outcome {
        case .same: return ("same", original)
        case .prefix(let count): return ("prefix", String(decoding: Array(original.utf8.prefix(count)), as: UTF8.self))
        case .new(let bytes): return ("new", String(decoding: bytes, as: UTF8.self))
        }
    }

    func testCopyingTheLineItselfIsTheSameLine() {
        let (outcome, text) = rewrite("- [ ] a") { $0.append(original: 0..<7) }
        XCTAssertEqual(outcome, "same")
        XCTAssertEqual(text, "- [ ] a")
    }

    func testBytesEqualToTheOriginalsAreTheSameLine() {
        let (outcome, _) = rewrite("  - [x] a") {
            $0.append(repeating: .space, count: 2)
            $0.append(UInt8(ascii: "-"))
            $0.append(.space)
            $0.append(original: 4..<9)
        }
        XCTAssertEqual(outcome, "same")
    }

    func testDroppingTrailingWhitespaceIsAPrefix() {
        let (outcome, text) = rewrite("task  \t") { $0.append(original: 0..<4) }
        XCTAssertEqual(outcome, "prefix")
        XCTAssertEqual(text, "task")
    }

    func testADifferentByteStartsANewLineWithTheMatchedStartKept() {
        let (outcome, text) = rewrite("* [X] a") {
            $0.append(UInt8(ascii: "-"))
            $0.append(original: 1..<3)
            $0.append(UInt8(ascii: "x"))
            $0.append(original: 4..<7)
        }
        XCTAssertEqual(outcome, "new")
        XCTAssertEqual(text, "- [x] a")
    }

    func testMoreSpacesThanTheOriginalHasStartANewLine() {
        let (outcome, text) = rewrite("  a") {
            $0.append(repeating: .space, count: 4)
            $0.append(original: 2..<3)
        }
        XCTAssertEqual(outcome, "new")
        XCTAssertEqual(text, "    a")
    }

    func testStartingOverForgetsWhatWasWritten() {
        let (outcome, text) = rewrite("ab") {
            $0.append(UInt8(ascii: "z"))
            $0.removeAll()
            $0.append(original: 0..<2)
        }
        XCTAssertEqual(outcome, "same")
        XCTAssertEqual(text, "ab")
        let (again, output) = rewrite("ab") {
            $0.append(UInt8(ascii: "z"))
            $0.removeAll()
            $0.append(UInt8(ascii: "y"))
            XCTAssertEqual($0.output, [UInt8(ascii: "y")])
        }
        XCTAssertEqual(again, "new")
        XCTAssertEqual(output, "y")
    }

    func testTheOutputIsALineOnlyWhenItIsNotTheOriginal() {
        var same = LineRewrite(of: "- [ ] a")
        same.append(original: 0..<7)
        XCTAssertNil(same.line(ending: .lf))
        var prefix = LineRewrite(of: "- [ ] a  ")
        prefix.append(original: 0..<7)
        XCTAssertEqual(prefix.line(ending: .crlf), Line("- [ ] a", ending: .crlf))
        var new = LineRewrite(of: "* [ ] a")
        new.append(UInt8(ascii: "-"))
        new.append(original: 1..<7)
        XCTAssertEqual(new.line(ending: .none), Line("- [ ] a", ending: .none))
    }
}
