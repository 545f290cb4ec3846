import Foundation
@testable import TodoKit
import XCTest

/// FORMAT.md 1: a text splits into lines at LF, CRLF and a lone CR, and a document holds its text exactly.
final class LinesTests: XCTestCase {
    /// Each line of `text` as its text and ending: `a/lf`, `b/crlf`…
    private func split(_ text: String) -> [String] {
        let lines = Lines(text)
        return lines.indices.map { "\(lines.text($0))/\(lines.ending($0))" }
    }

    func testLFCRLFAndALoneCREachEndALine() {
        XCTAssertEqual(split("a\nb\r\nc\rd\n"), ["a/lf", "b/crlf", "c/cr", "d/lf"])
        XCTAssertEqual(split("\r\n\n\r\r\n"), ["/crlf", "/lf", "/cr", "/crlf"])
    }

    func testACRFollowedByAnLFIsOneEndingAndAnLFFollowedByACRIsTwo() {
        XCTAssertEqual(split("a\r\nb"), ["a/crlf", "b/none"])
        XCTAssertEqual(split("a\n\rb"), ["a/lf", "/cr", "b/none"])
        XCTAssertEqual(split("a\r\r\nb"), ["a/cr", "/crlf", "b/none"])
    }

    func testTheLastLineMayHaveNoEnding() {
        XCTAssertEqual(split("a\nb"), ["a/lf", "b/none"])
        XCTAssertEqual(split("a"), ["a/none"])
        XCTAssertEqual(split("a\r"), ["a/cr"])
    }

    func testAFinalEndingIsNotAnExtraEmptyLineAndAnEmptyTextHasNoLines() {
        XCTAssertEqual(split("a\n"), ["a/lf"])
        XCTAssertEqual(split("a\n\n"), ["a/lf", "/lf"])
        XCTAssertEqual(split(""), [])
        XCTAssertTrue(Lines("").isEmpty)
    }

    func testAByteOrderMarkIsNoPartOfTheFirstLine() {
        let lines = Lines("\u{FEFF}a\nb")
        XCTAssertTrue(lines.hasByteOrderMark)
        XCTAssertEqual(split("\u{FEFF}a\nb"), ["a/lf", "b/none"])
        XCTAssertEqual(lines.range(0), 3..<4)
        XCTAssertEqual(lines.text, "\u{FEFF}a\nb")
        XCTAssertEqual(split("\u{FEFF}"), [])
        XCTAssertTrue(Lines("\u{FEFF}").hasByteOrderMark)
        // Only at the start of the text: later, U+FEFF is a character of its line.
        XCTAssertFalse(Lines("a\n\u{FEFF}b").hasByteOrderMark)
        XCTAssertEqual(Lines("a\n\u{FEFF}b").text(1), "\u{FEFF}b")
    }

    func testALineIsARangeOfTheTextsBytes() {
        let text = "é\r\nnaïve ✓\n\tx"
        let lines = Lines(text)
        XCTAssertEqual(lines.indices.map(lines.range), [0..<2, 4..<14, 15..<17])
        XCTAssertEqual(lines.indices.map { lines.text($0) }, ["é", "naïve ✓", "\tx"])
        XCTAssertEqual(Array(lines), [Line("é", ending: .crlf), Line("naïve ✓", ending: .lf), Line("\tx", ending: .none)])
        XCTAssertEqual(lines[1].text, "naïve ✓")
        XCTAssertEqual(lines.text, text)
    }

    func testLinesAreEqualWhenTheirBytesAreAndAComposedLetterIsNotADecomposedOne() {
        XCTAssertEqual(Lines("a\r\nb"), Lines("a\r\nb"))
        XCTAssertNotEqual(Lines("a\r\nb"), Lines("a\nb"))
        XCTAssertNotEqual(Lines("café\n"), Lines("cafe\u{301}\n"))
        XCTAssertNotEqual(Line("café"), Line("cafe\u{301}"))
        XCTAssertEqual("café", "cafe\u{301}", "Swift compares strings by canonical equivalence")
        XCTAssertNotEqual(Lines("\u{FEFF}a"), Lines("a"))
    }

