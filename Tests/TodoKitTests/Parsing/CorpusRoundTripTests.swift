import Foundation
import TodoKit
import XCTest

/// Every real file in the corpus comes back byte for byte from parse and print.
final class CorpusRoundTripTests: XCTestCase {
    func testEveryCorpusFileRoundTripsByteForByte() throws {
        var checked = 0
        for folder in ["markdown", "todotxt", "xit"] {
            for url in try Corpus.files(in: folder) {
                let bytes = [UInt8](try Data(contentsOf: url))
                // Not String(data:encoding:): Foundation drops a byte order mark.
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    XCTFail("\(url.lastPathComponent) is not UTF-8")
                    continue
                }
                let format = FileFormat.inferred(fromPath: url.path)
                let document = Document(parsing: text, format: format)
                XCTAssertTrue(Array(document.text.utf8) == bytes, "\(url.lastPathComponent) did not round-trip")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 200)
        print("corpus round trip: \(checked) files byte for byte")
    }
}
