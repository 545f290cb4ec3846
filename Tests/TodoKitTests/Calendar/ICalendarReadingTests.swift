import TodoKit
import XCTest

/// iCalendar as TodoKit reads and writes it: content lines, folding, escaping, components.
final class ICalendarReadingTests: XCTestCase {
    func testFoldedLinesUnfoldWhetherTheyEndInCRLFOrLF() {
        let text = "BEGIN:VTODO\r\nSUMMARY:a long\r\n  summary\r\nDESCRIPTION:x\n\ty\nEND:VTODO\r\n"
        XCTAssertEqual(ICalendarText.unfold(text), ["BEGIN:VTODO", "SUMMARY:a long summary", "DESCRIPTION:xy", "END:VTODO"])
    }

    func testFoldingKeepsEachLineWithin75OctetsAndUnfoldsToTheSameLine() {
        let line = "SUMMARY:" + String(repeating: "ü€", count: 40)
        let folded = ICalendarText.fold(line)
        for part in folded.components(separatedBy: "\r\n") { XCTAssertLessThanOrEqual(part.utf8.count, 75) }
        XCTAssertEqual(ICalendarText.unfold(folded + "\r\n"), [line])
    }

    func testTextValuesEscapeAndUnescapeBackslashesSemicolonsCommasAndLineBreaks() {
        let text = "a\\b; c, d\nnext"
        XCTAssertEqual(ICalendarText.escape(text), "a\\\\b\\; c\\, d\\nnext")
        XCTAssertEqual(ICalendarText.unescape(Substring(ICalendarText.escape(text))), text)
        XCTAssertEqual(ICalendarText.splitValues("Home/Garden,+a\\,b,@x"), ["Home/Garden", "+a,b", "@x"])
    }

    func testAContentLineKeepsItsParametersQuotedValuesAndRawText() throws {
        let line = try XCTUnwrap(ContentLine(parsing: "dtstart;TZID=\"Europe/Berlin\";value=DATE-TIME:20261201T143000"))
        XCTAssertEqual(line.name, "DTSTART")
        XCTAssertEqual(line.parameter("TZID"), "Europe/Berlin")
        XCTAssertEqual(line.parameter("VALUE"), "DATE-TIME")
        XCTAssertEqual(line.value, "20261201T143000")
        XCTAssertEqual(line.raw, "dtstart;TZID=\"Europe/Berlin\";value=DATE-TIME:20261201T143000")
        XCTAssertNil(ContentLine(parsing: "no colon here"))
    }

    func testComponentsNestAndABrokenObjectSaysWhere() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:1\r\nBEGIN:VALARM\r\nTRIGGER:-PT5M\r\nEND:VALARM\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let calendar = try XCTUnwrap(CalendarComponent.parse(text).first)
        XCTAssertEqual(calendar.components.first?.property("UID")?.value, "1")
        XCTAssertEqual(calendar.components.first?.components.first?.name, "VALARM")
        XCTAssertEqual(calendar.text, text)
        XCTAssertThrowsError(try CalendarComponent.parse("BEGIN:VTODO\r\nEND:VEVENT\r\n")) { error in
            XCTAssertEqual("\(error)", "line 2: END:VEVENT closes no open component")
        }
    }

    func testDatesAndTimesReadAsLocalWallClockTime() throws {
        let berlin = LocalTimeZone.fixed(secondsEast: 3600)
        func read(_ raw: String) -> String? { ContentLine(parsing: raw).flatMap { ICalendarTime.moment($0, zone: berlin) }?.description }
        XCTAssertEqual(read("DUE;VALUE=DATE:20261201"), "2026-12-01")
        XCTAssertEqual(read("DUE:20261201T143000"), "2026-12-01T14:30")
        XCTAssertEqual(read("DUE:20261201T233000Z"), "2026-12-02T00:30")
        XCTAssertNil(read("DUE:2026-12-01"))
        XCTAssertEqual(ICalendarTime.duration(minutes: -120), "-PT2H")
        XCTAssertEqual(ICalendarTime.duration(minutes: -(3 * 1440 + 30)), "-P3DT30M")
        XCTAssertEqual(ICalendarTime.duration(minutes: 0), "PT0M")
    }
}
