@testable import TodoKit
import XCTest

/// Daily notes are named and filled as Obsidian names and fills them, from a moment.js format and a template.
final class DailyNotesTests: XCTestCase {
    let day = CalendarDate(year: 2026, month: 11, day: 28)!

    func testTheDefaultNoteIsNamedByItsISODateAtTheTopOfTheVault() {
        XCTAssertEqual(DailyNotes().path(of: day), "2026-11-28.md")
        XCTAssertEqual(DailyNotes(folder: "Daily Notes/").path(of: day), "Daily Notes/2026-11-28.md")
    }

    func testAFormatMayMakeFoldersAndNameDaysAndMonths() {
        let notes = DailyNotes(folder: "Journal", format: "YYYY/MM-MMMM/YYYY-MM-DD dddd")
        XCTAssertEqual(notes.path(of: day), "Journal/2026/11-November/2026-11-28 Saturday.md")
        XCTAssertEqual(MomentFormat.format(day, as: "ddd, MMM Do YY [week] W"), "Sat, Nov 28th 26 week 48")
        XCTAssertEqual(MomentFormat.format(day, as: "DDDD Q E d dd"), "332 4 6 6 Sa")
    }

    func testWeeksAreCountedTheISOWayAndTheEnglishLocalesWay() {
        let newYearsDay = CalendarDate(year: 2027, month: 1, day: 1)!
        XCTAssertEqual(MomentFormat.format(newYearsDay, as: "GGGG-[W]WW"), "2026-W53")
        XCTAssertEqual(MomentFormat.format(newYearsDay, as: "gggg-[w]ww"), "2027-w01")
        XCTAssertEqual(MomentFormat.format(CalendarDate(year: 2026, month: 12, day: 27)!, as: "gggg ww"), "2027 01")
        XCTAssertEqual(MomentFormat.format(CalendarDate(year: 2026, month: 1, day: 1)!, as: "GGGG WW"), "2026 01")
    }

    func testOrdinalsReadAsEnglishWritesThem() {
        XCTAssertEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(MomentFormat.ordinal),
                       ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"])
    }

    func testATemplateIsFilledWithTheNotesDateTitleAndTime() {
        let notes = DailyNotes(format: "YYYY-MM-DD")
        let template = "# {{title}}\n{{date:dddd D MMMM}} at {{ time }}\n← {{yesterday}} · {{tomorrow}} → {{date+7d:YYYY-MM-DD}}\n<% tp.date.now() %> {{other}}\n"
        XCTAssertEqual(notes.note(of: day, at: TimeOfDay(hour: 7, minute: 5)!, fromTemplate: template),
                       "# 2026-11-28\nSaturday 28 November at 07:05\n← 2026-11-27 · 2026-11-29 → 2026-12-05\n<% tp.date.now() %> {{other}}\n")
    }

    func testTheTemplatesPathGetsItsExtension() {
        XCTAssertEqual(DailyNotes(template: "_meta/templates/daily").templatePath, "_meta/templates/daily.md")
        XCTAssertNil(DailyNotes(template: "").templatePath)
    }
}
