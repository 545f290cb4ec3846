@testable import TodoKit
import XCTest

/// A document is its text: its lines are ranges of it, and a document made of lines is their text read afresh.
final class DocumentTextTests: XCTestCase {
    func testLinesReadFromTextEqualLinesMadeFromStrings() {
        let doc = Document(parsing: "- [ ] a long first line of text\r\n\tsecond line that is long too\rc")
        XCTAssertEqual(Array(doc.lines), [Line("- [ ] a long first line of text", ending: .crlf),
                                          Line("\tsecond line that is long too", ending: .cr), Line("c", ending: .none)])
        XCTAssertEqual(Set(doc.lines).count, 3)
        XCTAssertTrue(Set(doc.lines).contains(Line("\tsecond line that is long too", ending: .cr)))
        XCTAssertEqual(doc.lines[1].text, "\tsecond line that is long too")
        XCTAssertEqual(doc.lines.text(1), "\tsecond line that is long too")
        XCTAssertEqual(doc.lines.range(1), 33..<62)
        XCTAssertEqual(doc.lines.ending(0), .crlf)
    }

    func testALinesTextAndEndingAreSetApart() {
        for ending in [LineEnding.lf, .crlf, .cr, .none] {
            let line = Document(parsing: "- [ ] a  " + (ending == .none ? "" : ending.text + "next\n")).lines[0]
            XCTAssertEqual(line.ending, ending)
            XCTAssertEqual(line.text, "- [ ] a  ")
            XCTAssertEqual(line.with(ending: .crlf), Line("- [ ] a  ", ending: .crlf))
            XCTAssertEqual(line.with(ending: .crlf).with(ending: ending), line)
        }
        XCTAssertEqual(Array(Document(parsing: "no final newline").lines), [Line("no final newline", ending: .none)])
        XCTAssertNotEqual(Line("a", ending: .lf), Line("a", ending: .crlf))
    }

    func testADocumentMadeOfLinesIsTheirTextWithTheirEndings() {
        let lines = [Line("ä line", ending: .crlf), Line("", ending: .lf), Line("end", ending: .none)]
        let doc = Document(lines: lines, format: .markdown, hasByteOrderMark: true)
        XCTAssertEqual(doc.text, "\u{FEFF}ä line\r\n\nend")
        XCTAssertTrue(doc.hasByteOrderMark)
        XCTAssertEqual(Array(doc.lines), lines)
        XCTAssertEqual(Document(lines: [Line("- [ ] a", ending: .crlf), Line("b", ending: .none)], format: .markdown).text, "- [ ] a\r\nb")
    }

    func testLinesTakenFromAReadTextPrintInTheirNewOrderWithTheirOwnEndings() {
        let read = Document(parsing: "\u{FEFF}# Head line\r\n- [ ] first task\n- [x] second task\r- [ ] third task")
        var lines = Array(read.lines)
        lines.swapAt(1, 3)
        lines[0] = lines[0].with(ending: .lf)
        lines[1] = lines[1].with(ending: .lf)
        lines[2] = Line("- [x] second task, edited", ending: lines[2].ending)
        lines.append(Line("added", ending: .none))
        lines[3] = lines[3].with(ending: .crlf)
        let doc = Document(lines: lines, format: .markdown, hasByteOrderMark: true)
        let expected = "\u{FEFF}# Head line\n- [ ] third task\n- [x] second task, edited\r- [ ] first task\r\nadded"
        XCTAssertEqual(doc.text, expected)
        XCTAssertEqual(doc.lines, Document(parsing: expected).lines)
        XCTAssertEqual(doc.tasks.map(\.text), ["third task", "second task, edited", "first task"])
        lines[1] = lines[1].with(ending: .none)
        let joined = Document(lines: lines, format: .markdown, hasByteOrderMark: true)
        XCTAssertEqual(joined.text, "\u{FEFF}# Head line\n- [ ] third task- [x] second task, edited\r- [ ] first task\r\nadded")
        XCTAssertEqual(joined.tasks.map(\.text), ["third task- [x] second task, edited", "first task"])
        let tail = Document(lines: Array(read.lines[1...]), format: .markdown)
        XCTAssertEqual(tail.text, "- [ ] first task\n- [x] second task\r- [ ] third task")
        XCTAssertEqual(tail.tasks, Document(parsing: tail.text).tasks)
    }

    func testADocumentMadeOfLinesIsItsTextReadAfresh() {
        func check(_ lines: [Line], bom: Bool = false, _ message: String) {
            let doc = Document(lines: lines, format: .markdown, hasByteOrderMark: bom)
            let parsed = Document(parsing: lines.joinedText(byteOrderMark: bom), format: .markdown)
            XCTAssertTrue(doc.text.utf8.elementsEqual(parsed.text.utf8), message)
            XCTAssertEqual(doc.lines, parsed.lines, message)
            XCTAssertEqual(doc.hasByteOrderMark, parsed.hasByteOrderMark, message)
            XCTAssertEqual(doc.tasks, parsed.tasks, message)
            XCTAssertEqual(doc.roles, parsed.roles, message)
        }
        check([Line("- [ ] a"), Line("  note"), Line("- [x] b", ending: .none)], "clean lines")
        check([Line("- [ ] a\n- [ ] b")], "a line holding a line break")
        check([Line("- [ ] a", ending: .none), Line("- [ ] b")], "a line without an ending before another")
        check([Line("- [ ] a"), Line("", ending: .none)], "an empty last line without an ending")
        check([Line("- [ ] a", ending: .cr), Line("", ending: .lf), Line("- [ ] b")], "a CR then an empty LF line")
        check([Line("\u{FEFF}- [ ] a")], "a first line starting with a byte order mark")
        check([Line("\u{FEFF}- [ ] a")], bom: true, "a second byte order mark")
        check([], "no lines")
        // A line holding a line break is two lines once read; a CR then an empty LF line is one CRLF.
        XCTAssertEqual(Document(lines: [Line("- [ ] a\n- [ ] b")], format: .markdown).tasks.count, 2)
        XCTAssertEqual(Array(Document(lines: [Line("a", ending: .cr), Line("", ending: .lf)], format: .markdown).lines),
                       [Line("a", ending: .crlf)])
        XCTAssertTrue(Document(lines: [Line("\u{FEFF}- [ ] a")], format: .markdown).hasByteOrderMark)
    }

