@testable import TodoKit
import XCTest

/// Safe mode reads back only the stretches of a section the canonical form changed: the lines from a line that
/// starts afresh on read as they do in the whole document, and the partial read-back never passes an output
/// that reading the whole section back finds different.
final class PartialReadBackTests: XCTestCase {
    /// A document read from its lines, as a section is.
    private func section(_ text: String) -> Document {
        var open = false
        return Document(markdownLines: Document(parsing: text).lines, reusing: nil, leavesBlockOpen: &open)
    }

    /// The structure of `document` from line `first` on, numbered from there: roles, items, tasks (status,
    /// checkbox, body, notes, parent, depth, heading) and headings (level, title).
    private func structure(of document: Document, from first: Int = 0) -> [String] {
        let firstItem = document.items.firstIndex { $0.line > first } ?? document.items.count
        let firstTask = document.tasks.firstIndex { $0.line > first } ?? document.tasks.count
        let firstHeading = document.headings.firstIndex { $0.line > first } ?? document.headings.count
        func shifted(_ index: Int?, by offset: Int) -> Int { index.map { $0 - offset } ?? -1 }
        var out: [String] = []
        for line in first..<document.lines.count {
            out.append("line \(line - first): \(document.roles[line].kind) item \(shifted(document.roles[line].item, by: firstItem))")
        }
        for (index, item) in document.items.enumerated().dropFirst(firstItem) {
            out.append("item \(index - firstItem): L\(item.line - first)-\(item.endLine - first) \(item.indent) \(item.contentColumn) "
                       + "\(item.marker) parent \(shifted(item.parent, by: firstItem)) task \(shifted(item.task, by: firstTask))")
        }
        for (index, task) in document.tasks.enumerated().dropFirst(firstTask) {
            // Tasks before the first heading from `first` on are under the heading above, whichever it is.
            let heading = task.heading.map { $0 >= firstHeading ? $0 - firstHeading : -1 } ?? -1
            out.append("task \(index - firstTask): L\(task.line - first)-\(task.endLine - first) \(task.status) "
                       + "\(task.checkbox.map(String.init) ?? "") parent \(shifted(task.parent, by: firstTask)) depth \(task.depth) "
                       + "heading \(heading) body \(task.body.text) \(task.body.parsedFields) notes \(document.notes(of: index))")
        }
        for heading in document.headings.dropFirst(firstHeading) {
            out.append("heading L\(heading.line - first)-\(heading.endLine - first) \(heading.level) \(heading.title)")
        }
        return out
    }

    /// Checks that the lines of `document` from each line that starts afresh (the cuts of its own lines) on read
    /// as a document of their own as they do in the whole; returns the number of such lines.
    @discardableResult
    private func assertReadsAfreshAsTheWhole(_ document: Document, _ name: String, file: StaticString = #filePath,
                                             line: UInt = #line) -> Int {
        let cuts = PartialReadBack.cuts(of: document.lines, in: document)
        let afresh = cuts.dropFirst().dropLast().map(\.input)
        for first in afresh {
            var open = false
            let rest = Document(markdownLines: Array(document.lines[first...]), reusing: nil, leavesBlockOpen: &open)
            XCTAssertEqual(structure(of: rest), structure(of: document, from: first), "\(name), from line \(first + 1)",
                           file: file, line: line)
        }
        // A document's own lines hold its lines between every two cuts.
        XCTAssertTrue(cuts.dropLast().allSatisfy(\.holdsTheInputToNext), name, file: file, line: line)
        return afresh.count
    }

    func testLinesFromALineThatStartsAfreshReadAsTheWholeReadsThem() throws {
        var count = 0
        for url in try Corpus.files(in: "markdown") {
            let document = section(try String(contentsOf: url, encoding: .utf8))
            guard document.lines.first?.text != "---" else { continue }
            count += assertReadsAfreshAsTheWhole(document, url.lastPathComponent)
        }
        var generator = RandomTodoDocument(seed: 0xAF2E_5400)
        for number in 0..<400 {
            let document = section(generator.make())
            guard document.lines.first?.text != "---" else { continue }
            count += assertReadsAfreshAsTheWhole(document, "document \(number)")
            let formatted = section(Formatter.format(document).text)
            count += assertReadsAfreshAsTheWhole(formatted, "formatted document \(number)")
        }
        XCTAssertGreaterThan(count, 2000)
    }

    func testWhichLinesStartAfresh() {
        let text = """
            # A
            - [ ] a
              - [ ] nested
            1. [ ] ordered
            + [ ] plus
            -
            -\u{20}\u{20}
            - - -
            ```
            - [ ] in a fence
            ```
            <!--
            - [ ] in a comment
            -->
            * [x] star
            ## B
              # indented heading
            > - [ ] quoted
            - [ ] last
            """
        let document = section(text)
        let afresh = PartialReadBack.cuts(of: document.lines, in: document).map(\.input)
        XCTAssertEqual(afresh.map { $0 < document.lines.count ? document.lines[$0].text : "end" },
                       ["# A", "- [ ] a", "+ [ ] plus", "* [x] star", "## B", "- [ ] last", "end"])
        assertReadsAfreshAsTheWhole(document, "text")
    }

