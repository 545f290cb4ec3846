import Foundation
@testable import TodoKit
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Golden tests of the planning views: agenda, statistics, the SVG chart and the iCalendar export.
/// Each fixture in Fixtures/planning is rendered four ways, into NAME.agenda, NAME.stats, NAME.svg and NAME.ics.
final class PlanningReportTests: XCTestCase {
    struct Rendered {
        var agenda: String
        var stats: String
        var svg: String
        var ics: String
    }

    func render(_ fixture: GoldenFixture) throws -> Rendered {
        let today = try XCTUnwrap(CalendarDate(iso: fixture.value(of: "--today") ?? ""))
        let document = Document(parsing: fixture.input, format: .markdown)
        let agenda = Agenda(document: document, today: today, days: Int(fixture.value(of: "--days") ?? "7")!)
        let statistics = Statistics(current: document, today: today, weeks: Int(fixture.value(of: "--weeks") ?? "4")!)
        let export = ICalendarExport(productVersion: "test", timestamp: "20261121T000000Z")
        return Rendered(agenda: agenda.rendered(), stats: StatisticsReport.render(statistics),
                        svg: ActivityChart.svg(statistics.activity), ics: export.render(Array(document.tasks.indices), in: document))
    }

    func fixtures() throws -> [GoldenFixture] { try GoldenFixture.all(in: "planning") }

    func check(_ output: String, _ fixture: GoldenFixture, _ suffix: String) throws {
        var golden = fixture
        golden.goldenURL = fixture.goldenURL.deletingPathExtension().appendingPathExtension(suffix)
        try golden.assertMatchesGolden(output)
    }

    func testAgendaMatchesGolden() throws {
        for fixture in try fixtures() { try check(try render(fixture).agenda, fixture, "agenda") }
    }

    func testStatisticsMatchGolden() throws {
        for fixture in try fixtures() { try check(try render(fixture).stats, fixture, "stats") }
    }

    func testActivityChartMatchesGoldenAndIsWellFormedXML() throws {
        for fixture in try fixtures() {
            let svg = try render(fixture).svg
            try check(svg, fixture, "svg")
            let parser = XMLParser(data: Data(svg.utf8))
            XCTAssertTrue(parser.parse(), "\(fixture.name).svg is not well-formed XML: \(String(describing: parser.parserError))")
        }
    }

    func testICalendarExportMatchesGolden() throws {
        for fixture in try fixtures() { try check(try render(fixture).ics, fixture, "ics") }
    }

    func testAgendaShowsOverdueTasksMostOverdueFirstAndSaysSoInWords() throws {
        let document = Document(parsing: "- [ ] b due:2026-11-20\n- [ ] a due:2026-11-18\n- [x] done due:2026-11-01\n")
        let agenda = Agenda(document: document, today: CalendarDate(iso: "2026-11-21")!, days: 7)
        XCTAssertEqual(agenda.overdue.map(\.task.line), [2, 1])
        XCTAssertTrue(agenda.rendered().contains("3 days overdue"))
        XCTAssertFalse(agenda.rendered().contains("done"))
    }

    func testAnAgendaEntryHoldsItsTasksLineAloneNotItsNotesText() throws {
        let document = Document(parsing: "# Week\n\nLong prose.\n\n- [ ] a due:2026-11-20\n- [ ] b t:2026-11-22\n")
        let agenda = Agenda(document: document, today: CalendarDate(iso: "2026-11-21")!, days: 7)
        XCTAssertEqual(agenda.entries.map(\.task.line), [5, 6])
        for entry in agenda.entries {
            XCTAssertEqual(entry.task.body.source.base, String(entry.task.body.text))
            XCTAssertEqual(entry.task, document.task(atLine: entry.task.line).map { document.tasks[$0] })
        }
    }

