import XCTest
@testable import TodoKit

/// `LineDiff` turns one text into another by changes that touch only the lines that differ, each of whole lines.
final class LineDiffTests: XCTestCase {
    private func assertRoundTrip(_ old: String, _ new: String, file: StaticString = #filePath, line: UInt = #line) {
        let changes = LineDiff.changes(from: old, to: new)
        XCTAssertEqual(TextChange.applying(changes, to: old), new, file: file, line: line)
        for (a, b) in zip(changes, changes.dropFirst()) { XCTAssertLessThanOrEqual(a.range.upperBound, b.range.lowerBound, file: file, line: line) }
        // Every change starts where a line of the old text starts, and ends where one starts or at its end.
        let lines = Lines(old)
        let starts = Set((0..<lines.count).map { $0 == 0 ? 0 : lines.rangeWithEnding($0).lowerBound } + [old.utf8.count])
        for change in changes {
            XCTAssertTrue(starts.contains(change.range.lowerBound) && starts.contains(change.range.upperBound),
                          "\(change) of \(old.debugDescription) is not a change of whole lines", file: file, line: line)
        }
    }

    func testEqualTextsNeedNoChange() {
        XCTAssertEqual(LineDiff.changes(from: "a\nb\n", to: "a\nb\n"), [])
    }

    func testAChangedLineIsReplacedWhole() {
        XCTAssertEqual(LineDiff.changes(from: "# A\n* [ ] x\nz\n", to: "# A\n- [ ] x\nz\n"), [TextChange(range: 4..<12, text: "- [ ] x\n")])
    }

    func testAStretchOfChangedLinesIsOneChange() {
        XCTAssertEqual(LineDiff.changes(from: "# A\n* x\n* y\n# B\n", to: "# A\n\n- x\n- y\n\n# B\n"),
                       [TextChange(range: 4..<12, text: "\n- x\n- y\n\n")])
    }

    func testAnInsertedBlankLineIsAnInsertionBeforeItsLine() {
        XCTAssertEqual(LineDiff.changes(from: "# A\n- [ ] x\n", to: "# A\n\n- [ ] x\n"), [TextChange(range: 4..<4, text: "\n")])
    }

    func testAChangeNamesNoPlaceInsideALine() {
        XCTAssertEqual(LineDiff.changes(from: "fêta\r\n", to: "fêté\r\n"), [TextChange(range: 0..<7, text: "fêté\r\n")])
        XCTAssertEqual(LineDiff.changes(from: "x\n- [ ] Take out bins 🔁 every week 📅 2026-01-05\n", to: "x\n- [ ] Take out bins 🔁 every week 📅 2026-01-12\n"),
                       [TextChange(range: 2..<54, text: "- [ ] Take out bins 🔁 every week 📅 2026-01-12\n")])
        XCTAssertEqual(LineDiff.changes(from: "a\r\n", to: "a\n"), [TextChange(range: 0..<3, text: "a\n")])
        XCTAssertEqual(LineDiff.changes(from: "a\nb", to: "a\nc"), [TextChange(range: 2..<3, text: "c")])
    }

    func testTextsWithAByteOrderMarkNoFinalNewlineOrLoneCRsRoundTrip() {
        assertRoundTrip("\u{FEFF}# A\n* x", "\u{FEFF}# A\n\n- x\n")
        assertRoundTrip("a\rb\rc", "a\r\rb\nc\n")
        assertRoundTrip("", "- [ ] new\n")
        assertRoundTrip("- [ ] old\n", "")
    }

    func testEveryCorpusFileFormattedAndSortedRoundTrips() throws {
        for url in try Corpus.files(in: "markdown") + Corpus.files(in: "todotxt") {
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            let format: FileFormat = url.path.contains("/todotxt/") ? .todotxt : .markdown
            guard let formatted = try? Formatter.format(text, as: format, sortedBy: SortKey.defaultOrder) else { continue }
            assertRoundTrip(text, formatted.text)
            assertRoundTrip(formatted.text, text)
        }
    }

