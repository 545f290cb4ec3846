import Foundation
import TodoKit
import XCTest

/// A note is its author's: formatting it changes only its task lines' fields, sorting it only moves whole task
/// blocks among their siblings, and every edit changes only the lines it was asked to change. Checked on random
/// notes (`RandomNote`: tabs, callouts, tables, front matter, numbered lists, `*` and `+` bullets, `[X]`), read as
/// a vault reads them and as CommonMark does; and what is not a task renders the same.
final class NotePropertyTests: XCTestCase {
    private var count: Int { ProcessInfo.processInfo.environment["TODOFMT_PROPERTY_COUNT"].flatMap { Int($0) }.map { $0 / 2 } ?? 100 }

    func testFormattingANoteChangesOnlyTheFieldsOfItsTaskLines() {
        var generator = RandomNote(seed: 0x9075_0001)
        var failures = 0, changed = 0
        for number in 0..<count {
            let text = generator.make()
            let reading = number % 2 == 0 ? MarkdownReading.obsidian : .commonMark
            let note = Document(parsing: text, reading: reading, kind: .note)
            let result: FormatResult
            do { result = try Formatter.format(note) } catch {
                failures += 1
                if failures <= 3 { XCTFail("note \(number): \(error)\n\(text.debugDescription)") }
                continue
            }
            if result.isChanged { changed += 1 }
            if note.tasks.isEmpty, result.isChanged { XCTFail("note \(number) holds no task and changed") }
            if let problem = TodoProperties.changedOutsideFields(note, result.output) {
                failures += 1
                if failures <= 3 { XCTFail("note \(number): \(problem)\n--- input\n\(text.debugDescription)\n--- output\n\(result.text.debugDescription)") }
            }
            // The user may ask for no change at all.
            if let unchanged = try? Formatter.format(note, options: FormatOptions(ordersNoteFields: false)), unchanged.isChanged {
                XCTFail("note \(number) changed with its fields left alone")
            }
        }
        XCTAssertEqual(failures, 0)
        XCTAssertGreaterThan(changed, count / 20, "the fields of some notes' tasks are out of order")
    }

