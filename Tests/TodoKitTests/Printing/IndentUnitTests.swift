@testable import TodoKit
import XCTest

/// A todo file keeps its indentation unit (docs/FORMAT.md 5.1, rule 4): a nested item goes one unit right of its parent,
/// never left of the parent's content column, and leading whitespace is written in the unit.
final class IndentUnitTests: XCTestCase {
    private func formatted(_ text: String, _ options: FormatOptions = FormatOptions()) throws -> String {
        let result = try Formatter.format(text, as: .markdown, options: options)
        // Formatting twice changes nothing.
        XCTAssertEqual(try Formatter.format(result.text, as: .markdown, options: options).text, result.text)
        return result.text
    }

    func testATabIndentedFileStaysTabIndented() throws {
        let text = "- [ ] a\n\t- [ ] b\n\t\t- [ ] c\n\t\t  note\n\t- [ ] d\n"
        XCTAssertEqual(try formatted(text), text)
    }

    func testTabIndentedItemsOffTheirPlaceGoOneTabRightOfTheirParent() throws {
        let text = "- [ ] a\n\t - [ ] b\n\t\t - [ ] c\n\t   note of c\n\t- [ ] d\n"
        let expected = "- [ ] a\n\t- [ ] b\n\t\t- [ ] c\n\t\t  note of c\n\t- [ ] d\n"
        XCTAssertEqual(try formatted(text), expected)
    }

    func testAMixedFileGoesToTheUnitMostOfItsNestedItemsUse() throws {
        // Two nested items led by a tab, one by spaces: tabs.
        XCTAssertEqual(try formatted("- [ ] a\n\t- [ ] b\n\t- [ ] c\n    - [ ] d\n"),
                       "- [ ] a\n\t- [ ] b\n\t- [ ] c\n\t- [ ] d\n")
        // Two led by spaces, one by a tab: the canonical spaces, each item at its parent's content column.
        XCTAssertEqual(try formatted("- [ ] a\n    - [ ] b\n    - [ ] c\n\t- [ ] d\n"),
                       "- [ ] a\n  - [ ] b\n  - [ ] c\n  - [ ] d\n")
        // A tie: the canonical spaces.
        XCTAssertEqual(try formatted("- [ ] a\n\t- [ ] b\n    - [ ] c\n"), "- [ ] a\n  - [ ] b\n  - [ ] c\n")
    }

    func testItemsNearerTheMarginThanATabDoNotDecideTheUnit() {
        // `  - b` at column 2 cannot be led by a whole tab.
        let document = Document(parsing: "- a\n  - b\n  - c\n\t- d\n")
        XCTAssertEqual(IndentUnit.mostlyUsed(in: document), .tab)
        XCTAssertEqual(IndentUnit.mostlyUsed(in: Document(parsing: "- a\n  - b\n    - c\n")), .canonical)
    }

    func testUnderAWideMarkerAChildGoesToItsParentsContentColumnInTabsThenSpaces() throws {
        // `100. ` has its content at column 5; one tab reaches only 4, where the item would not be a child.
        let text = "100. [ ] wide\n     - [ ] child\n       note\n- [ ] top\n\t- [ ] tabbed\n\t- [ ] tabbed too\n"
        let expected = "100. [ ] wide\n\t - [ ] child\n\t   note\n- [ ] top\n\t- [ ] tabbed\n\t- [ ] tabbed too\n"
        XCTAssertEqual(try formatted(text), expected)
        let document = Document(parsing: expected)
        XCTAssertEqual(document.items.map(\.parent), [nil, 0, nil, 2, 2])
    }

    func testTheUnitGivenInTheOptionsWinsOverTheFiles() throws {
        let spaced = "- [ ] a\n  - [ ] b\n    - [ ] c\n      note\n"
        XCTAssertEqual(try formatted(spaced, FormatOptions(indentUnit: .tab)), "- [ ] a\n\t- [ ] b\n\t\t- [ ] c\n\t\t  note\n")
        XCTAssertEqual(try formatted("- [ ] a\n\t- [ ] b\n", FormatOptions(indentUnit: .canonical)), "- [ ] a\n  - [ ] b\n")
    }

    func testSpacesOfAGivenWidthNestAnItemThatManyColumnsRightOfItsParent() throws {
        XCTAssertEqual(try formatted("- [ ] a\n  - [ ] b\n    - [ ] c\n      note\n1. x\n   - y\n", FormatOptions(indentUnit: .spaces(4))),
                       "- [ ] a\n    - [ ] b\n        - [ ] c\n          note\n1. x\n    - y\n")
        // Never so far right that the item would be indented code: at most 3 columns right of the content column.
        XCTAssertEqual(try formatted("- [ ] a\n  - [ ] b\n", FormatOptions(indentUnit: .spaces(8))), "- [ ] a\n     - [ ] b\n")
    }

    func testCodeInATabIndentedItemMovesByItsOwnIndentationWrittenAsSpaces() throws {
        let text = "- [ ] a\n\t- [ ] b\n\n\t      code\n"
        XCTAssertEqual(try formatted(text), text)
        // `b` moves from column 5 to 4: the code's own 4 columns go to 10 as spaces, its content kept.
        XCTAssertEqual(try formatted("- [ ] a\n\t - [ ] b\n\n\t         code\n"), "- [ ] a\n\t- [ ] b\n\n            code\n")
    }
}
