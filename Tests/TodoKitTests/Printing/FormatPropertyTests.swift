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
            let once = Formatter.format(document).text
            let reparsed = Document(parsing: once)
            let twice = Formatter.format(reparsed).text
            let difference = MeaningCheck.difference(between: document, and: reparsed, orderMatters: true)
            if twice != once || difference != nil {
                failures += 1
                if failures <= 3 {
                    XCTFail("""
                        document \(number): \(difference ?? "a second format changed the output")
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
}
