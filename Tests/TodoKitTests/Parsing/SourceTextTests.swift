import TodoKit
import XCTest

/// FORMAT.md 1: files are UTF-8; every byte, line ending and byte order mark is kept.
final class SourceTextTests: XCTestCase {
    func testEachLineKeepsItsOwnEnding() {
        let text = "a\r\nb\nc\rd"
        let doc = markdown(text)
        XCTAssertEqual(Array(doc.lines), [Line("a", ending: .crlf), Line("b", ending: .lf), Line("c", ending: .cr), Line("d", ending: .none)])
        XCTAssertEqual(doc.text, text)
    }

    func testAFinalNewlineIsNotAnExtraEmptyLine() {
        XCTAssertEqual(Array(markdown("a\n").lines), [Line("a", ending: .lf)])
        XCTAssertEqual(Array(markdown("a\n\n").lines), [Line("a", ending: .lf), Line("", ending: .lf)])
        XCTAssertEqual(Array(markdown("").lines), [])
    }

    func testCRLFFilesParseLikeLFFiles() {
        let doc = markdown("# List\r\n- [ ] Task\r\n  note\r\n\t- [x] Sub\r\n")
        XCTAssertEqual(doc.taskOutline, """
        L2 [ ] Task
          | note
          L4 [x] Sub
        """)
        XCTAssertEqual(doc.list(of: 0), ["List"])
        XCTAssertEqual(doc.text, "# List\r\n- [ ] Task\r\n  note\r\n\t- [x] Sub\r\n")
    }

    func testAByteOrderMarkIsKeptAndIsNotPartOfTheFirstLine() {
        let text = "\u{FEFF}# List\n- [ ] Task\n"
        let doc = markdown(text)
        XCTAssertTrue(doc.hasByteOrderMark)
        XCTAssertEqual(doc.lines.first?.text, "# List")
        XCTAssertEqual(doc.headings.map(\.title), ["List"])
        XCTAssertEqual(doc.text, text)
        XCTAssertEqual(Array(doc.text.utf8.prefix(3)), [0xEF, 0xBB, 0xBF])
    }

    func testAByteOrderMarkDoesNotHideTheFirstTodoTxtTasksPrefix() {
        let task = todoTxtTask("\u{FEFF}x 2026-01-02 done")
        XCTAssertEqual(task.status, .done)
    }

    func testLinesAreNumberedFromOne() {
        let doc = todotxt("a\n\nb\n")
        XCTAssertEqual(doc.tasks.map(\.line), [1, 3])
    }

    func testValidUTF8DecodesToTheSameText() throws {
        let bytes = Array("é ✓ 𝄞\r\n".utf8)
        XCTAssertEqual(try SourceDecoder.decode(bytes).get(), "é ✓ 𝄞\r\n")
    }

    func testInvalidUTF8IsAnErrorAtItsLineAndByteColumn() {
        let bytes = Array("ok\nab".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        XCTAssertEqual(decodeError(bytes), "2:3: error: invalid UTF-8 (byte 0xC3): the file must be UTF-8 text")
    }

    func testOverlongAndSurrogateEncodingsAreInvalid() {
        XCTAssertEqual(decodeError([0x41, 0xC0, 0x80]), "1:2: error: invalid UTF-8 (byte 0xC0): the file must be UTF-8 text")
        XCTAssertEqual(decodeError([0xED, 0xA0, 0x80]), "1:1: error: invalid UTF-8 (byte 0xED): the file must be UTF-8 text")
    }

    func testATruncatedSequenceAtTheEndIsInvalid() {
        XCTAssertEqual(decodeError(Array("x\r\n✓".utf8.dropLast())), "2:1: error: invalid UTF-8 (byte 0xE2): the file must be UTF-8 text")
    }

    func testDecodingErrorsCountLinesAndColumnsAsTheDocumentDoes() {
        // A lone CR ends a line, and the byte order mark is not part of the first line's columns.
        XCTAssertEqual(decodeError(Array("a\rb".utf8) + [0xFF]), "2:2: error: invalid UTF-8 (byte 0xFF): the file must be UTF-8 text")
        XCTAssertEqual(decodeError([0xEF, 0xBB, 0xBF, 0x61, 0xFF]), "1:2: error: invalid UTF-8 (byte 0xFF): the file must be UTF-8 text")
    }

    func testANulByteIsAnError() {
        XCTAssertEqual(decodeError(Array("a\nb\0c".utf8)), "2:2: error: NUL byte: not a text file")
    }

    func testTextOfEveryLengthDecodesToItself() throws {
        for count in 0..<100 {
            let text = String(repeating: "a", count: count)
            XCTAssertEqual(try SourceDecoder.decode(Array(text.utf8)).get(), text, "\(count) bytes")
        }
        for text in ["\u{FEFF}- [ ] ä task with a long enough body\r\n\tnote ✓\n", String(repeating: "x😀 ", count: 100)] {
            XCTAssertEqual(try SourceDecoder.decode(Array(text.utf8)).get(), text)
        }
    }

    func testANulOrInvalidByteAnywhereInALongLineIsFoundAtItsColumn() {
        let ascii = Array(repeating: UInt8(ascii: "a"), count: 100)
        for position in ascii.indices {
            for bad: UInt8 in [0x80, 0xFF] {
                var bytes = ascii
                bytes[position] = bad
                let hex = String(bad, radix: 16, uppercase: true)
                XCTAssertEqual(decodeError(bytes), "1:\(position + 1): error: invalid UTF-8 (byte 0x\(hex)): the file must be UTF-8 text")
            }
            var nul = ascii
            nul[position] = 0
            XCTAssertEqual(decodeError(nul), "1:\(position + 1): error: NUL byte: not a text file")
            var valid = ascii
            valid.replaceSubrange(position..<(position + 1), with: Array("é".utf8))
            XCTAssertNil(decodeError(valid), "é at \(position)")
        }
    }

    private func decodeError(_ bytes: [UInt8]) -> String? {
        if case .failure(let diagnostic) = SourceDecoder.decode(bytes) { return diagnostic.description }
        return nil
    }
}
