import Foundation
import XCTest
import TodoKit

/// Merges of real files from the corpus, with edits whose merge is known: the result must be exact.
final class CorpusMergePropertyTests: XCTestCase {
    struct Sample {
        var name: String
        var text: String
        var format: FileFormat
    }

    private func samples() throws -> [Sample] {
        var samples: [Sample] = []
        for (folder, format) in [("markdown", FileFormat.markdown), ("todotxt", .todotxt)] {
            for url in try Corpus.files(in: folder) {
                guard let text = String(data: try Data(contentsOf: url), encoding: .utf8) else { continue }
                samples.append(Sample(name: url.lastPathComponent, text: text, format: format))
            }
        }
        return samples
    }

    /// The document's text with line `index` (0-based) replaced, or removed when `text` is nil.
    private func replacing(_ document: Document, line index: Int, with text: String?) -> String {
        var lines = Array(document.lines)
        if let text { lines[index] = Line(text, ending: lines[index].ending) } else { lines.remove(at: index) }
        return (document.hasByteOrderMark ? "\u{FEFF}" : "") + lines.map { String($0.text) + $0.ending.text }.joined()
    }

    /// The task's line with its status toggled: the checkbox, or todo.txt's `x ` mark.
    private func toggled(_ task: TodoTask, in document: Document) -> String {
        let text = String(document.lines.text(task.line - 1))
        if document.format == .todotxt {
            return task.body.hasDoneMark ? String(text.dropFirst(2)) : "x " + text
        }
        let beforeBody = String(text.utf8.prefix(task.bodyColumn - 1))!
        let bracket = beforeBody.firstIndex(of: "[")!
        let box = text.index(after: bracket)
        return String(text[..<box]) + (task.isOpen ? "x" : " ") + String(text[text.index(after: box)...])
    }

    func testMergingAFileWithItselfChangesNothing() throws {
        for sample in try samples() {
            let result = try ThreeWayMerge.merge(base: sample.text, ours: sample.text, theirs: sample.text, format: sample.format)
            XCTAssertEqual(result.text, sample.text, sample.name)
            XCTAssertEqual(result.conflicts, [], sample.name)
        }
    }

    func testATickOnOneSideAndAnEditOfAnotherTaskOnTheOtherBothApply() throws {
        var checked = 0
        for sample in try samples() {
            let base = Document(parsing: sample.text, format: sample.format)
            let tasks = base.tasks.filter { $0.checkbox.map { TaskStatus(checkbox: $0) != nil } ?? true }
            guard tasks.count >= 2, let first = tasks.first, let last = tasks.last else { continue }
            let tick = toggled(first, in: base)
            let edit = String(base.lines.text(last.line - 1)) + " merged"
            let ours = replacing(base, line: first.line - 1, with: tick)
            let theirs = replacing(base, line: last.line - 1, with: edit)
            let both = replacing(Document(parsing: ours, format: sample.format), line: last.line - 1, with: edit)
            let result = try ThreeWayMerge.merge(base: sample.text, ours: ours, theirs: theirs, format: sample.format)
            XCTAssertEqual(result.conflicts, [], sample.name)
            XCTAssertEqual(result.text, both, sample.name)
            let swapped = try ThreeWayMerge.merge(base: sample.text, ours: theirs, theirs: ours, format: sample.format)
            XCTAssertEqual(swapped.text, both, sample.name)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 100)
    }

    func testADeletionOnOneSideAndATickOnTheOtherBothApply() throws {
        for sample in try samples() {
            let base = Document(parsing: sample.text, format: sample.format)
            let tasks = base.tasks.filter { $0.checkbox.map { TaskStatus(checkbox: $0) != nil } ?? true }
            // A task deleted of the ticked task's text might be the ticked one, changed, and a conflict (FORMAT 14.2).
            guard tasks.count >= 2, let first = tasks.first,
                  let last = tasks.last(where: { $0.endLine == $0.line && $0.parent == nil && $0.title.lowercased() != first.title.lowercased() }),
                  last.line != first.line else { continue }
            let ours = replacing(base, line: first.line - 1, with: toggled(first, in: base))
            let theirs = replacing(base, line: last.line - 1, with: nil)
            let both = replacing(Document(parsing: ours, format: sample.format), line: last.line - 1, with: nil)
            let result = try ThreeWayMerge.merge(base: sample.text, ours: ours, theirs: theirs, format: sample.format)
            XCTAssertEqual(result.conflicts, [], sample.name)
            XCTAssertEqual(result.text, both, sample.name)
        }
    }
}
