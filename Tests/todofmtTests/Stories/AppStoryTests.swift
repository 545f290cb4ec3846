import Foundation
import TodoKit
import XCTest

/// The to-do apps people leave for a text file, each as the story of a week a user would live in it: the
/// commands they would type, in order, and the file they end with. Today is Saturday 2026-11-21.
final class AppStoryTests: XCTestCase {
    var runner: EditCommandRunner!

    override func setUpWithError() throws {
        runner = try EditCommandRunner()
    }

    override func tearDown() { runner?.remove() }

    /// Runs `todofmt WORDS…` on TODO.md with today fixed (for the commands that read a date) and returns its
    /// standard output; it must succeed.
    @discardableResult
    func todofmt(_ words: String..., environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let readsNoDate = ["addlist", "renamelist", "rmlist", "note", "archive", "review", "edit"].contains(words[0])
        let output = try runner.run(words + (readsNoDate ? [] : ["--today", "2026-11-21"]),
                                    environment: ["TODOFMT_FILE": "TODO.md"].merging(environment) { $1 })
        XCTAssertEqual(output.status, 0, "todofmt \(words.joined(separator: " ")): \(output.stderr)", file: file, line: line)
        return output.stdout
    }

    func assertFile(_ expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let text = try runner.read("TODO.md")
        XCTAssertEqual(text, expected, file: file, line: line)
        // The file is in canonical form: formatting it changes nothing.
        XCTAssertEqual(try runner.run(["--check", "TODO.md"]).status, 0, "TODO.md is not canonical:\n\(text)", file: file, line: line)
    }

    /// Todoist: an Inbox that takes whatever comes, projects with sections, priorities and labels, due
    /// dates typed as words; the leftovers of a project reviewed into a Backlog; a finished project deleted.
    func testTodoistInboxProjectsAndLabels() throws {
        let inbox = ["TODOFMT_LIST": "Inbox"]
        try todofmt("addlist", "-f", "TODO.md", "Launch/Slides")
        try todofmt("addlist", "Launch/Press")
        XCTAssertEqual(try todofmt("add", "Email the landlord @email due:tomorrow", environment: inbox), "9: - [ ] Email the landlord @email due:2026-11-22\n")
        try todofmt("add", "-l", "Slides", "--pri", "A", "Finish the deck +launch due:fri est:2h")
        try todofmt("add", "-l", "Launch/Slides", "Rehearse the talk +launch due:thu est:1h")
        try todofmt("add", "-l", "Press", "Send the press kit +launch @email due:mon")
        try todofmt("note", "5", "use the new template")
        try todofmt("done", "--where", "@email due:<=tomorrow")
        try todofmt("review", "--from", "Launch/Slides", "--to", "Backlog")
        try todofmt("rmlist", "Launch", "--with-tasks")
        try assertFile("""
            # Inbox

            - [x] 2026-11-21 Email the landlord @email due:2026-11-22

            # Backlog

            - [ ] (A) Finish the deck +launch due:2026-11-27 est:2h
              use the new template
            - [ ] Rehearse the talk +launch due:2026-11-26 est:1h

            """)
    }

    /// Microsoft To Do: My Day for today, Tasks for everything else, notes on a task, a shopping list; what
    /// is left of My Day at night goes back to Tasks, and the shopping list goes when the shopping is done.
    func testMicrosoftToDoMyDayAndTasks() throws {
        try todofmt("addlist", "-f", "TODO.md", "Tasks")
        try todofmt("addlist", "My Day")
        try todofmt("addlist", "Groceries")
        try todofmt("add", "-l", "My Day", "Call the dentist due:today")
        try todofmt("add", "-l", "my day", "Write the report est:1h30m")
        try todofmt("add", "-l", "Tasks", "(B) Renew the insurance due:2026-12-01")
        try todofmt("add", "-l", "Groceries", "Milk")
        try todofmt("add", "-l", "Groceries", "Bread")
        try todofmt("note", "8", "ask about the new contract")
        XCTAssertEqual(try todofmt("show", "8"), """
            8: Write the report
              list      My Day
              status    open
              estimate  1h30m
              notes     ask about the new contract
              line      TODO.md:8: - [ ] Write the report est:1h30m

            """)
        try todofmt("done", "7")
        try todofmt("toggle", "--where", "list:Groceries")
        XCTAssertEqual(try todofmt("review", "--from", "My Day", "--to", "Tasks"), "moved 1 task from My Day to Tasks:\n  4: - [ ] Write the report est:1h30m\n")
        try todofmt("rmlist", "Groceries", "--with-tasks")
        try assertFile("""
            # Tasks

            - [ ] (B) Renew the insurance due:2026-12-01
            - [ ] Write the report est:1h30m
              ask about the new contract

            # My Day

            - [x] 2026-11-21 Call the dentist due:2026-11-21

            """)
    }