    /// `output` as lines: a number is that line (0-based) of `input`, the same slice of its text; a string is
    /// a line of its own.
    private func lines(_ output: [Any], of input: Document) -> [Line] {
        output.map { ($0 as? Int).map { input.lines[$0] } ?? Line($0 as! String) }
    }

    private func partial(_ output: [Any], of text: String, isLast: Bool = false) -> Bool? {
        let input = section(text)
        return PartialReadBack.sameTasks(in: lines(output, of: input), as: input, reusing: nil, isLast: isLast)
    }

    func testOnlyTheChangedStretchesAreReadAgain() {
        let input = section("# A\n- [ ] a\n- [X] b\n  note\n- [ ] c\n- [ ] d\n- [ ] e\n")
        let output = lines([0, 1, "- [x] b", 3, 4, 5, 6], of: input)
        XCTAssertEqual(PartialReadBack.stretches(of: output, in: input, isLast: true).map(\.output), [1..<4])
        // The last stretch of a section that is not the last is read: it may leave a block open.
        XCTAssertEqual(PartialReadBack.stretches(of: output, in: input, isLast: false).map(\.output), [1..<4, 6..<7])
        XCTAssertEqual(PartialReadBack.sameTasks(in: output, as: input, reusing: nil, isLast: false), true)
        // Every line the input's own: nothing to read.
        XCTAssertEqual(PartialReadBack.stretches(of: input.lines, in: input, isLast: true).count, 0)
    }

    func testAChangedStretchThatMeansSomethingElseIsFound() {
        let text = "# Home\n- [ ] fix the tap\n  washer\n  - [x] buy parts\n- [ ] paint\n## Garden\n- [ ] dig\n- [ ] water\n"
        XCTAssertEqual(partial([0, "", 1, 2, "  - [X] buy parts", 4, 5, 6, 7], of: text), true)
        XCTAssertEqual(partial([0, 1, "  washers", 3, 4, 5, 6, 7], of: text), false)
        XCTAssertEqual(partial([0, 1, 2, "- [x] buy parts", 4, 5, 6, 7], of: text), false)
        XCTAssertEqual(partial([0, 1, 2, "  - [ ] buy parts", 4, 5, 6, 7], of: text), false)
        XCTAssertEqual(partial([0, 1, 2, 3, 4, 5, 6, 6, 7], of: text), false)
        XCTAssertEqual(partial([0, 1, 2, 3, 4, 5, 7], of: text), false)
        // A heading of another title changes the lists of the tasks under it, even those read as they were.
        XCTAssertEqual(partial([0, 1, 2, 3, 4, "## Yard", 6, 7], of: text), false)
        // A fence opened in a changed stretch would hold the lines after it, which are the input's own.
        XCTAssertEqual(partial([0, 1, 2, 3, "```", 4, 5, 6, 7], of: text), false)
        XCTAssertEqual(partial([0, 1, 2, 3, 4, "<!--", 5, 6, 7], of: text), false)
        // At the end of the file a fence left open holds nothing.
        XCTAssertEqual(partial([0, 1, 2, 3, 4, 5, 6, 7, "```"], of: text, isLast: true), true)
        XCTAssertEqual(partial([0, 1, 2, 3, 4, 5, 6, 7, "```"], of: text, isLast: false), false)
        // A heading that no task's list shows is still compared, more strictly than reading the whole back.
        XCTAssertEqual(partial([0, 1, 2, 3, 4, "### Note", 5, 6, 7], of: text), false)
    }

    func testALineThatOnlySometimesStartsAfreshDoesNotCut() {
        // Without the blank line above it, an item numbered 2 continues the paragraph, and its task is gone:
        // only reading from the heading on finds it.
        XCTAssertEqual(partial([0, 1, 3, 4], of: "# A\nSome text\n\n2. [ ] c\n- [ ] d\n", isLast: true), false)
        XCTAssertEqual(partial([0, 1, "", 3, 4], of: "# A\nSome text\n\n2. [ ] c\n- [ ] d\n", isLast: true), true)
    }

    func testAStretchReadAgainMustStartAfreshWhereItIsRead() {
        // The fence opened before `- plain` holds the input's own line `- [ ] b` in the output; of the stretches
        // read, it holds only `- plain`, which has no task, so only how that line is read shows it.
        let text = "# A\n- [ ] a\n- [ ] b\n- plain\n- [ ] c\n"
        XCTAssertEqual(partial([0, 1, "```", 2, 3, "```", 4], of: text, isLast: true), false)
        XCTAssertEqual(partial([0, 1, "", 2, 3, "", 4], of: text, isLast: true), true)
    }

    func testTasksBeforeAStretchsFirstHeadingAreInTheListAbove() {
        let text = "# A\n- [ ] a\n- [ ] b\n# B\n- [ ] c\n"
        XCTAssertEqual(partial([0, 1, "- [ ] b  ", 3, 4], of: text), true)
        XCTAssertEqual(partial([0, 1, "- [ ] b", "# C", 4], of: text), false)
        XCTAssertEqual(partial([0, 1, "- [ ] b", "# B", 4], of: text), true)
    }

