import Foundation
@testable import TodoKit
import XCTest

/// An edit that only rewrites task lines is checked by those lines alone (`DocumentEdit.finish`): the lines read
/// in place must give the document a fresh reading gives, and the edit must come out exactly as the whole check
/// lets it out, or be refused as it refuses it. Held to each other on thousands of random documents, in their
/// own form and in canonical form, Markdown (CommonMark and Obsidian notes) and todo.txt.
final class InPlaceEditPropertyTests: XCTestCase {
    private let environment = ProcessInfo.processInfo.environment
    private var count: Int { environment["TODOFMT_PROPERTY_COUNT"].flatMap { Int($0) } ?? 1_500 }
    private func seed(_ fixed: UInt64) -> UInt64 { environment["TODOFMT_PROPERTY_SEED"].flatMap { UInt64($0) } ?? fixed }
    private let today = CalendarDate(year: 2026, month: 3, day: 1)!

    // MARK: Lines read in place

    func testATickedLineReadsInPlaceAsAFreshReadingReadsIt() throws {
        let document = Document(parsing: "# Home\n\n- [ ] Buy milk +shop\n  - [ ] Oat due:2026-02-30\n    a note\n- [ ] Call Mom\n")
        let read = try XCTUnwrap(readInPlace(document, task: 1, as: "  - [x] 2026-03-01 Oat due:2026-02-31 +new"))
        assertSame(read, fresh(document, task: 1, as: "  - [x] 2026-03-01 Oat due:2026-02-31 +new"))
        XCTAssertEqual(read.tasks[1].status, .done)
        XCTAssertEqual(read.tasks[1].parent, 0)
        XCTAssertEqual(read.diagnostics.map(\.line), [4])
    }

    func testALineThatMovesItsMarkerOrCheckboxDoesNotReadInPlace() {
        let document = Document(parsing: "- [ ] a\n- [ ] b\n  text\n")
        XCTAssertNil(readInPlace(document, task: 0, as: " - [ ] a"))
        XCTAssertNil(readInPlace(document, task: 0, as: "* [ ] a"))
        XCTAssertNil(readInPlace(document, task: 0, as: "-  [ ] a"))
        XCTAssertNil(readInPlace(document, task: 0, as: "- [ ]\ta"))
        XCTAssertNil(readInPlace(document, task: 0, as: "- a"))
        XCTAssertNotNil(readInPlace(document, task: 0, as: "- [✓] a"))
    }

    func testAnObsidianLineThatOpensOrClosesACommentDoesNotReadInPlace() {
        let note = Document(parsing: "- [ ] a\n- [ ] b\n", reading: .obsidian)
        XCTAssertNil(readInPlace(note, task: 0, as: "- [ ] a %% hidden"))
        XCTAssertNotNil(readInPlace(note, task: 0, as: "- [ ] a %%shown%%"))
        XCTAssertNotNil(readInPlace(Document(parsing: "- [ ] a\n- [ ] b\n"), task: 0, as: "- [ ] a %% shown"))
    }

    func testATaskOfABlockQuoteOrOfTodoTxtReadsAsItsParserReadsIt() {
        let quote = Document(parsing: "> - [ ] a\n> - [ ] b\n", reading: .obsidian)
        XCTAssertNil(readInPlace(quote, task: 0, as: "> - [x] a"), "a quote's tasks are read by a parser of their own")
        let todo = Document(parsing: "(A) a\nb\n", format: .todotxt)
        let read = readInPlace(todo, task: 1, as: "x 2026-03-01 b")
        XCTAssertEqual(read?.tasks[1].status, .done)
        XCTAssertNil(readInPlace(todo, task: 1, as: ""))
        XCTAssertNil(readInPlace(todo, task: 0, as: "\u{FEFF}a"))
    }

