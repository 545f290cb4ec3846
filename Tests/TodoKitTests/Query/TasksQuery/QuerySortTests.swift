import TodoKit
import XCTest

/// `sort by` and `group by` order tasks as the plugin does, urgency included.
final class QuerySortTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 28)!

    /// The task lines of `note` that `instructions` list, in order.
    func order(_ instructions: [String], _ note: String) -> [String] {
        let query = TasksQuery(QuerySource(instructions: instructions + ["hide backlink", "hide task count"]), file: nil, today: today)
        XCTAssertEqual(query.diagnostics, [])
        let text = query.run(on: QueryTask.tasks(of: Document(parsing: note), path: "Note.md"))?.rendered() ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    // docs/Advanced/Urgency.md, "How Urgency is Calculated" (the table) and "Examples"
    func testUrgencyIsThePluginsScore() {
        func urgency(_ task: String) -> String {
            order(["show urgency"], task).first.map { String($0.split(separator: " ").last!) } ?? ""
        }
        let due: [(Int, String)] = [(-8, "12"), (-7, "12"), (-6, "11.543"), (-1, "9.257"), (0, "8.8"), (1, "8.343"),
                                    (7, "5.6"), (13, "2.857"), (14, "2.4"), (30, "2.4")]
        for (days, score) in due {
            // With no priority, which adds 1.95.
            let expected = (Double(score)! + 1.95)
            XCTAssertEqual(Double(urgency("- [ ] t due:\(today.adding(days: days))"))!, expected, accuracy: 0.0015, "due in \(days) days")
        }
        XCTAssertEqual(urgency("- [ ] (A) t"), "9")
        XCTAssertEqual(urgency("- [ ] (B) t"), "6")
        XCTAssertEqual(urgency("- [ ] (C) t"), "3.9")
        XCTAssertEqual(urgency("- [ ] t"), "1.95")
        XCTAssertEqual(urgency("- [ ] (D) t"), "0")
        XCTAssertEqual(urgency("- [ ] (E) t"), "-1.8")
        XCTAssertEqual(urgency("- [ ] (C) due today due:2026-11-28"), "12.7")
        XCTAssertEqual(urgency("- [ ] (B) started yesterday t:2026-11-27"), "6")
        XCTAssertEqual(urgency("- [ ] (B) starts tomorrow t:2026-11-29"), "3")
        XCTAssertEqual(urgency("- [ ] invalid due:2026-02-30"), "1.95")
    }

    // docs/Queries/Sorting.md, "How dates are sorted" and "Reverse sorting"
    func testDatesSortInvalidFirstAndMissingLastAndReverseTurnsItAllRound() {
        let note = "- [ ] none\n- [ ] later due:2026-12-02\n- [ ] bad due:2026-02-30\n- [ ] sooner due:2026-12-01\n"
        XCTAssertEqual(order(["sort by due"], note),
                       ["- [ ] bad due:2026-02-30", "- [ ] sooner due:2026-12-01", "- [ ] later due:2026-12-02", "- [ ] none"])
        XCTAssertEqual(order(["sort by due reverse"], note),
                       ["- [ ] none", "- [ ] later due:2026-12-02", "- [ ] sooner due:2026-12-01", "- [ ] bad due:2026-02-30"])
    }

    // docs/Queries/Sorting.md, Notes: "Sorting by description should take into account [[Links]] … *italics*"
    func testDescriptionsSortAsObsidianShowsThemWithNumbersByValue() {
        let note = "- [ ] Task 10\n- [ ] **b** bold\n- [ ] [[Page|a link]]\n- [ ] task 9\n- [ ] _c_ italic\n"
        XCTAssertEqual(order(["sort by description"], note),
                       ["- [ ] [[Page|a link]]", "- [ ] **b** bold", "- [ ] _c_ italic", "- [ ] task 9", "- [ ] Task 10"])
    }

    // Texts alike to the eye but spelled apart (an accent typed as its own character) collate apart, however many
    // tasks share each: the sort reads each text once, by its bytes.
    func testHeadingsSpelledApartSortApartHoweverManyTasksShareThem() {
        let note = "# Cafe\u{301}\n- [ ] one\n- [ ] two\n# Caf\u{E9}\n- [ ] three\n- [ ] four\n"
        XCTAssertEqual(order(["sort by heading"], note), ["- [ ] three", "- [ ] four", "- [ ] one", "- [ ] two"])
    }

    // docs/Queries/Sorting.md, "Status Type" and "Priority"
    func testStatusTypesAndPrioritiesSortInTheirOwnOrder() {
        let note = "- [x] done\n- [ ] todo\n- [-] cancelled\n- [/] in progress\n"
        XCTAssertEqual(order(["sort by status.type"], note),
                       ["- [/] in progress", "- [ ] todo", "- [x] done", "- [-] cancelled"])
        let priorities = "- [ ] (E) lowest\n- [ ] none\n- [ ] (D) low\n- [ ] (A) highest\n- [ ] (C) medium\n- [ ] (B) high\n"
        XCTAssertEqual(order(["sort by priority"], priorities),
                       ["- [ ] (A) highest", "- [ ] (B) high", "- [ ] (C) medium", "- [ ] none", "- [ ] (D) low", "- [ ] (E) lowest"])
    }

    // docs/Queries/Sorting.md, "Tags": the Nth tag; tasks without it after the others
    func testTagsSortByTheNthTag() {
        let note = "- [ ] none\n- [ ] one #b\n- [ ] two #a #z\n- [ ] three #c #y\n"
        XCTAssertEqual(order(["sort by tag"], note), ["- [ ] two #a #z", "- [ ] one #b", "- [ ] three #c #y", "- [ ] none"])
        XCTAssertEqual(order(["sort by tag 2"], note), ["- [ ] three #c #y", "- [ ] two #a #z", "- [ ] none", "- [ ] one #b"])
    }

    // docs/Queries/Sorting.md, "Random sorting": the same order all day, another the next
    func testRandomOrderIsTheSameAllDay() {
        let note = (1...8).map { "- [ ] task \($0)" }.joined(separator: "\n")
        let first = order(["sort by random"], note)
        XCTAssertEqual(order(["sort by random"], note), first)
        XCTAssertNotEqual(first, order(["sort by description"], note))
        XCTAssertEqual(Set(first), Set(order([], note)))
    }

    // docs/Queries/Grouping.md, "Priority" and "Status Type": the groups in their own order, shown without
    // the hidden sort text
    func testPriorityAndStatusTypeGroupsComeInTheirOwnOrder() {
        let note = "- [ ] (D) low\n- [x] (A) done highest\n- [/] none\n"
        XCTAssertEqual(order(["group by priority"], note), [
            "#### Highest priority", "", "- [x] (A) done highest", "",
            "#### Normal priority", "", "- [/] none", "",
            "#### Low priority", "", "- [ ] (D) low",
        ].filter { !$0.isEmpty })
        XCTAssertEqual(order(["group by status.type"], note).filter { $0.hasPrefix("####") },
                       ["#### IN_PROGRESS", "#### TODO", "#### DONE"])
        XCTAssertEqual(order(["group by status"], note).filter { $0.hasPrefix("####") }, ["#### Done", "#### Todo"])
        XCTAssertEqual(order(["group by priority reverse"], note).filter { $0.hasPrefix("####") },
                       ["#### Low priority", "#### Normal priority", "#### Highest priority"])
    }

    // docs/Queries/Grouping.md, "Urgency": the most urgent first, with two decimals
    func testUrgencyGroupsPutTheMostUrgentFirst() {
        let note = "- [ ] none\n- [ ] (A) highest\n- [ ] due due:2026-11-28\n"
        XCTAssertEqual(order(["group by urgency"], note).filter { $0.hasPrefix("####") },
                       ["#### 10.75", "#### 9.00", "#### 1.95"])
    }
}
