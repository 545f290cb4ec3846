import Foundation
import TodoKit
import XCTest

/// Every real file in the corpus formats idempotently and keeps its tasks.
final class FormatCorpusTests: XCTestCase {
    func testEveryCorpusFileFormatsIdempotentlyWithItsTasksKept() throws {
        var checked = 0, changed = 0
        for folder in ["markdown", "todotxt", "xit"] {
            for url in try Corpus.files(in: folder) {
                let bytes = [UInt8](try Data(contentsOf: url))
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    XCTFail("\(url.lastPathComponent) is not UTF-8")
                    continue
                }
                let name = url.lastPathComponent
                let format = FileFormat.inferred(fromPath: url.path)
                let original = Document(parsing: text, format: format)
                let once = Formatter.format(original).text
                let reparsed = Document(parsing: once, format: format)
                let twice = Formatter.format(reparsed).text
                XCTAssertEqual(twice, once, "\(name): a second format changed the output")
                if let difference = MeaningCheck.difference(between: original, and: reparsed, orderMatters: true) {
                    XCTFail("\(name): \(difference)")
                }
                checked += 1
                if once != text { changed += 1 }
            }
        }
        XCTAssertGreaterThan(checked, 200)
        print("corpus format: \(checked) files, \(changed) changed, all idempotent with tasks kept")
    }
}
