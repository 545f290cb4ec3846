@testable import TodoKit
import XCTest

/// Sorting todo.txt files, checked against the definition on random files: each run of consecutive task
/// lines is stably sorted by the keys (values classified over the whole file), and nothing else moves.
final class TodoTxtSortTests: XCTestCase {
    private static let keyLists = ["priority", "status,priority,due", "-created,text", "due,t,wait,-start",
                                   "project,-priority", "size,context", "completed,-due,text"]

    /// A todo.txt line: blank, or a task with some of a priority, done mark, dates, projects, contexts and tags;
    /// some dates span thousands of years, so that the keys together need more than 64 bits.
    private static func randomLine(_ random: inout SplitMix64) -> String {
        if random.chance(8) { return random.pick(["", "  ", "\t"]) }
        var words: [String] = []
        if random.chance(20) { words.append(random.pick(["x 2026-03-01", "X", "x", "x 2026-13-01"])) }
        if random.chance(50) { words.append("(\(random.pick(["A", "B", "C", "Z"])))") }
        if random.chance(40) { words.append("2026-0\(1 + random.below(9))-1\(random.below(10))") }
        words.append(random.pick(["call", "Write", "buy", "fix", "émigré", "zeta", "alpha"]))
        if random.chance(30) { words.append("+\(random.pick(["home", "Work", "garden"]))") }
        if random.chance(30) { words.append("@\(random.pick(["phone", "car"]))") }
        if random.chance(40) { words.append("due:\(random.pick(["2026-01-05", "2026-12-31", "0001-01-01", "9999-12-31", "soon", "2026-02-30"]))") }
        for key in ["t", "wait", "start"] where random.chance(25) {
            words.append("\(key):\(random.pick(["0001-01-01", "5000-06-15", "9999-12-31", "2026-02-03"]))")
        }
        if random.chance(30) { words.append("size:\(random.pick(["3", "12", "big", "2h"]))") }
        return words.joined(separator: " ")
    }

    private static func randomText(_ random: inout SplitMix64) -> String {
        let count = random.below(40)
        let ending = random.pick(["\n", "\r\n"])
        var text = (0..<count).map { _ in randomLine(&random) }.joined(separator: ending)
        if count > 0, random.chance(70) { text += ending }
        return text
    }

    /// The sorted text by the definition: each run of task lines in order of the tasks' places in one stable
    /// sort of all tasks; a moved line without an ending takes the file's dominant one.
    private static func expectedText(_ document: Document, _ keys: [SortKey]) -> String {
        var rank = [Int](repeating: 0, count: document.tasks.count)
        for (place, task) in naiveOrder(document.tasks, keys).enumerated() { rank[task] = place }
        var taskOnLine = [Int?](repeating: nil, count: document.lines.count)
        for (t, task) in document.tasks.enumerated() { taskOnLine[task.line - 1] = t }
        var source = Array(document.lines.indices)
        var start = 0
        while start < source.count {
            guard taskOnLine[start] != nil else { start += 1; continue }
            var end = start
            while end < source.count, taskOnLine[end] != nil { end += 1 }
            source.replaceSubrange(start..<end, with: (start..<end).sorted { rank[taskOnLine[$0]!] < rank[taskOnLine[$1]!] })
            start = end
        }
        var lines = source.map { document.lines[$0] }
        for j in lines.indices.dropLast() where lines[j].ending == .none { lines[j] = lines[j].with(ending: document.dominantLineEnding) }
        return Document(lines: lines, format: .todotxt, hasByteOrderMark: document.hasByteOrderMark).text
    }

    /// A stable sort comparing each key's values in turn, as `SortColumn` gives them.
    private static func naiveOrder(_ tasks: [TodoTask], _ keys: [SortKey]) -> [Int] {
        let columns = keys.map { SortColumn($0, tasks: tasks).values }
        return tasks.indices.sorted { a, b in
            for column in columns where column[a] != column[b] {
                // The missing value sorts after every present one, in either direction.
                if column[a] == SortColumn.missing { return false }
                if column[b] == SortColumn.missing { return true }
                return column[a] < column[b]
            }
            return a < b
        }
    }

    func testRandomFilesSortAsEveryRunStablySortedByTheKeys() throws {
        var random = SplitMix64(seed: 20261121)
        var moved = 0
        for _ in 0..<400 {
            let text = Self.randomText(&random)
            let keys = try SortKey.parseOrder(random.pick(Self.keyLists))
            let document = Document(parsing: text, format: .todotxt)
            let (sorted, order) = Sorter.sorted(document, by: keys)
            let expected = Self.expectedText(document, keys)
            XCTAssertEqual(sorted.text, expected, "keys \(keys) of \(text.debugDescription)")
            // Each task of the result is the input's task that the order names.
            XCTAssertEqual(order.count, sorted.tasks.count)
            XCTAssertEqual(sorted.tasks.map(\.body), order.map { document.tasks[$0].body })
            if sorted.text != text { moved += 1 }
        }
        XCTAssertGreaterThan(moved, 200)
    }

    func testTheOrderOfAllTasksIsAStableSortByEachKeyInTurn() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let document = Document(parsing: Self.randomText(&random), format: .todotxt)
            let keys = try SortKey.parseOrder(random.pick(Self.keyLists))
            XCTAssertEqual(Sorter.order(document.tasks, by: keys), Self.naiveOrder(document.tasks, keys), "keys \(keys)")
        }
    }

    func testASortedFileMovesItsDiagnosticsWithTheirLines() throws {
        let input = "(C) c due:2026-02-30\n(A) a\n\n(B) b\r\n(A) a2 t:2026-13-01 due:2026-00-01"
        let document = Document(parsing: input, format: .todotxt)
        let (sorted, order) = Sorter.sorted(document, by: [SortKey(.priority)])
        XCTAssertEqual(order, [1, 0, 3, 2])
        XCTAssertEqual(sorted.text, "(A) a\n(C) c due:2026-02-30\n\n(A) a2 t:2026-13-01 due:2026-00-01\n(B) b\r\n")
        XCTAssertEqual(sorted.diagnostics.map(\.line), [2, 4, 4])
    }
}
