@testable import TodoKit
import XCTest

/// An item's layout holds the whitespace after its marker in 32 bits, and counts it again from the line when
/// it is wider than that.
final class ItemLayoutTests: XCTestCase {
    func testWhitespaceAfterAMarkerIsCountedInColumns() throws {
        let layouts = ItemLayout.layouts(for: Document(parsing: "-\t\t x\n1.      y\n"))
        XCTAssertEqual(layouts.map(\.spaces), [8, 6])
        let line = "-\t\t x"
        XCTAssertEqual(layouts[0].spaces(in: line.utf8.span), 8)
    }

    func testWhitespaceTooWideToHoldIsCountedAgainFromTheLine() {
        // The marker line `-`, two tabs and a space: 8 columns from the end of the marker at column 1.
        let layout = ItemLayout(indent: 0, contentColumn: 2, markerStart: 0, markerEnd: 1, contentOffset: 4,
                                spaces: Int(Int32.max) + 8, hasContent: true)
        XCTAssertEqual(layout.spaces, Int(Int32.max))
        XCTAssertTrue(layout.keepsSpacing)
        let line = "-\t\t x"
        XCTAssertEqual(layout.spaces(in: line.utf8.span), 8)
        // A layout is made for every item of a document, and all are held at once.
        XCTAssertEqual(MemoryLayout<ItemLayout>.stride, 32)
    }
}
