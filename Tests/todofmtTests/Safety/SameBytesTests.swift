@testable import TodoIO
@testable import todofmt
import XCTest

/// The last look before a write: the file must still hold the bytes read under the lock (nil: no file).
final class SameBytesTests: XCTestCase {
    func testOnlyTheSameBytesOrNoFileOnBothSidesAreTheSame() {
        XCTAssertTrue(FileSystem.sameBytes(nil, nil))
        XCTAssertTrue(FileSystem.sameBytes([], []))
        XCTAssertTrue(FileSystem.sameBytes(Array("- [ ] a\n".utf8), Array("- [ ] a\n".utf8)))
        XCTAssertFalse(FileSystem.sameBytes(nil, []), "a file created meanwhile, even empty, is a change")
        XCTAssertFalse(FileSystem.sameBytes([], nil), "a file removed meanwhile is a change")
        XCTAssertFalse(FileSystem.sameBytes(Array("- [ ] a\n".utf8), Array("- [ ] b\n".utf8)))
        XCTAssertFalse(FileSystem.sameBytes(Array("- [ ] a\n".utf8), Array("- [ ] a".utf8)))
        XCTAssertFalse(FileSystem.sameBytes(Array("- [ ] a".utf8), Array("- [ ] a\n".utf8)))
    }
}
