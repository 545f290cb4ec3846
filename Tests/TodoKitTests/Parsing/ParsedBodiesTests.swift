@testable import TodoKit
import XCTest

/// A formatted or sorted document takes its unchanged task bodies from its input: it must read exactly as
/// its text read afresh does.
final class ParsedBodiesTests: XCTestCase {
    private func assertReadsAsItsText(_ document: Document, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let fresh = Document(parsing: document.text, format: document.format)
        XCTAssertEqual(document.tasks, fresh.tasks, name, file: file, line: line)
        XCTAssertEqual(document.diagnostics, fresh.diagnostics, name, file: file, line: line)
    }

    func testFormattedAndSortedCorpusFilesReadAsTheirTexts() throws {
        for url in try Corpus.files(in: "markdown") {
            let document = Document(parsing: try String(contentsOf: url, encoding: .utf8))
            let formatted = Formatter.format(document)
            assertReadsAsItsText(formatted, url.lastPathComponent)
            assertReadsAsItsText(Formatter.format(document, options: FormatOptions(sortKeys: SortKey.defaultOrder)), url.lastPathComponent)
            assertReadsAsItsText(Sorter.sorted(document, by: try SortKey.parseList("-created,text")), url.lastPathComponent)
        }
    }

    func testFormattedAndSortedRandomDocumentsReadAsTheirTexts() throws {
        var generator = RandomTodoDocument(seed: 0x0B0D_1E5)
        for number in 0..<500 {
            let document = Document(parsing: generator.make())
            assertReadsAsItsText(Formatter.format(document), "document \(number)")
            assertReadsAsItsText(Sorter.sorted(document, by: try SortKey.parseList("status,-priority,due")), "document \(number)")
        }
    }

    func testSortedTodoTxtFilesReadAsTheirTexts() throws {
        for url in try Corpus.files(in: "todotxt") {
            let document = Document(parsing: try String(contentsOf: url, encoding: .utf8), format: .todotxt)
            assertReadsAsItsText(Formatter.format(document, options: FormatOptions(sortKeys: SortKey.defaultOrder)), url.lastPathComponent)
            assertReadsAsItsText(Sorter.sorted(document, by: try SortKey.parseList("-created,text")), url.lastPathComponent)
        }
    }

    func testABodyIsTakenOnlyForTheFormatItWasReadIn() throws {
        // `x 2026-01-02 call` is a done task's body in todo.txt, and description text in a Markdown task.
        let document = Document(parsing: "x 2026-01-02 call\n", format: .todotxt)
        let bodies = try XCTUnwrap(ParsedBodies(of: document))
        let body = document.tasks[0].body
        var cursor = ParsedBodies.Cursor()
        XCTAssertNil(cursor.body(in: bodies, format: .markdown, storage: body.storage, start: Int(body.start),
                                 count: Int(body.count), isClosed: false))
        XCTAssertEqual(cursor.body(in: bodies, format: .todotxt, storage: body.storage, start: Int(body.start),
                                   count: Int(body.count), isClosed: false)?.completionDate, CalendarDate(year: 2026, month: 1, day: 2))
    }

    func testABodyReadWithAWarningIsReadAgainAndWarnsAgain() {
        // The untidy bullet makes the formatter rewrite a line, so the result is read from new lines.
        let document = Document(parsing: "* [ ] fix it due:2026-02-30\n- [ ] (a) lower priority\n- [ ] fine due:2026-03-01\n")
        let formatted = Formatter.format(document)
        XCTAssertNotEqual(formatted.text, document.text)
        XCTAssertEqual(formatted.diagnostics.map(\.line), [1, 2])
        assertReadsAsItsText(formatted, "warnings")
    }

