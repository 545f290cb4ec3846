import Foundation
import TodoKit
import XCTest

/// Random documents, Markdown and todo.txt, each merged with two edits made on two sides (`done` of a task on
/// one; `rm`, `mv` or `done` of the next on the other): a clean merge is explained task by task
/// (`TodoProperties.mergingEdits`). `TODOFMT_PROPERTY_SEED` and `TODOFMT_MERGE_CASES` explore further.
final class MergeEditsPropertyTests: XCTestCase {
    private let environment = ProcessInfo.processInfo.environment
    private var count: Int { environment["TODOFMT_MERGE_CASES"].flatMap { Int($0) } ?? 100 }
    private func seed(_ fixed: UInt64) -> UInt64 { environment["TODOFMT_PROPERTY_SEED"].flatMap { UInt64($0) } ?? fixed }

    func testTwoEditsOfARandomMarkdownDocumentMergeAsExplained() {
        var generator = RandomTodoDocument(seed: seed(0x4D45_5247))
        check(count: count, format: .markdown) { generator.make() }
    }

    func testTwoEditsOfARandomTodoTxtFileMergeAsExplained() {
        var generator = RandomTodoDocument(seed: seed(0x5458_544D))
        check(count: count / 2, format: .todotxt) { generator.makeTodoTxt() }
    }

    private func check(count: Int, format: FileFormat, _ make: () -> String) {
        var failures = 0
        for number in 0..<count {
            let document = Document(parsing: make(), format: format)
            guard !document.tasks.isEmpty else { continue }
            let violations = [number, 7 * number + 3].flatMap { TodoProperties.mergingEdits(document, task: $0 % document.tasks.count) }
            guard let violation = violations.first else { continue }
            failures += 1
            if failures <= 3 { XCTFail("document \(number): \(violation)\n--- input\n\(document.text.debugDescription)") }
        }
        XCTAssertEqual(failures, 0, "\(failures) of \(count) documents failed")
    }
}
