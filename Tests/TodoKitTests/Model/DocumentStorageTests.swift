import TodoKit
import XCTest

/// Lines, bodies and tasks hold their values compactly; what they say is the same as plain values would.
final class DocumentStorageTests: XCTestCase {
    func testLinesReadFromTextEqualLinesMadeFromStrings() {
        let doc = Document(parsing: "- [ ] a long first line of text\r\n\tsecond line that is long too\rc")
        XCTAssertEqual(doc.lines, [Line("- [ ] a long first line of text", ending: .crlf),
                                   Line("\tsecond line that is long too", ending: .cr), Line("c", ending: .none)])
        XCTAssertEqual(Set(doc.lines).count, 3)
        XCTAssertTrue(Set(doc.lines).contains(Line("\tsecond line that is long too", ending: .cr)))
        XCTAssertEqual(doc.lines[1].text, "\tsecond line that is long too")
        XCTAssertEqual(doc.lines[1].utf8Count, 29)
        XCTAssertEqual(doc.lines[0].withUTF8 { Array($0.prefix(5)) }, Array("- [ ]".utf8))
    }

    func testALinesLengthAndEndingAreSetApart() {
        // They share one word.
        for ending in [LineEnding.lf, .crlf, .cr, .none] {
            var line = Document(parsing: "- [ ] a  " + (ending == .none ? "" : ending.text + "next\n")).lines[0]
            XCTAssertEqual(line.ending, ending)
            XCTAssertEqual(line.utf8Count, 9)
            line.ending = .crlf
            XCTAssertEqual(line, Line("- [ ] a  ", ending: .crlf))
            line.ending = ending
            line.text = "- [ ] a"
            XCTAssertEqual(line, Line("- [ ] a", ending: ending))
        }
        XCTAssertEqual(Document(parsing: "no final newline").lines, [Line("no final newline", ending: .none)])
        XCTAssertEqual(MemoryLayout<Line>.stride, 24)
    }

    func testSettingALinesTextReplacesIt() {
        var line = Document(parsing: "first line of a document\nsecond\n").lines[0]
        line.text = "changed"
        XCTAssertEqual(line, Line("changed"))
        XCTAssertEqual(line.utf8Count, 7)
    }

    func testTheTextOfADocumentIsWrittenInPiecesThatMakeItUp() {
        let lines = [Line("ä line", ending: .crlf), Line("", ending: .lf), Line("end", ending: .none)]
        let doc = Document(lines: lines, format: .markdown, hasByteOrderMark: true)
        var bytes: [UInt8] = []
        doc.writeUTF8 { bytes.append(contentsOf: $0) }
        XCTAssertEqual(bytes, Array(doc.text.utf8))
        XCTAssertEqual(doc.text, "\u{FEFF}ä line\r\n\nend")
        XCTAssertEqual(doc.utf8Count, doc.text.utf8.count)
        XCTAssertTrue(doc.hasText("\u{FEFF}ä line\r\n\nend"))
        XCTAssertFalse(doc.hasText("\u{FEFF}ä line\r\n\nenD"))
        XCTAssertFalse(doc.hasText("ä line\r\n\nend"))
    }

    func testLinesTakenFromAReadTextPrintInTheirNewOrderWithTheirOwnEndings() {
        let read = Document(parsing: "\u{FEFF}# Head line\r\n- [ ] first task\n- [x] second task\r- [ ] third task")
        var lines = read.lines
        lines.swapAt(1, 3)
        lines[0].ending = .lf
        lines[1].ending = .lf
        lines[2].text = "- [x] second task, edited"
        lines.append(Line("added", ending: .none))
        lines[3].ending = .crlf
        let doc = Document(lines: lines, format: .markdown, hasByteOrderMark: true)
        let expected = "\u{FEFF}# Head line\n- [ ] third task\n- [x] second task, edited\r- [ ] first task\r\nadded"
        XCTAssertEqual(doc.text, expected)
        XCTAssertTrue(doc.hasText(expected))
        XCTAssertEqual(doc.readBack().lines, Document(parsing: expected).lines)
        lines[1].ending = .none
        let joined = Document(lines: lines, format: .markdown, hasByteOrderMark: true)
        XCTAssertEqual(joined.text, "\u{FEFF}# Head line\n- [ ] third task- [x] second task, edited\r- [ ] first task\r\nadded")
        XCTAssertEqual(joined.readBack().lines, Document(parsing: joined.text).lines)
        let tail = Document(lines: Array(read.lines[1...]), format: .markdown)
        XCTAssertEqual(tail.text, "- [ ] first task\n- [x] second task\r- [ ] third task")
        XCTAssertEqual(tail.readBack().tasks, Document(parsing: tail.text).tasks)
    }

