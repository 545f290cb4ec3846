@testable import TodoKit
import XCTest

/// What `ls` of a folder numbered is kept as text and read back, a file's part found alone, and a change of a
/// file followed.
final class FolderListingRecordTests: XCTestCase {
    let a = Document(parsing: "# A\n\n- [ ] one\n- [ ] two\n")
    let b = Document(parsing: "- [ ] three\n")

    func record() -> FolderListingRecord {
        var record = FolderListingRecord(folder: "/home/ann/Notes")
        XCTAssertEqual(record.number([3, 4], in: a, file: "A.md"), 1)
        XCTAssertEqual(record.number([1], in: b, file: "Sub\tdir/B.md"), 3)
        return record
    }

    func testNumbersNameTheirFilesAndLinesAndTheTextReadsBack() throws {
        let record = record()
        XCTAssertEqual(record.task(numbered: 2)?.file, "A.md")
        XCTAssertEqual(record.task(numbered: 2)?.listedLine, 4)
        XCTAssertEqual(record.task(numbered: 3)?.file, "Sub\tdir/B.md")
        XCTAssertNil(record.task(numbered: 4))
        XCTAssertEqual(FolderListingRecord(parsing: record.text), record)
        XCTAssertNil(FolderListingRecord(parsing: "todofmt listing 3\n/x\n"))
    }

    func testAFilesPartIsFoundInTheTextAlone() throws {
        let text = record().text
        XCTAssertEqual(FolderListingRecord.file("Sub\tdir/B.md", inText: text), record().files[1])
        XCTAssertEqual(FolderListingRecord.file("A.md", inText: text), record().files[0])
        XCTAssertNil(FolderListingRecord.file("C.md", inText: text))
    }

    func testAChangeOfAFileIsFollowedThere() throws {
        var record = record()
        let change = try TaskEditor.remove(lines: [3], in: a)
        record.follow(change.checked, file: "A.md")
        XCTAssertEqual(try record.line(ofNumber: 2, in: change.document), 3)
        XCTAssertThrowsError(try record.line(ofNumber: 1, in: change.document))
        XCTAssertEqual(try record.line(ofNumber: 3, in: b), 1)
    }
}
