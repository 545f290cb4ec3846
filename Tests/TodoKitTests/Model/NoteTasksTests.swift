@testable import TodoKit
import XCTest

/// A note's tasks held without the rest of its text (`NoteTasks`) read exactly as the note's document reads them.
final class NoteTasksTests: XCTestCase {
    func testANoteKeepsItsTaskLinesAndNothingElse() {
        let document = Document(parsing: "# Home\n\nSome prose that is not kept.\n\n- [ ] Buy milk +shop\n  a note\n  - [x] Oat due:2026-02-30\n",
                                reading: .obsidian)
        let note = NoteTasks(document)
        XCTAssertEqual(note.tasks.map(\.line), [5, 7])
        XCTAssertEqual(note.line(of: 0), "- [ ] Buy milk +shop")
        XCTAssertEqual(note.line(of: 1), "  - [x] Oat due:2026-02-30")
        XCTAssertEqual(note.tasks[1].body.source.base, "- [ ] Buy milk +shop  - [x] Oat due:2026-02-30", "only the task lines are held")
        XCTAssertEqual(note.list(of: 1), ["Home"])
        XCTAssertEqual(note.isSubItem, [false, true])
        XCTAssertEqual(note.hasInvalidDate, [false, true])
    }

    func testEveryTaskOfARandomNoteReadsAsItsDocumentReadsIt() {
        var generator = RandomTodoDocument(seed: 0x707E5)
        for number in 0..<500 {
            let format: FileFormat = number % 3 == 2 ? .todotxt : .markdown
            let document = Document(parsing: format == .todotxt ? generator.makeTodoTxt() : generator.make(), format: format,
                                    reading: number % 3 == 1 ? .obsidian : .commonMark)
            let note = NoteTasks(document)
            XCTAssertEqual(note.tasks.count, document.tasks.count)
            for k in document.tasks.indices {
                let (mine, theirs) = (note.tasks[k], document.tasks[k])
                XCTAssertTrue(mine == theirs && mine.endLine == theirs.endLine && mine.fields == theirs.fields
                              && mine.body.dialect == theirs.body.dialect && mine.body.fieldsStart == theirs.body.fieldsStart,
                              "document \(number), task \(k): \(mine) is not \(theirs)")
                XCTAssertEqual(note.line(of: k), document.lines.text(theirs.line - 1))
                XCTAssertEqual(note.list(of: k), document.list(of: k))
                XCTAssertEqual(note.shownTitle(of: k), document.shownTitle(of: k))
            }
        }
    }

    func testAQueryOverNotesHeldAsTheirTasksSeesTheirPlacesAndDependencies() throws {
        let notes = [("Move.md", "# Move\n\n- [ ] Pack 🆔 p1 📅 2026-11-20\n  - [ ] Tape\n"),
                     ("Van.md", "- [ ] Load the van ⛔ p1 📅 2026-02-30\n- [x] Book it ✅ 2026-11-01\n")]
        let tasks = QueryTask.tasks(of: notes.map { ($0.0, NoteTasks(Document(parsing: $0.1, reading: .obsidian))) })
        let today = CalendarDate(year: 2026, month: 11, day: 24)!
        for (instruction, listed) in [("is blocked", ["Load the van"]), ("is blocking", ["Pack"]), ("exclude sub-items", ["Pack", "Load the van", "Book it"]),
                                      ("due date is invalid", ["Load the van"]), ("heading includes Move", ["Pack", "Tape"])] {
            let result = try XCTUnwrap(TasksQuery(QuerySource(instructions: [instruction]), file: "Dashboard.md", today: today).run(on: tasks))
            XCTAssertEqual(Set(result.tasks.map(\.task.title)), Set(listed), instruction)
        }
    }

    func testAQueryTestingEachTaskAsItIsMadeListsWhatTheRunOverAllTheTasksLists() throws {
        let notes = [("Move.md", "# Move\n\n- [ ] Pack 🆔 p1 📅 2026-11-20\n  - [ ] Tape #box\n- [ ] Label ⛔ v1 📅 2026-11-21\n"),
                     ("Van.md", "- [ ] Load the van 🆔 v1 ⛔ p1 📅 2026-02-30\n- [x] Book it ✅ 2026-11-01\n"),
                     ("Old/Van.md", "Prose.\n\n## Spare\n- [ ] Check the tyres ⏫ 📅 2026-11-02 #car\n"),
                     ("Empty.md", "No tasks here.\n")]
            .map { ($0.0, NoteTasks(Document(parsing: $0.1, reading: .obsidian))) }
        let today = CalendarDate(year: 2026, month: 11, day: 24)!
        for instructions in [["not done"], ["is blocked"], ["is blocking"], ["is not blocked", "sort by due reverse"], ["tags include #car"],
                             ["group by filename"], ["due before today", "limit 1"], ["due date is invalid"], ["exclude sub-items", "group by heading"]] {
            let query = TasksQuery(QuerySource(instructions: instructions), file: "Dashboard.md", today: today)
            let whole = try XCTUnwrap(query.run(on: QueryTask.tasks(of: notes))).rendered()
            XCTAssertEqual(try XCTUnwrap(query.run(onNotes: notes)).rendered(), whole, "\(instructions)")
        }
    }
}
