import TodoKit
import XCTest

/// Text decoded in place, as a file is read straight into a string, is checked as decoded bytes are.
final class SourceDecoderFillTests: XCTestCase {
    /// As a file is read: into a buffer one byte larger than the file. The spare byte holds an invalid one,
    /// so that reading past the text would be noticed.
    private func decodeInPlace(_ bytes: [UInt8]) -> Result<String, Diagnostic>? {
        SourceDecoder.decode(capacity: bytes.count + 1) { buffer in
            _ = buffer.initialize(from: bytes)
            buffer[bytes.count] = 0xFF
            return bytes.count
        }
    }

    func testASCIIOfEveryLengthDecodesInPlace() throws {
        // ASCII is checked many bytes at a time: every length ends a block in a different place.
        for count in 0..<100 {
            let text = String(repeating: "a", count: count)
            XCTAssertEqual(try decodeInPlace(Array(text.utf8))?.get(), text, "\(count) bytes")
        }
    }

    func testANulOrInvalidByteAnywhereInALongASCIIRunIsFoundInPlace() {
        let ascii = Array(repeating: UInt8(ascii: "a"), count: 100)
        for position in 0..<ascii.count {
            for bad: UInt8 in [0, 0x80, 0xFF] {
                var bytes = ascii
                bytes[position] = bad
                guard case .failure(let expected) = SourceDecoder.decode(bytes) else { return XCTFail("\(bytes) decoded") }
                guard case .failure(let found)? = decodeInPlace(bytes) else { return XCTFail("byte \(bad) at \(position) decoded in place") }
                XCTAssertEqual(found, expected)
            }
            var valid = ascii
            valid.replaceSubrange(position..<(position + 1), with: Array("é".utf8))
            XCTAssertNotNil(try? decodeInPlace(valid)?.get(), "é at \(position)")
        }
    }

    func testValidTextDecodesInPlaceAsItDoesFromBytes() throws {
        for text in ["", "a", "- [ ] ä task with a long enough body\r\n\tnote ✓\n", String(repeating: "x😀 ", count: 100)] {
            XCTAssertEqual(try decodeInPlace(Array(text.utf8))?.get(), text)
        }
    }

    func testANulByteOrInvalidUTF8InPlaceIsReportedWhereDecodingBytesReportsIt() {
        let cases: [[UInt8]] = [
            Array("abc\ndefghijkl\0mn".utf8),
            Array("abcdefghijklmnopq\r\nxy".utf8) + [0xC3, 0x28],
            [0xEF, 0xBB, 0xBF] + Array("ok\n".utf8) + [0xED, 0xA0, 0x80],
            Array("12345678".utf8) + [0xF5, 0x80, 0x80, 0x80],
        ]
        for bytes in cases {
            guard case .failure(let expected) = SourceDecoder.decode(bytes) else { return XCTFail("\(bytes) decoded") }
            guard case .failure(let found)? = decodeInPlace(bytes) else { return XCTFail("\(bytes) decoded in place") }
            XCTAssertEqual(found, expected)
        }
    }

    func testDecodingInPlaceGivesUpWhenTheFillDoes() {
        XCTAssertNil(SourceDecoder.decode(capacity: 4) { _ in nil })
    }
}
