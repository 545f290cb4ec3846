import Dispatch
@testable import TodoKit
import XCTest

/// Formatting a Markdown file a section at a time gives what formatting the whole document gives: the same
/// bytes, the same diagnostics and list-cap warnings, whichever headings the sections start at.
final class SectionedFormattingTests: XCTestCase {
    /// Formats `text` with a section at every top-level heading (and with the usual long sections), and checks
    /// the result against the whole document's; returns whether the sections gave an answer.
    @discardableResult
    private func assertFormatsAsTheWhole(_ text: String, _ name: String, sortedBy keys: [SortKey]? = nil,
                                         file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let document = Document(parsing: text)
        let whole = Formatter.format(document, options: FormatOptions(sortKeys: keys)).text
        var answered = true
        // Whole, and in halves (the second run first, then after the first).
        let ways: [(minimumLines: Int, bothAtOnce: SectionedFormatting.BothAtOnce?)] = [
            (1, nil), (SectionedReadBack.sectionLines, nil),
            (1, { first, second in first(); second() }), (1, { first, second in second(); first() }),
        ]
        for (minimumLines, bothAtOnce) in ways {
            guard let sections = SectionedFormatting(markdown: text, sortedBy: keys, minimumLines: minimumLines, halvesFrom: 0,
                                                     bothAtOnce: bothAtOnce) else {
                answered = false
                continue
            }
            XCTAssertEqual(sections.text.text, whole, "\(name), sections of \(minimumLines)+ lines, sorted by \(keys ?? []), "
                           + "halves \(bothAtOnce != nil) (taken: \(sections.wasDoneInHalves))", file: file, line: line)
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

    /// Sorts of every kind but tag keys (which are left to the whole file).
    private let sorts: [[SortKey]] = [
        SortKey.defaultOrder,
        try! SortKey.parseList("status,-created,due,text"),
        try! SortKey.parseList("-priority,completed,t,project,context"),
    ]

    func testCorpusFilesSortAsTheWhole() throws {
        for url in try Corpus.files(in: "markdown") {
            let text = try String(contentsOf: url, encoding: .utf8)
            for keys in sorts {
                XCTAssertTrue(assertFormatsAsTheWhole(text, url.lastPathComponent, sortedBy: keys), "\(url.lastPathComponent) \(keys)")
                let sorted = Formatter.format(Document(parsing: text), options: FormatOptions(sortKeys: keys)).text
                XCTAssertEqual(SectionedFormatting(markdown: sorted, sortedBy: keys, minimumLines: 1)?.isUnchanged, true,
                               "\(url.lastPathComponent) \(keys)")
            }
        }
    }

    func testRandomDocumentsSortAsTheWhole() {
        var generator = RandomTodoDocument(seed: 0x50E7_5EC7)
        var answered = 0
        for number in 0..<300 {
            let text = generator.make()
            let keys = sorts[number % sorts.count]
            if assertFormatsAsTheWhole(text, "document \(number)", sortedBy: keys) { answered += 1 }
        }
        XCTAssertGreaterThan(answered, 280)
    }

    func testSortedSectionsMoveTasksWithTheirNotesAndSubtasksAndKeepTheirEndings() {
        let texts = [
            "# A\n- [x] done\n  note\n- [ ] (B) b\n  - [ ] sub 2 due:2026-03-01\n  - [ ] sub 1 due:2026-02-01\n- [ ] (A) a\n# B\n- [x] z\n- [ ] y\n",
            // Ordered items are renumbered; a run ends at a plain item; the last line has no ending.
            "# A\n1. [ ] (C) c\n2. [ ] (A) a\n- plain\n- [x] x\n- [ ] o\n## B\n9. [x] x\n10. [ ] o",
            "# A\r\n- [x] x\r\n- [ ] o\r\n# B\r\n* [x] x\n* [ ] (A) o",
        ]
        for (number, text) in texts.enumerated() {
            XCTAssertTrue(assertFormatsAsTheWhole(text, "text \(number)", sortedBy: SortKey.defaultOrder), "text \(number)")
            XCTAssertNotEqual(Formatter.format(Document(parsing: text), options: FormatOptions(sortKeys: SortKey.defaultOrder)).text,
                              Formatter.format(Document(parsing: text)).text, "text \(number) is sorted")
        }
    }

    /// Runs both pieces of work on two threads at once.
    private let onTwoThreads: SectionedFormatting.BothAtOnce = { first, second in
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group, execute: first)
        second()
        group.wait()
    }

    func testLargerRandomDocumentsFormatAndSortInHalvesAsTheWhole() {
        var generator = RandomTodoDocument(seed: 0x4A1F_E5)
        var taken = 0
        for number in 0..<60 {
            // Random documents one after another, each under a top-level heading of its own.
            var text = ""
            for part in 0..<12 { text += "# Part \(part)\n" + generator.make() + "\n" }
            for keys in [nil] + sorts.prefix(2).map(Optional.some) {
                let whole = Formatter.format(Document(parsing: text), options: FormatOptions(sortKeys: keys)).text
                guard let halves = SectionedFormatting(markdown: text, sortedBy: keys, minimumLines: 1, halvesFrom: 0,
                                                       bothAtOnce: onTwoThreads) else { continue }
                XCTAssertEqual(halves.text.text, whole, "document \(number), sorted by \(keys ?? [])")
                if halves.wasDoneInHalves { taken += 1 }
            }
        }
        // A part may leave a fence or comment open over the heading the second half would start at, and the
        // halves of a file of mixed line endings may have different dominant ones.
        XCTAssertGreaterThan(taken, 90)
    }

    func testALargeFileIsFormattedAndSortedInHalvesOnTwoThreads() {
        var text = "---\ntitle: x\n---\n"
        for list in 0..<1000 {
            text += "# List \(list)\n"
            for task in 0..<20 { text += "* [\(task % 3 == 0 ? "X" : " ")] (\(["A", "C", "B"][task % 3])) task \(list).\(task)  \n  note\n" }
        }
        XCTAssertGreaterThan(text.utf8.count, SectionedFormatting.bytesForHalves)
        for keys in [nil, SortKey.defaultOrder] {
            let whole = Formatter.format(Document(parsing: text), options: FormatOptions(sortKeys: keys))
            let halves = SectionedFormatting(markdown: text, sortedBy: keys, bothAtOnce: onTwoThreads)
            XCTAssertEqual(halves?.wasDoneInHalves, true)
            XCTAssertEqual(halves?.text.text, whole.text)
            XCTAssertEqual(halves?.diagnostics, Document(parsing: text).diagnostics)
        }
    }

    func testASecondHalfThatCannotStartWhereItWouldIsFormattedAfterTheFirst() {
        // The lines the second half would take its carry from start inside a fence; a list cap in the second
        // half names its list by the headings above it. Either way the second half is formatted after the first.
        let fenced = "# A\n- [ ] a\n```\n" + String(repeating: "# not a heading\n", count: 40) + "```\n"
            + "# B\n" + String(repeating: "- [ ] b\n", count: 60)
        let capped = "# Z\n" + String(repeating: "- [ ] z\n", count: 50) + "# A\n" + String(repeating: "- [ ] a\n", count: 10)
            + "## B\n<!-- todofmt: limit=1 -->\n" + String(repeating: "- [ ] b\n", count: 40)
        let uncapped = capped.replacingOccurrences(of: "limit=1", with: "a comment")
        XCTAssertEqual(SectionedFormatting(markdown: uncapped, minimumLines: 1, halvesFrom: 0, bothAtOnce: onTwoThreads)?.wasDoneInHalves, true)
        // Front matter whose YAML comments look like headings, running past the middle of the file.
        let frontMatter = "---\n" + String(repeating: "# a comment\nkey: value\n", count: 30) + "---\n# A\n"
            + String(repeating: "* [ ] a\n", count: 20)
        for text in [fenced, capped, frontMatter] {
            let halves = SectionedFormatting(markdown: text, minimumLines: 1, halvesFrom: 0, bothAtOnce: onTwoThreads)
            XCTAssertEqual(halves?.wasDoneInHalves, false)
            XCTAssertEqual(halves?.text.text, Formatter.format(Document(parsing: text)).text)
            XCTAssertEqual(halves?.limitViolations, ListLimit.violations(in: Document(parsing: text)))
        }
    }

    func testASecondHalfHoldsOnlyAfterAFirstHalfThatLeavesWhatItStartedFrom() {
        var carry = BlankLines.Carry(startingWith: Document(parsing: "# A\n"))
        carry.atStart = false
        var other = carry
        other.endsWithKeptBlank = true
        let headings: [(level: Int, title: String)] = [(1, "Home"), (2, "Garden")]
        func holds(_ left: BlankLines.Carry = carry, _ fileEnding: LineEnding = .lf,
                   _ output: [(level: Int, title: String)] = headings) -> Bool {
            SectionedFormatting.secondHalfHolds(from: carry, ending: .lf, after: left, fileEnding: fileEnding,
                                                headings: headings, outputHeadings: output)
        }
        XCTAssertTrue(holds())
        XCTAssertFalse(holds(other))
        XCTAssertFalse(holds(carry, .crlf))
        XCTAssertFalse(holds(carry, .lf, [(1, "Home"), (3, "Garden")]))
        XCTAssertFalse(holds(carry, .lf, [(1, "Home"), (2, "Gardens")]))
        XCTAssertFalse(holds(carry, .lf, [(1, "Home")]))
    }

    func testASectionReadWithoutTheHeadingsAboveMustKeepItsHeadings() {
        // Without the headings above, `## B` and `### B` both hold the list "B" (the first would close a `##`
        // heading above, the second not): such a section's headings are compared too.
        let text = "## B\n- [ ] b\n"
        var open = false
        let section = Document(markdownLines: Document(parsing: text).lines, reusing: nil, leavesBlockOpen: &open)
        func readsBack(_ after: String, keepingHeadings: Bool) -> Bool {
            var headings: [(level: Int, title: String)] = []
            var formatted = Document(parsing: after)
            return SectionedFormatting.readsBack(&formatted, leavesBlockOpen: false, as: section, partners: nil,
                                                 isLast: false, keepingHeadings: keepingHeadings, headings: &headings)
        }
        XCTAssertTrue(readsBack("### B\n- [ ] b\n", keepingHeadings: false))
        XCTAssertFalse(readsBack("### B\n- [ ] b\n", keepingHeadings: true))
        XCTAssertTrue(readsBack("## B\n\n- [ ] b\n", keepingHeadings: true))
    }

    func testATagKeySortIsLeftToTheWhole() throws {
        // `size:` is compared as numbers only when every task's value is one, whichever section it is in.
        let text = "# A\n- [ ] a size:10\n- [ ] b size:9\n# B\n- [ ] c size:x\n"
        XCTAssertNil(SectionedFormatting(markdown: text, sortedBy: try SortKey.parseList("size"), minimumLines: 1))
        XCTAssertNotNil(SectionedFormatting(markdown: text, sortedBy: try SortKey.parseList("status,text"), minimumLines: 1))
    }

    func testASectionWhoseRunsCannotAllBeReorderedIsLeftToTheWhole() {
        // The fence inside b is never closed: put last, it would take the blank line after it. Sorting the
        // whole file leaves that run as written and sorts the others; here the section gives no answer.
        let text = "# A\n- [ ] (B) b\n  ```\n  code\n- [ ] (A) a\n\n- [ ] (D) d\n- [ ] (C) c\n"
        XCTAssertNil(SectionedFormatting(markdown: text, sortedBy: SortKey.defaultOrder, minimumLines: 1))
        XCTAssertFalse(assertFormatsAsTheWhole(text, "unsettled", sortedBy: SortKey.defaultOrder))
        XCTAssertTrue(assertFormatsAsTheWhole(text, "unsettled, unsorted"))
    }

    func testASortedSectionIsComparedTaskByTaskWithWhereEachCameFrom() {
        let text = "# A\n- [ ] b\n  note\n- [ ] a\n  - [ ] sub\n"
        var open = false
        let section = Document(markdownLines: Document(parsing: text).lines, reusing: nil, leavesBlockOpen: &open)
        func readsBack(_ after: String, partners: [Int32]) -> Bool {
            var headings: [(level: Int, title: String)] = []
            var formatted = Document(parsing: after)
            return SectionedFormatting.readsBack(&formatted, leavesBlockOpen: false, as: section, partners: partners,
                                                 isLast: false, keepingHeadings: false, headings: &headings)
        }
        let sorted = "# A\n- [ ] a\n  - [ ] sub\n- [ ] b\n  note\n"
        // Tasks b, a, sub are now on the lines of tasks 2, 0, 1.
        XCTAssertTrue(readsBack(sorted, partners: [2, 0, 1]))
        XCTAssertFalse(readsBack(sorted, partners: [0, 1, 2]))
        XCTAssertFalse(readsBack(sorted.replacingOccurrences(of: "note", with: "notes"), partners: [2, 0, 1]))
        // The subtask moved out from under its parent.
        XCTAssertFalse(readsBack("# A\n- [ ] a\n- [ ] sub\n- [ ] b\n  note\n", partners: [2, 0, 1]))
        XCTAssertFalse(readsBack(sorted.replacingOccurrences(of: "# A", with: "# B"), partners: [2, 0, 1]))

        let unsorted = Document(parsing: text), reordered = Document(parsing: sorted)
        XCTAssertEqual(SectionedFormatting.partners(of: unsorted, in: reordered, source: [0, 3, 4, 1, 2]), [2, 0, 1])
        XCTAssertNil(SectionedFormatting.partners(of: unsorted, in: reordered, source: [0, 3, 3, 1, 2]))
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
            var leavesBlockOpen = false
            var formatted = Document(markdownLines: Document(parsing: after).lines, reusing: nil, leavesBlockOpen: &leavesBlockOpen)
            return SectionedFormatting.readsBack(&formatted, leavesBlockOpen: leavesBlockOpen, as: section, partners: nil,
                                                 isLast: isLast, keepingHeadings: false, headings: &headings)
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
