import TodoKit
import XCTest

/// An edit changes only the lines it was asked to change (docs/FORMAT.md 8): every other line keeps its
/// characters, a line ending changes only where keeping it would join two lines, and a todo file may only gain or
/// lose blank lines as its canonical form wants.
final class UntouchedLinesTests: XCTestCase {
    let today = CalendarDate(iso: "2026-11-28")!

    func testRemovingATaskLeavesTheBulletOfTheLineAfterItAsWritten() throws {
        // The canonical form would write the empty `*` item as `-` now that it stands under the thematic break;
        // the edit was not asked to change it.
        let document = Document(parsing: "- [ ] d\n  ---\n  - [ ] x\n*\n")
        XCTAssertEqual(try TaskEditor.remove(lines: [3], in: document).document.text, "- [ ] d\n  ---\n*\n")
    }

    func testAnEmptyLineAfterALoneCRKeepsItsOwnLineByEndingInACR() throws {
        // `para␍` then `␊` would read as one CRLF line, and `para` over `===` as a heading.
        let document = Document(parsing: "para\r- [ ] a\n\n===\n- [ ] b\n")
        let result = try TaskEditor.remove(lines: [2], in: document)
        XCTAssertEqual(result.document.text, "para\r\r===\n- [ ] b\n")
        XCTAssertEqual(result.document.headings.count, 0)
        XCTAssertEqual(result.document.lines.count, 4)
    }

    func testAnEditOfANoteNeverSettlesItsBlankLines() throws {
        let note = Document(parsing: "# A\n- [ ] x\n\n\n- [ ] y\n# B", kind: .note)
        XCTAssertEqual(try TaskEditor.remove(lines: [2], in: note).document.text, "# A\n\n\n- [ ] y\n# B")
        XCTAssertEqual(try StatusChange.complete(lines: [5], in: note, today: today).document.text,
                       "# A\n- [ ] x\n\n\n- [x] 2026-11-28 y\n# B")
    }

    func testAnEditOfANoteKeepsItsBulletsCheckboxesAndIndentation() throws {
        let note = Document(parsing: "* [ ] Pay 📅 2026-11-30\n\t+ [X] sub\n", reading: .obsidian, kind: .note)
        XCTAssertEqual(try StatusChange.complete(lines: [1], in: note, today: today, subtasks: .force).document.text,
                       "* [x] Pay 📅 2026-11-30 ✅ 2026-11-28\n\t+ [X] sub\n")
    }

    func testACanonicalTodoFileStillLosesTheBlankLineARemovalLeavesDoubled() throws {
        let document = Document(parsing: "# A\n\n- [ ] x\n\n# B\n")
        XCTAssertEqual(try TaskEditor.remove(lines: [3], in: document).document.text, "# A\n\n# B\n")
    }
}
