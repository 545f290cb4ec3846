@testable import TodoKit
import XCTest

/// What a task means, however it is written: the one value safe mode, edits and merges compare.
final class TaskMeaningTests: XCTestCase {
    private func meaning(_ text: String, task: Int = 0, format: FileFormat = .markdown) -> TaskMeaning {
        Document(parsing: text, format: format).meaning(of: task)
    }

    func testAMeaningHoldsWhatTheTaskSays() {
        let text = "# Home\n## Garden\n- [ ] parent\n  - [x] (B) 2026-01-03 2026-01-01 fix the tap +house @shop due:2026-02-01  \n    washer size 1/2  \n"
        let task = meaning(text, task: 1)
        XCTAssertEqual(task.status, .done)
        XCTAssertNil(task.unknownCheckbox)
        XCTAssertEqual(task.priority, Priority("B"))
        XCTAssertEqual(task.completionDate, CalendarDate(year: 2026, month: 1, day: 3))
        XCTAssertEqual(task.creationDate, CalendarDate(year: 2026, month: 1, day: 1))
        XCTAssertEqual(task.description, "fix the tap +house @shop due:2026-02-01")
        XCTAssertEqual(task.notes, ["washer size 1/2"])
        XCTAssertEqual(task.depth, 1)
        XCTAssertEqual(task.list, ["Home", "Garden"])
        XCTAssertEqual(task.projects, ["house"])
        XCTAssertEqual(task.contexts, ["shop"])
        XCTAssertEqual(task.tags.map { "\($0.key)=\($0.value)" }, ["due=2026-02-01"])
        XCTAssertEqual(task, TaskMeaning(status: .done, priority: Priority("B"), completionDate: CalendarDate(year: 2026, month: 1, day: 3),
                                         creationDate: CalendarDate(year: 2026, month: 1, day: 1),
                                         description: "fix the tap +house @shop due:2026-02-01", notes: ["washer size 1/2"],
                                         depth: 1, list: ["Home", "Garden"]))
    }

    func testOnlyACheckboxCharacterWithoutADefinedMeaningIsKept() {
        XCTAssertEqual(meaning("- [?] a\n").unknownCheckbox, "?")
        XCTAssertEqual(meaning("- [?] a\n").status, .open)
        for box in [" ", "x", "X", "/", "-"] { XCTAssertNil(meaning("- [\(box)] a\n").unknownCheckbox, box) }
        XCTAssertNil(meaning("x 2026-01-02 a\n", format: .todotxt).unknownCheckbox)
        XCTAssertEqual(meaning("- [X] a\n"), meaning("- [x] a\n"))
        XCTAssertNotEqual(meaning("- [?] a\n"), meaning("- [√] a\n"))
    }

    func testNotesAreTrimmedWithoutBlankLinesAndListMarkersReadCanonically() {
        // Blank lines apart, as an ordered item not numbered 1 or an empty one cannot interrupt a paragraph.
        let task = meaning("- [ ] a\n\n    indented  \n\n  *   star item\n\n  +\ttab item\n\n  3.   three\n\n  4)  four\n\n  -\n\n  *not an item\n")
        XCTAssertEqual(task.notes, ["indented", "- star item", "- tab item", "3. three", "4) four", "-", "*not an item"])
        XCTAssertEqual(meaning("- [ ] a\n  - item\n"), meaning("* [ ] a\n\n  *    item\n\n"))
    }

    func testAMeaningHoldsWhatTheWordsOfItsOwnTextAreReadAs() {
        let task = meaning("- [ ] Plan +Trip @desk due:2026-03-01 now #home 📅 2026-03-02 #car\n")
        XCTAssertEqual(task.title, "Plan now #home #car")
        XCTAssertEqual(task.projects, ["Trip"])
        XCTAssertEqual(task.contexts, ["desk"])
        XCTAssertEqual(task.tags.map { "\($0.key)=\($0.value)" }, ["due=2026-03-01"])
    }

