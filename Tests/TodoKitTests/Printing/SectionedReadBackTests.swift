@testable import TodoKit
import XCTest

/// Safe mode reads formatted lines back a section at a time: each section must read exactly as the same lines
/// do in one pass, and a change to the tasks in any section must be found.
final class SectionedReadBackTests: XCTestCase {
    /// What a document's lines, items, tasks and headings are, numbered from `line`, `item`, `task` and
    /// `heading` on (a section's place in the whole), one line each.
    private func structure(of document: Document, line: Int = 0, item: Int = 0, task: Int = 0, heading: Int = 0) -> [String] {
        var out: [String] = []
        for (index, role) in document.roles.enumerated() {
            out.append("line \(line + index + 1): \(role.kind) item \(role.item.map { $0 + item } ?? -1)")
        }
        for (index, listItem) in document.items.enumerated() {
            out.append("item \(item + index): L\(listItem.line + line)-\(listItem.endLine + line) \(listItem.indent) "
                       + "\(listItem.contentColumn) \(listItem.marker) parent \(listItem.parent.map { $0 + item } ?? -1) "
                       + "task \(listItem.task.map { $0 + task } ?? -1)")
        }
        for (index, each) in document.tasks.enumerated() {
            out.append("task \(task + index): L\(each.line + line)-\(each.endLine + line) item \(each.item.map { $0 + item } ?? -1) "
                       + "parent \(each.parent.map { $0 + task } ?? -1) depth \(each.depth) \(each.status) \(each.checkbox.map(String.init) ?? "") "
                       + "column \(each.bodyColumn) heading \(each.heading.map { $0 + heading } ?? -1) list \(document.list(of: index)) "
                       + "body \(each.body.text) fields \(each.body.parsedFields) notes \(document.notes(of: index))")
        }
        for (index, each) in document.headings.enumerated() {
            out.append("heading \(heading + index): L\(each.line + line)-\(each.endLine + line) \(each.level) \(each.title) \(each.path) \(each.isSetext)")
        }
        out += document.diagnostics.map { "diagnostic \($0.line + line):\($0.column) \($0.message)" }
        return out
    }

    /// The structure of `lines` read in one pass, and read a section at a time, in the same order of kinds.
    private func assertSectionsReadAsTheWhole(_ lines: [Line], _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let whole = Document(lines: lines, format: .markdown)
        var count = 0
        var offsets = (item: 0, task: 0, heading: 0)
        var parts: [(roles: [String], items: [String], tasks: [String], headings: [String], diagnostics: [String])] = []
        // A section at every top-level heading, however short.
        SectionedReadBack.forEachSection(of: lines, reusing: nil, minimumLines: 1) { firstLine, section in
            let dump = structure(of: section, line: firstLine, item: offsets.item, task: offsets.task, heading: offsets.heading)
            let roles = dump.filter { $0.hasPrefix("line ") }, items = dump.filter { $0.hasPrefix("item ") }
            let tasks = dump.filter { $0.hasPrefix("task ") }, headings = dump.filter { $0.hasPrefix("heading ") }
            parts.append((roles, items, tasks, headings, Array(dump.dropFirst(roles.count + items.count + tasks.count + headings.count))))
            offsets = (offsets.item + section.items.count, offsets.task + section.tasks.count, offsets.heading + section.headings.count)
            count += section.lines.count
            return true
        }
        var sections = parts.flatMap(\.roles) + parts.flatMap(\.items) + parts.flatMap(\.tasks) + parts.flatMap(\.headings)
        // Each section's diagnostics are in line order, and the sections are.
        sections += parts.flatMap(\.diagnostics)
        XCTAssertEqual(count, lines.count, name, file: file, line: line)
        let expected = structure(of: whole)
        XCTAssertEqual(sections.count, expected.count, name, file: file, line: line)
        if let first = zip(sections, expected).first(where: { $0 != $1 }) {
            XCTFail("\(name): read a section at a time \(first.0), in one pass \(first.1)", file: file, line: line)
        }
    }

    func testSectionsOfCorpusFilesAndTheirFormattedFormsReadAsTheWhole() throws {
        for url in try Corpus.files(in: "markdown") {
            let document = Document(parsing: try String(contentsOf: url, encoding: .utf8))
            assertSectionsReadAsTheWhole(document.lines, url.lastPathComponent)
            assertSectionsReadAsTheWhole(Formatter.format(document).lines, "formatted \(url.lastPathComponent)")
        }
    }

    func testSectionsOfRandomDocumentsReadAsTheWhole() {
        var generator = RandomTodoDocument(seed: 0x5EC7_1015)
        for number in 0..<500 {
            let document = Document(parsing: generator.make())
            assertSectionsReadAsTheWhole(document.lines, "document \(number)")
            assertSectionsReadAsTheWhole(Formatter.format(document).lines, "formatted document \(number)")
        }
    }

