@testable import TodoKit
import XCTest

/// A query run over a folder's notes one at a time (`QueryRun`), as `todofmt query -e` reads a vault, lists what
/// the query run over all their tasks at once lists, dependencies between notes included, and keeps no note's
/// text.
final class QueryRunNoteByNoteTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 28)!

    let notes: [(path: String, document: Document)] = [
        ("Trip.md", Document(parsing: """
            # Packing
            - [ ] Pack ⛔ passport 📅 2026-11-01
            - [ ] Water plants 📅 2026-11-02
            - [x] Book hotel 📅 2026-11-01 ✅ 2026-11-01
            """ + "\n")),
        ("Home/Errands.md", Document(parsing: """
            Some prose with a [[link]].

            ## Town
            - [ ] Renew passport 🆔 passport 📅 2026-11-03
            - [ ] Call mom 📅 2026-12-01
              - [ ] Buy flowers #gift
            - [ ] Post letter 🆔 letter ⛔ passport
            """ + "\n")),
        ("Trip copy/Trip.md", Document(parsing: "- [ ] Pack the car ⏫ 📅 2026-11-20\n")),
    ]

    func run(_ instructions: [String]) throws -> (whole: String, noteByNote: String, result: QueryResult) {
        let query = TasksQuery(QuerySource(instructions: instructions), file: nil, today: today)
        XCTAssertEqual(query.diagnostics, [])
        let whole = try XCTUnwrap(query.run(on: QueryTask.tasks(of: notes))).rendered()
        var run = QueryRun(query)
        for note in notes { run.add(QueryRun.note(note.document, path: note.path, query: query)) }
        let result = run.result()
        return (whole, result.rendered(), result)
    }

    func testEachQueryListsWhatTheRunOverEveryTaskLists() throws {
        for instructions in [["not done", "due before today"], ["is blocked"], ["is blocking"], ["is not blocked", "sort by due reverse"],
                             ["group by heading"], ["not done", "limit 2"], ["group by filename"], ["exclude sub-items"],
                             ["tags include #gift"], []] {
            let (whole, noteByNote, _) = try run(instructions)
            XCTAssertEqual(noteByNote, whole, "\(instructions)")
        }
    }

    func testATaskBlockedByATaskOfALaterNoteIsBlocked() throws {
        let (_, listed, _) = try run(["is blocked"])
        XCTAssertEqual(listed, """
            - [ ] Pack ⛔ passport 📅 2026-11-01 (/Trip.md > Packing)
            - [ ] Post letter 🆔 letter ⛔ passport (Errands > Town)

            2 tasks

            """)
    }

    func testTheTasksFoundHoldTheirOwnLineAlone() throws {
        let (_, _, result) = try run(["not done"])
        XCTAssertEqual(result.tasks.count, 7)
        for found in result.tasks {
            XCTAssertEqual(found.task.body.source.base, String(found.task.body.text), "\(found.task.text)")
        }
    }
}
