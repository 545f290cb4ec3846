import Foundation
import TodoKit
import XCTest

/// Runs the filter cases of todo.sh and topydo (`cases/todotxt_filter.jsonl`) through the query language:
/// each row's filter is translated into a todofmt filter where the meaning carries over, run on the row's
/// lines as a todo.txt file, and the matched line numbers compared.
final class FilterCorpusTests: XCTestCase {
    /// Cases where todofmt deliberately differs (docs/FORMAT.md, section 7), with the reason.
    static let documentedDifferences: [String: String] = [
        "filter-0045": "todo.sh greps the line number printed before each line; a todofmt word searches the description only",
        "filter-0053": "topydo is case-sensitive when the term has a capital; todofmt matching is always case-insensitive",
        "filter-0061": "a date key needs a real date: due:=2014-11-99 is an error in todofmt, no match in topydo",
        "filter-0062": "a date key needs a date: due:=garbage is an error in todofmt, no match in topydo",
    ]

    /// A filter in todofmt's language, or why the row has none.
    enum Translation {
        case query(String)
        case notApplicable(String)
    }

    func testTodoTxtFilterCases() throws {
        let rows = try Self.rows()
        let today = CalendarDate(year: 2026, month: 1, day: 15)!
        var applicable = 0, passed = 0, notApplicable = 0
        var report: [String] = []
        for row in rows {
            let id = row["id"] as! String
            let query: String
            switch Self.translate(row) {
            case .notApplicable(let reason):
                notApplicable += 1
                report.append("  \(id): not applicable (\(reason))")
                continue
            case .query(let q):
                query = q
            }
            applicable += 1
            let lines = row["input_lines"] as! [String]
            let document = Document(parsing: lines.map { $0 + "\n" }.joined(), format: .todotxt)
            let expected = Set((row["expected_numbers"] as! [Int]).filter { $0 > 0 })  // 0: done.txt lines
            let outcome: String
            var matched: Set<Int>?
            do {
                let filter = try FilterParser.parse(query, today: today)
                let listing = TaskListing(document: document, filter: filter, scope: .all, today: today)
                matched = Set(listing.matches.map { document.tasks[$0].line })
                outcome = "\(matched!.sorted())"
            } catch {
                outcome = "error \(error)"
            }
            let passes = matched == expected
            if passes { passed += 1 }
            if let reason = Self.documentedDifferences[id] {
                XCTAssertFalse(passes, "\(id) passes now: remove it from the documented differences")
                report.append("  \(id): documented difference (\(reason)); query \(query) gives \(outcome)")
            } else {
                XCTAssertTrue(passes, "\(id): query \(query) gives \(outcome), expected \(expected.sorted())")
            }
        }
        print("todotxt_filter: \(passed) of \(applicable) applicable cases pass (\(notApplicable) not applicable)")
        print(report.joined(separator: "\n"))
        XCTAssertGreaterThan(applicable, 50)
    }

    /// The case rows of `cases/todotxt_filter.jsonl`.
    static func rows() throws -> [[String: Any]] {
        try Corpus.cases("todotxt_filter.jsonl")
    }

    static func translate(_ row: [String: Any]) -> Translation {
        let filter = row["filter"] as! [String: Any]
        if let action = filter["action"] as? String {
            var args = filter["args"] as! [String]
            var parts: [String] = []
            if action == "listpri" {
                if let first = args.first, isPrioritySpec(first) {
                    parts.append(priorityQuery(first))
                    args.removeFirst()
                } else {
                    parts.append("pri:any")
                }
            }
            for arg in args {
                switch grepTerm(arg) {
                case .query(let term): parts.append(term)
                case .notApplicable(let reason): return .notApplicable(reason)
                }
            }
            return .query(parts.joined(separator: " "))
        }
        return topydoQuery(filter)
    }

