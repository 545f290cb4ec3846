import TodoKit
import XCTest

/// Safe mode refuses a broken change: a formatter whose output lost, changed or added a task gives no output
/// but the difference.
final class FaultInjectionTests: XCTestCase {
    /// The error formatting `text` gives when every output is first passed through `alteration`.
    private func formatError(_ text: String, as format: FileFormat = .markdown, sortedBy keys: [SortKey]? = nil,
                             altered alteration: @escaping @Sendable (String) -> String) -> FormatError? {
        FaultInjection.$alteration.withValue(alteration) { () -> FormatError? in
            do {
                _ = try Formatter.format(text, as: format, sortedBy: keys)
                return nil
            } catch {
                return error as? FormatError
            }
        }
    }

    private let text = "# Home\n\n*   [ ] fix the tap\n    washer\n- [X] call Mom\n"

    func testAnOutputThatDropsATaskIsRefused() {
        let error = formatError(text) { $0.replacingOccurrences(of: "- [x] call Mom\n", with: "") }
        XCTAssertEqual(error?.difference.description, "task on line 5 (\"call Mom\") was lost")
        XCTAssertEqual(error?.description, "formatting would change the tasks (task on line 5 (\"call Mom\") was lost)")
    }

    func testAnOutputThatChangesAStatusIsRefused() {
        let error = formatError(text) { $0.replacingOccurrences(of: "- [ ] fix", with: "- [x] fix") }
        XCTAssertEqual(error?.difference.description, "task on line 3 changed from open to done")
        XCTAssertEqual(error?.difference.line, 3)
    }

    func testAnOutputThatAddsATaskIsRefused() {
        let error = formatError(text) { $0 + "- [ ] extra\n" }
        XCTAssertEqual(error?.difference.description, "a task appeared on line 6 (\"extra\")")
    }

    func testAnOutputThatLosesANoteIsRefused() {
        let error = formatError(text) { $0.replacingOccurrences(of: "  washer\n", with: "") }
        XCTAssertEqual(error?.difference.description, "task on line 3 lost its note \"washer\"")
    }

    func testAnOutputThatChangesATasksListIsRefused() {
        let error = formatError(text) { $0.replacingOccurrences(of: "# Home", with: "# Work") }
        XCTAssertEqual(error?.difference.description, "task on line 3 moved from list \"Home\" to \"Work\"")
    }

    func testAnOutputThatWritesALetterDecomposedIsRefused() {
        let error = formatError("- [ ] café\n") { $0.replacingOccurrences(of: "caf\u{E9}", with: "cafe\u{301}") }
        XCTAssertEqual(error?.difference.description, "task on line 1 changed its text from \"caf\u{E9}\" to \"cafe\u{301}\"")
    }

    func testAnAlreadyCanonicalTextIsCheckedToo() throws {
        let canonical = try Formatter.format(text, as: .markdown).text
        XCTAssertEqual(try Formatter.format(canonical, as: .markdown).text, canonical)
        let error = formatError(canonical) { $0.replacingOccurrences(of: "[x]", with: "[ ]") }
        XCTAssertEqual(error?.difference.description, "task on line 5 changed from done to open")
    }

    func testASortedOutputPutBackInTheInputsOrderIsRefused() {
        let unsorted = "- [ ] (B) b\n- [ ] (A) a\n"
        XCTAssertNil(formatError(unsorted, sortedBy: SortKey.defaultOrder) { $0 })
        let error = formatError(unsorted, sortedBy: SortKey.defaultOrder) { _ in unsorted }
        XCTAssertEqual(error?.difference.description, "task on line 2 changed priority from (A) to (B)")
    }

    func testABrokenTodoTxtOutputIsRefused() {
        let todo = "(B) b\nx 2026-01-02 done\n(A) a\n"
        XCTAssertEqual(formatError(todo, as: .todotxt) { $0.replacingOccurrences(of: "x 2026-01-02 done\n", with: "") }?.difference.description,
                       "task on line 2 (\"done\") was lost")
        XCTAssertEqual(formatError(todo, as: .todotxt) { $0.replacingOccurrences(of: "(A) a", with: "x (A) a") }?.difference.description,
                       "task on line 3 changed from open to done")
        XCTAssertEqual(formatError(todo, as: .todotxt, sortedBy: SortKey.defaultOrder) { $0 + "(C) c\n" }?.difference.description,
                       "a task appeared on line 4 (\"c\")")
    }

    func testAnAlterationThatKeepsTheTasksPassesAndGivesTheAlteredText() throws {
        XCTAssertNil(formatError(text) { $0 + "\n" })
        let result = try FaultInjection.$alteration.withValue({ $0 + "\n" }) { try Formatter.format(text, as: .markdown) }
        XCTAssertEqual(result.text, try Formatter.format(text, as: .markdown).text + "\n")
    }

    func testWithoutAnAlterationNothingIsAltered() throws {
        XCTAssertNil(FaultInjection.alteration)
        XCTAssertNoThrow(try Formatter.format(text, as: .markdown))
    }
}