    /// Things: an area with projects, start dates that keep a task out of sight, deadlines, estimates and a
    /// Someday list; a project renamed, one postponed with its start date, one done, the area's leftovers
    /// moved to Someday and the area deleted.
    func testThingsAreasProjectsStartDatesAndSomeday() throws {
        try todofmt("addlist", "-f", "TODO.md", "Today")
        try todofmt("addlist", "Work/Website")
        try todofmt("addlist", "Someday")
        try todofmt("add", "-l", "Today", "Reply to Ann @email")
        try todofmt("add", "-l", "Website", "Draft the homepage t:mon due:fri est:3h")
        try todofmt("add", "-l", "Website", "Pick the fonts est:30m")
        try todofmt("note", "9", "three pages: home, about, contact")
        XCTAssertEqual(try todofmt("ls", "list:Work"), "## Work / Website\n11 [ ] Pick the fonts est:30m\n\nEstimated: 30m for the tasks listed\n")
        try todofmt("postpone", "9", "1w")
        try todofmt("renamelist", "Work/Website", "Web site")
        try todofmt("done", "3")
        try todofmt("rmlist", "Work", "--to", "Someday")
        try assertFile("""
            # Today

            - [x] 2026-11-21 Reply to Ann @email

            # Someday

            - [ ] Draft the homepage t:2026-11-30 due:2026-12-04 est:3h
              three pages: home, about, contact
            - [ ] Pick the fonts est:30m

            """)
    }

    /// Google Tasks: lists, tasks with due dates and details, completed tasks cleared out of the list into
    /// the archive, and a list deleted with the tasks in it.
    func testGoogleTasksListsDueDatesAndClearingCompletedTasks() throws {
        try todofmt("addlist", "-f", "TODO.md", "My Tasks")
        try todofmt("addlist", "Shopping")
        try todofmt("add", "-l", "My Tasks", "--due", "mon", "Pay the water bill")
        try todofmt("add", "-l", "My Tasks", "--due", "2026-12-24", "Wrap the presents")
        try todofmt("add", "-l", "Shopping", "Wrapping paper")
        try todofmt("note", "3", "reference 4411-2")
        try todofmt("due", "5", "+2w")
        try todofmt("done", "3")
        XCTAssertEqual(try todofmt("archive"), "archived 1 task from TODO.md to DONE.md\n")
        try todofmt("rmlist", "Shopping", "--with-tasks")
        try assertFile("""
            # My Tasks

            - [ ] Wrap the presents due:2026-12-05

            """)
        XCTAssertEqual(try runner.read("DONE.md"), "# My Tasks\n\n- [x] 2026-11-21 Pay the water bill due:2026-11-23\n  reference 4411-2\n")
    }

    /// Apple Reminders: a default list for quick entries, reminders before the due date, a weekly chore
    /// that comes back when done, a flagged task, tags; the week's leftovers reviewed into a Backlog and a
    /// shared list deleted.
    func testAppleRemindersDefaultListRemindersAndRepeats() throws {
        let defaults = ["TODOFMT_LIST": "Reminders"]
        try runner.write("TODO.md", "")
        try todofmt("add", "Take out the bins due:tue rec:1w remind:-1d", environment: defaults)
        try todofmt("add", "Renew the passport due:2026-12-15 remind:-2w est:1h", environment: defaults)
        try todofmt("add", "-l", "Family", "Call grandma due:sun")
        try todofmt("pri", "4", "A")
        try todofmt("tag", "4", "where", "post-office")
        let refused = try runner.run(["add", "Dinner due:2026-11-31", "--today", "2026-11-21"], environment: ["TODOFMT_FILE": "TODO.md"].merging(defaults) { $1 })
        XCTAssertEqual(refused.status, 64)
        XCTAssertEqual(try todofmt("done", "3"), "3: - [x] 2026-11-21 Take out the bins due:2026-11-24 rec:1w remind:-1d\n4: - [ ] Take out the bins due:2026-11-28 rec:1w remind:-1d\n")
        try todofmt("review", "--from", "Reminders", "--to", "Backlog")
        try todofmt("rmlist", "Family", "--with-tasks")
        try assertFile("""
            # Reminders

            - [x] 2026-11-21 Take out the bins due:2026-11-24 rec:1w remind:-1d

            # Backlog

            - [ ] Take out the bins due:2026-11-28 rec:1w remind:-1d
            - [ ] (A) Renew the passport due:2026-12-15 remind:-2w est:1h where:post-office

            """)
    }
}
