import TodoKit
import XCTest

/// Peers' sorting tests (`cases/todotxt_sort.jsonl`), run with our keys wherever a peer's sort can be said in
/// them. Rows we knowingly order differently are listed, with the reason, in docs/FORMAT.md section 9.
final class SortCorpusTests: XCTestCase {
    /// Cases where our documented semantics differ from the peer's (see docs/FORMAT.md, "Sorting" in section 9).
    static let deliberateDifferences: [String: String] = [
        "sort-0078": "topydo sorts a task without priority as (M); ours sort last",
        "sort-0079": "topydo sorts a task without priority as (M); ours sort last",
        "sort-0080": "topydo sorts a task without priority as (M); ours sort last",
        "sort-0082": "topydo's desc:due puts undated tasks first; missing values stay last both ways",
        "sort-0089": "go-todotxt's descending priority puts tasks without priority first; ours stay last",
        "sort-0090": "go-todotxt sorts undated tasks first ascending, and reads `x (C) 2014-01-01` as a creation date",
        "sort-0091": "go-todotxt reads `x (C) 2014-01-01` as a creation date and reverses undated ties",
        "sort-0092": "go-todotxt sorts undated tasks first ascending, and reads `x (C) 2014-01-01` as a creation date",
        "sort-0093": "go-todotxt reads `x (C) 2014-01-01` as a creation date; ours is its completion date",
        "sort-0094": "go-todotxt sorts tasks without due: first ascending; ours sort last",
        "sort-0098": "go-todotxt compares whole context lists; ours compares the first context",
        "sort-0099": "go-todotxt compares whole context lists and puts tasks without one first descending",
        "sort-0100": "go-todotxt compares whole project lists; ours compares the first project",
        "sort-0101": "go-todotxt compares whole project lists and puts tasks without one first descending",
        "sort-0113": "todo.txt-android's DATE_DESC puts undated tasks first and reverses ties; ours keeps both in order",
    ]

    /// Our keys for a row's sort, or nil when we have no faithful equivalent.
    static func keys(for row: [String: Any]) -> String? {
        let source = row["source"] as? String ?? ""
        let sort = row["sort"] as? [String: Any] ?? [:]
        if source.hasPrefix("todotxt/todo.txt-cli/") {
            return nil  // todo.sh sorts raw lines with `sort -f -k2`: an order of text, not of task fields
        }
        if source.hasPrefix("topydo/") {
            let topydo = ["text": "text", "prio": "-priority", "asc:prio": "-priority", "desc:prio": "priority",
                          "due": "due", "desc:due": "-due", "creation": "created", "completion": "completed",
                          "project": "project", "context": "context"]
            return (sort["by"] as? String).flatMap { topydo[$0] }  // `length` has no equivalent
        }
        if source.hasPrefix("1set/todotxt/") {
            let go = ["SortPriorityAsc": "priority", "SortPriorityDesc": "-priority",
                      "SortCreatedDateAsc": "created", "SortCreatedDateDesc": "-created",
                      "SortCompletedDateAsc": "completed", "SortCompletedDateDesc": "-completed",
                      "SortDueDateAsc": "due", "SortDueDateDesc": "-due",
                      "SortTodoTextAsc": "text", "SortTodoTextDesc": "-text",
                      "SortContextAsc": "context", "SortContextDesc": "-context",
                      "SortProjectAsc": "project", "SortProjectDesc": "-project"]
            // Task IDs are positions in a file the row does not carry.
            let flags = (sort["by"] as? [String] ?? []).map { go[$0] }
            return flags.contains(where: { $0 == nil }) || flags.isEmpty ? nil : flags.map { $0! }.joined(separator: ",")
        }
        if source.hasPrefix("todotxt/todo.txt-android/") {
            // The app's tie-break is the line id, which is our original order once lines are put in id order;
            // its "id" sort is then no key at all, and its reverse has no equivalent.
            let android = ["PRIORITY_DESC": "status,priority", "TEXT_ASC": "status,text",
                           "DATE_ASC": "status,created", "DATE_DESC": "status,-created", "ID_ASC": ""]
            return (sort["by"] as? String).flatMap { android[$0] }
        }
        return nil
    }

    func testPeersSortCasesPassWhereOurKeysCanSayThem() throws {
        let rows = try Corpus.cases("todotxt_sort.jsonl")
        var applicable = 0, passed = 0, notApplicable = 0
        var failures: [String] = []
        for row in rows {
            let id = row["id"] as! String
            guard let keyList = SortCorpusTests.keys(for: row) else {
                notApplicable += 1
                continue
            }
            applicable += 1
            var lines = row["input_lines"] as! [String]
            var ids = row["input_ids"] as? [Int]
            if let given = ids {
                let byId = given.indices.sorted { given[$0] < given[$1] }
                lines = byId.map { lines[$0] }
                ids = byId.map { given[$0] }
            }
            let keys = keyList.isEmpty ? [] : try SortKey.parseOrder(keyList)
            let document = Document(parsing: lines.joined(separator: "\n") + "\n", format: .todotxt)
            XCTAssertEqual(document.tasks.count, lines.count, "\(id): every input line is one task")
            let sorted = Sorter.sorted(document, by: keys).document.lines.map { String($0.text) }
            var ok = sorted == row["expected_lines"] as! [String]
            if let ids, let expected = row["expected_ids"] as? [Int] {
                ok = ok && Sorter.order(document.tasks, by: keys).map { ids[$0] } == expected
            }
            if ok {
                passed += 1
            } else if SortCorpusTests.deliberateDifferences[id] == nil {
                failures.append("\(id) (\(keyList)): got \(sorted)")
            }
        }
        print("todotxt_sort: \(passed) of \(applicable) applicable cases pass (\(notApplicable) not applicable)")
        XCTAssertEqual(failures, [], "cases that fail without being a documented difference")
        for id in SortCorpusTests.deliberateDifferences.keys {
            XCTAssertTrue(rows.contains { $0["id"] as? String == id }, "\(id) is listed but not in the corpus")
        }
    }
}
