import Foundation
import XCTest

/// The folder commands over a folder of thousands of notes with short and long names. `Scripts/sanitize` runs
/// these against a build with AddressSanitizer too, where reading past a directory entry is a report.
final class ManyNotesFolderTests: XCTestCase {
    let count = 3_000

    func generated() throws -> NoteFolder {
        let folder = try NoteFolder()
        try GeneratedNotes.make(count, in: folder.root)
        return folder
    }

    func testCountReadsEveryNoteOfALargeFolder() throws {
        let folder = try generated()
        let result = try folder.run(["count", "-f", ".", "is:overdue", "--today", "2026-02-01"])
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "\(count)\n")
    }

    func testListingNamesEveryTaskOfALargeFolderOnce() throws {
        let folder = try generated()
        let result = try folder.run(["ls", "-f", ".", "--today", "2026-02-01"])
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.status, 0)
        let titles = result.stdout.split(separator: "\n").compactMap { line in
            line.firstRange(of: "Task ").map { Int(line[$0.upperBound...].prefix(while: \.isNumber)) ?? -1 }
        }
        XCTAssertEqual(titles.count, count)
        let missing = Set(0..<count).subtracting(titles)
        XCTAssertTrue(missing.isEmpty, "not listed: \(missing.sorted().prefix(10))…")
    }

    func testTheAgendaOfALargeFolderHasEveryOverdueTask() throws {
        let folder = try generated()
        let result = try folder.run(["agenda", "-f", ".", "--today", "2026-02-01"])
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout.components(separatedBy: "Task ").count - 1, count)
    }
}
