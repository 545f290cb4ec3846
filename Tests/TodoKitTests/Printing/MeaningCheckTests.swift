import TodoKit
import XCTest

/// Safe mode notices every change to what the tasks say, and nothing else.
final class MeaningCheckTests: XCTestCase {
    /// The first difference between the tasks of `before` and those of `after`, expected in the same order.
    private func difference(_ before: String, _ after: String, format: FileFormat = .markdown) -> String? {
        let original = Document(parsing: before, format: format)
        return difference(before, after, order: Array(original.tasks.indices), format: format)
    }

    /// The first difference between the tasks of `before` and those of `after`, where `order[k]` is the task
    /// of `before` that task `k` of `after` should be (as a sort reports it).
    private func difference(_ before: String, _ after: String, order: [Int], format: FileFormat = .markdown) -> String? {
        let original = Document(parsing: before, format: format), result = Document(parsing: after, format: format)
        return MeaningCheck.difference(in: result, from: original, expected: ExpectedTask.reordered(original, order: order))?
            .description
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
        XCTAssertEqual(difference(before, after), "task on line 2 changed its nesting from 1 to 0 levels deep")
        XCTAssertEqual(difference(after, before), "task on line 2 changed its nesting from 0 to 1 levels deep")
    }

    func testATaskExpectedUnderAnotherParentIsReportedByItsParent() {
        // A change that says what a task means, and under which task it should stand, is held to both.
        let nested = Document(parsing: "- [ ] parent\n  - [ ] child\n")
        let flat = Document(parsing: "- [ ] parent\n- [ ] child\n")
        func difference(childParent: Int?) -> String? {
            let expected = [ExpectedTask(.unchanged(0), parent: nil), ExpectedTask(.changed(nested.meaning(of: 1)), parent: childParent)]
            return MeaningCheck.difference(in: nested, from: nested, expected: expected)?.description
        }
        XCTAssertEqual(difference(childParent: nil), "task on line 2 became a subtask of the task on line 1")
        var lifted = nested.meaning(of: 1)
        lifted.depth = 0
        XCTAssertEqual(MeaningCheck.difference(in: flat, from: nested, expected: [
            ExpectedTask(.unchanged(0), parent: nil), ExpectedTask(.changed(lifted), parent: 0),
        ])?.description, "task on line 2 is no longer a subtask of the task on line 1")
        XCTAssertNil(difference(childParent: 0))
        XCTAssertNil(MeaningCheck.difference(in: flat, from: nested, expected: [
            ExpectedTask(.unchanged(0), parent: nil), ExpectedTask(.changed(lifted), parent: nil),
        ]))
    }

