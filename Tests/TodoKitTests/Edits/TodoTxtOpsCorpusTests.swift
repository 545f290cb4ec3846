import Foundation
import TodoKit
import XCTest

/// Runs the peers' todo.txt operation cases (todo.sh, topydo, todo.txt-android, jsTodoTxt, 1set/todotxt)
/// that map to todofmt's edits through the library, with each row's `today`, and compares the files.
final class TodoTxtOpsCorpusTests: XCTestCase {
    /// Rows where todofmt deliberately differs, each with its reason (documented in FORMAT.md section 8).
    static let deliberateDifferences: [String: String] = [
        "op-0131": "rm removes the line; todo.sh leaves it blank",
        "op-0135": "rm removes the line; todo.sh leaves it blank",
        "op-0136": "rm removes the line; todo.sh leaves it blank",
        "op-0139": "rm removes only the task's line; todo.sh -n also drops every other blank line",
        "op-0181": "a recurring task's next occurrence gets a creation date only if the task had one",
        "op-0185": "a recurring task's next occurrence gets a creation date only if the task had one",
        "op-0221": "done keeps the priority as pri:X; todo.txt-android drops it",
        "op-0222": "done keeps the priority as pri:X; todo.txt-android drops it",
        "op-0271": "done keeps the priority as pri:X, not as 'x DATE (A)'",
        "op-0272": "done keeps the priority as pri:X; RemoveCompletedPriority drops it",
    ]

    struct Outcome {
        var lines: [String]
        var done: [String]
        /// Lines the edit changed or added, for rows that assert printed tasks.
        var changed: [String]
        /// The edit was refused.
        var failed = false
    }

    func testTodoTxtOperationCasesMatchPeers() throws {
        let rows = try Corpus.cases("todotxt_ops.jsonl")
        var passed = 0, applicable = 0, notApplicable = 0
        var failures: [String] = []
        var unexpectedPasses: [String] = []
        for row in rows {
            let id = row["id"] as! String
            guard let check = try plan(row) else { notApplicable += 1; continue }
            applicable += 1
            let ok = check()
            if ok {
                passed += 1
                if Self.deliberateDifferences[id] != nil { unexpectedPasses.append(id) }
            } else if Self.deliberateDifferences[id] == nil {
                failures.append(id)
            }
        }
        print("todotxt_ops: \(passed) of \(applicable) applicable cases pass (\(notApplicable) not applicable); "
              + "\(Self.deliberateDifferences.count) deliberate differences")
        XCTAssertEqual(failures, [], "cases failing that are not deliberate differences")
        XCTAssertEqual(unexpectedPasses, [], "listed as deliberate differences but passing")
        XCTAssertEqual(passed + Self.deliberateDifferences.count, applicable)
    }

