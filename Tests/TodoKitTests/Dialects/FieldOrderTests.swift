@testable import TodoKit
import XCTest

/// The canonical order of a Tasks or Dataview task's fields: the order the plugin's serializer writes them
/// (FORMAT.md 5.1, rule 10).
final class FieldOrderTests: XCTestCase {
    func formatted(_ line: String) throws -> String {
        try Formatter.format(line + "\n", as: .markdown).text
    }

    func testFormattingPutsTasksFieldsInTheOrderThePluginWritesThem() throws {
        XCTAssertEqual(try formatted("- [ ] Pay 📅 2026-12-01 ✅ 2026-12-02 ➕ 2026-11-01 ⏫ 🔁 every month 🆔 rent"),
                       "- [ ] Pay 🆔 rent ⏫ 🔁 every month ➕ 2026-11-01 📅 2026-12-01 ✅ 2026-12-02\n")
    }

    func testTagsAmongTheFieldsEndTheDescriptionInTheOrderWritten() throws {
        XCTAssertEqual(try formatted("- [ ] Do #one 📅 2026-01-02 #two 🛫 2026-01-01"),
                       "- [ ] Do #one #two 🛫 2026-01-01 📅 2026-01-02\n")
    }

    func testATasksFieldHasOneSpaceBeforeItAndBetweenItsEmojiAndItsValue() throws {
        XCTAssertEqual(try formatted("- [ ] Call   📅2026-12-01  ➕\u{00A0}2026-11-01   ^abc"),
                       "- [ ] Call ➕ 2026-11-01 📅 2026-12-01 ^abc\n")
    }

    func testADataviewFieldHasTwoSpacesBeforeItAndKeepsItsBrackets() throws {
        XCTAssertEqual(try formatted("- [ ] Pay (due:: 2026-12-01) [priority:: high]"),
                       "- [ ] Pay  [priority:: high]  (due:: 2026-12-01)\n")
    }

    func testAFieldWrittenTwiceKeepsItsPlaceBeforeTheOther() throws {
        let output = try formatted("- [ ] Pay 📅 2026-12-02 ⏫ 📅 2026-12-01")
        XCTAssertEqual(output, "- [ ] Pay ⏫ 📅 2026-12-02 📅 2026-12-01\n")
        XCTAssertEqual(Document(parsing: output).tasks[0].due, CalendarDate(year: 2026, month: 12, day: 2))
    }

    func testTodoTxtTagsAndAFieldInTheMiddleOfTheTextStayWhereTheyAre() throws {
        let line = "- [ ] Pay 📅 2026-12-01 the rent due:2026-12-03 ⏫"
        XCTAssertEqual(try formatted(line), line + "\n")
    }

    func testALineWhoseFieldsWouldReadOtherwiseInThatOrderStaysAsWritten() throws {
        // 21 tags: in canonical order the plugin's 21 rounds of reading would leave the first one out.
        let tags = (1...20).map { "#a\($0)" }.joined(separator: " ")
        let line = "- [ ] Do \(tags) ⏫ #a21 📅 2026-01-01"
        XCTAssertEqual(try formatted(line), line + "\n")
    }

    func testTwoTasksWhoseFieldsStandInAnotherOrderMeanTheSame() {
        let document = Document(parsing: "- [ ] Pay 📅 2026-12-01 ⏫\n- [ ] Pay ⏫  📅 2026-12-01\n- [ ] Pay ⏫ 📅 2026-12-02\n")
        XCTAssertEqual(document.meaning(of: 0), document.meaning(of: 1))
        XCTAssertNotEqual(document.meaning(of: 1), document.meaning(of: 2))
    }

    func testAnEditOfACanonicalTasksLineLeavesItCanonical() throws {
        let today = CalendarDate(year: 2026, month: 11, day: 28)!
        let document = Document(parsing: "- [ ] Pay 🔁 every month 📅 2026-12-01\n")
        var result = try StatusChange.complete(lines: [1], in: document, today: today).document
        result = try TaskEditor.setPriority(PriorityLevel.high.priority!, lines: [1], in: result).document
        XCTAssertEqual(try Formatter.format(result).text, result.text)
    }
}