    func testAgendaShowsATaskWhoseThresholdArrivesInTheWindowAsStarting() throws {
        let document = Document(parsing: "- [ ] later t:2026-11-25\n- [ ] far t:2026-12-25\n")
        let agenda = Agenda(document: document, today: CalendarDate(iso: "2026-11-21")!, days: 7)
        XCTAssertEqual(agenda.entries.map(\.task.line), [1])
        XCTAssertEqual(agenda.entries.first?.reason, .starts)
    }

    func testAgendaShowsATodoTxtPriorityAsItsLetterAndATasksOrDataviewOneAsItsLevelName() throws {
        let document = Document(parsing: "- [ ] (B) letter due:2026-11-21\n- [ ] emoji ⏫ 📅 2026-11-21\n"
                                + "- [ ] field  [priority:: lowest]  [due:: 2026-11-21]\n- [ ] none 📅 2026-11-21\n")
        let agenda = Agenda(document: document, today: CalendarDate(iso: "2026-11-21")!, days: 1)
        XCTAssertEqual(agenda.rendered(), """
            Today, Saturday 2026-11-21
              1  (B) letter  due today
              2  (high) emoji  due today
              3  (lowest) field  due today
              4  none  due today

            """)
    }

    func testAgendaCountsATaskShownTwiceOnceInItsEstimateAndNotTwiceOnOneDay() throws {
        let document = Document(parsing: "- [ ] both t:2026-11-21 due:2026-11-21 est:1h\n- [ ] spans t:2026-11-22 due:2026-11-24 est:30m\n")
        let agenda = Agenda(document: document, today: CalendarDate(iso: "2026-11-21")!, days: 7)
        XCTAssertEqual(agenda.entries.map(\.task.line), [1, 2, 2])
        XCTAssertEqual(agenda.entries.map(\.reason), [.due, .starts, .due])
        XCTAssertTrue(agenda.rendered().hasSuffix("\nEstimated: 1h30m for the tasks listed\n"), agenda.rendered())
    }

    func testStatisticsCountCompletionsPerDayFromTheArchiveToo() throws {
        let current = Document(parsing: "- [x] 2026-11-20 a\n")
        let archive = Document(parsing: "x 2026-11-20 b\nx 2026-11-19 c\n", format: .todotxt)
        let statistics = Statistics(current: current, archives: [archive], today: CalendarDate(iso: "2026-11-21")!, weeks: 1)
        XCTAssertEqual(statistics.activity.map(\.completed), [0, 0, 0, 0, 0, 1, 2, 0].suffix(7))
        // The archive's done tasks count in the tables too, as in the chart.
        XCTAssertEqual(statistics.total.done, 3)
    }

    func testTheActivityChartOfAQuietMonthSaysItsPeakIsZero() throws {
        let statistics = Statistics(current: Document(parsing: "- [ ] a\n"), today: CalendarDate(iso: "2026-11-21")!, weeks: 1)
        XCTAssertTrue(StatisticsReport.render(statistics).contains("(peak 0 a day)"), StatisticsReport.render(statistics))
    }

    func testICalendarIdentifiersStayTheSameWhenTheDueDateChanges() throws {
        let before = Document(parsing: "# W\n- [ ] Send report due:2026-11-22\n")
        let after = Document(parsing: "# W\n- [x] Send report due:2026-11-29 +q4\n")
        XCTAssertEqual(ICalendarExport.identifier(for: before.tasks[0], list: before.list(of: 0)),
                       ICalendarExport.identifier(for: after.tasks[0], list: after.list(of: 0)))
        let elsewhere = Document(parsing: "# V\n- [ ] Send report due:2026-11-22\n")
        XCTAssertNotEqual(ICalendarExport.identifier(for: before.tasks[0], list: before.list(of: 0)),
                          ICalendarExport.identifier(for: elsewhere.tasks[0], list: elsewhere.list(of: 0)))
    }

