@testable import TodoKit
import XCTest

/// Packed sort keys of large runs are sorted by their bits.
final class RadixSortTests: XCTestCase {
    func testLargeArraysComeOutInAscendingOrder() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 2048, 2049, 10_000] {
            for highBits in [UInt64.max, 0xFFFF_FFFF, 0x3FF] {
                let values = (0..<count).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) & highBits }
                var sorted = values
                RadixSort.sort(&sorted)
                XCTAssertEqual(sorted, values.sorted(), "\(count) values under \(highBits)")
            }
        }
    }
}