    func testBlocksLeftOpenBeforeAHeadingAndHeadingLevelsReadAsTheWhole() {
        let texts = [
            // A fence left open at the top level holds the heading lines after it; one in a list item does not.
            "# A\n- [ ] a\n```\n# not a heading\n- [ ] not a task\n# B\n- [ ] b\n",
            "# A\n- [ ] a\n  ```\n  code\n# B\n- [ ] b\n  ```\n# C\n",
            // An HTML block that ends at a blank line, and a comment that ends at `-->`.
            "# A\n<div>\n# inside\n\n# B\n- [ ] b\n<!--\n# C\n- [ ] c\n-->\n# D\n- [ ] d\n",
            // Front matter holding a line that looks like a heading.
            "---\n# yaml comment\ntitle: x\n---\n# A\n- [ ] a\n",
            // Headings going down and back up, setext headings, tasks before the first heading.
            "- [ ] first\n# One\n## Two\n- [ ] a\n### Three\n- [ ] b\n## Four\n- [ ] c\nFive\n====\n- [ ] d\n# Six\n#### Seven\n- [ ] e\n",
            // A heading right after a paragraph, a list item, a block quote and a lazy line.
            "- [ ] a\nlazy\n# B\n> quote\n# C\ntext\n# D\n- [ ] d\n  - [ ] e\n    note\n# E\n",
            // A comment left open to the end, and a fence closed three sections on: each read over many sections.
            "- [ ] a\n<!--\n" + (0..<9).map { "# L\($0)\n- [ ] t\($0)\n" }.joined(),
            "# A\n```\n" + (0..<3).map { "# L\($0)\n- [ ] t\($0)\n" }.joined() + "```\n" + (3..<9).map { "# L\($0)\n- [ ] t\($0)\n" }.joined(),
            // No lines, no final newline, CRLF.
            "", "# A", "# A\r\n- [ ] a\r\n# B\r\n- [ ] b",
        ]
        for (number, text) in texts.enumerated() {
            assertSectionsReadAsTheWhole(Document(parsing: text).lines, "text \(number)")
        }
    }

    /// Whether the lines of `after` mean what `before` does, read a section at a time.
    private func sameTasks(_ before: String, _ after: String) -> Bool {
        let original = Document(parsing: before)
        let lines = Document(parsing: after)
        return SectionedReadBack.sameTasks(in: lines.textLines.withoutSource, as: original, reusing: ParsedBodies(readingFrom: original),
                                           minimumLines: 1)
    }

    func testAChangeToTheTasksInAnySectionIsFound() {
        let before = "# Home\n\n- [ ] fix the tap\n  washer\n\n## Garden\n\n- [ ] mow\n  - [ ] edges\n\n# Work\n\n- [x] report\n"
        XCTAssertTrue(sameTasks(before, before))
        XCTAssertTrue(sameTasks(before, before.replacingOccurrences(of: "- [x]", with: "* [X]")))
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
        ]
        for (number, after) in changes.enumerated() {
            XCTAssertFalse(sameTasks(before, after), "change \(number)")
            XCTAssertNotNil(MeaningCheck.difference(between: Document(parsing: before), and: Document(parsing: after), orderMatters: true),
                            "change \(number)")
        }
    }

    func testALargeFileIsReadInSectionsOfManyHeadingsAndAChangeAtItsEndIsFound() {
        var text = ""
        for list in 0..<100 {
            text += "# List \(list)\n\n"
            for task in 0..<30 { text += "- [ ] task \(list).\(task)\n  note\n" }
            text += "\n"
        }
        let original = Document(parsing: text)
        var sections = 0
        SectionedReadBack.forEachSection(of: original.lines, reusing: nil) { _, _ in
            sections += 1
            return true
        }
        XCTAssertEqual(sections, 6)
        func same(_ after: String) -> Bool {
            SectionedReadBack.sameTasks(in: TextLines(lines: Document(parsing: after).lines, hasByteOrderMark: false), as: original,
                                        reusing: ParsedBodies(of: original))
        }
        XCTAssertTrue(same(text))
        XCTAssertFalse(same(text.replacingOccurrences(of: "task 99.29\n  note", with: "task 99.29\n  notes")))
        XCTAssertFalse(same(text.replacingOccurrences(of: "# List 99\n", with: "## List 99\n")))
    }

    func testFormattedCorpusFilesAreFoundTheSameAsTheWholeComparisonFindsThem() throws {
        for url in try Corpus.files(in: "markdown") {
            let document = Document(parsing: try String(contentsOf: url, encoding: .utf8))
            guard let checked = Formatter.checkedCanonicalText(of: document) else {
                XCTAssertEqual(Formatter.format(document).text, document.text, url.lastPathComponent)
                continue
            }
            XCTAssertEqual(checked.text.text, Formatter.format(document).text, url.lastPathComponent)
            XCTAssertNil(checked.difference, url.lastPathComponent)
            XCTAssertTrue(SectionedReadBack.sameTasks(in: checked.text, as: document, reusing: nil, minimumLines: 1), url.lastPathComponent)
        }
    }
}

private extension TextLines {
    /// The same lines, not known to have been split from a text (as formatted lines are not).
    var withoutSource: TextLines { TextLines(lines: lines, hasByteOrderMark: hasByteOrderMark) }
}
