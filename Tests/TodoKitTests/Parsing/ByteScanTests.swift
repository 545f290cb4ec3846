@testable import TodoKit
import XCTest

final class ByteScanTests: XCTestCase {
    /// A deterministic mix of text bytes with LF, CR and CRLF, `count` bytes long.
    private func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            switch state >> 58 {
            case 0...2: return .newline
            case 3: return .carriageReturn
            default: return UInt8(truncatingIfNeeded: 32 + (state >> 33) % 90)
            }
        }
    }

    func testLineBreaksAreCountedAsOneByteAtATimeWouldCountThem() {
        // Lengths around the 32-byte blocks and the 255-block batches, and a batch's worth of line breaks.
        let lengths = [0, 1, 31, 32, 33, 63, 64, 65, 255 * 32 - 1, 255 * 32, 255 * 32 + 1, 3 * 255 * 32 + 17, 100_003]
        for (seed, length) in lengths.enumerated() {
            let b = bytes(length, seed: UInt64(seed + 1))
            let expected = (lf: b.filter { $0 == .newline }.count, cr: b.filter { $0 == .carriageReturn }.count)
            let counted = b.withUnsafeBufferPointer { ByteScan.countLineBreaks($0) }
            XCTAssertEqual(counted.lf, expected.lf, "LF in \(length) bytes")
            XCTAssertEqual(counted.cr, expected.cr, "CR in \(length) bytes")
        }
        let allBreaks = [UInt8](repeating: .newline, count: 255 * 32 * 2 + 5)
        XCTAssertEqual(allBreaks.withUnsafeBufferPointer { ByteScan.countLineBreaks($0) }.lf, allBreaks.count)
    }
}
