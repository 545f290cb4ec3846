@testable import TodoKit
import XCTest

final class StorageIdentityTests: XCTestCase {
    func testLinesSplitFromOneTextShareItsIdentity() {
        let text = String(repeating: "- [ ] a task long enough to be stored apart\n", count: 4)
        let lines = LineSplitter.split(text).lines
        XCTAssertEqual(lines.count, 4)
        for line in lines { XCTAssertEqual(line.storage.storageIdentity, text.storageIdentity) }
    }

    func testEqualTextInAnotherStringIsAnotherIdentity() {
        let text = String(repeating: "a line long enough to be stored apart ", count: 3)
        var copy = text
        copy.append("!")
        copy.removeLast()
        XCTAssertEqual(copy, text)
        XCTAssertNotEqual(copy.storageIdentity, text.storageIdentity, "equal text in a buffer of its own")
        XCTAssertEqual(text.storageIdentity, String(text).storageIdentity, "the same string, copied as a value")
    }

    func testSmallStringsHeldInTheirWordsAreTheSameWhenEqual() {
        XCTAssertEqual("due".storageIdentity, String("xdue".dropFirst()).storageIdentity)
        XCTAssertNotEqual("due".storageIdentity, "dues".storageIdentity)
    }

    func testNoStringHasTheIdentityOfNone() {
        for string in ["", "a", "a longer string that needs a buffer of its own", String(repeating: "é", count: 40)] {
            XCTAssertNotEqual(string.storageIdentity, .none)
        }
    }
}
