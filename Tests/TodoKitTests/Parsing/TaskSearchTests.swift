@testable import TodoKit
import XCTest

/// The search for checkboxes before a note is read never passes over a note that holds a task.
final class TaskSearchTests: XCTestCase {
    func mayHold(_ text: String, _ format: FileFormat = .markdown) -> Bool {
        TaskSearch.mayHoldTasks(text.utf8.span, format: format)
    }

    func testANoteWithACheckboxMayHoldATaskAndOneWithoutNever() {
        XCTAssertTrue(mayHold("# Notes\n\n- [ ] Call\n"))
        XCTAssertTrue(mayHold("- [x]"))
        XCTAssertTrue(mayHold("> - [✓]\tdone\r\n"))
        XCTAssertFalse(mayHold("# Notes\n\nSee [[Other note]] and [a link](x).\n"))
        XCTAssertFalse(mayHold("[x]y"))
        XCTAssertFalse(mayHold(""))
    }

    func testATodoTxtFileMayHoldATaskWhenALineIsNotBlank() {
        XCTAssertTrue(mayHold("Call mom\n", .todotxt))
        XCTAssertFalse(mayHold(" \n\t\n", .todotxt))
    }

    func testEveryDocumentWithATaskIsFoundBySearchingItsBytes() {
        // Random documents of the property tests, in every reading: whenever the parser finds a task, so does the search.
        for seed in 0..<2000 {
            var generator = RandomTodoDocument(seed: UInt64(seed))
            let isTodoTxt = seed % 5 == 0
            var text = isTodoTxt ? generator.makeTodoTxt() : generator.make()
            // Some notes quote all their lines, as a callout does.
            if !isTodoTxt, seed % 3 == 0 { text = text.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(separator: "\n") }
            let format: FileFormat = isTodoTxt ? .todotxt : .markdown
            for reading in [MarkdownReading.commonMark, .obsidian] {
                let document = Document(parsing: text, format: format, reading: reading)
                if !document.tasks.isEmpty { XCTAssertTrue(mayHold(text, format), "seed \(seed): \(text.debugDescription)") }
            }
        }
    }
}
