@testable import TodoKit
import XCTest

/// Formatting a Markdown file a section at a time gives what formatting the whole document gives: the same
/// bytes, the same diagnostics and list-cap warnings, whichever headings the sections start at.
final class SectionedFormattingTests: XCTestCase {
    /// Formats `text` with a section at every top-level heading (and with the usual long sections), and checks
    /// the result against the whole document's; returns whether the sections gave an answer.
    @discardableResult
    private func assertFormatsAsTheWhole(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let document = Document(parsing: text)
        let whole = Formatter.format(document).text
        var answered = true
        for minimumLines in [1, SectionedReadBack.sectionLines] {
            guard let sections = SectionedFormatting(markdown: text, minimumLines: minimumLines) else {
                answered = false
                continue
            }
            XCTAssertEqual(sections.text.text, whole, "\(name), sections of \(minimumLines)+ lines", file: file, line: line)
            XCTAssertEqual(sections.isUnchanged, whole == text, "\(name)", file: file, line: line)
            XCTAssertEqual(sections.diagnostics, document.diagnostics, "\(name)", file: file, line: line)
            XCTAssertEqual(sections.limitViolations, ListLimit.violations(in: document), "\(name)", file: file, line: line)
        }
        return answered
    }

    func testCorpusFilesAndTheirFormattedFormsFormatAsTheWhole() throws {
        for url in try Corpus.files(in: "markdown") {
            let text = try String(contentsOf: url, encoding: .utf8)
            XCTAssertTrue(assertFormatsAsTheWhole(text, url.lastPathComponent), url.lastPathComponent)
            let formatted = Formatter.format(Document(parsing: text)).text
            XCTAssertTrue(assertFormatsAsTheWhole(formatted, "formatted \(url.lastPathComponent)"))
            XCTAssertEqual(SectionedFormatting(markdown: formatted, minimumLines: 1)?.isUnchanged, true, url.lastPathComponent)
        }
    }

    func testRandomDocumentsFormatAsTheWhole() {
        var generator = RandomTodoDocument(seed: 0x5EC7_F0A7)
        var answered = 0
        for number in 0..<500 {
            let text = generator.make()
            if assertFormatsAsTheWhole(text, "document \(number)") { answered += 1 }
            assertFormatsAsTheWhole(Formatter.format(Document(parsing: text)).text, "formatted document \(number)")
        }
        // Only a document whose output starts with `---` is left to the whole.
        XCTAssertGreaterThan(answered, 490)
    }

    func testBlankLinesAroundTheHeadingsSectionsStartAt() {
        let texts = [
            // Blank lines before a heading: none, one, several, with spaces; trailing whitespace on the last line.
            "# A\n- [ ] a\n# B\n- [ ] b\n\n# C\n- [ ] c\n\n\n  \n# D\n- [ ] d  \n",
            // A heading right after a heading, after front matter, and with blank lines before the first one.
            "\n\n# A\n# B\n\n\n# C\n",
            "---\ntitle: x\n---\n# A\n- [ ] a\n",
            // A list item's fence open up to the heading (no blank line is added inside it).
            "# A\n- [ ] a\n  ```\n  code\n# B\n- [ ] b\n",
            // A fence and a comment at the top level holding heading lines.
            "# A\n```\n# not a heading\n```\n# B\n<!--\n# C\n-->\n# D\n",
            // CRLF dominant with an LF line, a lone CR; no final newline.
            "# A\r\n- [ ] a\r\n# B\n- [ ] b\r\n# C\r- [ ] c",
            // Setext headings do not start sections; headings going down and back up; a byte order mark.
            "\u{FEFF}# One\n## Two\n- [ ] a\nThree\n=====\n- [ ] b\n### Four\n- [ ] c\n# Five\n",
            // Already canonical.
            "# A\n\n- [ ] a\n\n# B\n\n- [ ] b\n",
            "", "\n\n", "# A", "- [ ] only a task",
        ]
        for (number, text) in texts.enumerated() {
            XCTAssertTrue(assertFormatsAsTheWhole(text, "text \(number)"), "text \(number)")
        }
    }

    func testAnOutputThatWouldStartLikeFrontMatterIsLeftToTheWhole() {
        // Without its leading blank line the output would start `---`, and a later `---` would close it.
        let text = "\n---\n- [ ] a\n# B\n---\n"
        XCTAssertNil(SectionedFormatting(markdown: text, minimumLines: 1))
        XCTAssertNotNil(SectionedFormatting(markdown: text, minimumLines: 100))
        assertFormatsAsTheWhole(text, "front matter look-alike")
    }

    func testDiagnosticsAndListCapsOfLaterSectionsKeepTheirLines() {
        let text = "# A\n- [ ] a due:2026-02-30\n# B\n<!-- todofmt: limit=1 -->\n- [ ] b\n- [?] c\n- [ ] d t:x\n"
        let sections = SectionedFormatting(markdown: text, minimumLines: 1)
        let diagnostics = Document(parsing: text).diagnostics
        XCTAssertTrue(diagnostics.contains { $0.line == 6 }, "\(diagnostics)")
        XCTAssertEqual(sections?.diagnostics, diagnostics)
        XCTAssertEqual(sections?.limitViolations.map(\.line), [4])
        assertFormatsAsTheWhole(text, "diagnostics")
    }

    func testASectionWhoseOutputMeansSomethingElseOrLeavesABlockOpenIsFound() {
        let text = "# Home\n- [ ] fix the tap\n  washer\n  - [x] buy parts\n"
        var open = false
        let section = Document(markdownLines: Document(parsing: text).lines, reusing: nil, leavesBlockOpen: &open)
        func readsBack(_ after: String, isLast: Bool = false) -> Bool {
            var headings: [(level: Int, title: String)] = []
            return SectionedFormatting.readsBack(Document(parsing: after).lines, as: section, from: text, isLast: isLast,
                                                 headings: &headings)
        }
        XCTAssertTrue(readsBack(text))
        XCTAssertTrue(readsBack("# Home\n\n* [ ] fix the tap\n  washer\n  + [X] buy parts\n"))
        XCTAssertFalse(readsBack(text.replacingOccurrences(of: "washer", with: "washers")))
        XCTAssertFalse(readsBack(text.replacingOccurrences(of: "  - [x]", with: "- [x]")))
        XCTAssertFalse(readsBack(text.replacingOccurrences(of: "# Home", with: "# House")))
        XCTAssertFalse(readsBack(text.replacingOccurrences(of: "[x]", with: "[ ]")))
        // A fence left open would hold the next section's heading; at the end of the file it holds nothing.
        XCTAssertFalse(readsBack(text + "```\n"))
        XCTAssertTrue(readsBack(text + "```\n", isLast: true))
    }

    func testALargeFileIsFormattedInManySections() {
        var text = ""
        for list in 0..<100 {
            text += "## List \(list)\n"
            for task in 0..<30 { text += "* [X] task \(list).\(task)  \n  note\n" }
        }
        XCTAssertGreaterThan(SectionedReadBack.sectionStarts(Document(parsing: text).lines, minimumLines: 1024).count, 4)
        XCTAssertTrue(assertFormatsAsTheWhole(text, "large"))
    }
}
