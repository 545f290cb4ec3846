import Foundation
import TodoKit
import XCTest

/// Golden tests for every edit: `Fixtures/edits/NAME.input` starts with the command
/// (`#! todofmt done 5 --today 2026-11-21`), `NAME.golden` is the file after it (for `archive`, then a
/// `#! archive` line and the archive file). Names ending `.txt` are todo.txt files.
final class EditFixtureTests: XCTestCase {
    func testEveryEditFixtureMatchesItsGoldenAndLeavesOtherLinesByteForByte() throws {
        let fixtures = try GoldenFixture.all(in: "edits")
        XCTAssertGreaterThan(fixtures.count, 20)
        for fixture in fixtures {
            let format = FileFormat.inferred(fromPath: fixture.name)
            let document = Document(parsing: fixture.input, format: format)
            let (result, archive) = try run(fixture, on: document)
            assertUntouchedLinesKept(result, fixture.name)
            var output = result.document.text
            if let archive { output += "#! archive\n" + archive.text }
            try fixture.assertMatchesGolden(output)
        }
    }

    func run(_ fixture: GoldenFixture, on document: Document) throws -> (EditResult, Document?) {
        var words = fixture.flags.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        let command = words.removeFirst()
        var values: [String: String] = [:], flags = Set<String>(), positionals: [String] = []
        while !words.isEmpty {
            let word = words.removeFirst()
            if ["--today", "--list", "--due", "--pri"].contains(word) { values[word] = words.removeFirst() }
            else if word.hasPrefix("--") { flags.insert(word) }
            else { positionals.append(word) }
        }
        let today = CalendarDate(iso: values["--today"] ?? "2026-11-21")!
        let lines = positionals.compactMap { Int($0) }
        let text = positionals.joined(separator: " ")
        let rest = positionals.dropFirst().joined(separator: " ")
        switch command {
        case "add":
            let task = NewTask(text: text, list: values["--list"].flatMap(ListPath.init(parsing:)),
                               due: values["--due"].flatMap { DateExpression.resolveMoment($0, today: today) },
                               priority: values["--pri"].flatMap { Priority(lenient: $0) }, addsCreationDate: flags.contains("--date"))
            return (try TaskInsertion.add(task, to: document, today: today), nil)
        case "done":
            let policy: OpenSubtaskPolicy = flags.contains("--recursive") ? .recursive : flags.contains("--force") ? .force : .refuse
            return (try StatusChange.complete(lines: lines, in: document, today: today, subtasks: policy), nil)
        case "undo": return (try StatusChange.reopen(lines: lines, in: document), nil)
        case "pri": return (try TaskEditor.setPriority(Priority(lenient: positionals[1])!, lines: [lines[0]], in: document), nil)
        case "depri": return (try TaskEditor.removePriority(lines: lines, in: document), nil)
        case "append": return (try TaskEditor.append(rest, lines: [lines[0]], in: document, today: today), nil)
        case "prepend": return (try TaskEditor.prepend(rest, lines: [lines[0]], in: document, today: today), nil)
        case "rm": return (try TaskEditor.remove(lines: lines, in: document), nil)
        case "mv": return (try TaskMover.move(lines: lines, to: ListPath(parsing: values["--list"]!)!, in: document), nil)
        case "archive":
            let archived = try Archiver.archive(document, into: Document(parsing: "", format: document.format))
            return (archived.source, archived.archive)
        default:
            XCTFail("\(fixture.name): unknown command \(command)")
            throw CocoaError(.featureUnsupported)
        }
    }

    /// Every line outside the edit's patches is in the result, byte for byte, at its mapped line.
    func assertUntouchedLinesKept(_ result: EditResult, _ name: String) {
        for (index, line) in result.original.lines.enumerated()
        where !result.patches.contains(where: { $0.range.contains(index) }) {
            guard let new = result.lineMap[index] else { XCTFail("\(name): line \(index + 1) lost"); continue }
            XCTAssertEqual(result.document.lines[new - 1], line, "\(name): line \(index + 1) changed")
        }
    }
}
