@testable import TodoKit
import XCTest

/// Tasks and Dataview lines read as the Obsidian Tasks plugin reads them (`PluginReadingTable`).
final class PluginReadingTests: XCTestCase {
    /// The fields a task says, in the table's `key=value` words.
    static func reading(_ task: TodoTask) -> [String: String] {
        let fields = task.fields
        var found: [String: String] = [:]
        let dates: [(String, CalendarDate?)] = [("due", fields.due?.date), ("scheduled", fields.scheduled), ("start", fields.start),
                                               ("created", fields.created), ("done", fields.done), ("cancelled", fields.cancelled)]
        for (key, date) in dates { if let date { found[key] = date.description } }
        if fields.priority != nil { found["priority"] = fields.priorityLevel.description }
        if let text = fields.recurrenceText { found[fields.recurrence == nil ? "badrec" : "rec"] = text }
        if let action = fields.onCompletion { found["oc"] = action.rawValue }
        if let id = fields.id { found["id"] = id }
        if !fields.dependsOn.isEmpty { found["dependsOn"] = fields.dependsOn.joined(separator: ",") }
        if !fields.hashtags.isEmpty { found["tags"] = fields.hashtags.joined(separator: ",") }
        if let link = fields.blockLink { found["link"] = link }
        return found
    }

    /// The plugin's description: the text before the fields, then the `#tags` among them.
    static func pluginDescription(_ task: TodoTask) -> String {
        let body = task.body
        let bytes = Array(body.text.utf8)
        let own = String(decoding: bytes[body.descriptionStart..<max(body.descriptionStart, body.fieldsStart)], as: UTF8.self)
        let trailing = body.trailingFields(bytes)
        let tags = trailing.spans.filter { $0.field == nil && $0.range.lowerBound >= body.fieldsStart }.map { String(decoding: bytes[$0.range], as: UTF8.self) }
        return ([own.trimmingWhitespace()] + tags).filter { !$0.isEmpty }.joined(separator: " ")
    }