    func testABodyIsTakenOnlyForTheSameBytesOfATaskJustAsClosed() throws {
        let text = "- [ ] 2026-01-02 call\n- [x] 2026-01-02 call\n"
        let document = Document(parsing: text)
        let bodies = try XCTUnwrap(ParsedBodies(of: document))
        let open = document.tasks[0].body
        var cursor = ParsedBodies.Cursor()
        let same = cursor.body(in: bodies, format: .markdown, storage: open.storage, start: Int(open.start), count: Int(open.count), isClosed: false)
        XCTAssertEqual(same, open)
        XCTAssertEqual(same?.creationDate, CalendarDate(year: 2026, month: 1, day: 2))
        // The same bytes read for a closed task give a completion date instead: not taken.
        XCTAssertNil(cursor.body(in: bodies, format: .markdown, storage: open.storage, start: Int(open.start), count: Int(open.count), isClosed: true))
        // Equal bytes in another string, or a different length: not taken.
        let copy = String(text.utf8.map { Character(Unicode.Scalar($0)) })
        XCTAssertNil(cursor.body(in: bodies, format: .markdown, storage: copy, start: Int(open.start), count: Int(open.count), isClosed: false))
        XCTAssertNil(cursor.body(in: bodies, format: .markdown, storage: open.storage, start: Int(open.start), count: Int(open.count) - 1, isClosed: false))
    }
    func testBodiesReadFromTheirDocumentAreTakenAsKeptOnesAre() throws {
        let text = "- [ ] 2026-01-02 call\n- [x] 2026-01-02 call\n- [ ] fix due:2026-02-30\n- [ ] (B) last +home\n"
        let document = Document(parsing: text)
        let bodies = try XCTUnwrap(ParsedBodies(readingFrom: document))
        func take(_ task: Int, isClosed: Bool? = nil, count: Int? = nil, storage: String? = nil,
                  from cursor: inout ParsedBodies.Cursor) -> TaskBody? {
            let body = document.tasks[task].body
            return cursor.body(in: bodies, format: .markdown, storage: storage ?? body.storage, start: Int(body.start),
                               count: count ?? Int(body.count), isClosed: isClosed ?? document.tasks[task].status.isClosed)
        }
        var cursor = ParsedBodies.Cursor()
        // In order, and out of it (a sorted document's).
        for task in [0, 1, 3, 0, 1] {
            // Equal bodies hold equal bytes and equal parsed fields.
            XCTAssertEqual(take(task, from: &cursor), document.tasks[task].body, "task \(task)")
        }
        // Read with a warning: read again, to warn again.
        XCTAssertNil(take(2, from: &cursor))
        // The same bytes for a task closed otherwise, fewer bytes, or equal bytes of another string: not taken.
        XCTAssertNil(take(0, isClosed: true, from: &cursor))
        XCTAssertNil(take(3, count: Int(document.tasks[3].body.count) - 1, from: &cursor))
        XCTAssertNil(take(3, storage: String(text.utf8.map { Character(Unicode.Scalar($0)) }), from: &cursor))
        XCTAssertNil(cursor.body(in: bodies, format: .todotxt, storage: document.tasks[3].body.storage,
                                 start: Int(document.tasks[3].body.start), count: Int(document.tasks[3].body.count), isClosed: false))
        // Only a document read from text has its bodies in the order of one text.
        XCTAssertNil(ParsedBodies(readingFrom: Document(lines: document.lines, format: .markdown)))
    }

    func testEveryBodyIsFoundByItsStartAndNothingElseIs() throws {
        // Short and long lines, so that bodies start in every part of the 64-byte stretches they are indexed by.
        var text = ""
        for n in 0..<300 { text += "- [ ] task \(n)" + String(repeating: " word", count: n % 23) + "\n" }
        let document = Document(parsing: text)
        let bodies = try XCTUnwrap(ParsedBodies(of: document))
        let starts = Set(document.tasks.map { Int($0.body.start) })
        XCTAssertEqual(bodies.entries.count, document.tasks.count)
        for offset in 0...(text.utf8.count + 70) {
            let position = bodies.position(ofStart: offset)
            if starts.contains(offset) {
                XCTAssertEqual(position.map { Int(bodies.entries[$0].start) }, offset, "offset \(offset)")
            } else {
                XCTAssertNil(position, "offset \(offset)")
            }
        }
    }
}
