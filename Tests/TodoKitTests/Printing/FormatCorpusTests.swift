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
                let once: FormatResult
                do {
                    once = try Formatter.format(text, as: format)
                } catch {
                    XCTFail("\(name): \(error)")
                    continue
                }
                let twice = try Formatter.format(once.text, as: format)
                XCTAssertEqual(twice.text, once.text, "\(name): a second format changed the output")
                XCTAssertFalse(twice.isChanged, name)
                XCTAssertEqual(once.output.tasks.count, once.input.tasks.count, name)
                checked += 1
                if once.isChanged { changed += 1 }
            }
        }
        XCTAssertGreaterThan(checked, 200)
        print("corpus format: \(checked) files, \(changed) changed, all idempotent with tasks kept")
    }

    func testEveryCorpusFileSortsIdempotentlyWithItsTasksKept() throws {
        let sorts = [SortKey.defaultOrder, try SortKey.parseOrder("-created,text"), try SortKey.parseOrder("project,-priority,context")]
        var checked = 0
        for folder in ["markdown", "todotxt", "xit"] {
            for url in try Corpus.files(in: folder) {
                guard let text = String(validating: [UInt8](try Data(contentsOf: url)), as: UTF8.self) else { continue }
                let name = url.lastPathComponent
                let format = FileFormat.inferred(fromPath: url.path)
                for keys in sorts {
                    let once: FormatResult
                    do {
                        once = try Formatter.format(text, as: format, sortedBy: keys)
                    } catch {
                        XCTFail("\(name), sorted by \(keys): \(error)")
                        continue
                    }
                    XCTAssertEqual(try Formatter.format(once.text, as: format, sortedBy: keys).text, once.text,
                                   "\(name), sorted by \(keys): a second sort changed the output")
                    XCTAssertEqual(once.output.tasks.count, once.input.tasks.count, name)
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 200)
    }
}
