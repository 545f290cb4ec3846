import TodoKit
import XCTest

/// How filters read: precedence, grouping, negation, term kinds and errors (with a fixed today).
final class FilterParserTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 21)!  // a Saturday

    func parsed(_ query: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do { return try FilterParser.parse(query, today: today).description } catch {
            XCTFail("\(query): \(error)", file: file, line: line)
            return ""
        }
    }

    func error(_ query: String, file: StaticString = #filePath, line: UInt = #line) -> FilterError? {
        do {
            let expression = try FilterParser.parse(query, today: today)
            XCTFail("\(query) parsed as \(expression)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testAPathTermIsAnsweredForEachFileAsThePluginsPathIncludes() throws {
        XCTAssertEqual(parsed("path:Projects"), "(path \"Projects\")")
        XCTAssertEqual(parsed("in:Daily -path:Archive"), "(and (path \"Daily\") (not (path \"Archive\")))")
        let filter = try FilterParser.parse("path:projects/ +house", today: today)
        XCTAssertEqual(filter.resolvingPaths(for: "Projects/House.md").description, "(and (all) (project \"house\"))")
        XCTAssertEqual(filter.resolvingPaths(for: "Daily/2026-11-28.md").description, "(and (not (all)) (project \"house\"))")
        let task = Document(parsing: "- [ ] Paint +house\n").tasks[0]
        XCTAssertFalse(filter.matches(task, list: []), "unanswered, a path term matches nothing")
        XCTAssertTrue(filter.resolvingPaths(for: "Projects/House.md").matches(task, list: []))
    }

    func testAnEmptyFilterMatchesEverything() {
        XCTAssertEqual(parsed(""), "(all)")
        XCTAssertEqual(parsed("   "), "(all)")
    }

    func testABareWordIsATextTerm() {
        XCTAssertEqual(parsed("milk"), #"(text "milk")"#)
    }

    func testTermsSideBySideAreAnded() {
        XCTAssertEqual(parsed("buy milk"), #"(and (text "buy") (text "milk"))"#)
        XCTAssertEqual(parsed("buy AND milk"), #"(and (text "buy") (text "milk"))"#)
    }

    func testOrBindsLooserThanAnd() {
        XCTAssertEqual(parsed("a b OR c"), #"(or (and (text "a") (text "b")) (text "c"))"#)
        XCTAssertEqual(parsed("a OR b c"), #"(or (text "a") (and (text "b") (text "c")))"#)
        XCTAssertEqual(parsed("a OR b OR c"), #"(or (text "a") (text "b") (text "c"))"#)
    }

    func testParenthesesGroup() {
        XCTAssertEqual(parsed("(a OR b) c"), #"(and (or (text "a") (text "b")) (text "c"))"#)
        XCTAssertEqual(parsed("( a OR b ) c"), #"(and (or (text "a") (text "b")) (text "c"))"#)
        XCTAssertEqual(parsed("((a))"), #"(text "a")"#)
    }

    func testLowercaseOrIsAWord() {
        XCTAssertEqual(parsed("this or that"), #"(and (text "this") (text "or") (text "that"))"#)
    }

    func testAMinusNegatesAnyTerm() {
        XCTAssertEqual(parsed("-milk"), #"(not (text "milk"))"#)
        XCTAssertEqual(parsed("-+home"), #"(not (project "home"))"#)
        XCTAssertEqual(parsed("-@phone"), #"(not (context "phone"))"#)
        XCTAssertEqual(parsed("-due:any"), "(not (due any))")
        XCTAssertEqual(parsed("-(a OR b)"), #"(not (or (text "a") (text "b")))"#)
        XCTAssertEqual(parsed("NOT a"), #"(not (text "a"))"#)
    }

    func testNegationBindsTighterThanAndAndOr() {
        XCTAssertEqual(parsed("-a b OR c"), #"(or (and (not (text "a")) (text "b")) (text "c"))"#)
    }

    func testQuotesMakeAPhrase() {
        XCTAssertEqual(parsed(#""buy milk""#), #"(text "buy milk")"#)
        XCTAssertEqual(parsed(#""OR""#), #"(text "OR")"#)
        XCTAssertEqual(parsed(#""+home""#), #"(text "+home")"#)
        XCTAssertEqual(parsed(#""say \"hi\"""#), #"(text "say "hi"")"#)
        XCTAssertEqual(parsed(#"-" zzz""#), #"(not (text " zzz"))"#)
    }

    func testAWordKeepsItsOwnParentheses() {
        XCTAssertEqual(parsed("see(b)"), #"(text "see(b)")"#)
        XCTAssertEqual(parsed("(a OR see(b))"), #"(or (text "a") (text "see(b)"))"#)
        XCTAssertEqual(parsed("smile:)"), "(smile = \")\")")
        XCTAssertEqual(parsed("wink)"), #"(text "wink)")"#)
    }

    func testProjectsAndContexts() {
        XCTAssertEqual(parsed("+GarageSale @phone"), #"(and (project "GarageSale") (context "phone"))"#)
        XCTAssertEqual(parsed("+"), #"(text "+")"#)
    }

    func testListTakesATitleOrAPath() {
        XCTAssertEqual(parsed("list:Work"), #"(list "Work")"#)
        XCTAssertEqual(parsed("list:Work/Q4"), #"(list "Work" "Q4")"#)
        XCTAssertEqual(parsed(#"list:"Big Project/Next steps""#), #"(list "Big Project" "Next steps")"#)
        XCTAssertEqual(parsed("list:none"), "(list)")
        XCTAssertEqual(parsed("list:any"), "(list any)")
        XCTAssertEqual(parsed("list:!Work"), #"(not (list "Work"))"#)
    }

    func testStatusWords() {
        XCTAssertEqual(parsed("status:open"), "(status open)")
        XCTAssertEqual(parsed("status:in-progress"), "(status in-progress)")
        XCTAssertEqual(parsed("status:done"), "(status done)")
        XCTAssertEqual(parsed("status:cancelled"), "(status cancelled)")
        XCTAssertEqual(parsed("status:closed"), "(status done cancelled)")
        XCTAssertEqual(parsed("status:!done"), "(not (status done))")
    }

    func testPriorityLettersRangesAndPresence() {
        XCTAssertEqual(parsed("pri:A"), "(pri A)")
        XCTAssertEqual(parsed("pri:b"), "(pri B)")
        XCTAssertEqual(parsed("pri:A-C"), "(pri A-C)")
        XCTAssertEqual(parsed("pri:c-a"), "(pri A-C)")
        XCTAssertEqual(parsed("pri:none"), "(pri none)")
        XCTAssertEqual(parsed("pri:any"), "(pri any)")
        XCTAssertEqual(parsed("pri:!=A"), "(not (pri A))")
        XCTAssertEqual(parsed("(A)"), "(pri A)")
        XCTAssertEqual(parsed("(A) OR (B)"), "(or (pri A) (pri B))")
    }

    func testPriorityComparisonsAsTopydoWritesThemAndNoPriorityRanksBelowZ() {
        XCTAssertEqual(parsed("(>C)"), "(pri A-B)")
        XCTAssertEqual(parsed("(>=B)"), "(pri A-B)")
        XCTAssertEqual(parsed("(<B)"), "(or (pri C-Z) (pri none))")
        XCTAssertEqual(parsed("(<=Y)"), "(or (pri Y-Z) (pri none))")
        XCTAssertEqual(parsed("(<Z)"), "(pri none)")
        XCTAssertEqual(parsed("pri:>c"), "(pri A-B)")
        XCTAssertEqual(parsed("(>C) @home"), "(and (pri A-B) (context \"home\"))")
        XCTAssertEqual(parsed("((>C) OR @home)"), "(or (pri A-B) (context \"home\"))")
    }

    func testCreationAndCompletionAreNamesForCreatedAndCompleted() {
        XCTAssertEqual(parsed("creation:today"), parsed("created:today"))
        XCTAssertEqual(parsed("completion:<2026-11-01"), parsed("completed:<2026-11-01"))
    }

    func testEveryComparisonOperator() {
        XCTAssertEqual(parsed("due:today"), "(due = 2026-11-21)")
        XCTAssertEqual(parsed("due:=today"), "(due = 2026-11-21)")
        XCTAssertEqual(parsed("due:!today"), "(due != 2026-11-21)")
        XCTAssertEqual(parsed("due:!=today"), "(due != 2026-11-21)")
        XCTAssertEqual(parsed("due:<today"), "(due < 2026-11-21)")
        XCTAssertEqual(parsed("due:<=+7d"), "(due <= 2026-11-28)")
        XCTAssertEqual(parsed("due:>2026-01-01"), "(due > 2026-01-01)")
        XCTAssertEqual(parsed("t:>=tomorrow"), "(t >= 2026-11-22)")
    }

    func testDurationsNumbersAndText() {
        XCTAssertEqual(parsed("est:<1h"), "(est < 1h)")
        XCTAssertEqual(parsed("est:>=90m"), "(est >= 1h30m)")
        XCTAssertEqual(parsed("value:>8"), "(value > 8)")
        XCTAssertEqual(parsed("value:>-8"), "(value > -8)")
        XCTAssertEqual(parsed("value:<=2.5"), "(value <= 2.5)")
        XCTAssertEqual(parsed("who:bob"), #"(who = "bob")"#)
        XCTAssertEqual(parsed("remind:<fri"), "(remind < 2026-11-27)")
    }

    func testNoneAndAnyTestPresence() {
        XCTAssertEqual(parsed("due:none"), "(due none)")
        XCTAssertEqual(parsed("due:any"), "(due any)")
        XCTAssertEqual(parsed("who:ANY"), "(who any)")
        XCTAssertEqual(parsed("who:=none"), #"(who = "none")"#)
    }

    func testKeysAreKeptAsWrittenForTheyMatchExactly() {
        XCTAssertEqual(parsed("due:today"), "(due = 2026-11-21)")
        XCTAssertEqual(parsed("DUE:today"), "(DUE = 2026-11-21)")
    }

    func testUrlsAndClockTimesAreWords() {
        XCTAssertEqual(parsed("https://example.com"), #"(text "https://example.com")"#)
        XCTAssertEqual(parsed("9:30"), #"(text "9:30")"#)
    }

    // MARK: Errors

    func testUnclosedParenthesisIsAnErrorAtIt() {
        XCTAssertEqual(error("a (b OR c"), FilterError("unclosed '('", column: 3))
    }

    func testStrayClosingParenthesisIsAnError() {
        XCTAssertEqual(error("a )"), FilterError("unexpected ')'", column: 3))
    }

    func testEmptyParenthesesAreAnError() {
        XCTAssertEqual(error("()"), FilterError("empty '()'", column: 2))
    }

    func testOrNeedsBothSides() {
        XCTAssertEqual(error("OR a")?.column, 1)
        XCTAssertEqual(error("a OR")?.column, 5)
        XCTAssertEqual(error("a OR OR b")?.column, 6)
    }

    func testNegationNeedsATerm() {
        XCTAssertEqual(error("a -")?.column, 3)
        XCTAssertEqual(error("NOT")?.column, 1)
    }

    func testADoubleDashIsAnUnknownOption() {
        XCTAssertEqual(error("--jsn"), FilterError("unknown option '--jsn'", column: 1))
    }

    func testUnclosedQuoteIsAnError() {
        XCTAssertEqual(error(#"a "b c"#), FilterError("unclosed '\"'", column: 3))
    }

    func testADateKeyNeedsADate() {
        XCTAssertEqual(error("due:<tomorow")?.column, 6)
        XCTAssertEqual(error("due:=2014-11-99")?.column, 6)
        XCTAssertNotNil(error("created:soon"))
    }

    func testAnEstimateNeedsADuration() {
        XCTAssertEqual(error("est:<long")?.column, 6)
    }

    func testAMissingValueIsAnError() {
        XCTAssertEqual(error("due:<"), FilterError("'due:' needs a value", column: 6))
    }

    func testUnknownStatusAndBadPriorityAreErrors() {
        XCTAssertEqual(error("status:later")?.column, 8)
        XCTAssertEqual(error("pri:AA")?.column, 5)
        XCTAssertEqual(error("pri:<A-C")?.column, 6)
    }

    func testAnErrorPointsAtItsColumn() {
        let error = FilterError("unclosed '('", column: 3)
        XCTAssertEqual(error.pointer(in: "a (b"), "  a (b\n    ^")
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let depth = 50_000
        XCTAssertNotNil(error(String(repeating: "(", count: depth) + "a" + String(repeating: ")", count: depth)))
        XCTAssertNotNil(error(String(repeating: "NOT ", count: depth) + "a"))
        XCTAssertEqual(parsed(String(repeating: "(", count: 50) + "a" + String(repeating: ")", count: 50)), #"(text "a")"#)
    }
}