    func testATaskExpectedOnAnotherLineIsReported() {
        let original = Document(parsing: "- [ ] a\n- [ ] b\n"), result = Document(parsing: "- [ ] a\n\n- [ ] b\n")
        let expected = [ExpectedTask(.unchanged(0), parent: nil, line: 1), ExpectedTask(.unchanged(1), parent: nil, line: 2)]
        XCTAssertEqual(MeaningCheck.difference(in: result, from: original, expected: expected)?.description,
                       "task on line 2 would land on line 3, not 2")
        XCTAssertEqual(MeaningCheck.difference(in: result, from: original, expected: expected)?.line, 3)
        XCTAssertNil(MeaningCheck.difference(in: original, from: original, expected: expected))
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

    func testALostTaskIsNamedThoughTheTasksAfterItShift() {
        XCTAssertEqual(difference("- [ ] a\n- [ ] b\n- [ ] c\n- [ ] d\n", "- [ ] a\n- [ ] c\n- [ ] d\n"),
                       "task on line 2 (\"b\") was lost")
        XCTAssertEqual(difference("- [ ] a\n- [ ] c\n", "- [ ] a\n- [ ] b\n- [ ] c\n"), "a task appeared on line 2 (\"b\")")
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
        XCTAssertEqual(difference(before, nested), "task on line \(lineOf(task: 101, in: before)) changed its nesting from 0 to 1 levels deep")
    }

    func testTheFormattedFormOfALongListMeansTheSame() throws {
        let before = longList(300) { k, lines in if k % 7 == 0 { lines[0] = lines[0].replacingOccurrences(of: "- [ ]", with: "*   [X]") } }
        let formatted = try Formatter.format(before, as: .markdown)
        XCTAssertNotEqual(formatted.text, before)
        let input = formatted.input, output = formatted.output
        XCTAssertNil(MeaningCheck.difference(in: output, from: input, expected: ExpectedTask.reordered(input, order: Array(input.tasks.indices))))
        XCTAssertNil(MeaningCheck.difference(in: input, from: output, expected: ExpectedTask.reordered(output, order: Array(output.tasks.indices))))
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

    func testAChangeToTheTasksUnderAnyHeadingIsFound() {
        let before = "# Home\n\n- [ ] fix the tap\n  washer\n\n## Garden\n\n- [ ] mow\n  - [ ] edges\n\n# Work\n\n- [x] report\n"
        XCTAssertNil(difference(before, before))
        XCTAssertNil(difference(before, before.replacingOccurrences(of: "- [x]", with: "* [X]")))
        let changes = [
            before.replacingOccurrences(of: "washer", with: "washers"),
            before.replacingOccurrences(of: "  washer\n", with: ""),
            before.replacingOccurrences(of: "  - [ ] edges", with: "- [ ] edges"),
            before.replacingOccurrences(of: "## Garden", with: "## Yard"),
            before.replacingOccurrences(of: "## Garden", with: "# Garden"),
            before.replacingOccurrences(of: "- [x] report", with: "- [ ] report"),
            before.replacingOccurrences(of: "- [x] report", with: "- [x] report\n- [ ] more"),
            before.replacingOccurrences(of: "\n- [x] report\n", with: "\n"),
            before.replacingOccurrences(of: "# Work", with: "```\n# Work"),
            before.replacingOccurrences(of: "# Work", with: "<!--\n# Work"),
        ]
        for (number, after) in changes.enumerated() {
            XCTAssertNotNil(difference(before, after), "change \(number)")
        }
    }

    // MARK: Tasks in the order a sort gives

    func testSortedSiblingsMatchInTheOrderTheSortGives() {
        let before = "- [x] done\n- [ ] (A) open\n  - [ ] b\n  - [ ] a\n"
        let after = "- [ ] (A) open\n  - [ ] a\n  - [ ] b\n- [x] done\n"
        XCTAssertNil(difference(before, after, order: [1, 3, 2, 0]))
        XCTAssertEqual(difference(before, after), "task on line 1 changed from done to open")
        XCTAssertNotNil(difference(before, after, order: [1, 2, 3, 0]))
    }

    func testASortedDocumentMeansTheSameInTheOrderTheSortReports() throws {
        let before = Document(parsing: """
            # A
            - [x] done
              note
            - [ ] (B) b
              - [ ] sub 2 due:2026-03-01
              - [ ] sub 1 due:2026-02-01
            - [ ] (A) a
            # B
            - [x] z
            - [ ] y
            """)
        let sorted = Sorter.sorted(before, by: SortKey.defaultOrder)
        XCTAssertEqual(sorted.order, [4, 1, 3, 2, 0, 6, 5])
        XCTAssertNil(MeaningCheck.difference(in: sorted.document, from: before, expected: ExpectedTask.reordered(before, order: sorted.order)))
        XCTAssertEqual(MeaningCheck.difference(in: sorted.document, from: before,
                                               expected: ExpectedTask.reordered(before, order: Array(before.tasks.indices)))?.description,
                       "task on line 2 changed from done to open")
    }

    func testAnOrderThatDoesNotNameEveryTaskOnceIsNotTrusted() {
        let before = "- [ ] b\n- [ ] a\n"
        XCTAssertNil(difference(before, "- [ ] a\n- [ ] b\n", order: [1, 0]))
        XCTAssertNotNil(difference(before, "- [ ] a\n- [ ] b\n", order: [1, 1]))
        XCTAssertNotNil(difference(before, "- [ ] a\n- [ ] b\n", order: [1]))
        XCTAssertNotNil(difference(before, "- [ ] a\n- [ ] b\n", order: [1, 2]))
        XCTAssertNil(difference(before, before, order: [0, 1]))
    }

    func testASubtaskMovedToAnotherParentIsReportedInTheOrderTheSortGives() {
        let before = "- [ ] one\n  - [ ] child\n- [ ] two\n"
        let after = "- [ ] one\n- [ ] two\n  - [ ] child\n"
        XCTAssertEqual(difference(before, after, order: [0, 2, 1]), "task on line 2 moved under another task")
    }

    func testAChangedTaskIsReportedInTheOrderTheSortGives() {
        let before = "- [ ] b\n- [ ] a\n  note\n"
        XCTAssertEqual(difference(before, "- [ ] a\n- [ ] b\n", order: [1, 0]), "task on line 2 lost its note \"note\"")
        XCTAssertEqual(difference(before, "- [ ] a\n  note\n", order: [1, 0]), "task on line 1 (\"b\") was lost")
    }

    func testEveryKindOfChangeIsFoundInTheOrderTheSortGives() {
        let before = "# A\n\n- [ ] (B) one\n  note\n- [ ] two\n  - [ ] child\n- [ ] three\n\n# B\n\n- [ ] four\n"
        // Sorted: three, two (with its child), one; then four.
        let order = [3, 1, 2, 0, 4]
        let sorted = "# A\n\n- [ ] three\n- [ ] two\n  - [ ] child\n- [ ] (B) one\n  note\n\n# B\n\n- [ ] four\n"
        XCTAssertNil(difference(before, sorted, order: order))
        let cases: [(String, String)] = [
            (sorted.replacingOccurrences(of: "- [ ] two", with: "- [x] two"), "task on line 5 changed from open to done"),
            (sorted.replacingOccurrences(of: "- [ ] three\n", with: ""), "task on line 7 (\"three\") was lost"),
            (sorted.replacingOccurrences(of: "  - [ ] child", with: "- [ ] child"), "task on line 6 changed its nesting from 1 to 0 levels deep"),
            (sorted.replacingOccurrences(of: "  note", with: "  other note"), "task on line 3 changed its note \"note\" to \"other note\""),
            (sorted.replacingOccurrences(of: "  note\n\n# B\n\n- [ ] four", with: "  note\n- [ ] four\n\n# B\n"),
             "task on line 11 moved from list \"B\" to \"A\""),
            (sorted.replacingOccurrences(of: "(B) one", with: "(A) one"), "task on line 3 changed priority from (B) to (A)"),
        ]
        for (after, expected) in cases {
            XCTAssertEqual(difference(before, after, order: order), expected, after)
        }
    }

    func testAnUnknownCheckboxCharacterIsComparedAsWrittenInTheOrderTheSortGives() {
        XCTAssertNotNil(difference("- [?] a\n- [é] b\n", "- [é] a\n- [?] b\n", order: [0, 1]))
        XCTAssertNotNil(difference("- [?] a\n- [é] b\n", "- [é] a\n- [?] b\n", order: [1, 0]))
        XCTAssertNil(difference("- [é] b\n- [?] a\n", "- [?] a\n- [é] b\n", order: [1, 0]))
    }

    func testSortedTodoTxtTasksMatchInTheOrderTheSortGives() {
        XCTAssertNil(difference("b +p\n(A) a\nb +p\n", "(A) a\nb +p\nb +p\n", order: [1, 0, 2], format: .todotxt))
        XCTAssertNil(difference("b +p\n(A) a\nb +p\n", "(A) a\nb +p\nb +p\n", order: [1, 2, 0], format: .todotxt))
        XCTAssertEqual(difference("b +p\n(A) a\nb +p\n", "(A) a\nb +p\n", order: [1, 0, 2], format: .todotxt),
                       "task on line 3 (\"b +p\") was lost")
        XCTAssertEqual(difference("x 2026-01-02 a\n", "x 2026-01-03 a\n", order: [0], format: .todotxt),
                       "task on line 1 changed its completion date")
    }

    func testManyTasksInReverseAreComparedInFull() {
        var before = "", after = ""
        for n in 0..<5000 { before += "- [ ] task \(n % 97) of \(n / 97)\n  note \(n)\n" }
        for n in (0..<5000).reversed() { after += "- [ ] task \(n % 97) of \(n / 97)\n  note \(n)\n" }
        let order = Array((0..<5000).reversed())
        XCTAssertNil(difference(before, after, order: order))
        let changed = after.replacingOccurrences(of: "  note 1234\n", with: "  note 1235\n")
        XCTAssertEqual(difference(before, changed, order: order), "task on line 2469 changed its note \"note 1234\" to \"note 1235\"")
    }
}