    func testTheDominantEndingIsTheMostCommonOne() {
        XCTAssertEqual(Lines("a\r\nb\r\nc\n").dominantEnding, .crlf)
        XCTAssertEqual(Lines("a\rb\rc").dominantEnding, .cr)
        XCTAssertEqual(Lines("a\nb\r\n").dominantEnding, .lf)
        XCTAssertEqual(Lines("a").dominantEnding, .lf)
        XCTAssertEqual(Lines("").dominantEnding, .lf)
    }

    func testADocumentHoldsTheTextItWasReadFromExactly() {
        for text in ["", "\n", "\r", "\r\n", "\u{FEFF}", "\u{FEFF}\u{FEFF}- [ ] a", "- [ ] a", "- [ ] a\n\r\n\r",
                     "# List\r\n- [ ] task\r  note\n\t- [x] sub", "cafe\u{301}\n- [ ] café", "x 2026-01-02 done\r\n(A) b"] {
            XCTAssertTrue(Document(parsing: text).text.utf8.elementsEqual(text.utf8), text.debugDescription)
            XCTAssertTrue(Document(parsing: text, format: .todotxt).text.utf8.elementsEqual(text.utf8), text.debugDescription)
        }
    }

    func testEveryCorpusFileIsTheTextOfItsDocumentAndOfItsLines() throws {
        var checked = 0
        for folder in ["markdown", "todotxt", "xit"] {
            for url in try Corpus.files(in: folder) {
                let bytes = [UInt8](try Data(contentsOf: url))
                guard let text = String(validating: bytes, as: UTF8.self) else { continue }
                let document = Document(parsing: text, format: FileFormat.inferred(fromPath: url.path))
                XCTAssertTrue(document.text.utf8.elementsEqual(bytes), url.lastPathComponent)
                XCTAssertTrue(Array(document.lines).joinedText(byteOrderMark: document.hasByteOrderMark).utf8.elementsEqual(bytes),
                              url.lastPathComponent)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 200)
    }

    func testRandomStringsAreTheTextsOfTheirDocumentsAndOfTheirLines() {
        // Strings of the bytes that matter to splitting (line breaks, a byte order mark, spaces) among others.
        let pieces = ["\n", "\r", "\r\n", "\u{FEFF}", " ", "\t", "a", "- [ ] ", "# ", "é", "e\u{301}", "🚀", "```", "x "]
        var rng = SplitMix64(seed: 0x11E5)
        for number in 0..<3000 {
            let text = (0..<rng.below(24)).map { _ in rng.pick(pieces) }.joined()
            let document = Document(parsing: text, format: rng.chance(50) ? .markdown : .todotxt)
            XCTAssertTrue(document.text.utf8.elementsEqual(text.utf8), "string \(number): \(text.debugDescription)")
            let lines = Array(document.lines)
            XCTAssertTrue(lines.joinedText(byteOrderMark: document.hasByteOrderMark).utf8.elementsEqual(text.utf8),
                          "string \(number): \(text.debugDescription)")
            XCTAssertFalse(lines.contains { $0.text.utf8.contains(.newline) || $0.text.utf8.contains(.carriageReturn) },
                           "string \(number): \(text.debugDescription)")
            XCTAssertEqual(lines.dropLast().filter { $0.ending == .none }.count, 0, "string \(number): \(text.debugDescription)")
        }
    }

    func testRandomDocumentsAreTheTextsTheyWereReadFrom() {
        var generator = RandomTodoDocument(seed: 0x7E_C7)
        for number in 0..<500 {
            let text = generator.make()
            XCTAssertTrue(Document(parsing: text).text.utf8.elementsEqual(text.utf8), "document \(number)")
        }
    }

    // MARK: Lines of a text with some lines rewritten

    /// The lines as a scan finds them: each line's range and ending, and the byte order mark.
    private func shape(_ lines: Lines) -> [String] {
        ["\(lines.hasByteOrderMark)"] + lines.indices.map { "\(lines.range($0))/\(lines.ending($0))" }
    }

    func testLinesRewrittenInPlaceAreTheOriginalsShifted() throws {
        let original = Lines("a\r\nbb\ncc\rd")
        let text = "a\r\nlonger\ncc\rdd"
        let lines = try XCTUnwrap(Lines(text, rewriting: [(1, 6), (3, 2)], of: original))
        XCTAssertEqual(shape(lines), shape(Lines(text)))
        XCTAssertEqual(lines.text(1), "longer")
    }

    func testATextNotMadeByRewritingThoseLinesGetsNoShiftedLines() {
        let original = Lines("a\nb\nc\n")
        XCTAssertNil(Lines("a\nx\nC\n", rewriting: [(1, 1)], of: original), "a line left alone changed")
        XCTAssertNil(Lines("a\nx\ny\nc\n", rewriting: [(1, 3)], of: original), "a rewritten line holds a line break")
        XCTAssertNil(Lines("a\nxy\nc\n", rewriting: [(1, 1)], of: original), "the count is not the line's")
        XCTAssertNil(Lines("a\nb\r\nc\n", rewriting: [(1, 2)], of: original))
        // An empty line would read otherwise: the last line without an ending, an LF line after a lone CR.
        XCTAssertNil(Lines("a\nb\n", rewriting: [(1, 0)], of: Lines("a\nb\nc")))
        XCTAssertNil(Lines("a\r\n", rewriting: [(1, 0)], of: Lines("a\rb\n")))
        XCTAssertNil(Lines("\u{FEFF}a\n", rewriting: [(0, 4)], of: Lines("b\n")), "a first line starting with a byte order mark")
    }

    /// On random texts (LF, CRLF and lone CR endings, byte order marks, empty lines) with random lines rewritten
    /// by random bytes (line breaks and byte order marks among them): wherever the shifted lines are given, they are
    /// the lines a scan of the new text finds; and they are given for many rewrites.
    func testRandomRewrittenLinesAreTheLinesAScanFinds() {
        var rng = SplitMix64(seed: 0x11_4E5)
        let pieces = ["a", "bc", "é", "✓ x", "", " ", "\r", "\n", "\u{FEFF}", "[ ]"]
        let endings = ["\n", "\r\n", "\r", ""]
        var given = 0
        let count = 3_000
        for number in 0..<count {
            var text = Bool.random(using: &rng) && number % 3 == 0 ? "\u{FEFF}" : ""
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                text += (0..<Int.random(in: 0...2, using: &rng)).map { _ in pieces.filter { !$0.contains("\n") && !$0.contains("\r") }.randomElement(using: &rng)! }.joined()
                text += endings.randomElement(using: &rng)!
            }
            let original = Lines(text)
            guard !original.isEmpty else { continue }
            var replaced = Array(original.indices.map { String(original.text($0)) })
            var rewritten: [(index: Int, count: Int)] = []
            for index in original.indices where Int.random(in: 0..<3, using: &rng) == 0 {
                replaced[index] = (0..<Int.random(in: 0...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
                rewritten.append((index, replaced[index].utf8.count))
            }
            let newText = (original.hasByteOrderMark ? "\u{FEFF}" : "")
                + original.indices.map { replaced[$0] + original.ending($0).text }.joined()
            guard let lines = Lines(newText, rewriting: rewritten.shuffled(using: &rng), of: original) else { continue }
            given += 1
            XCTAssertEqual(shape(lines), shape(Lines(newText)), "text \(number): \(text.debugDescription) as \(newText.debugDescription)")
            XCTAssertEqual(lines.text, newText)
        }
        XCTAssertGreaterThan(given, count / 4, "the shifted lines are given for many rewrites")
    }
}