    /// A todo.sh `ls` argument: `grep -i TERM`, or `grep -v -i` for `-TERM`.
    static func grepTerm(_ arg: String) -> Translation {
        var term = Substring(arg)
        let negated = term.first == "-" && term.count > 1
        if negated { term = term.dropFirst() }
        guard case .query(let positive) = literalOrAlternatives(String(term)) else { return literalOrAlternatives(String(term)) }
        return .query(negated ? "-" + positive : positive)
    }

    /// A basic regular expression that is literal text, or literal text around one `[…]` class of
    /// literal characters (written as an OR of the spellings).
    static func literalOrAlternatives(_ term: String) -> Translation {
        if term.contains(where: { "^$.*\\".contains($0) }) {
            return .notApplicable("regular expression '\(term)'")
        }
        guard let open = term.firstIndex(of: "["), let close = term.firstIndex(of: "]"), open < close else {
            return term.contains("]") ? .notApplicable("regular expression '\(term)'") : .query(literal(term))
        }
        let before = term[..<open], choices = term[term.index(after: open)..<close], after = term[term.index(after: close)...]
        guard !choices.isEmpty, !choices.contains(where: { "^-[".contains($0) }), !after.contains("["), !after.contains("]") else {
            return .notApplicable("regular expression '\(term)'")
        }
        return .query("(" + choices.map { literal(before + String($0) + after) }.joined(separator: " OR ") + ")")
    }

    /// A literal text: `+name` and `@name` as themselves, a plain word bare, anything else quoted.
    static func literal(_ text: String) -> String {
        let plain = !text.isEmpty && !text.contains(where: { " \t\"()-:".contains($0) }) && !["OR", "AND", "NOT"].contains(text)
        if plain { return text }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// todo.sh `listpri` takes letters and ranges run together: `A`, `a-c`, `CX`, `ABR-Y`.
    static func isPrioritySpec(_ text: String) -> Bool {
        let chars = Array(text)
        var i = 0
        guard !chars.isEmpty else { return false }
        while i < chars.count {
            guard chars[i].isLetter, chars[i].isASCII else { return false }
            if i + 1 < chars.count, chars[i + 1] == "-" {
                guard i + 2 < chars.count, chars[i + 2].isLetter, chars[i + 2].isASCII else { return false }
                i += 3
            } else {
                i += 1
            }
        }
        return true
    }

    static func priorityQuery(_ spec: String) -> String {
        let chars = Array(spec.uppercased())
        var parts: [String] = []
        var i = 0
        while i < chars.count {
            if i + 2 < chars.count, chars[i + 1] == "-" {
                parts.append("pri:\(chars[i])-\(chars[i + 2])")
                i += 3
            } else {
                parts.append("pri:\(chars[i])")
                i += 1
            }
        }
        return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " OR ") + ")"
    }

    /// The spec's and topydo's filter objects.
    static func topydoQuery(_ filter: [String: Any]) -> Translation {
        let kind = filter["kind"] as! String
        switch kind {
        case "context": return .query("@" + (filter["value"] as! String))
        case "project": return .query("+" + (filter["value"] as! String))
        case "ordinal_tag": return .query(filter["value"] as! String)
        case "grep":
            var value = filter["value"] as! String
            switch filter["case_sensitive"] as? Bool {
            case true?:
                if value.contains(where: \.isLetter) { return .notApplicable("case-sensitive search") }
            case false?:
                value = value.lowercased()
            case nil:
                break  // topydo's smart case: a documented difference when the value has a capital
            }
            return literalOrAlternatives(value)
        case "not":
            guard case .query(let inner) = topydoQuery(filter["of"] as! [String: Any]) else {
                return topydoQuery(filter["of"] as! [String: Any])
            }
            return .query("-(" + inner + ")")
        case "and", "or":
            var parts: [String] = []
            for part in filter["of"] as! [[String: Any]] {
                guard case .query(let query) = topydoQuery(part) else { return topydoQuery(part) }
                parts.append("(" + query + ")")
            }
            return .query(parts.joined(separator: kind == "and" ? " " : " OR "))
        default:
            return .notApplicable("filter kind '\(kind)'")
        }
    }
}
