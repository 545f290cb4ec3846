import XCTest
import TodoKit

/// Merges three texts and checks what every merge promises: a clean result reads back with all its tasks.
func merge(base: String, ours: String, theirs: String, format: FileFormat = .markdown,
           file: StaticString = #filePath, line: UInt = #line) throws -> MergeResult {
    let result = try ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs, format: format)
    if !result.hasConflicts {
        let document = Document(parsing: result.text, format: format)
        XCTAssertEqual(document.text, result.text, file: file, line: line)
    }
    return result
}

/// Asserts a merge is clean and gives `expected`.
func assertMerges(base: String, ours: String, theirs: String, into expected: String, format: FileFormat = .markdown,
                  file: StaticString = #filePath, line: UInt = #line) {
    do {
        let result = try merge(base: base, ours: ours, theirs: theirs, format: format, file: file, line: line)
        XCTAssertEqual(result.conflicts, [], "expected a clean merge", file: file, line: line)
        XCTAssertEqual(result.text, expected, file: file, line: line)
        // Merging is symmetric up to the order of additions: the other way round it is clean too.
        let swapped = try ThreeWayMerge.merge(base: base, ours: theirs, theirs: ours, format: format)
        XCTAssertFalse(swapped.hasConflicts, "the swapped merge conflicts", file: file, line: line)
    } catch {
        XCTFail("the merge failed: \(error)", file: file, line: line)
    }
}
