import TodoKit
import XCTest

/// What a listing selects and how it groups, nests and orders it; and the project, context and list counts.
final class FilterListingTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 21)!

    let markdown = """
        # Home
        - [ ] Pay rent +house due:2026-11-20
        - [x] Buy milk +house
        - [ ] Plan party
          - [ ] Book venue @phone
          - [x] Invite people @phone
        - [ ] Someday t:2026-12-01
        ## Garden
        - [/] Prune roses +house
        - [-] Dig pond
        # Work
        - [ ] Call Ann @phone
        # Home
        - [ ] Second home section
        """

    func listing(_ query: String = "", scope: TaskListing.Scope = .actionable, sortKeys: [SortKey]? = nil) throws
        -> (TaskListing, Document) {
        let document = Document(parsing: markdown, format: .markdown)
        let filter = try FilterParser.parse(query, today: today)
        return (TaskListing(document: document, filter: filter, scope: scope, today: today, sortKeys: sortKeys), document)
    }

    /// `list: line line* line…` per group; `*` after a context row.
    func summary(_ listing: TaskListing, _ document: Document) -> [String] {
        listing.groups.map { group in
            group.list.joined(separator: "/") + ": " + group.rows.map {
                String(repeating: ">", count: $0.depth) + "\(document.tasks[$0.task].line)" + ($0.isMatch ? "" : "*")
            }.joined(separator: " ")
        }
    }

    func testByDefaultOnlyOpenTasksWhoseThresholdHasComeAreListed() throws {
        let (listing, document) = try listing()
        XCTAssertEqual(summary(listing, document), ["Home: 2 4 >5 14", "Home/Garden: 9", "Work: 12"])
    }

    func testAllListsEveryTask() throws {
        let (listing, document) = try listing(scope: .all)
        XCTAssertEqual(summary(listing, document), ["Home: 2 3 4 >5 >6 7 14", "Home/Garden: 9 10", "Work: 12"])
    }

    func testAParentOfAMatchIsShownAsContext() throws {
        let (listing, document) = try listing("@phone")
        XCTAssertEqual(summary(listing, document), ["Home: 4* >5", "Work: 12"])
        XCTAssertEqual(listing.matches.map { document.tasks[$0].line }, [5, 12])
    }

    func testAStatusTermLiftsTheDefaultStatusCondition() throws {
        let (listing, document) = try listing("status:closed")
        XCTAssertEqual(summary(listing, document), ["Home: 3 4* >6", "Home/Garden: 10"])
    }

    func testACompletionDateTermLiftsTheDefaultStatusConditionToo() throws {
        let document = Document(parsing: "x 2026-11-21 Done today\nx 2026-11-20 Done yesterday\nOpen\n", format: .todotxt)
        for (query, lines) in [("completed:today", [1]), ("completed:any", [1, 2]), ("completed:none", [3])] {
            let filter = try FilterParser.parse(query, today: today)
            let listing = TaskListing(document: document, filter: filter, scope: .actionable, today: today)
            XCTAssertEqual(listing.matches.map { document.tasks[$0].line }, lines, query)
        }
    }

    func testAThresholdTermLiftsTheDefaultThresholdCondition() throws {
        let (listing, document) = try listing("t:>today")
        XCTAssertEqual(summary(listing, document), ["Home: 7"])
    }

    func testSortingOrdersSiblingsAndKeepsSubtasksUnderTheirParents() throws {
        let (listing, document) = try listing(scope: .all, sortKeys: [SortKey(.status), SortKey(.text, descending: true)])
        XCTAssertEqual(summary(listing, document), ["Home: 7 14 4 >5 >6 2 3", "Home/Garden: 9 10", "Work: 12"])
    }

    func testNothingMatchingGivesNoGroups() throws {
        let (listing, _) = try listing("nothing-like-this")
        XCTAssertEqual(listing.groups, [])
    }

    func testOverdueAndDueTodayAreForOpenTasksOnly() {
        let document = Document(parsing: "a due:2026-11-20\nx b due:2026-11-20\nc due:2026-11-21\n", format: .todotxt)
        XCTAssertEqual(document.tasks.map { TaskListing.isOverdue($0, today: today) }, [true, false, false])
        XCTAssertEqual(document.tasks.map { TaskListing.isDueToday($0, today: today) }, [false, false, true])
    }

    func testProjectCountsMergeCaseAndSortByName() {
        let document = Document(parsing: "a +Zed +house\nb +House +house\nc +apple\n", format: .todotxt)
        XCTAssertEqual(NameCount.projects(of: document.tasks),
                       [NameCount(name: "apple", count: 1), NameCount(name: "house", count: 2), NameCount(name: "Zed", count: 1)])
    }

    func testContextCounts() {
        let document = Document(parsing: "a @phone\nb @phone @home\n", format: .todotxt)
        XCTAssertEqual(NameCount.contexts(of: document.tasks),
                       [NameCount(name: "home", count: 1), NameCount(name: "phone", count: 2)])
    }

    func testListCountsPutAListBeforeItsSubLists() throws {
        let (listing, document) = try listing(scope: .all)
        let counts = ListCount.lists(of: listing.matches, in: document)
        XCTAssertEqual(counts.map(\.path), ["Home", "Home/Garden", "Work"])
        XCTAssertEqual(counts.map(\.count), [7, 2, 1])
    }

    func testATaskTaggedH1IsHiddenAsTopydoAndSimpletaskHideIt() throws {
        let document = Document(parsing: "a h:1\nb h:0\nc\nd +p h:yes\n", format: .todotxt)
        func shown(_ query: String, _ scope: TaskListing.Scope = .actionable) throws -> [String] {
            let listing = TaskListing(document: document, filter: try FilterParser.parse(query, today: today), scope: scope, today: today)
            return listing.matches.map { String(document.tasks[$0].title) }
        }
        XCTAssertEqual(try shown(""), ["b", "c"])
        XCTAssertEqual(try shown("", .all), ["a", "b", "c", "d"])
        XCTAssertEqual(try shown("h:1"), ["a"])
        XCTAssertEqual(try shown("h:any"), ["a", "b", "d"])
        XCTAssertEqual(try shown("+p"), [])
    }

    func testTheAgendaLeavesOutHiddenTasks() {
        let document = Document(parsing: "a due:2026-11-20 h:1\nb due:2026-11-20\n", format: .todotxt)
        let agenda = Agenda(document: document, now: Moment(today), days: 7)
        XCTAssertEqual(agenda.entries.map(\.task.title), ["b"])
    }
}