    /// A check for a row, or nil when the row does not map to a todofmt edit.
    func plan(_ row: [String: Any]) throws -> (() -> Bool)? {
        let source = (row["source"] as! String)
        let peer = source.split(separator: "/")[1]
        let op = row["op"] as! String
        let args = (row["args"] as? [Any?]) ?? []
        let options = (row["options"] as? [String]) ?? []
        let input = (row["input_lines"] as? [String]) ?? []
        let done = (row["input_done_lines"] as? [String]) ?? []
        let today = (row["today"] as? String).flatMap { CalendarDate(iso: $0) } ?? CalendarDate(iso: "2026-01-15")!
        let expected = row["expected"] as! [String: Any]
        let observed = row["observed"] as? [String: Any]
        let strings = args.compactMap { $0 as? String }

        var run: (() -> Outcome)?
        switch (peer, op) {
        case ("todo.txt-cli", _):
            guard row["config_note"] == nil, !source.contains("config file"), row["stdin"] == nil || (row["stdin"] as? String) == "y",
                  (row["env"] as? [String: String] ?? [:]).keys.allSatisfy({ $0 == "TODOTXT_VERBOSE" }),
                  options.allSatisfy({ ["-t", "-p", "-f", "-n", "-a"].contains($0) }) else { return nil }
            switch op {
            case "add":
                let task = NewTask(text: strings.joined(separator: " "), addsCreationDate: options.contains("-t"))
                run = { self.apply(input, done) { try TaskInsertion.add(task, to: $0, today: today) } }
            case "append", "prepend":
                guard strings.count >= 2, let line = Int(strings[0]) else { run = { Outcome(lines: input, done: done, changed: []) }; break }
                let text = strings.dropFirst().joined(separator: " ")
                run = { self.apply(input, done) { op == "append" ? try TaskEditor.append(text, lines: [line], in: $0, today: today)
                                                              : try TaskEditor.prepend(text, lines: [line], in: $0, today: today) } }
            case "pri":
                var pairs: [(Int?, Priority?)] = []
                var i = 0
                while i + 1 < strings.count { pairs.append((Int(strings[i]), Priority(lenient: strings[i + 1]))); i += 2 }
                run = {
                    var lines = input
                    for (line, priority) in pairs {
                        guard let line, let priority else { break }
                        let outcome = self.apply(lines, done) { try TaskEditor.setPriority(priority, lines: [line], in: $0) }
                        if outcome.failed { break }  // todo.sh stops at the first bad pair
                        lines = outcome.lines
                    }
                    return Outcome(lines: lines, done: done, changed: [])
                }
            case "depri":
                let lines = strings.compactMap(Int.init)
                guard lines.count == strings.count else { run = { Outcome(lines: input, done: done, changed: []) }; break }
                run = { self.apply(input, done) { try TaskEditor.removePriority(lines: lines, in: $0) } }
            case "do":
                let lines = strings.flatMap { $0.split(separator: ",") }.compactMap { Int($0) }
                let archives = !options.contains("-a")
                run = {
                    guard !lines.isEmpty else { return Outcome(lines: input, done: done, changed: []) }
                    var outcome = self.apply(input, done) { try StatusChange.complete(lines: lines, in: $0, today: today, subtasks: .force) }
                    if archives, outcome.lines != input { outcome = self.archive(outcome.lines, outcome.done) }
                    return outcome
                }
            case "del":
                guard strings.count == 1 else { return nil }  // `del NR TERM` removes a word; todofmt has no such edit
                let line = Int(strings[0])
                run = { line.map { l in self.apply(input, done) { try TaskEditor.remove(lines: [l], in: $0) } } ?? Outcome(lines: input, done: done, changed: []) }
            case "archive":
                run = { self.archive(input, done) }
            default:
                return nil
            }
            let after = observed!["todo_after_lines"] as! [String]
            let doneAfter = observed!["done_after_lines"] as! [String]
            return { let o = run!(); return o.lines == after && o.done == doneAfter }

        case ("topydo", "set_priority"), ("todo.txt-android", "set_priority"), ("jsTodoTxt", "set_priority"):
            guard let lines = expected["lines"] as? [String] else { return nil }
            let letter = args.first.flatMap { $0 as? String }
            run = {
                self.apply(input, done) { document in
                    guard let letter else { return try TaskEditor.removePriority(lines: [1], in: document) }
                    guard let priority = Priority(lenient: letter) else { return try TaskEditor.append("", lines: [], in: document, today: today) }
                    return try TaskEditor.setPriority(priority, lines: [1], in: document)
                }
            }
            return { run!().lines == lines }

        case ("topydo", "complete"), ("todo.txt-android", "complete"), ("todotxt", "complete"), ("jsTodoTxt", "set_completed"):
            guard args.first.map({ $0 is String }) ?? true else { return nil }
            let date = strings.first.flatMap { CalendarDate(iso: $0) } ?? today
            let times = (row["notes"] as? String)?.contains("2 times") == true ? 2 : 1
            run = {
                var lines = input
                for _ in 0..<times { lines = self.apply(lines, done) { try StatusChange.complete(lines: [1], in: $0, today: date) }.lines }
                return Outcome(lines: lines, done: done, changed: [])
            }
            return { self.matches(run!().lines, expected) }

        case ("todo.txt-android", "uncomplete"), ("todotxt", "uncomplete"), ("jsTodoTxt", "set_complete"):
            if op == "set_complete", (args.first as? Bool) != false { return nil }  // completing without a date
            run = { self.apply(input, done) { try StatusChange.reopen(lines: [1], in: $0) } }
            return { self.matches(run!().lines, expected) }

        case ("topydo", "do"):
            let plain = strings.allSatisfy { Int($0) != nil }
            let customDate = strings.count == 3 && strings[0] == "-d"
            guard row["stdin"] == nil, plain || customDate, let stdout = expected["stdout_lines"] as? [String] else { return nil }
            let line = Int(strings.last!)!
            let date = customDate ? CalendarDate(iso: strings[1])! : today
            run = { self.apply(input, done) { try StatusChange.complete(lines: [line], in: $0, today: date) } }
            let wanted = stdout.compactMap { text -> String? in
                if text.hasPrefix("Completed: ") { return String(text.dropFirst("Completed: ".count)) }
                if text.hasPrefix("|") { return String(text.split(separator: "|", maxSplits: 2)[1].dropFirst()) }
                return nil
            }
            return { run!().changed == wanted }

        case ("topydo", "pri"), ("topydo", "depri"), ("topydo", "append"):
            guard let stdout = expected["stdout_lines"] as? [String], let first = strings.first else { return nil }
            var edit: ((Document) throws -> EditResult)?
            if op == "append", let line = Int(first) {
                let text = strings.dropFirst().joined(separator: " ")
                edit = { try TaskEditor.append(text, lines: [line], in: $0, today: today) }
            } else if op == "depri", strings.count == 1, let line = Int(first) {
                edit = { try TaskEditor.removePriority(lines: [line], in: $0) }
            } else if op == "pri", first == "-d", strings.count == 2, let line = Int(strings[1]) {
                edit = { try TaskEditor.removePriority(lines: [line], in: $0) }
            } else if op == "pri", strings.count == 2, let line = Int(first) {
                var letter = strings[1]
                if letter.hasPrefix("("), letter.hasSuffix(")") { letter = String(letter.dropFirst().dropLast()) }
                edit = { document in
                    guard let priority = Priority(lenient: letter) else { return try TaskEditor.removePriority(lines: [], in: document) }
                    return try TaskEditor.setPriority(priority, lines: [line], in: document)
                }
            }
            guard let edit else { return nil }
            // topydo prints the task after the edit (also when it was already so), nothing when it refused.
            let wanted = stdout.filter { $0.hasPrefix("|") }.map { String($0.split(separator: "|", maxSplits: 2)[1].dropFirst()) }
            let line = Int(strings.last!) ?? Int(first)!
            return {
                let outcome = self.apply(input, done, edit)
                return wanted.isEmpty ? outcome.lines == input : [outcome.lines[line - 1]] == wanted
            }

        case ("topydo", "archive"):
            guard let lines = expected["lines"] as? [String], let archived = expected["archive_lines"] as? [String] else { return nil }
            return { let o = self.archive(input, []); return o.lines == lines && o.done == archived }

        case ("topydo", "recur"):
            let body = Document(parsing: input.joined(separator: "\n") + "\n", format: .todotxt).tasks[0].body
            let next = TodoTxtRecurrence.NextOccurrence(of: body, completedOn: today, strict: strings.contains("strict"))
            return {
                if expected["error"] != nil { return next == nil }
                guard let next else { return false }
                if let due = expected["new_due"], (due as? String) != next.due?.description { return false }
                if let start = expected["new_start"], (start as? String) != next.threshold?.description { return false }
                return true
            }
        default:
            return nil
        }
    }

