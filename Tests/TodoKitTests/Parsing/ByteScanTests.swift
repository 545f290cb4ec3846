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

    func testTheNextLineBreakIsTheFirstLFOrCRFromWhereTheSearchStarts() {
        // Every start in buffers around the 16-byte steps, with line breaks sparse, dense and absent, and bytes
        // of every value beside them (a colon, bytes below 14, bytes of 128 and above).
        for (seed, length) in [0, 1, 15, 16, 17, 31, 32, 33, 47, 64, 100, 257].enumerated() {
            for density in [0, 1, 8, 64] {
                var state = UInt64(seed * 97 + density + 1)
                let b: [UInt8] = (0..<length).map { _ in
                    state = state &* 6364136223846793005 &+ 1442695040888963407
                    let roll = Int((state >> 33) % 64)
                    if roll < density { return roll % 2 == 0 ? .newline : .carriageReturn }
                    return UInt8(truncatingIfNeeded: state >> 40)
                }
                b.withUnsafeBufferPointer { buffer in
                    for from in 0...length {
                        let expected = b[from...].firstIndex { $0 == .newline || $0 == .carriageReturn } ?? length
                        let found = buffer.baseAddress.map { ByteScan.nextLineBreak($0, from: from, end: length) } ?? from
                        XCTAssertEqual(found, expected, "from \(from) of \(length) bytes, density \(density)")
                    }
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
            b.withUnsafeBufferPointer { buffer in
                for byte in alphabet.dropLast(2) + [UInt8(ascii: "z")] {
                    for from in 0...length {
                        let expected = b[from...].firstIndex(of: byte) ?? length
                        XCTAssertEqual(ByteScan.next(byte, in: buffer, from: from), expected, "\(byte) from \(from) of \(length)")
                    }
                }
            }
        }
        // Only where the search starts counts.
        let text = Array("a:b:c".utf8)
        text.withUnsafeBufferPointer { XCTAssertEqual(ByteScan.next(UInt8(ascii: ":"), in: $0, from: 2), 3) }
    }
}