    func testFrontMatterIsLeftToTheWholeReadBack() {
        XCTAssertNil(partial([0, 1, 2, "- [x] a"], of: "---\ntitle: x\n---\n- [X] a\n"))
        XCTAssertNil(partial(["---", 1, 2], of: "- [ ] a\n---\n- [ ] b\n"))
    }

    /// Whether reading all of `output` back finds the tasks of `input`, as `SectionedFormatting.readsBack` does.
    private func wholeReadsBack(_ output: [Line], as input: Document, isLast: Bool) -> Bool {
        var leavesBlockOpen = false
        var read = Document(markdownLines: output, reusing: nil, leavesBlockOpen: &leavesBlockOpen)
        var headings: [(level: Int, title: String)] = []
        return SectionedFormatting.readsBack(&read, leavesBlockOpen: leavesBlockOpen, as: input, partners: nil, isLast: isLast,
                                             keepingHeadings: false, headings: &headings)
    }

    func testCanonicalFormsAndBrokenOnesReadBackAsTheWholeFindsThem() throws {
        var documents = try Corpus.files(in: "markdown").map { try String(contentsOf: $0, encoding: .utf8) }
        var generator = RandomTodoDocument(seed: 0xAF2E_B0C4)
        for _ in 0..<600 { documents.append(generator.make()) }
        var rng = SplitMix64(seed: 0xB20C_E4)
        let inserted = ["```", "~~~", "<!--", "-->", "", "  note", "- [ ] new", "# New", "1. [ ] one", "    code", "> quote",
                        "---", "Title", "===", "  - [x] sub"]
        var (samples, found) = (0, 0)
        for (number, text) in documents.enumerated() {
            let input = section(text)
            guard input.lines.first?.text != "---" else { continue }
            var carry = BlankLines.Carry(startingWith: input)
            let canonical = MarkdownCanonicalizer.canonicalLines(ofPart: input, ending: .lf, carry: &carry, isFirst: true,
                                                                 isLast: true) ?? input.lines
            for isLast in [true, false] where !canonical.isEmpty {
                let partial = PartialReadBack.sameTasks(in: canonical, as: input, reusing: nil, isLast: isLast)
                XCTAssertEqual(partial, canonical.first?.text == "---" ? nil : wholeReadsBack(canonical, as: input, isLast: isLast),
                               "document \(number), isLast \(isLast)")
            }
            // Broken canonical forms: what the partial read-back passes, reading the whole back passes too.
            for _ in 0..<8 where !canonical.isEmpty {
                var broken = canonical
                let at = rng.below(broken.count)
                switch rng.below(6) {
                case 0: broken.remove(at: at)
                case 1: broken.insert(broken[at], at: at)
                case 2: broken.insert(Line(rng.pick(inserted)), at: at)
                case 3: if at + 1 < broken.count { broken.swapAt(at, at + 1) }
                case 4: broken[at] = Line(" " + broken[at].text)
                default:
                    var text = broken[at].text
                    for (old, new) in [("[ ]", "[x]"), ("[x]", "[ ]"), ("#", "##"), ("- ", "* "), ("a", "b")] where text.contains(old) {
                        text = text.replacingOccurrences(of: old, with: new)
                        break
                    }
                    broken[at] = Line(text)
                }
                let isLast = rng.chance(50)
                guard let partial = PartialReadBack.sameTasks(in: broken, as: input, reusing: nil, isLast: isLast) else { continue }
                let whole = wholeReadsBack(broken, as: input, isLast: isLast)
                samples += 1
                if !whole { found += 1 }
                XCTAssertFalse(partial && !whole, "document \(number): the partial read-back passes \(broken.map(\.text))")
            }
        }
        // The broken forms are often found different (and then by both, as checked above).
        XCTAssertGreaterThan(samples, 3000)
        XCTAssertGreaterThan(found, samples / 5)
    }

    func testALargeSectionIsMostlyNotReadAgain() throws {
        var text = ""
        for list in 0..<40 {
            text += "## List \(list)\n\n"
            for task in 0..<25 { text += (task % 12 == 5 ? "- [X] task \(list).\(task)\n" : "- [ ] task \(list).\(task)\n") + "  note\n" }
        }
        let input = section(text)
        var carry = BlankLines.Carry(startingWith: input)
        let canonical = try XCTUnwrap(MarkdownCanonicalizer.canonicalLines(ofPart: input, ending: .lf, carry: &carry, isFirst: true,
                                                                            isLast: true))
        let read = PartialReadBack.stretches(of: canonical, in: input, isLast: true).reduce(0) { $0 + $1.output.count }
        XCTAssertLessThan(read, canonical.count / 4)
        XCTAssertGreaterThan(read, 0)
        XCTAssertEqual(PartialReadBack.sameTasks(in: canonical, as: input, reusing: nil, isLast: true), true)
    }
}
