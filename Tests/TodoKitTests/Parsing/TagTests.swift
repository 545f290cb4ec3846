import TodoKit
import XCTest

/// FORMAT.md 3.3 and 3.4: `+project`, `@context` and `key:value` words, and the known keys.
final class TagTests: XCTestCase {
    private func tags(_ body: String) -> String {
        todoTxtTask(body).tags.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }

    private func diagnostics(_ body: String) -> [String] {
        todotxt(body).diagnosticLines
    }

    func testProjectsAndContextsAreWordsStartingWithTheirSigil() {
        let task = todoTxtTask("+Garden call @phone and +Garden again @home")
        XCTAssertEqual(task.projects, ["Garden"])
        XCTAssertEqual(task.contexts, ["phone", "home"])
    }

    func testASigilAloneOrInsideAWordIsNotAName() {
        let task = todoTxtTask("add 2+2 + @ mail me@example.com x+y@z")
        XCTAssertEqual(task.projects, [])
        XCTAssertEqual(task.contexts, [])
    }

    func testTrailingPunctuationIsNotPartOfAName() {
        let task = todoTxtTask("for +Bar: and @home, then +1! @work?")
        XCTAssertEqual(task.projects, ["Bar", "1"])
        XCTAssertEqual(task.contexts, ["home", "work"])
    }

    func testANameMadeOnlyOfPunctuationAfterTheSigilKeepsItsFirstCharacter() {
        XCTAssertEqual(todoTxtTask("wow +!").projects, ["!"])
    }

    func testNamesMayHoldAnyOtherCharacter() {
        XCTAssertEqual(todoTxtTask("+work&home @café +go-todotxt").projects, ["work&home", "go-todotxt"])
        XCTAssertEqual(todoTxtTask("+work&home @café").contexts, ["café"])
    }

    func testKeyValueTagsMayStandAnywhereAndRepeat() {
        XCTAssertEqual(tags("weird:yes task with weird:maybe due:2026-01-05"), "weird=yes weird=maybe due=2026-01-05")
        XCTAssertEqual(todoTxtTask("a:1 b a:2").body.tag("a"), "1")
    }

    func testAValueMayContainColonsButNotStartWithOne() {
        XCTAssertEqual(tags("blah:zah:haz"), "blah=zah:haz")
        XCTAssertEqual(tags("not::tag"), "")
    }

    func testAKeyOrValueMustNotBeEmpty() {
        XCTAssertEqual(tags("foo: :bar :"), "")
    }

    func testKeysAreLettersOfAnyScriptDigitsUnderscoresDashesAndDots() {
        XCTAssertEqual(tags("größe:L key_1:a x-y.z:b"), "größe=L key_1=a x-y.z=b")
        XCTAssertEqual(tags("**Note:** [link](http://x) a/b:c"), "")
    }

    func testURLsAreNotTags() {
        XCTAssertEqual(tags("read https://example.com/a:b and ftp://host"), "")
        XCTAssertEqual(tags("mailto:me@example.com"), "mailto=me@example.com")
    }

    func testClockTimesAreNotTagsButOtherDigitPairsAre() {
        XCTAssertEqual(tags("meet at 14:30 or 9:05 or 9:5"), "")
        XCTAssertEqual(tags("12:00a 009:00 1:234"), "12=00a 009=00 1=234")
    }

    func testATagIsNotAProjectOrAWordOfTheTitle() {
        let task = todoTxtTask("Plan +Trip @desk due:2026-03-01 now")
        XCTAssertEqual(task.title, "Plan now")
        XCTAssertEqual(task.body.tokens.map(\.kind), [.word, .project, .context, .tag, .word])
    }

    func testDueAndThresholdAreDates() {
        let task = todoTxtTask("a due:2026-03-01 t:2026-02-20")
        XCTAssertEqual(task.due?.description, "2026-03-01")
        XCTAssertEqual(task.threshold?.description, "2026-02-20")
    }