    func testTheSameDescriptionReadAsOtherWordsIsAnotherMeaning() {
        let task = meaning("- [ ] x due:2026-12-01 +p @c\n")
        func differences(_ change: (inout TaskMeaning.Words) -> Void) -> [String] {
            var other = task
            change(&other.words)
            XCTAssertNotEqual(task, other)
            return task.differences(from: other)
        }
        XCTAssertEqual(differences { $0.tags = ["due:2026-12-0"] }, ["changed its tags from \"due:2026-12-01\" to \"due:2026-12-0\""])
        XCTAssertEqual(differences { $0.tags = [] }, ["changed its tags from \"due:2026-12-01\" to none"])
        XCTAssertEqual(differences { $0.title = "x📅" }, ["changed its title from \"x\" to \"x📅\""])
        XCTAssertEqual(differences { $0.projects = ["p🔺"] }, ["changed its projects from \"+p\" to \"+p🔺\""])
        XCTAssertEqual(differences { $0.contexts = [] }, ["changed its contexts from \"@c\" to none"])
    }

    func testANewDescriptionIsReadAsTheTaskWasRead() {
        var task = meaning("- [ ] a\n")
        task.description = "a +p due:2026-12-01 #x 📅 2026-12-02"
        XCTAssertEqual(task.projects, ["p"])
        XCTAssertEqual(task.tags.map { "\($0.key)=\($0.value)" }, ["due=2026-12-01"])
        XCTAssertEqual(task.title, "a #x")
        // A todo.txt line reads todo.txt's fields alone: an emoji and its date are words of the title.
        var line = meaning("a\n", format: .todotxt)
        line.description = "a 📅 2026-12-02"
        XCTAssertEqual(line.title, "a 📅 2026-12-02")
        XCTAssertEqual(line, meaning("a 📅 2026-12-02\n", format: .todotxt))
    }

    func testATodoTxtTaskMeansItsFieldsInNoListAtNoDepth() {
        let task = meaning("x (A) 2026-01-02 2026-01-01 call +mom @phone\n", format: .todotxt)
        XCTAssertEqual(task, TaskMeaning(status: .done, priority: Priority("A"), completionDate: CalendarDate(year: 2026, month: 1, day: 2),
                                         creationDate: CalendarDate(year: 2026, month: 1, day: 1), description: "call +mom @phone"))
        XCTAssertEqual(meaning("(A) 2026-01-01 call +mom @phone\n", format: .todotxt),
                       meaning("- [ ] (A) 2026-01-01 call +mom @phone\n"))
    }

    func testLayoutDoesNotChangeAMeaning() {
        XCTAssertEqual(meaning("*   [ ]   call   Mom  \n"), meaning("- [ ] call   Mom\n"))
        XCTAssertEqual(meaning("1. [ ] a\r\n   note\r\n"), meaning("- [ ] a\n  note\n"))
        XCTAssertNotEqual(meaning("- [ ] call Mom\n"), meaning("- [ ] call  Mom\n"))
    }

    func testTextIsComparedByteForByte() {
        // The same letter composed and decomposed: equal Swift strings, different bytes.
        let composed = "café", decomposed = "cafe\u{301}"
        XCTAssertEqual(composed, decomposed)
        XCTAssertNotEqual(meaning("- [ ] \(composed)\n"), meaning("- [ ] \(decomposed)\n"))
        XCTAssertNotEqual(meaning("- [ ] a\n  \(composed)\n"), meaning("- [ ] a\n  \(decomposed)\n"))
        XCTAssertNotEqual(TaskMeaning(status: .open, description: Substring(composed)),
                          TaskMeaning(status: .open, description: Substring(decomposed)))
        XCTAssertEqual(TaskMeaning(status: .open, description: Substring(composed)), meaning("- [ ] \(composed)\n"))
        XCTAssertEqual(meaning("- [ ] \(decomposed)\n").differences(from: meaning("- [ ] \(composed)\n")),
                       ["changed its text from \"\(decomposed)\" to \"\(composed)\""])
    }

    func testEqualMeaningsHashAlike() {
        let a = meaning("# L\n- [ ] (A) call\n  note\n"), b = meaning("# L\n\n* [ ]  (A) call  \n\n    note\n")
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertEqual(Set([a, b]).count, 1)
    }