    func testAReversedFileOfManyLinesRoundTrips() {
        let lines = (0..<3000).map { "- [ ] task \($0 % 700)\n" }
        assertRoundTrip(lines.joined(), lines.reversed().joined())
    }

    func testSettingAsideTheCommonLinesChangesNothingInTheAnswer() {
        var random = SplitMix64(seed: 0x11D1FF)
        let pieces = ["- [ ] a\n", "- [x] b\n", "\n", "  note\r\n", "# H\r", "\u{FEFF}x\n", "é\n", "- [ ] a", "\r\n", "c"]
        func text(_ count: Int) -> [String] { (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] } }
        for round in 0..<3000 {
            let old = text(Int(random.next() % 12))
            var new = old
            for _ in 0..<Int(random.next() % 3) {
                let at = new.isEmpty ? 0 : Int(random.next() % UInt64(new.count + 1))
                switch random.next() % 3 {
                case 0: new.insert(contentsOf: text(1), at: at)
                case 1: if at < new.count { new.remove(at: at) }
                default: if at < new.count { new[at] = text(1)[0] }
                }
            }
            let (a, b) = (old.joined(), new.joined())
            XCTAssertEqual(LineDiff.changes(from: a, to: b), LineDiff.lineChanges(from: a, to: b), "round \(round): \(a.debugDescription) -> \(b.debugDescription)")
            assertRoundTrip(a, b)
        }
    }

    func testAReplacementIsOneChangeOfTheLinesBetweenThoseBothTextsShare() {
        XCTAssertEqual(LineDiff.replacement(from: "# A\n- [ ] b\n- [ ] a\n\n# C\n", to: "# A\n- [ ] a\n- [ ] b\n\n# C\n"),
                       [TextChange(range: 4..<20, text: "- [ ] a\n- [ ] b\n")])
        XCTAssertEqual(LineDiff.replacement(from: "a\nb\n", to: "a\nb\n"), [])
        XCTAssertEqual(LineDiff.replacement(from: "b\na", to: "a\nb"), [TextChange(range: 0..<3, text: "a\nb")])
        XCTAssertEqual(LineDiff.replacement(from: "fêta\r\nx\n", to: "fêté\r\nx\n"), [TextChange(range: 0..<7, text: "fêté\r\n")])
    }

    func testAReplacementTurnsEveryTextIntoTheOtherByWholeLines() {
        var random = SplitMix64(seed: 0x5E1EC7)
        let pieces = ["- [ ] a\n", "- [x] b\n", "\n", "  note\r\n", "# H\r", "\u{FEFF}x\n", "é\n", "- [ ] a", "\r\n", "c"]
        func text(_ count: Int) -> String { (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined() }
        for round in 0..<3000 {
            let (old, new) = (text(Int(random.next() % 10)), text(Int(random.next() % 10)))
            let changes = LineDiff.replacement(from: old, to: new)
            XCTAssertLessThanOrEqual(changes.count, 1)
            XCTAssertEqual(TextChange.applying(changes, to: old), new, "round \(round): \(old.debugDescription) -> \(new.debugDescription)")
            let lines = Lines(old)
            let starts = Set((0..<lines.count).map { $0 == 0 ? 0 : lines.rangeWithEnding($0).lowerBound } + [old.utf8.count])
            for change in changes {
                XCTAssertTrue(starts.contains(change.range.lowerBound) && starts.contains(change.range.upperBound),
                              "round \(round): \(change) of \(old.debugDescription) is not a change of whole lines")
            }
        }
    }

    func testAnEditOfOneLineOfALongFileChangesOnlyThatLine() {
        let lines = (0..<5000).map { "- [ ] task \($0)\n" }
        var edited = lines
        edited[2500] = "- [x] task 2500\n"
        let changes = LineDiff.changes(from: lines.joined(), to: edited.joined())
        XCTAssertEqual(changes.count, 1)
        XCTAssertEqual(changes.first?.text, "- [x] task 2500\n")
    }
}
