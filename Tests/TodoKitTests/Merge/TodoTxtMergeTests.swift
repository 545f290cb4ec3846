import Foundation
import XCTest
import TodoKit

final class TodoTxtMergeTests: XCTestCase {
    let base = """
        (A) Call mom @phone
        (B) 2026-02-01 Schedule checkup +health due:2026-03-10
        Buy birthday card +family
        Renew passport due:2026-04-01

        """

    func testTasksAddedOnBothSidesAreBothKeptOursFirst() {
        assertMerges(base: base, ours: base + "Pay rent\n", theirs: base + "Book a table +family\n",
                     into: base + "Pay rent\nBook a table +family\n", format: .todotxt)
    }

    func testOneSideCompletesATaskWhileTheOtherRewordsIt() {
        assertMerges(
            base: base,
            ours: base.replacingOccurrences(of: "(A) Call mom @phone", with: "x 2026-02-10 Call mom @phone pri:A"),
            theirs: base.replacingOccurrences(of: "Call mom @phone", with: "Call mom about Sunday @phone"),
            into: base.replacingOccurrences(of: "(A) Call mom @phone", with: "x 2026-02-10 Call mom about Sunday @phone pri:A"),
            format: .todotxt)
    }

    func testOneSideCompletesATaskWhileTheOtherChangesItsDueDate() {
        assertMerges(
            base: base,
            ours: base.replacingOccurrences(of: "(B) 2026-02-01 Schedule", with: "x 2026-02-11 2026-02-01 Schedule"),
            theirs: base.replacingOccurrences(of: "due:2026-03-10", with: "due:2026-03-20"),
            into: base.replacingOccurrences(of: "(B) 2026-02-01 Schedule checkup +health due:2026-03-10",
                                            with: "x 2026-02-11 2026-02-01 Schedule checkup +health due:2026-03-20"),
            format: .todotxt)
    }

    func testEditsOnAdjacentLinesThatGitWouldConflictOnMergeCleanly() {
        assertMerges(
            base: base,
            ours: base.replacingOccurrences(of: "Buy birthday card", with: "x Buy birthday card"),
            theirs: base.replacingOccurrences(of: "Renew passport", with: "(C) Renew passport"),
            into: base.replacingOccurrences(of: "Buy birthday card", with: "x Buy birthday card")
                .replacingOccurrences(of: "Renew passport", with: "(C) Renew passport"),
            format: .todotxt)
    }

    func testOneSideReordersTasksWhileTheOtherEditsOne() {
        let sorted = """
            (A) Call mom @phone
            (B) 2026-02-01 Schedule checkup +health due:2026-03-10
            Renew passport due:2026-04-01
            Buy birthday card +family

            """
        assertMerges(base: base, ours: sorted,
                     theirs: base.replacingOccurrences(of: "Buy birthday card", with: "Buy birthday card and flowers"),
                     into: sorted.replacingOccurrences(of: "Buy birthday card", with: "Buy birthday card and flowers"),
                     format: .todotxt)
    }

    func testATaskDeletedOnOneSideAndEditedOnTheOtherIsAConflict() throws {
        let result = try merge(base: base,
                           ours: base.replacingOccurrences(of: "Buy birthday card +family\n", with: ""),
                           theirs: base.replacingOccurrences(of: "Buy birthday card", with: "(A) Buy birthday card"),
                           format: .todotxt)
        XCTAssertEqual(result.conflicts, [MergeConflict(line: 3, kind: .deletedByOurs, task: "Buy birthday card +family")])
        XCTAssertEqual(result.text, """
            (A) Call mom @phone
            (B) 2026-02-01 Schedule checkup +health due:2026-03-10
            <<<<<<< ours
            =======
            (A) Buy birthday card +family
            >>>>>>> theirs
            Renew passport due:2026-04-01

            """)
    }

    func testBothSidesChangingThePriorityDifferentlyIsAConflictAroundThatTaskAlone() throws {
        let result = try merge(base: base,
                           ours: base.replacingOccurrences(of: "(A) Call mom", with: "(B) Call mom")
                               .replacingOccurrences(of: "Renew passport", with: "x Renew passport"),
                           theirs: base.replacingOccurrences(of: "(A) Call mom", with: "(C) Call mom"),
                           format: .todotxt)
        XCTAssertEqual(result.conflicts.map(\.kind), [.taskFields(["priority"])])
        XCTAssertEqual(result.text, """
            <<<<<<< ours
            (B) Call mom @phone
            =======
            (C) Call mom @phone
            >>>>>>> theirs
            (B) 2026-02-01 Schedule checkup +health due:2026-03-10
            Buy birthday card +family
            x Renew passport due:2026-04-01

            """)
    }

    func testDeletionsOnBothSidesAreBothApplied() {
        assertMerges(base: base,
                     ours: base.replacingOccurrences(of: "(A) Call mom @phone\n", with: ""),
                     theirs: base.replacingOccurrences(of: "Renew passport due:2026-04-01\n", with: ""),
                     into: """
                        (B) 2026-02-01 Schedule checkup +health due:2026-03-10
                        Buy birthday card +family

                        """,
                     format: .todotxt)
    }
}

/// todotxtlib.net's three merge fixtures (a byte order mark, no final newlines), merged as base, ours, theirs.
final class CorpusMergeFixtureTests: XCTestCase {
    func testTodotxtlibMergeFixturesMergeTaskByTask() throws {
        func fixture(_ n: Int) throws -> String {
            let url = Corpus.root.appendingPathComponent("todotxt/hartez+todotxtlib.net__todotxtlib.net.tests__merge\(n).txt")
            guard FileManager.default.fileExists(atPath: url.path) else { throw Corpus.missing("corpus file \(url.path)") }
            return String(decoding: try Data(contentsOf: url), as: UTF8.self)
        }
        // Ours rewords one task, deletes "Pick up milk" and adds a task; theirs lowers a priority, rewords the
        // same task elsewhere, reopens a done task and adds a task.
        let result = try ThreeWayMerge.merge(base: try fixture(0), ours: try fixture(1), theirs: try fixture(2), format: .todotxt)
        XCTAssertEqual(result.conflicts, [])
        XCTAssertEqual(result.text, """
            \u{FEFF}(A) Call Mom @Phone +Family
            (D) Schedule annual checkup +Health
            (B) Outline chapter 5 +Novel @Computer
            (C) Add cover sheets @Office +TPSReports
            Plant backyard herb/vegetable garden @Home
            Research self-publishing services +Novel @Computer
            Download Todo.txt mobile app @Phone
            Rent Star Trek II
            Return videos
            """)
    }
}
