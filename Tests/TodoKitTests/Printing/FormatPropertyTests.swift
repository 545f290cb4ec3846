import Foundation
import TodoKit
import XCTest

/// Thousands of random documents: each round-trips, formats idempotently and keeps its tasks.
final class FormatPropertyTests: XCTestCase {
    func testRandomDocumentsRoundTripFormatIdempotentlyAndKeepTheirTasks() {
        // TODOFMT_PROPERTY_SEED and TODOFMT_PROPERTY_COUNT explore further than the fixed run.
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["TODOFMT_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0x7A5C_0DE5
        let count = environment["TODOFMT_PROPERTY_COUNT"].flatMap { Int($0) } ?? 3_000
        var generator = RandomTodoDocument(seed: seed)
        var failures = 0
        for number in 0..<count {
            let text = generator.make()
            let document = Document(parsing: text)
            XCTAssertEqual(document.text, text, "document \(number) did not round-trip")
            var problem: String?, once = "", twice = ""
            do {
                once = try Formatter.format(text, as: .markdown).text
                twice = try Formatter.format(once, as: .markdown).text
                if twice != once { problem = "a second format changed the output" }
            } catch {
                problem = "\(error)"
            }
            if let problem {
                failures += 1
                if failures <= 3 {
                    XCTFail("""
                        document \(number): \(problem)
                        --- input
                        \(text.debugDescription)
                        --- once
                        \(once.debugDescription)
                        --- twice
                        \(twice.debugDescription)
                        """)
                }
            }
        }
        XCTAssertEqual(failures, 0, "\(failures) of \(count) documents failed (seed \(seed))")
    }

    func testRandomDocumentsSortWithTheirTasksKeptAndASecondSortMovesNoTask() throws {
        let sorts = [SortKey.defaultOrder, try SortKey.parseList("-created,text"), try SortKey.parseList("project,-priority,context")]
        var generator = RandomTodoDocument(seed: 0x50E7_5EC7)
        var failures = 0
        for number in 0..<1_000 where failures < 3 {
            let text = generator.make()
            let keys = sorts[number % sorts.count]
            do {
                let once = try Formatter.format(text, as: .markdown, sortedBy: keys)
                let twice = try Formatter.format(once.text, as: .markdown, sortedBy: keys)
                let inPlace = ExpectedTask.reordered(once.output, order: Array(once.output.tasks.indices))
                if let difference = MeaningCheck.difference(in: twice.output, from: once.output, expected: inPlace) {
                    failures += 1
                    XCTFail("document \(number), sorted by \(keys): a second sort moved a task (\(difference))\n\(text.debugDescription)")
                }
            } catch {
                failures += 1
                XCTFail("document \(number), sorted by \(keys): \(error)\n\(text.debugDescription)")
            }
        }
    }
}
