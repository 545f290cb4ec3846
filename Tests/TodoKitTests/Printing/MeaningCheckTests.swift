import TodoKit
import XCTest

/// Safe mode notices every change to what the tasks say, and nothing else.
final class MeaningCheckTests: XCTestCase {
    private func difference(_ before: String, _ after: String, orderMatters: Bool = true,
                            format: FileFormat = .markdown) -> String? {
        MeaningCheck.difference(between: Document(parsing: before, format: format),
                                and: Document(parsing: after, format: format), orderMatters: orderMatters)
    }

    func testALostNoteIsReported() {
        let before = "# Home\n\n- [ ] fix the tap\n  washer size 1/2\n- [ ] call Mom\n"
        let after = "# Home\n\n- [ ] fix the tap\n- [ ] call Mom\n"
        XCTAssertEqual(difference(before, after), "task on line 3 lost its note \"washer size 1/2\"")
    }

    func testAChangedNoteIsReported() {
        XCTAssertEqual(difference("- [ ] a\n  one\n", "- [ ] a\n  two\n"), "task on line 1 changed its note \"one\" to \"two\"")
    }

    func testAChangedStatusIsReported() {
        XCTAssertEqual(difference("- [ ] a\n- [ ] b\n", "- [ ] a\n- [x] b\n"), "task on line 2 changed from open to done")
    }

    func testAnUnknownCheckboxCharacterCountsAsWritten() {
        XCTAssertEqual(difference("- [?] a\n", "- [ ] a\n"), "task on line 1 changed from [?] to open")
        XCTAssertNil(difference("- [?] a\n", "* [?] a\n"))
    }

    func testUppercaseAndLowercaseXMeanTheSame() {
        XCTAssertNil(difference("- [X] a\n", "- [x] a\n"))
    }

    func testATaskMovedToAnotherListIsReported() {
        let before = "# Home\n\n- [ ] a\n\n# Work\n\n- [ ] b\n"
        let after = "# Home\n\n# Work\n\n- [ ] a\n- [ ] b\n"
        XCTAssertEqual(difference(before, after), "task on line 3 moved from list \"Home\" to \"Work\"")
    }

    func testAChangedNestingIsReported() {
        let before = "- [ ] parent\n  - [ ] child\n"
        let after = "- [ ] parent\n- [ ] child\n"
        XCTAssertEqual(difference(before, after), "task on line 2 is no longer a subtask of the task on line 1")
        XCTAssertEqual(difference(after, before), "task on line 2 became a subtask of \"parent\"")
    }

    func testChangedTextPriorityAndDatesAreReported() {
        XCTAssertEqual(difference("- [ ] buy milk\n", "- [ ] buy oat milk\n"),
                       "task on line 1 changed its text from \"buy milk\" to \"buy oat milk\"")
        XCTAssertEqual(difference("- [ ] (A) a\n", "- [ ] (B) a\n"), "task on line 1 changed priority from (A) to (B)")
        XCTAssertEqual(difference("- [ ] 2026-01-01 a\n", "- [ ] a 2026-01-01\n"), "task on line 1 changed its creation date")
        XCTAssertEqual(difference("x 2026-01-02 a\n", "x 2026-01-03 a\n", format: .todotxt), "task on line 1 changed its completion date")
    }

    func testALostOrAddedTaskIsReported() {
        XCTAssertEqual(difference("- [ ] a\n- [ ] b\n", "- [ ] a\n"), "task on line 2 (\"b\") was lost")
        XCTAssertEqual(difference("- [ ] a\n", "- [ ] a\n<!-- -->\n- [ ] b\n"), "a task appeared on line 3 (\"b\")")
    }

    /// `count` tasks, with notes under every third and a list heading every tenth; `change` edits task `k`'s
    /// lines (its marker line, and its note when it has one).
    private func longList(_ count: Int, change: (Int, inout [String]) -> Void = { _, _ in }) -> String {
        var text = ""
        for k in 0..<count {
            if k % 10 == 0 { text += "\n# List \(k / 10)\n\n" }
            var lines = ["- [ ] (B) task \(k) +project due:2026-03-01"]
            if k % 3 == 0 { lines.append("  note \(k)") }
            change(k, &lines)
            text += lines.joined(separator: "\n") + "\n"
        }
        return text
    }

