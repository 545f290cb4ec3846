import Foundation
import TodoKit
import XCTest

/// `archive` appends to the end of the archive: what it writes depends on the archive's end alone, is read
/// where it lands, and must mean exactly the tasks it moved.
final class ArchiverTests: XCTestCase {
    func md(_ text: String) -> Document { Document(parsing: text, format: .markdown) }
    func txt(_ text: String) -> Document { Document(parsing: text, format: .todotxt) }

    /// The archive after archiving `source` into `archive`, its end read from the archive itself.
    func archived(_ source: String, into archive: String, format: FileFormat = .markdown) throws -> String {
        let archiveDocument = Document(parsing: archive, format: format)
        let result = try Archiver.archive(Document(parsing: source, format: format), appendingTo: ArchiveEnd(of: archiveDocument))
        return archive + (result.appended?.text ?? "")
    }

    func testATaskOfTheListTheArchiveEndsInFollowsItsLastTask() throws {
        XCTAssertEqual(try archived("# Work\n\n- [x] b\n- [ ] c\n", into: "# Work\n\n- [x] a\n"), "# Work\n\n- [x] a\n- [x] b\n")
    }

    func testATaskOfAnotherListGetsItsHeadingAgainAtTheEnd() throws {
        let archive = "# Home\n\n- [x] a\n\n# Work\n\n- [x] b\n"
        XCTAssertEqual(try archived("# Home\n\n- [x] c\n", into: archive), archive + "\n# Home\n\n- [x] c\n")
    }

    func testASubListGoesUnderTheParentTheArchiveEndsIn() throws {
        let archive = "# Work\n\n- [x] a\n"
        XCTAssertEqual(try archived("# Work\n\n## Q4\n\n- [x] b\n", into: archive), archive + "\n## Q4\n\n- [x] b\n")
    }

    func testBackFromASubListTheParentsHeadingIsWrittenAgain() throws {
        let archive = "# Work\n\n## Q4\n\n- [x] a\n"
        XCTAssertEqual(try archived("# Work\n\n- [x] b\n", into: archive), archive + "\n# Work\n\n- [x] b\n")
    }

    func testHeadingsNestUnderTheArchivesHeadingsWhateverTheirLevelsInTheTodoFile() throws {
        // The archive's own title is level 1: a list at level 1 in the todo file must not close it, and a list at
        // level 3 under a level-1 heading is written one level below it.
        let archive = "# Archive\n\n## Work\n\n- [x] a\n"
        XCTAssertEqual(try archived("# Archive\n\n### Work\n\n- [x] b\n", into: archive), archive + "- [x] b\n")
        XCTAssertEqual(try archived("# Archive\n\n#### Home\n\n- [x] c\n", into: archive), archive + "\n## Home\n\n- [x] c\n",
                       "a level-4 list would go under Work: it is written at Work's level, which closes it")
    }

    func testATaskOutsideAnyListCannotFollowAListAndIsPlacedBeforeTheFirstHeadingInstead() throws {
        let source = md("- [x] loose\n\n# Work\n\n- [ ] open\n")
        let archive = md("# Work\n\n- [x] a\n")
        XCTAssertThrowsError(try Archiver.archive(source, appendingTo: ArchiveEnd(of: archive))) { error in
            XCTAssertEqual(error as? EditError, .archiveEndsInAList)
        }
        XCTAssertEqual(try Archiver.archive(source, into: archive).archive.text, "- [x] loose\n\n# Work\n\n- [x] a\n")
    }

    func testAnArchiveThatEndsInsideACodeBlockIsRefused() throws {
        let archive = md("# Work\n\n- [x] a\n\n```\nsome code, never closed\n")
        XCTAssertThrowsError(try Archiver.archive(md("# Work\n\n- [x] b\n"), appendingTo: ArchiveEnd(of: archive))) { error in
            XCTAssertTrue("\(error)".contains("does the archive end inside a code block"), "\(error)")
        }
    }

    func testALastLineWithoutItsEndingGetsOneFirstAndLinesMoveWithTheirOwnEndings() throws {
        XCTAssertEqual(try archived("x 2026-11-20 b\r\nc\r\n", into: "x 2026-01-01 a", format: .todotxt),
                       "x 2026-01-01 a\r\nx 2026-11-20 b\r\n")
        XCTAssertEqual(try archived("x 2026-11-20 b\r\nc\r\n", into: "", format: .todotxt), "x 2026-11-20 b\r\n",
                       "a new done.txt takes the CRLF lines as they are")
        XCTAssertEqual(try archived("# W\r\n\r\n- [x] b\r\n", into: "# W\n\n- [x] a"), "# W\n\n- [x] a\r\n- [x] b\r\n")
    }