    func testICalendarLinesAreFoldedAt75OctetsWithoutSplittingCharacters() throws {
        let long = "SUMMARY:" + String(repeating: "é", count: 60)
        let folded = ICalendarExport.fold(long)
        for line in folded.components(separatedBy: "\r\n") { XCTAssertLessThanOrEqual(line.utf8.count, 75) }
        XCTAssertEqual(folded.replacingOccurrences(of: "\r\n ", with: ""), long)
    }

    func testICalendarTextHasNoControlCharactersAndADueDateOnTheStartDateHasNoStart() throws {
        let document = Document(parsing: "- [ ] bell\u{07} and\u{1B}[1m escape\u{7F} t:2026-11-22 due:2026-11-22\n  a\u{01}note\n")
        let ics = ICalendarExport(productVersion: "test", timestamp: "20261121T000000Z").render(Array(document.tasks.indices), in: document)
        XCTAssertTrue(ics.contains("SUMMARY:bell and[1m escape\r\n"), ics)
        XCTAssertTrue(ics.contains("DESCRIPTION:anote\r\n"), ics)
        XCTAssertFalse(ics.unicodeScalars.contains { $0.value < 0x20 && $0 != "\r" && $0 != "\n" || $0.value == 0x7F }, ics)
        // RFC 5545 §3.8.2.3: a VTODO's DUE must be later than its DTSTART, and of the same value type.
        XCTAssertFalse(ics.contains("DTSTART"), ics)
    }

    func activity(days: Int, completedOn: Set<Int> = []) -> [Statistics.DayActivity] {
        let first = CalendarDate(iso: "2026-01-01")!
        return (0..<days).map { Statistics.DayActivity(date: first.adding(days: $0), completed: completedOn.contains($0) ? 1 : 0, created: 0) }
    }

    /// The `x` and text of each label under the axis.
    func axisLabels(_ svg: String) -> [(x: Double, text: String)] {
        let pattern = /<text x="([0-9.]+)" y="[0-9.]+">([A-Z][a-z]{2} [0-9]+)<\/text>/
        return svg.matches(of: pattern).map { (Double($0.1)!, String($0.2)) }
    }

    func testTheChartOfAShortRangeIsWideEnoughForItsWholeTitle() {
        let svg = ActivityChart.svg(activity(days: 7, completedOn: [2]))
        let width = Double(svg.firstMatch(of: /width="([0-9.]+)"/)!.1)!
        let title = "Tasks completed and created per day, 2026-01-01 to 2026-01-07"
        XCTAssertTrue(svg.contains(title))
        XCTAssertGreaterThanOrEqual(width, 56 + Double(title.count) * 9.5)
    }

    func testALongRangeIsDrawnAWeekABarAndItsLabelsNeverOverlap() {
        let svg = ActivityChart.svg(activity(days: 26 * 7, completedOn: [1, 2, 60]))
        XCTAssertTrue(svg.contains("per week, 2026-01-01 to 2026-07-01"), svg)
        XCTAssertTrue(svg.contains("<title>2026-01-01 to 2026-01-04: 2 completed</title>"), svg)
        for days in [7, 28, 60, 26 * 7, 520 * 7] {
            let labels = axisLabels(ActivityChart.svg(activity(days: days)))
            XCTAssertFalse(labels.isEmpty, "\(days) days")
            for (a, b) in zip(labels, labels.dropFirst()) {
                XCTAssertGreaterThan(b.x, a.x + Double(a.text.count) * 7, "\(days) days: '\(a.text)' and '\(b.text)' overlap")
            }
        }
    }

    func testAChartWithoutCompletionsSaysSo() {
        XCTAssertTrue(ActivityChart.svg(activity(days: 14)).contains(">no completions in this range</text>"))
        XCTAssertFalse(ActivityChart.svg(activity(days: 14, completedOn: [1])).contains("no completions"))
    }