    func testRandomLinesReadInPlaceAsAFreshReadingReadsThem() {
        let seed = seed(0x1A_9E3D)
        var generator = RandomTodoDocument(seed: seed)
        var rng = SplitMix64(seed: seed)
        var read = 0, tried = 0, failures = 0
        for number in 0..<(2 * count) {
            let format: FileFormat = number % 4 == 3 ? .todotxt : .markdown
            let reading: MarkdownReading = number % 4 == 1 ? .obsidian : .commonMark
            let text = format == .todotxt ? generator.makeTodoTxt() : generator.make()
            let document = Document(parsing: text, format: format, reading: reading)
            guard !document.tasks.isEmpty else { continue }
            for _ in 0..<3 {
                let task = rng.below(document.tasks.count)
                let line = Self.variant(of: String(document.lines.text(document.tasks[task].line - 1)), &rng)
                tried += 1
                guard let inPlace = readInPlace(document, task: task, as: line) else { continue }
                read += 1
                guard let difference = differences(inPlace, fresh(document, task: task, as: line)) else { continue }
                failures += 1
                if failures <= 3 { XCTFail("document \(number), task \(task) as \(line.debugDescription): \(difference)\n\(text.debugDescription)") }
            }
        }
        XCTAssertEqual(failures, 0, "seed \(seed)")
        // Most lines an edit writes read in place: the check must not hold by reading none.
        XCTAssertGreaterThan(read * 3, tried, "\(read) of \(tried) read in place")
    }

    func testATodoTxtFileWithoutSomeOfItsLinesReadsInPlaceAsAFreshReadingReadsIt() {
        let seed = seed(0x7E_11A5)
        var generator = RandomTodoDocument(seed: seed)
        var rng = SplitMix64(seed: seed)
        var read = 0, tried = 0, failures = 0
        for number in 0..<count {
            let document = Document(parsing: generator.makeTodoTxt(), format: .todotxt)
            let removed = document.lines.indices.filter { _ in rng.chance(30) }
            guard !removed.isEmpty else { continue }
            tried += 1
            guard let patched = try? PatchedLines(document.lines, patches: removed.map { .delete($0..<($0 + 1)) }) else { continue }
            guard let inPlace = Document(removingTodoTxtLinesOf: document, lineMap: patched.lineMap, text: patched.text) else { continue }
            read += 1
            guard let difference = differences(inPlace, Document(parsing: patched.text, like: document)) else { continue }
            failures += 1
            if failures <= 3 { XCTFail("document \(number) without lines \(removed): \(difference)\n\(document.text.debugDescription)") }
        }
        XCTAssertEqual(failures, 0, "seed \(seed)")
        XCTAssertGreaterThan(read * 3, tried * 2, "\(read) of \(tried) read in place")
    }

    func testALineThatWouldJoinItsNeighbourOrLoseItsByteOrderMarkIsNotReadInPlace() throws {
        // `a` ends in a carriage return and the blank line after `b` in a line feed: without `b`, they are one ending.
        let joined = Document(parsing: "a\rb\n\nc\n", format: .todotxt)
        let patched = try PatchedLines(joined.lines, patches: [.delete(1..<2)])
        XCTAssertNil(Document(removingTodoTxtLinesOf: joined, lineMap: patched.lineMap, text: patched.text))
        let marked = Document(parsing: "\u{FEFF}a\nb\n", format: .todotxt)
        let unmarked = try PatchedLines(marked.lines, patches: [.delete(1..<2)])
        XCTAssertNil(Document(removingTodoTxtLinesOf: marked, lineMap: unmarked.lineMap, text: unmarked.text))
    }

    // MARK: Edits checked in place

    func testArchivingFromATodoTxtFileIsCheckedByTheLinesLeft() throws {
        let document = Document(parsing: "(A) a\nx 2026-02-01 b\nc due:2026-02-30\nx 2026-02-02 d\n", format: .todotxt)
        let archived = try DocumentEdit.$checking.withValue(.inPlaceOnly) {
            try Archiver.archive(document, into: Document(parsing: "", format: .todotxt))
        }
        XCTAssertEqual(archived.source.document.text, "(A) a\nc due:2026-02-30\n")
        XCTAssertEqual(archived.source.checked.origins, [0, 2])
        XCTAssertEqual(archived.source.document.diagnostics.map(\.line), [2])
        XCTAssertEqual(archived.archive.text, "x 2026-02-01 b\nx 2026-02-02 d\n")
    }