    /// The line of task `k` in `text`.
    private func lineOf(task k: Int, in text: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("task \(k) ") }! + 1
    }

    func testADifferenceDeepInALongRunOfEqualTasksIsReported() {
        let before = longList(300)
        XCTAssertNil(difference(before, longList(300)))
        XCTAssertNil(difference(before, before))
        let changedNote = longList(300) { k, lines in if k == 231 { lines[1] = "  note 231!" } }
        XCTAssertEqual(difference(before, changedNote), "task on line \(lineOf(task: 231, in: before)) changed its note \"note 231\" to \"note 231!\"")
        let changedText = longList(300) { k, lines in if k == 299 { lines[0] += " more" } }
        XCTAssertNotNil(difference(before, changedText))
        let changedStatus = longList(300) { k, lines in if k == 150 { lines[0] = lines[0].replacingOccurrences(of: "[ ]", with: "[-]") } }
        XCTAssertEqual(difference(before, changedStatus), "task on line \(lineOf(task: 150, in: before)) changed from open to cancelled")
        let unknownBox = longList(300) { k, lines in if k == 7 { lines[0] = lines[0].replacingOccurrences(of: "[ ]", with: "[?]") } }
        XCTAssertEqual(difference(before, unknownBox), "task on line \(lineOf(task: 7, in: before)) changed from open to [?]")
        let changedDate = longList(300) { k, lines in if k == 42 { lines[0] = lines[0].replacingOccurrences(of: "(B)", with: "(B) 2026-01-01") } }
        XCTAssertEqual(difference(before, changedDate), "task on line \(lineOf(task: 42, in: before)) changed its creation date")
        let nested = longList(300) { k, lines in if k == 101 { lines = lines.map { "  " + $0 } } }
        XCTAssertEqual(difference(before, nested), "task on line \(lineOf(task: 101, in: before)) became a subtask of \"task 100 +project due:2026-03-01\"")
    }

    func testTheFormattedFormOfALongListSharingItsStorageIsTheSame() {
        let before = longList(300) { k, lines in if k % 7 == 0 { lines[0] = lines[0].replacingOccurrences(of: "- [ ]", with: "*   [X]") } }
        let document = Document(parsing: before)
        let formatted = Formatter.format(document)
        XCTAssertNotEqual(formatted.text, before)
        XCTAssertNil(MeaningCheck.difference(between: document, and: formatted, orderMatters: true))
        XCTAssertNil(MeaningCheck.difference(between: formatted, and: document, orderMatters: true))
    }

    func testNotesOnListItemLinesCompareByTheirCanonicalMarker() {
        let before = longList(40) { k, lines in if k == 30 { lines.append("  *   sub item") } }
        XCTAssertNil(difference(before, longList(40) { k, lines in if k == 30 { lines.append("  - sub item") } }))
        XCTAssertEqual(difference(before, longList(40) { k, lines in if k == 30 { lines.append("  - other item") } }),
                       "task on line \(lineOf(task: 30, in: before)) changed its note \"- sub item\" to \"- other item\"")
    }

    func testLayoutWhitespaceAndBlankNotesAreNotDifferences() {
        let before = "*   [ ]   a  \n\n    note  \n\n\n    *   plain item\n"
        let after = "- [ ] a\n\n  note\n\n  - plain item\n"
        XCTAssertNil(difference(before, after))
    }

    func testSortedSiblingsMatchWhenOrderDoesNotMatter() {
        let before = "- [x] done\n- [ ] (A) open\n  - [ ] b\n  - [ ] a\n"
        let after = "- [ ] (A) open\n  - [ ] a\n  - [ ] b\n- [x] done\n"
        XCTAssertNil(difference(before, after, orderMatters: false))
        XCTAssertNotNil(difference(before, after, orderMatters: true))
    }

    func testASubtaskMovedToAnotherParentIsReportedEvenWhenOrderDoesNotMatter() {
        let before = "- [ ] one\n  - [ ] child\n- [ ] two\n"
        let after = "- [ ] one\n- [ ] two\n  - [ ] child\n"
        XCTAssertEqual(difference(before, after, orderMatters: false), "task on line 2 moved under another task")
    }

    func testAChangedTaskIsReportedWhenOrderDoesNotMatter() {
        let before = "- [ ] b\n- [ ] a\n  note\n"
        XCTAssertEqual(difference(before, "- [ ] a\n- [ ] b\n", orderMatters: false), "task on line 2 lost its note \"note\"")
        XCTAssertEqual(difference(before, "- [ ] a\n  note\n", orderMatters: false), "task on line 1 (\"b\") was lost")
    }
}