    func testStatisticsCountTheArchivesClosedTasksUnderTheirListsProjectsAndContexts() {
        let current = Document(parsing: "# Home\n\n- [ ] Fix tap +house\n")
        let archive = Document(parsing: "# Home\n\n- [x] 2026-11-19 Paint +house @diy\n\n# Gone\n\n- [-] 2026-11-18 Old\n- [ ] stray\n")
        let statistics = Statistics(current: current, archives: [archive], today: CalendarDate(iso: "2026-11-21")!, weeks: 1)
        XCTAssertEqual(statistics.lists.map { "\($0.name) \($0.counts.open)/\($0.counts.done)/\($0.counts.cancelled)" }, ["Home 1/1/0", "Gone 0/0/1"])
        XCTAssertEqual(statistics.projects.map { "\($0.name) \($0.counts.open)/\($0.counts.done)" }, ["house 1/1"])
        XCTAssertEqual(statistics.contexts.map(\.name), ["diy"])
        XCTAssertEqual(statistics.total.done, 1)
    }

    func testTableColumnsLineUpByDisplayWidth() {
        XCTAssertEqual("買い物".displayWidth, 6)
        XCTAssertEqual("🛒 list".displayWidth, 7)
        XCTAssertEqual("e\u{301}te\u{301}".displayWidth, 3)
        let statistics = Statistics(current: Document(parsing: "# 買い物\n\n- [ ] 牛乳\n\n# Work\n\n- [ ] a\n"), today: CalendarDate(iso: "2026-11-21")!, weeks: 1)
        let rows = StatisticsReport.render(statistics).split(separator: "\n").prefix(6)
        XCTAssertEqual(rows.count, 6)
        XCTAssertEqual(Set(rows.filter { !$0.hasPrefix("-") }.map(\.displayWidth)).count, 1, rows.joined(separator: "\n"))
    }

    func testAReminderOnADayRingsAtTheReminderHourAndOneBeforeADueTimeIsRelativeToIt() throws {
        let document = Document(parsing: "- [ ] Pay rent due:2026-12-01 remind:-3d\n- [ ] Call due:2026-12-01 remind:-1w\n"
                                + "- [ ] Meet Ann due:2026-12-01T14:30 remind:-2h\n- [ ] Vote remind:2026-11-30\n")
        let settings = CalendarSettings(zone: .fixed(secondsEast: 3600), reminderTime: TimeOfDay(hour: 8, minute: 0)!)
        let ics = ICalendarExport(productVersion: "test", timestamp: "20261121T000000Z", settings: settings)
            .render(Array(document.tasks.indices), in: document)
        // 08:00 at UTC+1 is 07:00 UTC; an alarm relative to a DUE that is a date would ring at midnight.
        XCTAssertTrue(ics.contains("TRIGGER;VALUE=DATE-TIME:20261128T070000Z\r\n"), ics)
        XCTAssertTrue(ics.contains("TRIGGER;VALUE=DATE-TIME:20261124T070000Z\r\n"), ics)
        XCTAssertTrue(ics.contains("DUE:20261201T143000\r\n"), ics)
        XCTAssertTrue(ics.contains("TRIGGER;RELATED=END:-PT2H\r\n"), ics)
        XCTAssertTrue(ics.contains("TRIGGER;VALUE=DATE-TIME:20261130T070000Z\r\n"), ics)
    }

    func testListLimitWarnsWhenAListHoldsMoreOpenTasksThanItsCap() throws {
        let text = "# Today\n<!-- todofmt: limit=2 -->\n\n- [ ] a\n- [ ] b\n- [x] c\n- [ ] d\n\n# Later\n- [ ] e\n"
        let document = Document(parsing: text)
        XCTAssertEqual(ListLimit.all(in: document).map(\.limit), [2])
        XCTAssertEqual(ListLimit.violations(in: document).map(\.description),
                       ["2:1: warning: list 'Today' has 3 open tasks, more than its limit of 2"])
    }

    func testAListAtItsCapIsNotWarnedAbout() throws {
        let document = Document(parsing: "# Today\n<!-- todofmt: limit=2 -->\n- [ ] a\n- [ ] b\n")
        XCTAssertEqual(ListLimit.violations(in: document), [])
    }
}
