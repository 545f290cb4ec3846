@testable import TodoKit
import XCTest

/// Safe mode for sorting a canonical todo.txt file: the sorted lines must be the input's lines, each once.
final class LinePermutationTests: XCTestCase {
    private let keys = SortKey.defaultOrder

    private func sortedReadBack(_ text: String) -> Document {
        Sorter.sorted(Document(parsing: text, format: .todotxt), by: keys).readBack()
    }

    func testASortedCanonicalFileHasTheInputsLinesEachOnce() throws {
        let texts = [
            "(B) b due:2026-03-01\nx 2026-01-02 done\n(A) a\nplain +p @c\n",
            "\u{FEFF}(C) c\r\n(A) a\r\n(B) b\r\n",
            "(B) b\r(A) a\r",
            "x done\n(A) a\nb\n",
        ]
        for text in texts {
            let lines = try XCTUnwrap(LinePermutation(of: Document(parsing: text, format: .todotxt)), text)
            let sorted = sortedReadBack(text)
            XCTAssertNotEqual(sorted.text, text)
            XCTAssertNil(lines.difference(in: sorted), text)
        }
    }

    func testOnlyACanonicalTodoTxtFileReadFromItsTextIsCheckedThisWay() {
        XCTAssertNil(LinePermutation(of: Document(parsing: "- [ ] a\n", format: .markdown)))
        XCTAssertNil(LinePermutation(of: Document(parsing: "(B) b  \n(A) a\n", format: .todotxt)), "trailing spaces")
        XCTAssertNil(LinePermutation(of: Document(parsing: "(B) b\n\n(A) a\n", format: .todotxt)), "a blank line")
        XCTAssertNil(LinePermutation(of: Document(parsing: "(B) b\n(A) a", format: .todotxt)), "no final line ending")
        XCTAssertNil(LinePermutation(of: Document(lines: [Line("(A) a")], format: .todotxt)), "no text read")
    }

    func testALineLostRepeatedCutShortOrOfAnotherTextIsFound() throws {
        let text = "(B) b\n(A) a\n(C) c\r\nd\n"
        let input = Document(parsing: text, format: .todotxt)
        let check = try XCTUnwrap(LinePermutation(of: input))
        func difference(_ change: (inout [Line]) -> Void) -> String? {
            var lines = input.lines
            change(&lines)
            return check.difference(in: Document(lines: lines, format: .todotxt))
        }
        XCTAssertNil(difference { $0.swapAt(0, 3) })
        XCTAssertEqual(difference { $0[1] = $0[0] }, "line 2 of the sorted file is not one of the input's lines, each once")
        XCTAssertEqual(difference { $0.removeLast() }, "the sorted file has 3 lines, not 4")
        XCTAssertNotNil(difference { $0[0].count -= 1 }, "a line cut short")
        XCTAssertNotNil(difference { $0[2].ending = .lf }, "a CRLF line said to end in LF")
        XCTAssertNotNil(difference { $0[2].ending = .cr }, "a CRLF line said to end at its CR")
        XCTAssertNotNil(difference { $0[1].ending = .crlf }, "an LF line said to end in CRLF")
        XCTAssertNotNil(difference { $0[1].start += 1; $0[1].count -= 1 }, "a line that starts inside another")
        XCTAssertNotNil(difference { $0[3] = Line("d") }, "a line of its own string")
        // The same text, read again: its lines are slices of another string.
        XCTAssertNotNil(check.difference(in: Document(parsing: String(decoding: Array(text.utf8), as: UTF8.self), format: .todotxt)))
    }

    func testALineStartingWithAByteOrderMarkMovedToTheTopIsFound() throws {
        // Put first, the line's U+FEFF would read as the file's byte order mark: the text is read again.
        let text = "x 2026-01-02 done\n\u{FEFF}open\n"
        let check = try XCTUnwrap(LinePermutation(of: Document(parsing: text, format: .todotxt)))
        let sorted = sortedReadBack(text)
        XCTAssertTrue(sorted.hasByteOrderMark)
        XCTAssertNotNil(check.difference(in: sorted))
    }
}
