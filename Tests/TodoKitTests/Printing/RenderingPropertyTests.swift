import Foundation
import TodoKit
import XCTest

/// What is not a task renders the same before and after formatting, sorting and every edit, as a CommonMark
/// implementation nobody here wrote renders it (`CommonMarkHTML`: GitHub's cmark-gfm): every Markdown file of the
/// corpus formatted and sorted, as a todo file and as a note; random todo files formatted and sorted; random
/// documents edited.
final class RenderingPropertyTests: XCTestCase {
    private var count: Int { ProcessInfo.processInfo.environment["TODOFMT_PROPERTY_COUNT"].flatMap { Int($0) }.map { $0 / 4 } ?? 60 }

    func testEveryCorpusFileRendersTheSameOutsideItsTasksFormattedAndSorted() throws {
        let html = try CommonMarkHTML()
        var checked = 0
        for url in try Corpus.files(in: "markdown") {
            guard let text = String(validating: [UInt8](try Data(contentsOf: url)), as: UTF8.self) else { continue }
            for kind in [FileKind.todoFile, .note] {
                let document = Document(parsing: text, kind: kind)
                for keys in [nil, SortKey.defaultOrder] {
                    let result = try Formatter.format(document, sortedBy: keys)
                    if let difference = try html.difference(result) {
                        XCTFail("\(url.lastPathComponent) as a \(kind)\(keys == nil ? "" : ", sorted"): \(difference)")
                    }
                }
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 50)
    }

    /// Random todo files (`RandomTodoDocument`: code, fences, HTML, quotes, tabs, lazy lines, every bullet and
    /// marker), formatted, and sorted by the default keys, render the same outside their tasks, and each task's
    /// item the same.
    func testRandomTodoFilesRenderTheSameOutsideTheirTasksFormattedAndSorted() throws {
        let html = try CommonMarkHTML()
        let count = ProcessInfo.processInfo.environment["TODOFMT_PROPERTY_COUNT"].flatMap { Int($0) } ?? 300
        var generator = RandomTodoDocument(seed: 0x7A5C_0DE5)
        var failures = 0
        for number in 0..<count {
            let text = generator.make()
            let keys: [SortKey]? = number % 2 == 0 ? nil : SortKey.defaultOrder
            let result: FormatResult
            do {
                result = try Formatter.format(Document(parsing: text, kind: .todoFile), sortedBy: keys)
            } catch {
                // Safe mode refusing is no way out: the canonical form must exist for every file.
                failures += 1
                if failures <= 3 { XCTFail("document \(number): \(error)\n--- input\n\(text.debugDescription)") }
                continue
            }
            guard let difference = try html.difference(result) else { continue }
            failures += 1
            if failures <= 3 {
                XCTFail("document \(number)\(keys == nil ? "" : ", sorted"): \(difference)\n--- input\n\(text.debugDescription)\n--- output\n\(result.text.debugDescription)")
            }
        }
        XCTAssertEqual(failures, 0, "\(failures) of \(count) documents")
    }

    /// The edits that change tasks and nothing else: the items of the tasks they touch may change, and a task they
    /// add comes in, nothing else. (Removing an item can change whether its list is loose, which is its list's
    /// own look: `rm` is held to leaving every line it was not asked to remove as it was, in `TodoProperties`.)
    func testRandomDocumentsRenderTheSameOutsideTheEditedTasksAfterEveryEdit() throws {
        let html = try CommonMarkHTML()
        var generator = RandomTodoDocument(seed: 0xED17_5EED)
        let today = TodoProperties.today
        var failures = 0, edited = 0
        for number in 0..<count {
            let text = generator.make()
            for kind in [FileKind.todoFile, .note] {
                // Edits of a canonical todo file settle its blank lines; edits of a note touch nothing else.
                let canonical = kind == .note ? text : ((try? Formatter.format(text, as: .markdown).text) ?? text)
                let document = Document(parsing: canonical, kind: kind)
                guard !document.tasks.isEmpty else { continue }
                let task = number % document.tasks.count, line = document.tasks[task].line
                let edits: [(String, () throws -> EditResult)] = [
                    ("done", { try StatusChange.complete(lines: [line], in: document, today: today, subtasks: .force) }),
                    ("toggle", { try StatusChange.toggle(lines: [line], in: document, today: today, subtasks: .force) }),
                    ("pri", { try TaskEditor.setPriority(Priority("C")!, lines: [line], in: document) }),
                    ("due", { try TaskEditor.setTag("due", to: "2026-03-05", lines: [line], in: document, today: today) }),
                    ("append", { try TaskEditor.append("more words", lines: [line], in: document, today: today) }),
                    ("replace", { try TaskEditor.replace(line: line, with: "new words @home", in: document, today: today) }),
                ]
                let (name, edit) = edits[(number / 2) % edits.count]
                guard let result = try? edit() else { continue }
                edited += 1
                // The tasks the edit wrote, and the one it removed with its block, are its own.
                let touched = Set(result.checked.origins.enumerated().compactMap { k, origin in
                    result.changedTaskLines.contains(result.document.tasks[k].line) ? origin : nil
                } + [task])
                let before = try html.render(document)
                let after = try html.render(result.document) { k in result.checked.origins[k] ?? (10_000 + k) }
                // A task the edit adds (a next occurrence) comes in; one it removes (`🏁 delete`) goes.
                let added = Set(result.checked.origins.indices.filter { result.checked.origins[$0] == nil }.map { 10_000 + $0 })
                let removed = Set(document.tasks.indices).subtracting(result.checked.origins.compactMap { $0 })
                var difference: String?
                if CommonMarkHTML.removing(removed, from: before.outside) != CommonMarkHTML.removing(added, from: after.outside) {
                    difference = "what is not a task renders otherwise\n--- before\n\(before.outside)\n--- after\n\(after.outside)"
                } else if let other = before.notes.keys.sorted().first(where: { task in
                    guard !touched.contains(task), let html = after.notes[task] else { return false }
                    return CommonMarkHTML.removing(added, from: html) != CommonMarkHTML.removing(removed, from: before.notes[task]!)
                }) {
                    difference = "task \(other)'s item renders otherwise\n--- before\n\(before.notes[other]!)\n--- after\n\(after.notes[other]!)"
                }
                guard let difference else { continue }
                failures += 1
                if failures <= 3 { XCTFail("document \(number) as a \(kind), \(name) \(line): \(difference)\n--- input\n\(canonical.debugDescription)\n--- edited\n\(result.document.text.debugDescription)") }
            }
        }
        XCTAssertEqual(failures, 0)
        XCTAssertGreaterThan(edited, count / 2)
    }
}