    func testATodoTxtArchivesEndIsKnownFromItsLastBytesAlone() throws {
        let archive = (1...3).map { "x 2026-01-0\($0) task \($0)\n" }.joined()
        let end = ArchiveEnd(todoTxtEndingWith: String(archive.suffix(12)))
        let result = try Archiver.archive(txt("x 2026-11-20 new\nopen\n"), appendingTo: end)
        XCTAssertEqual(archive + (result.appended?.text ?? ""), archive + "x 2026-11-20 new\n")
    }

    /// What todofmt records of an archive's end makes the same append as the archive read whole, on random
    /// archives and todo files.
    func testTheRecordedEndAppendsWhatTheWholeArchiveWould() throws {
        var compared = 0
        for seed in 0..<UInt64(ProcessInfo.processInfo.environment["TODOFMT_PROPERTY_SEEDS"].flatMap(Int.init) ?? 300) {
            var generator = RandomTodoDocument(seed: seed)
            let archive = md(generator.make())
            var source = RandomTodoDocument(seed: seed &+ 10_000)
            let document = md(source.make())
            let whole = ArchiveEnd(of: archive)
            let recorded = try XCTUnwrap(ArchiveEnd(record: whole.record, format: .markdown), whole.record)
            guard let fromWhole = try? Archiver.archive(document, appendingTo: whole) else { continue }
            let fromRecord: Archiver.Result
            do { fromRecord = try Archiver.archive(document, appendingTo: recorded) } catch {
                XCTFail("seed \(seed): \(error)\narchive:\n\(archive.text.debugDescription)\nrecord:\n\(whole.record)\nsource:\n\(document.text.debugDescription)")
                return
            }
            XCTAssertEqual(fromRecord.appended?.text, fromWhole.appended?.text, "seed \(seed)")
            XCTAssertEqual(fromRecord.appended?.end.record, fromWhole.appended?.end.record, "seed \(seed)")
            if fromWhole.appended != nil { compared += 1 }
        }
        XCTAssertGreaterThan(compared, 50)
    }

    func testArchivingLeavesADoneSubtaskOfAnOpenTask() throws {
        let text = "## Work\n\n- [ ] Open\n  - [x] 2026-01-01 Sub\n- [-] Dropped\n  note\n"
        let result = try Archiver.archive(md(text), appendingTo: .empty)
        XCTAssertEqual(result.source.document.text, "## Work\n\n- [ ] Open\n  - [x] 2026-01-01 Sub\n")
        XCTAssertEqual(result.appended?.text, "## Work\n\n- [-] Dropped\n  note\n")
        XCTAssertEqual(result.taskCount, 1)
    }
    /// The todo.txt archive checks a line that lands with the same bytes it left with by those bytes alone: a
    /// todo.txt task means what its line says, whatever lines stand around it. Held on random todo.txt files, each
    /// task's line put among the lines of another.
    func testATodoTxtTaskMeansWhatItsLineSaysWhereverTheLineStands() {
        var checked = 0
        for seed in UInt64(0)..<400 {
            var random = RandomTodoDocument(seed: seed)
            let source = txt(random.makeTodoTxt())
            // The other file's lines, each ended (its last may not be), so that the task's line is a line of its own.
            let others = txt(random.makeTodoTxt()).lines.map { String($0.text) + ($0.ending == .none ? "\n" : $0.ending.text) }
            for index in source.tasks.indices {
                let line = String(source.lines[source.tasks[index].line - 1].text)
                let at = Int(seed) % (others.count + 1)
                let elsewhere = txt((others[..<at] + [line + "\n"] + others[at...]).joined())
                guard let moved = elsewhere.tasks.firstIndex(where: { $0.line == at + 1 }) else {
                    XCTFail("seed \(seed): \(line.debugDescription) is no task among other lines")
                    continue
                }
                XCTAssertEqual(source.meaning(of: index).differences(from: elsewhere.meaning(of: moved)), [],
                               "seed \(seed): \(line.debugDescription)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 1000)
    }
}
