import TodoKit
import XCTest

/// `Formatter.format`, the one entry point that formats: what comes out of it beside the canonical text.
final class FormatterTests: XCTestCase {
    func testTheResultHoldsTheInputAndTheOutputReadAfresh() throws {
        let text = "*   [X] a \n    note\n"
        let result = try Formatter.format(text, as: .markdown)
        XCTAssertEqual(result.text, "- [x] a\n  note\n")
        XCTAssertTrue(result.isChanged)
        XCTAssertEqual(result.input.text, text)
        XCTAssertEqual(result.output.text, result.text)
        XCTAssertEqual(result.output.tasks, Document(parsing: result.text).tasks)
        XCTAssertFalse(try Formatter.format(result.text, as: .markdown).isChanged)
    }

    func testTheOutputsWarningsAreItsOwnReadAgain() throws {
        // The untidy bullet makes the formatter rewrite a line; the warnings are those of the output's lines.
        let text = "* [ ] fix it due:2026-02-30\n- [ ] (a) lower priority\n- [ ] fine due:2026-03-01\n"
        let result = try Formatter.format(text, as: .markdown)
        XCTAssertNotEqual(result.text, text)
        XCTAssertEqual(result.output.diagnostics.map(\.description), [
            "1:18: warning: due:2026-02-30 is not a real date",
            "2:7: warning: priority must be an uppercase letter: '(a)' is read as text",
        ])
        let sorted = try Formatter.format(text, as: .markdown, sortedBy: SortKey.defaultOrder)
        XCTAssertEqual(sorted.text, "- [ ] fine due:2026-03-01\n- [ ] fix it due:2026-02-30\n- [ ] (a) lower priority\n")
        XCTAssertEqual(sorted.output.diagnostics.map(\.line), [2, 3])
    }

    func testSortedTasksMoveWithTheirNotesAndSubtasksAndKeepTheirEndings() throws {
        let cases = [
            ("# A\n- [x] done\n  note\n- [ ] (B) b\n  - [ ] sub 2 due:2026-03-01\n  - [ ] sub 1 due:2026-02-01\n- [ ] (A) a\n# B\n- [x] z\n- [ ] y\n",
             "# A\n\n- [ ] (A) a\n- [ ] (B) b\n  - [ ] sub 1 due:2026-02-01\n  - [ ] sub 2 due:2026-03-01\n- [x] done\n  note\n\n# B\n\n- [ ] y\n- [x] z\n"),
            // Ordered items are renumbered; a run ends at a plain item; the last line has no ending.
            ("# A\n1. [ ] (C) c\n2. [ ] (A) a\n- plain\n- [x] x\n- [ ] o\n## B\n9. [x] x\n10. [ ] o",
             "# A\n\n1. [ ] (A) a\n2. [ ] (C) c\n- plain\n- [ ] o\n- [x] x\n\n## B\n\n9. [ ] o\n10. [x] x\n"),
            ("# A\r\n- [x] x\r\n- [ ] o\r\n# B\r\n* [x] x\n* [ ] (A) o",
             "# A\r\n\r\n- [ ] o\r\n- [x] x\r\n\r\n# B\r\n\r\n- [ ] (A) o\r\n- [x] x\n"),
        ]
        for (text, expected) in cases {
            let sorted = try Formatter.format(text, as: .markdown, sortedBy: SortKey.defaultOrder)
            XCTAssertEqual(sorted.text, expected)
            XCTAssertNotEqual(sorted.text, try Formatter.format(text, as: .markdown).text)
            XCTAssertEqual(try Formatter.format(sorted.text, as: .markdown, sortedBy: SortKey.defaultOrder).text, sorted.text)
        }
    }

    func testARunThatReorderingWouldReadOtherwiseIsLeftAsWritten() throws {
        // The fence inside b is never closed: put last, it would take the blank line after it. That run is left
        // as written, and the next one sorted.
        let text = "# A\n- [ ] (B) b\n  ```\n  code\n- [ ] (A) a\n\n- [ ] (D) d\n- [ ] (C) c\n"
        XCTAssertEqual(try Formatter.format(text, as: .markdown, sortedBy: SortKey.defaultOrder).text,
                       "# A\n\n- [ ] (B) b\n  ```\n  code\n- [ ] (A) a\n\n- [ ] (C) c\n- [ ] (D) d\n")
    }