    func testATickOfACanonicalDocumentIsCheckedInPlaceAndLeavesItCanonical() throws {
        let document = Document(parsing: "# Home\n\n- [ ] Buy milk\n- [ ] Call Mom\n")
        let ticked = try DocumentEdit.$checking.withValue(.inPlaceOnly) {
            try StatusChange.complete(lines: [3], in: document, today: today)
        }
        XCTAssertEqual(ticked.document.text, "# Home\n\n- [x] 2026-03-01 Buy milk\n- [ ] Call Mom\n")
        XCTAssertEqual(ticked.changedTaskLines, [3])
        XCTAssertEqual(ticked.checked.origins, [0, 1])
    }

    func testAnEditsChangesAreTheLinesItRewroteNotADiffOfTheTexts() throws {
        let text = "\u{FEFF}- [ ] a +p\n- [ ] b\n- [ ] c +p\r\n- [ ] d +p"
        let renamed = try TaskEditor.rename(.project, from: "p", to: "q", in: Document(parsing: text))
        // The byte order mark goes with the first line; lines next to each other are one change.
        XCTAssertEqual(renamed.textChanges, [TextChange(range: 0..<14, text: "\u{FEFF}- [ ] a +q\n"),
                                             TextChange(range: 22..<44, text: "- [ ] c +q\r\n- [ ] d +q")])
        XCTAssertEqual(TextChange.applying(renamed.textChanges, to: text), renamed.document.text)
        // An edit whose result is put in canonical form: the lines that differ.
        let added = try TaskInsertion.add(NewTask(text: "e", list: nil), to: Document(parsing: "# A\n- [ ] a\n"), today: today)
        XCTAssertEqual(TextChange.applying(added.textChanges, to: "# A\n- [ ] a\n"), added.document.text)
    }

    func testAnEditOfALineThatWasNotCanonicalStandsAsWrittenInPlace() throws {
        // The line was not canonical, so neither was the document: the edit leaves it as the edit wrote it.
        let untidy = Document(parsing: "* [ ] a\n* [ ] b\n")
        let edited = try DocumentEdit.$checking.withValue(.inPlaceOnly) { try TaskEditor.setPriority(Priority("A")!, lines: [2], in: untidy) }
        XCTAssertEqual(edited.document.text, "* [ ] a\n* [ ] (A) b\n")
    }