    func testTaskBodiesFromDifferentTextsAreEqualWhenTheyReadTheSame() {
        let a = Document(parsing: "# L\n\n- [ ] (A) 2026-01-02 call +mom @phone due:2026-03-04\n").tasks[0].body
        let b = Document(parsing: "(A) 2026-01-02 call +mom @phone due:2026-03-04\n", format: .todotxt).tasks[0].body
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertEqual(a.text, "(A) 2026-01-02 call +mom @phone due:2026-03-04")
        XCTAssertEqual(a.tokens.map(\.kind), [.word, .project, .context, .tag])
        XCTAssertEqual(a.tokens.map { a.text(of: $0) }, ["call", "+mom", "@phone", "due:2026-03-04"])
        XCTAssertEqual(a.due, CalendarDate(year: 2026, month: 3, day: 4))
        XCTAssertNotEqual(a, Document(parsing: "(A) 2026-01-02 call +mom @phone due:2026-03-05\n", format: .todotxt).tasks[0].body)
        // Bytes, not canonical equivalence.
        XCTAssertNotEqual(Document(parsing: "- [ ] café\n").tasks[0].body, Document(parsing: "- [ ] cafe\u{301}\n").tasks[0].body)
    }

    func testTaskPositionsAreReadFromAnyLineOfALongDocument() {
        var text = String(repeating: "\n", count: 123_455)
        text += "- [ ] parent\n" + String(repeating: "  note\n", count: 3) + "  - [ ] child\n"
        let doc = Document(parsing: text)
        XCTAssertEqual(doc.tasks.map(\.line), [123_456, 123_460])
        XCTAssertEqual(doc.tasks.map(\.endLine), [123_460, 123_460])
        XCTAssertEqual(doc.tasks.map(\.parent), [nil, 0])
        XCTAssertEqual(doc.tasks.map(\.depth), [0, 1])
        XCTAssertEqual(doc.tasks.map(\.item), [0, 1])
        XCTAssertEqual(doc.tasks.map(\.heading), [nil, nil])
        XCTAssertEqual(doc.tasks.map(\.bodyColumn), [7, 9])
        let wide = Document(parsing: "- [ ]" + String(repeating: " ", count: 70_000) + "far\n").tasks[0]
        XCTAssertEqual(wide.bodyColumn, 7)
        XCTAssertEqual(wide.text, "far")
    }

    func testCheckboxesHoldTheirCharacterAsWritten() {
        XCTAssertEqual(Document(parsing: "- [ä] a\n").tasks[0].checkbox, "ä")
        XCTAssertEqual(Document(parsing: "- [ä] a\n").tasks[0].checkboxScalar, "ä")
        XCTAssertEqual(Document(parsing: "- [X] a\n").tasks[0].checkbox, "X")
        XCTAssertNil(Document(parsing: "x a\n", format: .todotxt).tasks[0].checkbox)
        XCTAssertEqual(Document(parsing: "12) a\n").items[0].marker, .ordered(number: 12, delimiter: ")"))
        XCTAssertEqual(Document(parsing: "123456789. a\n").items[0].marker, .ordered(number: 123_456_789, delimiter: "."))
        XCTAssertEqual(Document(parsing: "+ a\n").items[0].marker, .bullet("+"))
    }

    func testBodyFieldsHoldTheirValuesSideBySide() {
        let body = Document(parsing: "x 2026-01-02 (B) 2026-01-01 done pri:A\n", format: .todotxt).tasks[0].body
        XCTAssertTrue(body.hasDoneMark)
        XCTAssertEqual(body.priority, Priority("B"))
        XCTAssertEqual(body.completionDate, CalendarDate(year: 2026, month: 1, day: 2))
        XCTAssertEqual(body.creationDate, CalendarDate(year: 2026, month: 1, day: 1))
        XCTAssertEqual(body.priorityOffset, 13)
        XCTAssertEqual(body.descriptionStart, 28)
        XCTAssertEqual(body.keptPriority, Priority("A"))
        let plain = Document(parsing: "(Z) 9999-12-31 late\n", format: .todotxt).tasks[0].body
        XCTAssertFalse(plain.hasDoneMark)
        XCTAssertEqual(plain.priority, Priority("Z"))
        XCTAssertNil(plain.completionDate)
        XCTAssertEqual(plain.creationDate, CalendarDate(year: 9999, month: 12, day: 31))
    }

    func testDatesOrderAndPrintFromTheirFields() {
        let early = CalendarDate(year: 2025, month: 12, day: 31)!, late = CalendarDate(year: 2026, month: 1, day: 1)!
        XCTAssertLessThan(early, late)
        XCTAssertEqual([late.year, late.month, late.day], [2026, 1, 1])
        XCTAssertEqual(CalendarDate(dayNumber: late.dayNumber), late)
        XCTAssertEqual(CalendarDate(dayNumber: -800_000).adding(days: 800_000 + late.dayNumber), late)
        XCTAssertLessThan(CalendarDate(dayNumber: -800_000), early)
        XCTAssertEqual(Priority("C")?.letter, "C")
    }
}
