import Foundation
import TodoKit
@testable import TodoIO
import XCTest

/// `TodoFile.updateAll`, the change of many files, as the commands call it.
final class UpdateAllTests: XCTestCase {
    func testOneFileGivenTwiceThroughALinkIsRefusedAtOnceNotLockedTwice() throws {
        let folder = try TemporaryFolder()
        try folder.write("- [ ] a\n", to: "a.md")
        try FileManager.default.createSymbolicLink(atPath: folder.path("alias.md"), withDestinationPath: "a.md")
        try FileManager.default.linkItem(atPath: folder.path("a.md"), toPath: folder.path("hard.md"))
        for other in ["alias.md", "hard.md"] {
            let files = [folder.path("a.md"), folder.path(other)].map { TodoFile($0, settings: TaskSettings(), reading: .commonMark) }
            // A second lock of the same file would wait for the first for seconds, then give up.
            XCTAssertThrowsError(try TodoFile.updateAll(files) { _, document in EditResult(unchanged: document) }, other) { error in
                XCTAssertEqual("\(error)", "\(folder.path(other)): error: the same file as \(folder.path("a.md")) (a link to it): "
                               + "name it once; nothing was written")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("a.md.lock")))
    }
}