    func testATagKeyComparesNumbersOnlyWhenEveryValueInTheFileIsOne() throws {
        let text = "# A\n- [ ] b size:10\n- [ ] a size:9\n# B\n- [ ] c size:x\n"
        XCTAssertEqual(try Formatter.format(text, as: .markdown, sortedBy: SortKey.parseOrder("size")).text,
                       "# A\n\n- [ ] b size:10\n- [ ] a size:9\n\n# B\n\n- [ ] c size:x\n")
        let numbers = text.replacingOccurrences(of: "size:x", with: "size:1")
        XCTAssertEqual(try Formatter.format(numbers, as: .markdown, sortedBy: SortKey.parseOrder("size")).text,
                       "# A\n\n- [ ] a size:9\n- [ ] b size:10\n\n# B\n\n- [ ] c size:1\n")
    }

    func testATodoTxtLineStartingWithAZeroWidthNoBreakSpaceIsNotTakenForAByteOrderMark() throws {
        // U+FEFF at the start of the text is a byte order mark; on any other line it is the task's own.
        XCTAssertEqual(try Formatter.format("(A) a\n\u{FEFF}bom\n", as: .todotxt, sortedBy: SortKey.defaultOrder).text,
                       "(A) a\n\u{FEFF}bom\n")
        // Put first, by the canonical form (the blank lines above it dropped) or by the sort, the line's U+FEFF
        // would read as the file's mark: refused, sorted or not.
        let text = "\n\u{FEFF}bom\n(A) a\n"
        let crlf = "\n\n\u{FEFF}bom\r\n(B) b\r\n(A) a\r\n"
        for keys in [nil, SortKey.defaultOrder, try SortKey.parseOrder("-priority")] {
            XCTAssertThrowsError(try Formatter.format(crlf, as: .todotxt, sortedBy: keys))
        }
        XCTAssertThrowsError(try Formatter.format(text, as: .todotxt)) { error in
            XCTAssertEqual((error as? FormatError)?.difference.description, "task on line 2 changed its text from \"\u{FEFF}bom\" to \"bom\"")
        }
        XCTAssertThrowsError(try Formatter.format(text, as: .todotxt, sortedBy: SortKey.parseOrder("size")))
        XCTAssertThrowsError(try Formatter.format("x 2026-01-02 done\n\u{FEFF}open\n", as: .todotxt, sortedBy: SortKey.defaultOrder)) { error in
            XCTAssertEqual((error as? FormatError)?.difference.description, "task on line 2 changed its text from \"\u{FEFF}open\" to \"open\"")
        }
        // A file with a mark of its own keeps it, and the line its U+FEFF.
        XCTAssertEqual(try Formatter.format("\u{FEFF}\n\u{FEFF}bom\n(A) a\n", as: .todotxt, sortedBy: SortKey.defaultOrder).text,
                       "\u{FEFF}(A) a\n\u{FEFF}bom\n")
    }

    func testALargeFileFormatsAndSortsIdempotently() throws {
        var text = "---\ntitle: x\n---\n"
        for list in 0..<200 {
            text += "# List \(list)\n"
            for task in 0..<20 { text += "* [\(task % 3 == 0 ? "X" : " ")] (\(["A", "C", "B"][task % 3])) task \(list).\(task)  \n  note\n" }
        }
        for keys in [nil, SortKey.defaultOrder] {
            let once = try Formatter.format(text, as: .markdown, sortedBy: keys)
            XCTAssertTrue(once.isChanged)
            XCTAssertEqual(once.output.tasks.count, 4000)
            XCTAssertEqual(try Formatter.format(once.text, as: .markdown, sortedBy: keys).text, once.text)
        }
    }
}
