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

    func testPositionsFollowTheirKeysAndEqualKeysKeepTheirOrder() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 3, 2048, 2049, 10_000] {
            // Few distinct keys, so that equal keys are common.
            let keys = (0..<count).map { _ in UInt64.random(in: 0...40, using: &generator) << 40 }
            let (sorted, positions) = RadixSort.sortedWithPositions(keys)
            let expected = keys.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
            XCTAssertEqual(positions.map { Int($0) }, expected, "\(count) keys")
            XCTAssertEqual(sorted, expected.map { keys[$0] })
        }
    }
}
