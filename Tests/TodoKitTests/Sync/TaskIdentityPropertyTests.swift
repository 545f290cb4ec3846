import TodoKit
import XCTest

/// Every edit todofmt makes says which task each task is now (`CheckedDocument.origins`), and the state kept
/// beside a file follows it: after any sequence of edits, every task still there keeps the calendar UID it
/// had, however it was reworded, moved, reviewed, renamed or sorted.
final class TaskIdentityPropertyTests: XCTestCase {
    let today = CalendarDate(year: 2026, month: 11, day: 28)!

    /// Random texts a task is rewritten to: nothing in common with what it said.
    static let rewordings = ["Something else entirely", "Call the bank about the card +money", "(B) Read a book due:2026-12-24",
                             "Water plants rec:+1w due:2026-12-01", "日本語 のタスク @home", "x"]

    func testEverySurvivingTaskKeepsItsUIDThroughRandomEdits() throws {
        let seeds = ProcessInfo.processInfo.environment["TODOFMT_PROPERTY_SEEDS"].flatMap(Int.init) ?? 150
        var edits: [String: Int] = [:]
        for seed in 0..<UInt64(seeds) {
            var rng = SplitMix64(seed: seed &* 7919)
            var generator = RandomTodoDocument(seed: seed)
            let markdown = seed % 3 != 0
            var document = Document(parsing: markdown ? generator.make() : generator.makeTodoTxt(), format: markdown ? .markdown : .todotxt)
            guard !document.tasks.isEmpty else { continue }
            var state = SyncState(file: "/t/TODO.md")
            let first = state.assignUIDs(in: document)
            // The UID each task of the current document had at the start; nil for a task an edit added.
            var expected: [String?] = document.tasks.indices.map { first[$0] }
            for step in 0..<6 {
                guard let (name, made) = randomEdit(of: document, rng: &rng) else { continue }
                edits[name, default: 0] += 1
                state.follow(made)
                expected = made.origins.map { $0.flatMap { expected[$0] } }
                document = made.document
                let uids = state.assignUIDs(in: document)
                // Tasks that read alike too: they are told apart by their order, which no edit changes.
                for index in document.tasks.indices where expected[index] != nil && uids[index] != expected[index] {
                    XCTFail("seed \(seed), step \(step), after \(name): \(TaskSnapshot(task: index, in: document).line) had UID "
                            + "\(expected[index]!), now \(uids[index] ?? "none")\n\(document.text)")
                    return
                }
            }
        }
        for name in ["replace", "alike", "mv", "review", "renamelist", "sort", "done", "pri", "rm", "add"] {
            XCTAssertGreaterThan(edits[name] ?? 0, 5, "\(name) was hardly tried: \(edits)")
        }
    }

    func testTwoTasksThatComeToReadAlikeKeepTheirOwnUIDsThroughTheEditsThatFollow() throws {
        var document = Document(parsing: "# A\n\n- [ ] b\n- [ ] a\n", format: .markdown)
        var state = SyncState(file: "/t/TODO.md")
        let first = state.assignUIDs(in: document)
        let (uidB, uidA) = (try XCTUnwrap(first[0]), try XCTUnwrap(first[1]))
        // Sorted (a before b), then b reworded to read as a, then the first a given a priority.
        for edit in [{ (d: Document) in try Formatter.format(d, sortedBy: SortKey.parseOrder("text")).checked },
                     { (d: Document) in try TaskEditor.replace(line: 4, with: "a", in: d, today: self.today, checked: false).checked },
                     { (d: Document) in try TaskEditor.setPriority(Priority("A")!, lines: [3], in: d).checked }] {
            let made = try edit(document)
            state.follow(made)
            document = made.document
        }
        XCTAssertEqual(document.text, "# A\n\n- [ ] (A) a\n- [ ] a\n")
        let uids = state.assignUIDs(in: document)
        XCTAssertEqual(uids[0], uidA, "the task that was a all along")
        XCTAssertEqual(uids[1], uidB, "the task that was b")
    }

    func testRemovingOneOfTwoTasksThatReadAlikeLeavesTheOtherItsOwnUID() throws {
        let document = Document(parsing: "- [ ] a\n- [ ] a\n", format: .markdown)
        var state = SyncState(file: "/t/TODO.md")
        let first = state.assignUIDs(in: document)
        let removed = try TaskEditor.remove(lines: [1], in: document).checked
        state.follow(removed)
        XCTAssertEqual(state.assignUIDs(in: removed.document)[0], first[1])
    }

    /// One random edit of `document` that TodoKit accepts, by name, as the checked document it makes.
    private func randomEdit(of document: Document, rng: inout SplitMix64) -> (String, CheckedDocument)? {
        guard !document.tasks.isEmpty else { return nil }
        let line = document.tasks[rng.below(document.tasks.count)].line
        let lists = document.headings.indices.map { document.list(under: $0) }.filter { !$0.isEmpty }
        let name = rng.pick(["replace", "replace", "alike", "mv", "review", "renamelist", "sort", "done", "pri", "rm", "add"])
        do {
            switch name {
            case "replace":
                return (name, try TaskEditor.replace(line: line, with: rng.pick(Self.rewordings), in: document, today: today, checked: false).checked)
            case "alike":
                // Reworded to read as another task does: tasks that read alike are then told apart by order alone.
                let other = document.tasks[rng.below(document.tasks.count)]
                return (name, try TaskEditor.replace(line: line, with: String(other.body.text), in: document, today: today, checked: false).checked)
            case "mv", "review":
                guard let target = lists.isEmpty ? nil : rng.pick(lists) else { return nil }
                let lines = name == "mv" ? [line] : document.tasks.filter { $0.isOpen && $0.parent == nil }.prefix(3).map(\.line)
                return (name, try TaskMover.move(lines: Array(lines), to: ListPath(titles: target), in: document).checked)
            case "renamelist":
                guard let list = lists.isEmpty ? nil : rng.pick(lists) else { return nil }
                return (name, try ListEditor.rename(ListPath(titles: list), to: "Renamed \(rng.below(100))", in: document).checked)
            case "sort":
                return (name, try Formatter.format(document, sortedBy: rng.pick([SortKey.defaultOrder, try SortKey.parseOrder("-text")])).checked)
            case "done":
                return (name, try StatusChange.complete(lines: [line], in: document, today: today, subtasks: .recursive).checked)
            case "pri":
                return (name, try TaskEditor.setPriority(Priority("A")!, lines: [line], in: document).checked)
            case "rm":
                return (name, try TaskEditor.remove(lines: [line], in: document).checked)
            default:
                return (name, try TaskInsertion.add(NewTask(text: "New one \(rng.below(1000))"), to: document, today: today).checked)
            }
        } catch {
            return nil
        }
    }
}