    func testAnInvalidDueOrThresholdDateIsAWarningAtItsValue() {
        let doc = todotxt("(A) a due:2026-02-30 t:tomorrow\n")
        XCTAssertNil(doc.tasks[0].due)
        XCTAssertNil(doc.tasks[0].threshold)
        XCTAssertEqual(doc.diagnosticLines, [
            "1:11: warning: due:2026-02-30 is not a real date",
            "1:24: warning: t:tomorrow is not a date (YYYY-MM-DD)",
        ])
    }

    func testRecurrenceIsAnOptionalPlusACountAndAUnit() {
        func rec(_ value: String) -> String? { todoTxtTask("a rec:\(value)").body.recurrence?.description }
        XCTAssertEqual(rec("1w"), "1w")
        XCTAssertEqual(rec("+2m"), "+2m")
        XCTAssertEqual(rec("d"), "1d")
        XCTAssertEqual(rec("10b"), "10b")
        XCTAssertEqual(rec("3Y"), "3y")
        XCTAssertNil(rec("0d"))
        XCTAssertNil(rec("2x"))
        XCTAssertEqual(diagnostics("a rec:weekly"), ["1:7: warning: rec:weekly is not a recurrence ([+]N[dwmyb])"])
    }

    func testEstimatesAreDurationsWithEightHourDaysAndFiveDayWeeks() {
        func est(_ value: String) -> Int? { todoTxtTask("a est:\(value)").body.estimate?.minutes }
        XCTAssertEqual(est("30m"), 30)
        XCTAssertEqual(est("1h30m"), 90)
        XCTAssertEqual(est("2h"), 120)
        XCTAssertEqual(est("1d"), 480)
        XCTAssertEqual(est("1w"), 2400)
        XCTAssertEqual(est("45"), 45)
        XCTAssertNil(est("h"))
        XCTAssertNil(est("1h30"))
        XCTAssertEqual(diagnostics("a est:soon"), ["1:7: warning: est:soon is not a duration (e.g. 30m, 1h30m, 2h, 1d)"])
    }

    func testPriKeepsTheCompletedTasksPriority() {
        XCTAssertEqual(todoTxtTask("x 2026-01-02 a pri:B").body.keptPriority?.description, "B")
        XCTAssertEqual(todoTxtTask("x 2026-01-02 a pri:b").body.keptPriority?.description, "B")
        XCTAssertEqual(diagnostics("a pri:AB"), ["1:7: warning: pri:AB is not a priority (A-Z)"])
    }

    func testTagDiagnosticsInMarkdownPointIntoTheLine() {
        let doc = markdown("# List\n\n  - [ ] a due:2026-13-01\n")
        XCTAssertEqual(doc.diagnosticLines, ["3:15: warning: due:2026-13-01 is not a real date"])
    }

    func testUnknownKeysAreNeverWarnedAbout() {
        XCTAssertEqual(diagnostics("a h:1 id:x due2:nope"), [])
    }
    func testATagIsFoundByItsKeyExactlyAsAmongAllTokens() {
        // A key's tags are found from the colons alone; they must be the very tag tokens of that key.
        let words = ["due:2026-01-01", "due:", ":due", "a:b:c", "due::x", "https://x.org/due:1", "14:30", "+due:x", "@due:y",
                     "xdue:1", "due:1:2", "t:1", "t:", "dué:1", "due:x.", "(A)", "2026-01-02", "x", "plain", "**Due:**", "due:a\tb",
                     "rec:+1w", "est:", "pri:A", "a:", "::", ":"]
        let keys = ["due", "t", "a", "rec", "est", "pri", "dué", "x"]
        var rng = SplitMix64(seed: 0x7A65)
        for _ in 0..<2000 {
            let count = Int.random(in: 0...8, using: &rng)
            var text = ""
            for _ in 0..<count {
                text += ["", " ", "  ", "\t"].randomElement(using: &rng)! + words.randomElement(using: &rng)! + " "
            }
            for body in [todoTxtTask("task " + text).body, todoTxtTask("x 2026-01-01 " + text).body] {
                for key in keys {
                    let expected = body.tokens.filter { $0.kind == .tag && body.text(of: $0).split(separator: ":", maxSplits: 1,
                                                                                                     omittingEmptySubsequences: false)[0] == key }
                    XCTAssertEqual(body.tagTokens(key), expected, "\(key) in \(body.text.debugDescription)")
                }
            }
        }
    }
}
