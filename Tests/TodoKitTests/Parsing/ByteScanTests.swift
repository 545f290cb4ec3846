@testable import TodoKit
import XCTest

/// The byte searches the parsers read text with find what a search of the array finds.
final class ByteScanTests: XCTestCase {
    func testTheNextLineBreakIsTheFirstLFOrCRFromWhereTheSearchStarts() {
        // Every start, with line breaks sparse, dense and absent, and bytes of every value beside them.
        for (seed, length) in [0, 1, 15, 16, 17, 31, 32, 33, 47, 64, 100, 257].enumerated() {
            for density in [0, 1, 8, 64] {
                var state = UInt64(seed * 97 + density + 1)
                let b: [UInt8] = (0..<length).map { _ in
                    state = state &* 6364136223846793005 &+ 1442695040888963407
                    let roll = Int((state >> 33) % 64)
                    if roll < density { return roll % 2 == 0 ? .newline : .carriageReturn }
                    return UInt8(truncatingIfNeeded: state >> 40)
                }
                let span = b.span
                for from in 0...length {
                    let expected = b[from...].firstIndex { $0 == .newline || $0 == .carriageReturn } ?? length
                    XCTAssertEqual(span.nextLineBreak(from: from), expected, "from \(from) of \(length) bytes, density \(density)")
                }
            }
        }
    }

    func testTheNextByteIsTheFirstOfItsValueFromWhereTheSearchStarts() {
        for (seed, length) in [0, 1, 15, 16, 17, 31, 32, 33, 48, 100, 257].enumerated() {
            var state = UInt64(seed + 11)
            // Bytes from a small alphabet, so that every value searched for turns up at every distance.
            let alphabet: [UInt8] = [UInt8(ascii: ":"), 0x00, 0xBA, 0xFF, UInt8(ascii: "a"), .space]
            let b: [UInt8] = (0..<length).map { _ in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return alphabet[Int((state >> 33) % 6)]
            }
            let span = b.span
            for byte in alphabet.dropLast(2) + [UInt8(ascii: "z")] {
                for from in 0...length {
                    let expected = b[from...].firstIndex(of: byte) ?? length
                    XCTAssertEqual(span.firstIndex(of: byte, from: from), expected, "\(byte) from \(from) of \(length)")
                }
            }
        }
        // Only where the search starts counts.
        let text = "a:b:c"
        XCTAssertEqual(text.utf8.span.firstIndex(of: UInt8(ascii: ":"), from: 2), 3)
    }

    func testSpacesAndTabsAreSkippedAndTrimmed() {
        let text = " \t a b \t"
        let span = text.utf8.span
        XCTAssertEqual(span.skippingSpaces(from: 0), 3)
        XCTAssertEqual(span.skippingSpaces(from: 4), 5)
        XCTAssertEqual(span.trimmedEnd(), 6)
        XCTAssertEqual(span.trimmedEnd(from: 7), 7)
        XCTAssertFalse(span.isBlank)
        let blank = " \t"
        XCTAssertTrue(blank.utf8.span.isBlank)
    }
}