    func testAReorderedDocumentHasItsTextAndNoOtherWhereverTheOtherDiffers() {
        let read = Document(parsing: "# Head\n- [ ] first task\n- [x] second task\r\n- [ ] third task\n")
        var lines = read.lines
        lines.swapAt(1, 3)
        lines[2].text = "- [x] second task, edited"
        let doc = Document(lines: lines, format: .markdown)
        let text = doc.text
        XCTAssertTrue(doc.hasText(text))
        // A difference in any byte, found in whichever piece it falls, and a text one byte longer or shorter.
        let bytes = Array(text.utf8)
        for position in bytes.indices {
            var changed = bytes
            changed[position] = changed[position] == UInt8(ascii: "z") ? UInt8(ascii: "y") : UInt8(ascii: "z")
            XCTAssertFalse(doc.hasText(String(decoding: changed, as: UTF8.self)), "byte \(position)")
        }
        XCTAssertFalse(doc.hasText(text + "\n"))
        XCTAssertFalse(doc.hasText(String(text.dropLast())))
    }

    func testADocumentReadsBackAsItselfOnlyWhenItsTextSplitsIntoItsLines() {
        func check(_ lines: [Line], bom: Bool = false, _ message: String) {
            let doc = Document(lines: lines, format: .markdown, hasByteOrderMark: bom)
            let back = doc.readBack()
            let parsed = Document(parsing: doc.text, format: .markdown)
            XCTAssertEqual(back.lines, parsed.lines, message)
            XCTAssertEqual(back.hasByteOrderMark, parsed.hasByteOrderMark, message)
            XCTAssertEqual(back.tasks, parsed.tasks, message)
            XCTAssertEqual(back.roles, parsed.roles, message)
        }
        check([Line("- [ ] a"), Line("  note"), Line("- [x] b", ending: .none)], "clean lines")
        check([Line("- [ ] a\n- [ ] b")], "a line holding a line break")
        check([Line("- [ ] a", ending: .none), Line("- [ ] b")], "a line without an ending before another")
        check([Line("- [ ] a"), Line("", ending: .none)], "an empty last line without an ending")
        check([Line("- [ ] a", ending: .cr), Line("", ending: .lf), Line("- [ ] b")], "a CR then an empty LF line")
        check([Line("\u{FEFF}- [ ] a")], "a first line starting with a byte order mark")
        check([Line("\u{FEFF}- [ ] a")], bom: true, "a second byte order mark")
        check([], "no lines")
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
    }

    func testTaskFieldsHoldEveryValueTheyAreSetTo() {
        var task = Document(parsing: "- [ ] a\n").tasks[0]
        task.line = 123_456
        task.endLine = 123_460
        task.parent = 7
        task.item = nil
        task.heading = 0
        task.depth = 3
        task.bodyColumn = 70_000
        XCTAssertEqual([task.line, task.endLine, task.depth, task.bodyColumn], [123_456, 123_460, 3, 70_000])
        XCTAssertEqual(task.parent, 7)
        XCTAssertNil(task.item)
        XCTAssertEqual(task.heading, 0)
        task.parent = nil
        XCTAssertNil(task.parent)
    }

    func testCheckboxesAndMarkersHoldEvenCharactersOfSeveralScalars() {
        var task = Document(parsing: "- [ä] a\n").tasks[0]
        XCTAssertEqual(task.checkbox, "ä")
        for box: Character? in ["e\u{301}", "👍🏽", nil, " ", "x"] {
            task.checkbox = box
            XCTAssertEqual(task.checkbox, box)
        }
        var item = Document(parsing: "12) a\n").items[0]
        XCTAssertEqual(item.marker, .ordered(number: 12, delimiter: ")"))
        for marker: ListMarker in [.bullet("e\u{301}"), .ordered(number: 1 << 40, delimiter: "."), .ordered(number: -3, delimiter: "."),
                                   .bullet("*"), .ordered(number: 0, delimiter: "🙂")] {
            item.marker = marker
            XCTAssertEqual(item.marker, marker)
        }
    }

    func testBodyFieldsHoldTheirValuesSideBySide() {
        let body = Document(parsing: "x 2026-01-02 (B) 2026-01-01 done pri:A\n", format: .todotxt).tasks[0].body
        XCTAssertTrue(body.hasDoneMark)
        XCTAssertEqual(body.priority, Priority("B"))
        XCTAssertEqual(body.completionDate, CalendarDate(year: 2026, month: 1, day: 2))
        XCTAssertEqual(body.creationDate, CalendarDate(year: 2026, month: 1, day: 1))
        XCTAssertEqual(body.priorityOffset, 13)
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