    func testEveryEditCheckedInPlaceComesOutAsTheWholeCheckLetsItOut() {
        let seed = seed(0xED17_91AC)
        var generator = RandomTodoDocument(seed: seed)
        var rng = SplitMix64(seed: seed)
        var inPlace = 0, tried = 0, failures = 0
        for number in 0..<(count / 4) {
            let format: FileFormat = number % 4 == 3 ? .todotxt : .markdown
            let reading: MarkdownReading = number % 4 == 1 ? .obsidian : .commonMark
            let text = format == .todotxt ? generator.makeTodoTxt() : generator.make()
            // Some Markdown files are notes, whose edits are never put in canonical form.
            let kind: FileKind = number % 8 == 2 || number % 8 == 5 ? .note : .todoFile
            var document = Document(parsing: text, format: format, reading: reading, kind: kind)
            if number % 2 == 0, let canonical = try? Formatter.format(document) { document = canonical.output }
            guard !document.tasks.isEmpty else { continue }
            let lines = (0..<(1 + rng.below(2))).map { _ in document.tasks[rng.below(document.tasks.count)].line }
            let line = lines[0]
            let priority = Priority(rng.pick(["A", "B", "C"]))!
            let replacement = rng.pick(["new words @home", "%% x", "`a", "- [ ] b", "<!--"])
            let appended = rng.pick(["more words", "%%", "  ", "📅 2026-03-09"])
            let edits: [(String, () throws -> EditResult)] = [
                ("done", { try StatusChange.complete(lines: lines, in: document, today: self.today, subtasks: .force) }),
                ("done, subtasks too", { try StatusChange.complete(lines: [line], in: document, today: self.today, subtasks: .recursive) }),
                ("reopen", { try StatusChange.reopen(lines: lines, in: document) }),
                ("toggle", { try StatusChange.toggle(lines: lines, in: document, today: self.today, subtasks: .refuse) }),
                ("pri", { try TaskEditor.setPriority(priority, lines: lines, in: document) }),
                ("depri", { try TaskEditor.removePriority(lines: lines, in: document) }),
                ("due", { try TaskEditor.setTag("due", to: "2026-03-05", lines: lines, in: document, today: self.today) }),
                ("postpone", { try TaskEditor.postpone(lines: lines, by: Period(count: 1, unit: .week), from: .dueDateOrToday(self.today), in: document) }),
                ("replace", { try TaskEditor.replace(line: line, with: replacement, in: document, today: self.today) }),
                ("append", { try TaskEditor.append(appended, lines: lines, in: document, today: self.today) }),
                ("prepend", { try TaskEditor.prepend("first", lines: lines, in: document, today: self.today) }),
                ("rename", { try TaskEditor.rename(.project, from: "garden", to: "yard", in: document) }),
                ("rename a tag", { try TaskEditor.renameHashtag(from: "tag", to: "label", in: document) }),
                ("rm", { try TaskEditor.remove(lines: lines, in: document) }),
                ("archive", { try Archiver.archive(document, into: Document(parsing: "", format: format)).source }),
            ]
            for (name, edit) in edits {
                tried += 1
                let whole = DocumentEdit.$checking.withValue(.whole) { Outcome(edit) }
                let checked = DocumentEdit.$checking.withValue(.inPlaceWherePossible) { Outcome(edit) }
                if DocumentEdit.$checking.withValue(.inPlaceOnly, operation: { (try? edit()) != nil }) { inPlace += 1 }
                if let result = checked.result {
                    // What an editor applies: whole lines, which give the new text.
                    let changes = result.textChanges
                    if !TextChange.applying(changes, to: document.text).utf8.elementsEqual(result.document.text.utf8) || !changes.allSatisfy({
                        ($0.range.lowerBound == 0 || document.text.utf8.span[$0.range.lowerBound - 1] == .newline || document.text.utf8.span[$0.range.lowerBound - 1] == .carriageReturn)
                    }) || zip(changes, changes.dropFirst()).contains(where: { $0.range.upperBound >= $1.range.lowerBound }) {
                        failures += 1
                        if failures <= 3 { XCTFail("document \(number), \(name): its changes \(changes) do not give its text") }
                    }
                }
                guard let difference = checked.difference(from: whole, self) else { continue }
                failures += 1
                if failures <= 3 { XCTFail("document \(number), \(name) of lines \(lines): \(difference)\n\(document.text.debugDescription)") }
            }
        }
        XCTAssertEqual(failures, 0, "seed \(seed)")
        XCTAssertGreaterThan(inPlace * 3, tried, "\(inPlace) of \(tried) edits checked in place")
    }

    // MARK: Helpers

    /// What an edit gave: its text, document, line map and tasks' origins, or that it was refused.
    private struct Outcome {
        var result: EditResult?

        init(_ edit: () throws -> EditResult) { result = try? edit() }

        func difference(from whole: Outcome, _ test: InPlaceEditPropertyTests) -> String? {
            switch (result, whole.result) {
            case (nil, nil): return nil
            case (nil, _?): return "refused, though the whole check lets it out"
            case (_?, nil): return "let out, though the whole check refuses it"
            case let (mine?, theirs?):
                if !mine.document.text.hasSameBytes(as: theirs.document.text) {
                    return "gives \(mine.document.text.debugDescription), not \(theirs.document.text.debugDescription)"
                }
                if mine.lineMap != theirs.lineMap { return "maps lines \(mine.lineMap), not \(theirs.lineMap)" }
                if mine.changedTaskLines != theirs.changedTaskLines { return "reports lines \(mine.changedTaskLines), not \(theirs.changedTaskLines)" }
                if mine.checked.origins != theirs.checked.origins { return "traces tasks to \(mine.checked.origins), not \(theirs.checked.origins)" }
                return test.differences(mine.document, theirs.document)
            }
        }
    }

    /// The document `task`'s line, replaced by `line`, reads as in place; nil where it might not.
    private func readInPlace(_ document: Document, task: Int, as line: String) -> Document? {
        let index = document.tasks[task].line - 1
        let patch = LinePatch.replace(index, with: Line(line, ending: document.lines.ending(index)))
        guard let patched = try? PatchedLines(document.lines, patches: [patch]) else { return nil }
        return Document(rewritingTaskLines: [(task, patch.lines[0])], of: document, text: patched.text)
    }

