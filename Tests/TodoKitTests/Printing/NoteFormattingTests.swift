import TodoKit
import XCTest

/// A note is its author's (docs/FORMAT.md 1.5): formatting it puts its task lines' fields in order and changes
/// nothing else; safe mode refuses any other change.
final class NoteFormattingTests: XCTestCase {
    private func note(_ text: String) -> Document { Document(parsing: text, reading: .obsidian, kind: .note) }

    func testFormattingANoteOrdersItsTaskLinesFieldsAndKeepsEveryOtherByte() throws {
        let text = "---\ntags: [work]  \n---\n# Plan  \n* [X] Pay rent 📅 2026-12-01 ⏫  \n\t+ [ ] call 📅2026-12-01  ➕ 2026-11-01\n\n\n| a | b |\n|---|---|\n> [!todo]\n> - [ ] quoted ⏫ 🔁 every week"
        let result = try Formatter.format(note(text))
        XCTAssertEqual(result.text, "---\ntags: [work]  \n---\n# Plan  \n* [X] Pay rent ⏫ 📅 2026-12-01  \n\t+ [ ] call ➕ 2026-11-01 📅 2026-12-01\n\n\n| a | b |\n|---|---|\n> [!todo]\n> - [ ] quoted ⏫ 🔁 every week")
    }

    func testTheSameTextAsATodoFileIsPutInCanonicalForm() throws {
        let text = "# Plan  \n* [X] Pay rent 📅 2026-12-01 ⏫  \n"
        XCTAssertEqual(try Formatter.format(text, as: .markdown).text, "# Plan\n\n- [x] Pay rent ⏫ 📅 2026-12-01\n")
    }

    func testANoteWithoutATaskIsNeverChanged() throws {
        let text = "#  Sync up\n* a  \n\n\n\tcode\n- [[Link]]"
        XCTAssertFalse(try Formatter.format(note(text)).isChanged)
        XCTAssertFalse(try Formatter.format(note(text), sortedBy: SortKey.defaultOrder).isChanged)
    }

    func testFormatNotesOffLeavesANoteAsItIs() throws {
        let text = "- [ ] Pay 📅 2026-12-01 ⏫\n"
        XCTAssertFalse(try Formatter.format(note(text), options: FormatOptions(ordersNoteFields: false)).isChanged)
        XCTAssertTrue(try Formatter.format(note(text)).isChanged)
    }

    func testSortingANoteOrdersTasksAmongTheirSiblingsAndMovesNothingElse() throws {
        let text = "* [ ] (B) b\n\tnote of b\n* [ ] (A) a\n\n- [ ] (C) c\n"
        let result = try Formatter.format(note(text), sortedBy: SortKey.defaultOrder)
        XCTAssertEqual(result.text, "* [ ] (A) a\n* [ ] (B) b\n\tnote of b\n\n- [ ] (C) c\n")
    }

    func testSortingANoteRenumbersAnOrderedTaskOnlyAsWideAsItWas() throws {
        let run = "9. [ ] (B) b\n   n\n10. [ ] (A) a\n"
        XCTAssertEqual(try Formatter.format(note(run), sortedBy: SortKey.defaultOrder).text, "10. [ ] (A) a\n9. [ ] (B) b\n   n\n")
        XCTAssertEqual(try Formatter.format(note("1. [ ] (B) b\n2. [ ] (A) a\n"), sortedBy: SortKey.defaultOrder).text,
                       "1. [ ] (A) a\n2. [ ] (B) b\n")
    }

    func testAFormatterThatTouchesAnotherLineOfANoteIsRefused() {
        let error = FaultInjection.$alteration.withValue({ $0.replacingOccurrences(of: "* note", with: "- note") }) { () -> FormatError? in
            do {
                _ = try Formatter.format(note("- [ ] Pay 📅 2026-12-01 ⏫\n* note\n"))
                return nil
            } catch { return error as? FormatError }
        }
        XCTAssertEqual(error?.difference.description, "formatting would change line 2 of the note, which is no task")
    }

    func testAFormatterThatTouchesATaskLineOutsideItsFieldsIsRefused() {
        let error = FaultInjection.$alteration.withValue({ $0.replacingOccurrences(of: "* [X]", with: "- [X]") }) { () -> FormatError? in
            do {
                _ = try Formatter.format(note("* [X] Pay 📅 2026-12-01 ⏫\n"))
                return nil
            } catch { return error as? FormatError }
        }
        XCTAssertEqual(error?.difference.description, "formatting would change line 1 of the note outside its task's fields")
    }

    func testAFormatterThatChangesWhatATodoFileSaysBesidesItsTasksIsRefused() {
        let error = FaultInjection.$alteration.withValue({ $0.replacingOccurrences(of: "Some text", with: "Some test") }) { () -> FormatError? in
            do {
                _ = try Formatter.format("# Home\n\nSome text\n\n- [ ] a\n", as: .markdown)
                return nil
            } catch { return error as? FormatError }
        }
        XCTAssertEqual(error?.difference.description,
                       "formatting would change what the file says outside its tasks (\"Some text\" would read as \"Some test\")")
    }

    func testBulletsThatKeepTwoListsApartStay() throws {
        // `-` for both would make the two lists one (and its items loose).
        XCTAssertEqual(try Formatter.format("- a\n\n* b\n", as: .markdown).text, "- a\n\n* b\n")
        XCTAssertEqual(try Formatter.format("* a\n\n+ [ ] b\n", as: .markdown).text, "* a\n\n+ [ ] b\n")
        XCTAssertEqual(try Formatter.format("* a\n* b\n", as: .markdown).text, "- a\n- b\n")
    }

    func testAListKeepsItsBulletWhereOneOfItsItemsMust() throws {
        // The empty `+` under the task's text would underline it as `-`: the task's `+` stays with it, one list.
        XCTAssertEqual(try Formatter.format("+ [ ] a\n  text\n+\n", as: .markdown).text, "+ [ ] a\n  text\n+\n")
    }

    func testAHardLineBreakInASetextHeadingIsKept() throws {
        XCTAssertEqual(try Formatter.format("a   \nb\n===\n", as: .markdown).text, "a  \nb\n===\n")
    }

    func testTrailingWhitespaceOfAnItemsIndentedCodeIsKept() throws {
        XCTAssertEqual(try Formatter.format("*     code  \n", as: .markdown).text, "-     code  \n")
    }

    func testNoBlankLineIsAddedAfterAnOpenFenceOfAnItemBeforeAHeading() throws {
        XCTAssertEqual(try Formatter.format("- [ ] n\n  ```\n# H", as: .markdown).text, "- [ ] n\n  ```\n# H\n")
    }
}