    static func expectation(_ text: String) -> [String: String] {
        var expected: [String: String] = [:]
        for part in text.split(separator: ";", omittingEmptySubsequences: true) {
            let pair = part.trimmingWhitespace()
            guard let equals = pair.firstIndex(of: "=") else { continue }
            expected[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return expected
    }

    func testTheTableHoldsAtLeast150LinesEachWithItsSource() {
        XCTAssertGreaterThanOrEqual(PluginReadingTable.rows.count, 150)
        XCTAssertTrue(PluginReadingTable.rows.allSatisfy { !$0.source.isEmpty })
    }

    func testEveryLineOfThePluginsTestsAndDocsReadsAsThePluginReadsIt() {
        for row in PluginReadingTable.rows {
            let document = Document(parsing: row.line + "\n")
            guard document.tasks.count == 1 else {
                XCTFail("\(row.source): \(row.line) is not one task")
                continue
            }
            let task = document.tasks[0]
            var expected = Self.expectation(row.expected)
            if let description = expected.removeValue(forKey: "desc") {
                XCTAssertEqual(Self.pluginDescription(task), description, "\(row.source): \(row.line)")
            }
            XCTAssertEqual(Self.reading(task), expected, "\(row.source): \(row.line)")
        }
    }

    func testAFieldTheLineDoesNotEndWithIsText() {
        let task = Document(parsing: "- [ ] Pay 📅 2026-12-01 the rent\n").tasks[0]
        XCTAssertNil(task.due)
        XCTAssertEqual(task.dialect, .todotxt)
        XCTAssertEqual(task.title, "Pay 📅 2026-12-01 the rent")
    }

    func testTheDialectIsTheOneTheFieldsAreWrittenIn() {
        XCTAssertEqual(Document(parsing: "- [ ] a 📅 2026-12-01\n").tasks[0].dialect, .tasks)
        XCTAssertEqual(Document(parsing: "- [ ] a [due:: 2026-12-01]\n").tasks[0].dialect, .dataview)
        XCTAssertEqual(Document(parsing: "- [ ] a due:2026-12-01\n").tasks[0].dialect, .todotxt)
        XCTAssertEqual(Document(parsing: "- [ ] a #tag\n").tasks[0].dialect, .todotxt)
    }

    func testTheTitleLeavesOutTheFieldsAndKeepsTheTags() {
        let task = Document(parsing: "- [ ] Pay rent #home 📅 2026-12-01 ⏫ #money ^abc\n").tasks[0]
        XCTAssertEqual(task.title, "Pay rent #home #money")
        XCTAssertEqual(task.due, CalendarDate(year: 2026, month: 12, day: 1))
        XCTAssertEqual(task.priority, Priority("B"))
    }

    func testAFieldGluedToTheWordBeforeItIsTheFieldAndTheWordEndsWhereItStarts() {
        let document = Document(parsing: "- [ ] milk🔺\n- [ ] é⏳ 2026-12-01\n- [ ] y[due:: 2026-12-01]\n- [ ] a #home📅 2026-12-01\n")
        XCTAssertEqual(document.tasks.map(\.title), ["milk", "é", "y", "a #home"])
        XCTAssertEqual(document.tasks[0].fields.priorityLevel, .highest)
        XCTAssertEqual(document.tasks[1].fields.scheduled, CalendarDate(year: 2026, month: 12, day: 1))
        XCTAssertEqual(document.tasks[2].due, CalendarDate(year: 2026, month: 12, day: 1))
        XCTAssertEqual(document.tasks[3].fields.hashtags, ["home"])
        XCTAssertEqual(document.tasks[0].body.tokens.map { document.tasks[0].body.text(of: $0) }, ["milk", "🔺"])
    }

    func testATagWhoseValueRunsIntoAFieldSignEndsWhereTheFieldStarts() {
        let document = Document(parsing: "- [ ] x due:2026-1:📅 2026-12-01\n- [ ] +p@c:⏫\n")
        let task = document.tasks[0]
        XCTAssertEqual(task.tags.map { "\($0.key)=\($0.value)" }, ["due=2026-1:"])
        // The tag is the first due: it counts, and its value is no date: the field after it is a second one.
        XCTAssertNil(task.due)
        XCTAssertEqual(document.diagnostics.map(\.description),
                       ["1:13: warning: due:2026-1: is not a date (YYYY-MM-DD)", "1:20: warning: a second due field 📅 2026-12-01: only the first counts"])
        XCTAssertEqual(document.tasks[1].projects, ["p@c"])
        XCTAssertEqual(document.tasks[1].fields.priorityLevel, .high)
    }

    func testANoBreakSpaceBetweenAnEmojiAndItsValueIsReadAsASpace() {
        let task = Document(parsing: "- [ ] Pay rent 📅\u{A0}2026-12-01\n").tasks[0]
        XCTAssertEqual(task.due, CalendarDate(year: 2026, month: 12, day: 1))
    }

    func testAFieldInATodoTxtFileIsText() {
        let task = Document(parsing: "Pay rent 📅 2026-12-01\n", format: .todotxt).tasks[0]
        XCTAssertNil(task.due)
        XCTAssertEqual(task.dialect, .todotxt)
    }

    func testAnImpossibleDateIsAWarningAtItsValue() {
        let document = Document(parsing: "- [ ] Pay 📅 2026-02-30\n")
        XCTAssertNil(document.tasks[0].due)
        XCTAssertEqual(document.diagnostics.map(\.description), ["1:16: warning: 📅 2026-02-30 is not a real date"])
        XCTAssertEqual(document.diagnostics.first?.code, .impossibleDate)
    }

    func testAnUnknownRuleIsAWarningAtItsValue() {
        let document = Document(parsing: "- [ ] Moon 🔁 every blue moon\n")
        XCTAssertNil(document.tasks[0].fields.recurrence)
        XCTAssertEqual(document.tasks[0].fields.recurrenceText, "every blue moon")
        XCTAssertEqual(document.diagnostics.first?.column, 17)
        XCTAssertEqual(document.diagnostics.first?.code, .malformedRecurrence)
    }

    func testAFieldWrittenTwiceIsAWarningAndTheFirstCounts() {
        let document = Document(parsing: "- [ ] Pay 📅 2026-01-01 📅 2026-02-02\n- [ ] Pay [due:: 2026-01-01] [due:: 2026-02-02]\n")
        XCTAssertEqual(document.tasks.map(\.due), [CalendarDate(year: 2026, month: 1, day: 1), CalendarDate(year: 2026, month: 1, day: 1)])
        XCTAssertEqual(document.diagnostics.map(\.code), [.repeatedTag, .repeatedTag])
        XCTAssertEqual(document.diagnostics.map(\.column), [27, 30])
    }

    func testAnUnknownActionIsAWarning() {
        let document = Document(parsing: "- [ ] Pay 🏁 later\n")
        XCTAssertNil(document.tasks[0].fields.onCompletion)
        XCTAssertEqual(document.diagnostics.map(\.code), [.unknownAction])
    }

    func testAnUnknownEmojiStaysText() {
        let document = Document(parsing: "- [ ] Party 🎉 2026-12-01\n")
        XCTAssertNil(document.tasks[0].due)
        XCTAssertEqual(document.tasks[0].title, "Party 🎉 2026-12-01")
        XCTAssertEqual(document.diagnostics, [])
    }
}