    /// Runs an edit on a todo.txt file's lines; a refused edit leaves them as they were.
    func apply(_ lines: [String], _ done: [String], _ edit: (Document) throws -> EditResult) -> Outcome {
        let document = Document(parsing: lines.map { $0 + "\n" }.joined(), format: .todotxt)
        guard let result = try? edit(document) else { return Outcome(lines: lines, done: done, changed: [], failed: true) }
        let text = result.document.text
        XCTAssertTrue(text.isEmpty || text.hasSuffix("\n"))
        return Outcome(lines: text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init),
                       done: done, changed: result.changedTaskLines.map { String(result.document.lines.text($0 - 1)) })
    }

    func archive(_ lines: [String], _ done: [String]) -> Outcome {
        let document = Document(parsing: lines.map { $0 + "\n" }.joined(), format: .todotxt)
        let archive = Document(parsing: done.map { $0 + "\n" }.joined(), format: .todotxt)
        guard let result = try? Archiver.archive(document, into: archive) else { return Outcome(lines: lines, done: done, changed: []) }
        func split(_ text: String) -> [String] { text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
        return Outcome(lines: split(result.source.document.text), done: split(result.archive.text), changed: [])
    }

    /// Compares lines and the parsed fields a row asserts.
    func matches(_ lines: [String], _ expected: [String: Any]) -> Bool {
        if let want = expected["lines"] as? [String], want != lines { return false }
        if let prefixes = expected["lines_prefix"] as? [String] {
            for (line, prefix) in zip(lines, prefixes) where !line.hasPrefix(prefix) { return false }
        }
        let task = Document(parsing: lines.joined(separator: "\n") + "\n", format: .todotxt).tasks.first
        if let done = expected["done"] as? Bool, (task?.status == .done) != done { return false }
        if expected.keys.contains("priority"), (expected["priority"] as? String) != task?.priority?.description { return false }
        if expected.keys.contains("completion_date"), (expected["completion_date"] as? String) != task?.completionDate?.description { return false }
        return true
    }
}
