import TodoKit
import XCTest

/// The canonical form of a todo file where CommonMark reads a line otherwise than its indentation suggests: each
/// case is formatted as shown, and renders the same before and after (`CommonMarkHTML`: GitHub's cmark-gfm).
final class CanonicalFormRenderingTests: XCTestCase {
    /// One renderer for every case: starting Python takes longer than the cases.
    nonisolated(unsafe) private static var renderer: Result<CommonMarkHTML, Error>?

    private func assertFormats(_ input: String, as expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try Formatter.format(input, as: .markdown)
        XCTAssertEqual(result.text, expected, file: file, line: line)
        XCTAssertFalse(try Formatter.format(result.text, as: .markdown).isChanged, "not idempotent", file: file, line: line)
        let html = try (Self.renderer ?? { Self.renderer = Result { try CommonMarkHTML() }; return Self.renderer! }()).get()
        if let difference = try html.difference(result) { XCTFail(difference, file: file, line: line) }
    }

    func testAnItemStartingWithIndentedCodeKeepsItsCodeLinesAndTakesNoLazyLine() throws {
        // `[?]` is code (five spaces after the marker): the next line continues the code, and `after` is a paragraph.
        try assertFormats("-     [?]\n      due:2026-03-01\nafter\n", as: "-     [?]\n      due:2026-03-01\nafter\n")
    }

    func testATabInMovedCodeIsTheCodesOwnAndStaysATab() throws {
        // The code's own four columns move with the item; the tab after them is the code's content.
        try assertFormats("  -\n        \tcode\n", as: "-\n      \tcode\n")
    }

    func testWhitespaceUnderAnEmptyItemThatReachesItsContentColumnKeepsTheItemOpen() throws {
        // cmark reads the code as the item's; an empty line there would end the item. The tab straddling the
        // code's own columns leaves three spaces of content.
        try assertFormats("  1.\n       \n        \tcode\n", as: "1.\n   \n          code\n")
    }

    func testALineAfterASetextHeadingInAnItemContinuesNothing() throws {
        // `fix` under the underline is indented code of the item, four columns past its content column.
        try assertFormats("2)  fix\n     -\n        fix\n", as: "2) fix\n   -\n       fix\n")
    }

    func testBlankLinesInsideIndentedCodeAfterAQuoteStayAsWritten() throws {
        // The quote holds code, which no lazy line continues: `indented` starts indented code, blank lines and all.
        try assertFormats(">     code in quote\n    indented\n\n\n    more\n", as: ">     code in quote\n    indented\n\n\n    more\n")
    }

    func testTwoTaskListsInAPlainItemWithABlankLineBetweenKeepTheirBullets() throws {
        // Joined, the blank line would make the list loose rather than the plain item, whose text would render otherwise.
        try assertFormats("- a plain item\n  * [x] one list\n\n  + [ ] another\n", as: "- a plain item\n  * [x] one list\n\n  + [ ] another\n")
        try assertFormats("* [x] one list\n\n+ [ ] another\n", as: "- [x] one list\n\n- [ ] another\n")
    }

    func testAnEmptyItemEndsAtTheFirstBlankLineThatDoesNotReachItsContentColumn() throws {
        // The second blank line ends the item, so `-` is indented code, not a list inside it.
        try assertFormats("+\n  \n \n     -  \n", as: "-\n\n     -  \n")
    }

    func testAnItemWhoseLineStartsAnotherListStaysAsWritten() throws {
        // `1.` is a list inside `10.`, and the URL its paragraph: the item keeps its lines where they are.
        try assertFormats("10. 1.\n        https://example.com/a:b\n* [ ] task\n", as: "10. 1.\n        https://example.com/a:b\n- [ ] task\n")
        try assertFormats("* * a\n    more\n* b\n", as: "* * a\n    more\n* b\n")
    }

    func testTrailingWhitespaceInsideACodeSpanThatGoesOnToTheNextLineStays() throws {
        try assertFormats("- a `span  \n  goes on` here  \n", as: "- a `span  \n  goes on` here\n")
        // Four columns in, the backticks cannot open a fence: they open a span of the paragraph.
        try assertFormats("title:\n    ``` text \n    ``` \n", as: "title:\n    ``` text \n    ```\n")
    }
}
