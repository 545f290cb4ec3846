import TodoKit
import XCTest

/// Text decoded in place, as a file is read straight into a string, is checked as decoded bytes are.
final class SourceDecoderFillTests: XCTestCase {
    private func decodeInPlace(_ bytes: [UInt8]) -> Result<String, Diagnostic>? {
        SourceDecoder.decode(capacity: bytes.count + 1) { buffer in
            _ = buffer.initialize(from: bytes)
            return bytes.count
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
