@testable import TodoKit
import Foundation
import XCTest

/// Random task lines read in each of the Obsidian Tasks plugin's task formats, as the plugin's own patterns read
/// them: `Fixtures/plugin-reading/random-lines.jsonl`, one JSON array a line: the task line, what the plugin reads
/// from it in its emoji format (`tasksPluginEmoji`), and in its Dataview format. The table was made by running the
/// patterns of the plugin's serializers (`src/TaskSerializer/DefaultTaskSerializer.ts`, `DataviewTaskSerializer.ts`,
/// and the task, block link and tag patterns of `src/Task/TaskRegularExpressions.ts` and `Task.ts`, at cc0fce3)
/// with their loop (fields taken off the end, at most 21 rounds), over random lines made of words, todo.txt tags,
/// fields of both formats with good and bad values, `#tags` and block links, glued to each other or set apart by
/// spaces, tabs, no-break, em, ideographic and zero-width no-break spaces, now and then more fields than 21 rounds
/// take.
///
/// What the plugin reads is written `key=value; …` in this order: `desc` (the plugin's description: the text
/// before the fields, then the `#tags` among them), `priority` (a level), the dates that are real ones (`due`,
/// `scheduled`, `start`, `created`, `done`, `cancelled`) and those it takes off the line that are none (`baddue`,
/// …), `rec` (the rule as written), `oc` (`keep` or `delete`), `id`, `dependsOn`, `tags` (each once, no `#`),
/// `link` (the block link without its caret).
final class PluginRandomLineTests: XCTestCase {
    /// A line and what the plugin reads from it in each format.
    struct Row {
        var line: String
        var emoji: String
        var dataview: String
    }

    /// The table's rows; `TODOFMT_PLUGIN_LINES=FILE` reads another table of the same shape (a larger one made the
    /// same way).
    static func rows() throws -> [Row] {
        let url = ProcessInfo.processInfo.environment["TODOFMT_PLUGIN_LINES"].map { URL(fileURLWithPath: $0) }
            ?? Corpus.packageRoot.appendingPathComponent("Tests/TodoKitTests/Fixtures/plugin-reading/random-lines.jsonl")
        return try String(decoding: try Data(contentsOf: url), as: UTF8.self).split(separator: "\n").map { text in
            let row = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String])
            XCTAssertEqual(row.count, 3, String(text))
            return Row(line: row[0], emoji: row[1], dataview: row[2])
        }
    }

    /// What todofmt reads from `task`, in the table's words.
    static func reading(_ task: TodoTask) -> String {
        let fields = task.fields
        var parts = ["desc=\(PluginReadingTests.pluginDescription(task))"]
        if fields.priority != nil { parts.append("priority=\(fields.priorityLevel)") }
        let bytes = Array(task.body.text.utf8)
        let spans = task.body.hasTrailingFields ? task.body.trailingFields(bytes).spans : []
        let dates: [(String, TaskField, CalendarDate?)] = [
            ("due", .due, fields.due?.date), ("scheduled", .scheduled, fields.scheduled), ("start", .start, fields.start),
            ("created", .created, fields.created), ("done", .done, fields.done), ("cancelled", .cancelled, fields.cancelled)]
        for (name, _, date) in dates { if let date { parts.append("\(name)=\(date)") } }
        for (name, field, date) in dates where date == nil {
            if let span = spans.first(where: { $0.field == field }) {
                parts.append("bad\(name)=\(String(decoding: bytes[span.value], as: UTF8.self))")
            }
        }
        if let rule = fields.recurrenceText { parts.append("rec=\(rule)") }
        if let action = fields.onCompletion { parts.append("oc=\(action.rawValue)") }
        if let id = fields.id { parts.append("id=\(id)") }
        if !fields.dependsOn.isEmpty { parts.append("dependsOn=\(fields.dependsOn.joined(separator: ","))") }
        if !fields.hashtags.isEmpty { parts.append("tags=\(fields.hashtags.joined(separator: ","))") }
        if let link = fields.blockLink { parts.append("link=\(link)") }
        return parts.joined(separator: "; ")
    }

    func testTheTableHoldsAThousandLinesMostWithAFieldThePluginReads() throws {
        let rows = try Self.rows()
        XCTAssertGreaterThanOrEqual(rows.count, 1000)
        XCTAssertGreaterThanOrEqual(rows.filter { $0.emoji != "desc=\($0.line.dropFirst(6))" }.count, 500)
        XCTAssertGreaterThanOrEqual(rows.filter { $0.dataview != "desc=\($0.line.dropFirst(6))" }.count, 500)
    }

    func testEveryRandomLineReadsInEachFormatAsThePluginReadsIt() throws {
        var disagreements: [String] = []
        for row in try Self.rows() {
            for (format, expected) in [(Dialect.tasks, row.emoji), (.dataview, row.dataview)] {
                let document = Document(parsing: row.line + "\n", settings: TaskSettings(taskFormat: format))
                guard document.tasks.count == 1 else {
                    disagreements.append("\(format) \(row.line.debugDescription): not one task")
                    continue
                }
                let read = Self.reading(document.tasks[0])
                if read != expected {
                    disagreements.append("\(format) \(row.line.debugDescription)\n  plugin:  \(expected.debugDescription)\n  todofmt: \(read.debugDescription)")
                }
            }
        }
        XCTAssertEqual(disagreements.count, 0, disagreements.prefix(40).joined(separator: "\n"))
    }
    /// `hasDependencyWords` is the cheap test that lets listings, queries and edits skip reading a task's fields for
    /// ids and dependencies: it must never say no to a task that has one, in any reading.
    func testEveryRandomLineWithAnIdOrADependencyIsSeenToHaveOne() throws {
        var missed: [String] = [], seen = 0
        for row in try Self.rows() {
            for settings in [TaskSettings(), TaskSettings(taskFormat: .tasks), TaskSettings(taskFormat: .dataview)] {
                let document = Document(parsing: row.line + "\n", settings: settings)
                for task in document.tasks {
                    let fields = task.fields
                    guard fields.id != nil || !fields.dependsOn.isEmpty || !fields.partOf.isEmpty else { continue }
                    seen += 1
                    if !task.hasDependencyWords { missed.append(row.line.debugDescription) }
                }
            }
        }
        XCTAssertGreaterThanOrEqual(seen, 100)
        XCTAssertEqual(missed, [])
    }
}