    func testEachDifferenceHasItsPhrase() {
        let task = TaskMeaning(status: .open, priority: Priority("A"), completionDate: nil, creationDate: CalendarDate(year: 2026, month: 1, day: 1),
                               description: "call Mom", notes: ["one", "two"], depth: 1, list: ["Home", "Garden"])
        func differences(_ change: (inout TaskMeaning) -> Void) -> [String] {
            var other = task
            change(&other)
            return task.differences(from: other)
        }
        XCTAssertEqual(task.differences(from: task), [])
        XCTAssertEqual(differences { $0.status = .done }, ["changed from open to done"])
        XCTAssertEqual(differences { $0.status = .inProgress }, ["changed from open to in-progress"])
        XCTAssertEqual(differences { $0.unknownCheckbox = "?" }, ["changed from open to [?]"])
        XCTAssertEqual(differences { $0.priority = Priority("C") }, ["changed priority from (A) to (C)"])
        XCTAssertEqual(differences { $0.priority = nil }, ["changed priority from (A) to none"])
        XCTAssertEqual(differences { $0.completionDate = CalendarDate(year: 2026, month: 1, day: 2) }, ["changed its completion date"])
        XCTAssertEqual(differences { $0.creationDate = nil }, ["changed its creation date"])
        XCTAssertEqual(differences { $0.description = "call Dad" }, ["changed its text from \"call Mom\" to \"call Dad\""])
        XCTAssertEqual(differences { $0.notes = ["one"] }, ["lost its note \"two\""])
        XCTAssertEqual(differences { $0.notes = [] }, ["lost its note \"one\""])
        XCTAssertEqual(differences { $0.notes.append("three") }, ["gained a note \"three\""])
        XCTAssertEqual(differences { $0.notes = ["one", "2"] }, ["changed its note \"two\" to \"2\""])
        XCTAssertEqual(differences { $0.depth = 0 }, ["changed its nesting from 1 to 0 levels deep"])
        XCTAssertEqual(differences { $0.list = ["Work"] }, ["moved from list \"Home > Garden\" to \"Work\""])
        XCTAssertEqual(differences { $0.list = [] }, ["moved from list \"Home > Garden\" to (none)"])
    }

    func testDifferencesComeFirstToLastAndANoteIsNamedOnce() {
        var other = TaskMeaning(status: .open, description: "a", notes: ["x", "y"])
        let task = TaskMeaning(status: .done, priority: Priority("B"), description: "b", notes: ["z"], depth: 2, list: ["L"])
        other.depth = 0
        XCTAssertEqual(task.differences(from: other), [
            "changed from done to open", "changed priority from (B) to none", "changed its text from \"b\" to \"a\"",
            "changed its note \"z\" to \"x\"", "changed its nesting from 2 to 0 levels deep", "moved from list \"L\" to (none)",
        ])
    }

    func testALongTextIsShortenedInAPhrase() {
        let long = String(repeating: "word ", count: 20)
        let task = TaskMeaning(status: .open, description: Substring(long))
        XCTAssertEqual(task.differences(from: TaskMeaning(status: .open, description: "short")),
                       ["changed its text from \"\(long.prefix(39))…\" to \"short\""])
    }

    func testTheQuickSameMeaningTestAgreesWithComparingMeanings() throws {
        // Every pair of tasks of a random document and of its formatted and sorted forms, and of two documents
        // that differ in one task's status, notes or list.
        for seed in 0 as UInt64..<60 {
            var random = RandomTodoDocument(seed: seed)
            let text = random.make()
            let document = Document(parsing: text)
            var others = [document]
            if let formatted = try? Formatter.format(text, as: .markdown, sortedBy: SortKey.defaultOrder) { others.append(formatted.output) }
            others.append(Document(parsing: text.replacingOccurrences(of: "[ ]", with: "[x]")))
            others.append(Document(parsing: "# Moved\n\n" + text))
            for other in others {
                for i in document.tasks.indices {
                    for j in other.tasks.indices.prefix(40) {
                        XCTAssertEqual(document.hasSameMeaning(i, as: j, in: other), document.meaning(of: i) == other.meaning(of: j),
                                       "seed \(seed): task \(i) and \(j)")
                    }
                }
            }
        }
        let todo = Document(parsing: "(A) a\nx 2026-01-01 a\n(A) a\n", format: .todotxt)
        XCTAssertTrue(todo.hasSameMeaning(0, as: 2, in: todo))
        XCTAssertFalse(todo.hasSameMeaning(0, as: 1, in: todo))
    }
}