    /// What a fresh reading of the document with `task`'s line replaced by `line` gives.
    private func fresh(_ document: Document, task: Int, as line: String) -> Document {
        let index = document.tasks[task].line - 1
        let patch = LinePatch.replace(index, with: Line(line, ending: document.lines.ending(index)))
        return Document(parsing: try! PatchedLines(document.lines, patches: [patch]).text, like: document)
    }

    private func assertSame(_ a: Document, _ b: Document, file: StaticString = #filePath, line: UInt = #line) {
        if let difference = differences(a, b) { XCTFail(difference, file: file, line: line) }
    }

    /// The first way two documents differ in what they read, or nil.
    private func differences(_ a: Document, _ b: Document) -> String? {
        if !a.text.hasSameBytes(as: b.text) { return "texts differ" }
        if a.roles != b.roles { return "roles differ" }
        if a.items != b.items { return "items differ" }
        if a.headings != b.headings { return "headings differ" }
        if a.diagnostics != b.diagnostics { return "diagnostics \(a.diagnostics), not \(b.diagnostics)" }
        if a.tasks.count != b.tasks.count { return "\(a.tasks.count) tasks, not \(b.tasks.count)" }
        for k in a.tasks.indices {
            let (x, y) = (a.tasks[k], b.tasks[k])
            guard x == y, x.endLine == y.endLine, x.body.dialect == y.body.dialect, x.body.fieldsStart == y.body.fieldsStart,
                  x.body.fieldsAreCanonical == y.body.fieldsAreCanonical, x.fields == y.fields, a.meaning(of: k) == b.meaning(of: k),
                  x.body.text == y.body.text, a.text.utf8.count >= x.body.source.range.upperBound,
                  x.body.source.base.utf8.span.extracting(x.body.source.range).equals(a.text.utf8.span.extracting(
                    (a.lines.range(x.line - 1).lowerBound + x.bodyColumn - 1)..<a.lines.range(x.line - 1).upperBound))
            else { return "task \(k) on line \(y.line) reads as \(a.meaning(of: k)), not \(b.meaning(of: k)) (or holds other fields)" }
        }
        return nil
    }

    /// A line an edit (or a person) might write in place of a task's line `line`: its checkbox or body changed,
    /// or its marker, indentation or the whole line.
    private static func variant(of line: String, _ rng: inout SplitMix64) -> String {
        let pieces = ["x", "%%", "%% y %%", "`", "```", "<!--", "-->", "# h", "---", "- [ ] z", "\u{A0}", "  ", "\t", "(A)",
                      "2026-02-30", "due:2026-03-01", "📅 2026-03-01", "⏫", "+p", "@c", "#tag", "[id:: 1]", "x ", "=", "> q", "🆔 a"]
        var bytes = Array(line.utf8)
        switch rng.below(9) {
        case 0, 8:
            // Another checkbox character.
            if let open = bytes.firstIndex(of: UInt8(ascii: "[")), open + 2 < bytes.count, bytes[open + 2] == UInt8(ascii: "]") {
                bytes.replaceSubrange((open + 1)..<(open + 2), with: Array(rng.pick(["x", " ", "X", "/", "-", "✓", "]", "["]).utf8))
            }
            return String(decoding: bytes, as: UTF8.self)
        case 1, 2, 3:
            // Words added at the end, or the end cut.
            if rng.chance(30) { bytes.removeLast(min(bytes.count, rng.below(6))) }
            return String(decoding: bytes, as: UTF8.self) + (0..<rng.below(3)).map { _ in " " + rng.pick(pieces) }.joined()
        case 4:
            // The body replaced.
            if let close = bytes.firstIndex(of: UInt8(ascii: "]")) { bytes.removeSubrange((close + 1)...) }
            return String(decoding: bytes, as: UTF8.self) + rng.pick([" ", "", "  ", "\t"]) + (0..<rng.below(4)).map { _ in rng.pick(pieces) }.joined(separator: " ")
        case 5, 7:
            // The indentation or marker changed.
            return rng.pick([" ", "  ", ""]) + String(decoding: bytes.drop { $0 == .space }, as: UTF8.self).replacing("- ", with: rng.pick(["- ", "* ", "1. ", "-  "]), maxReplacements: 1)
        default:
            return rng.chance(50) ? rng.pick(pieces) + " " + rng.pick(pieces) : line
        }
    }
}