    func testSortingANoteMovesOnlyWholeTaskBlocksAmongTheirSiblings() {
        var generator = RandomNote(seed: 0x9075_0002)
        var failures = 0, moved = 0
        for number in 0..<count {
            let text = generator.make()
            let note = Document(parsing: text, reading: .obsidian, kind: .note)
            let keys = TodoProperties.sortKeyLists[number % TodoProperties.sortKeyLists.count]
            guard let result = try? Formatter.format(note, sortedBy: keys, options: FormatOptions(ordersNoteFields: false)) else {
                failures += 1
                if failures <= 3 { XCTFail("note \(number) was refused\n\(text.debugDescription)") }
                continue
            }
            if result.isChanged { moved += 1 }
            // The same lines, byte for byte, in another order (a task's ordered marker renumbered as wide as it was);
            // the lines outside every task's block where they were.
            let lines = { (document: Document) in
                document.lines.indices.map { index in
                    let text = String(document.lines.text(index))
                    guard document.task(atLine: index + 1) != nil else { return text }
                    return text.replacingOccurrences(of: #"^([ \t>]*)[0-9]"#, with: "$1#", options: .regularExpression)
                        .replacingOccurrences(of: #"^([ \t>]*#*)[0-9]"#, with: "$1#", options: .regularExpression)
                }
            }
            let before = lines(note), after = lines(result.output)
            let outside = { (document: Document) in
                document.lines.indices.filter { line in !document.tasks.contains { $0.line - 1 <= line && line < $0.endLine } }
            }
            if before.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) != after.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
                || outside(note) != outside(result.output) || outside(note).contains(where: { before[$0] != after[$0] }) {
                failures += 1
                if failures <= 3 { XCTFail("note \(number): sorting changed more than the order of task blocks\n--- input\n\(text.debugDescription)\n--- output\n\(result.text.debugDescription)") }
            }
        }
        XCTAssertEqual(failures, 0)
        XCTAssertGreaterThan(moved, count / 20)
    }

    func testEveryEditOfANoteChangesOnlyTheLinesItWasAskedToChange() {
        var generator = RandomNote(seed: 0x9075_0003)
        let today = TodoProperties.today
        var failures = 0, edited = 0
        for number in 0..<count {
            let note = Document(parsing: generator.make(), reading: .obsidian, kind: .note)
            guard !note.tasks.isEmpty else { continue }
            let line = note.tasks[number % note.tasks.count].line
            let edits: [(String, () throws -> EditResult)] = [
                ("done", { try StatusChange.complete(lines: [line], in: note, today: today, subtasks: .force) }),
                ("undo", { try StatusChange.reopen(lines: [line], in: note) }),
                ("toggle", { try StatusChange.toggle(lines: [line], in: note, today: today, subtasks: .force) }),
                ("rm", { try TaskEditor.remove(lines: [line], in: note) }),
                ("mv", { try TaskMover.move(lines: [line], to: ListPath(titles: ["Moved"]), in: note) }),
                ("add", { try TaskInsertion.add(NewTask(text: "new task 📅 2026-03-04"), to: note, today: today) }),
                ("pri", { try TaskEditor.setPriority(Priority("A")!, lines: [line], in: note) }),
                ("depri", { try TaskEditor.removePriority(lines: [line], in: note) }),
                ("due", { try TaskEditor.setTag("due", to: "2026-03-05", lines: [line], in: note, today: today) }),
                ("postpone", { try TaskEditor.postpone(lines: [line], by: Period(count: 1, unit: .week), from: .dueDateOrToday(today), in: note) }),
                ("note", { try TaskEditor.addNote("a note", line: line, in: note) }),
                ("replace", { try TaskEditor.replace(line: line, with: "new words", in: note, today: today) }),
                ("append", { try TaskEditor.append("more", lines: [line], in: note, today: today) }),
                ("prepend", { try TaskEditor.prepend("first", lines: [line], in: note, today: today) }),
            ]
            for (name, edit) in edits {
                guard let result = try? edit() else { continue }
                edited += 1
                if let violation = TodoProperties.keepsUnpatchedLines(result, property: "\(name) \(line)") {
                    failures += 1
                    if failures <= 3 { XCTFail("note \(number): \(violation)") }
                }
                // Nothing of a note is dropped or added beside the edit's own lines.
                let patched = result.patches.reduce(0) { $0 + $1.range.count }, written = result.patches.reduce(0) { $0 + $1.lines.count }
                if result.document.lines.count != note.lines.count - patched + written {
                    failures += 1
                    if failures <= 3 { XCTFail("note \(number): \(name) \(line) changed lines beside its own\n\(note.text.debugDescription)\n\(result.document.text.debugDescription)") }
                }
            }
        }
        XCTAssertEqual(failures, 0)
        XCTAssertGreaterThan(edited, count)
    }

    func testWhatIsNotATaskRendersTheSameFormattedAndSorted() throws {
        let html = try CommonMarkHTML()
        var generator = RandomNote(seed: 0x9075_0004)
        var failures = 0
        for number in 0..<(count / 2) {
            let text = generator.make()
            for kind in [FileKind.note, .todoFile] {
                for keys in [nil, SortKey.defaultOrder] {
                    let document = Document(parsing: text, kind: kind)
                    guard let result = try? Formatter.format(document, sortedBy: keys) else {
                        failures += 1
                        if failures <= 3 { XCTFail("note \(number) as a \(kind) was refused\n\(text.debugDescription)") }
                        continue
                    }
                    guard let difference = try html.difference(result) else { continue }
                    failures += 1
                    if failures <= 3 { XCTFail("note \(number) as a \(kind)\(keys == nil ? "" : ", sorted"): \(difference)\n--- input\n\(text.debugDescription)\n--- output\n\(result.text.debugDescription)") }
                }
            }
        }
        XCTAssertEqual(failures, 0)
    }
}
