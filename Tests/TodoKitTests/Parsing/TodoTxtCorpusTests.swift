import Foundation
import TodoKit
import XCTest

/// Peers' todo.txt parsing assertions (`cases/todotxt_parse.jsonl`), checked against our parser field by field.
///
/// Only the fields a case asserts are compared. Every case we fail must be one of the deliberate
/// disagreements below, each also listed with its reason in docs/FORMAT.md section 9.
final class TodoTxtCorpusTests: XCTestCase {
    /// Case id → why we read the line differently from the peer that asserts it.
    static let deliberateDisagreements: [String: String] = [
        "parse-0056": "trailing .,;:!? is not part of a project name (topydo), pytodotxt keeps it",
        "parse-0078": "the date after `x (A)` is the completion date (spec diagram, jsTodoTxt), pytodotxt: none",
        "parse-0095": "the date after `x (C)` is the completion date, go-todotxt reads a creation date",
        "parse-0119": "the date after `x (C)` is the completion date, go-todotxt reads a creation date",
        "parse-0126": "the date after `x (C)` is the completion date, go-todotxt reads a creation date",
        "parse-0165": "uppercase `X ` does not mark a task done (spec, topydo, go-todotxt), todo.txt-android: done",
        "parse-0184": "uppercase `X ` does not mark a task done (spec, topydo, go-todotxt), todotxt.net: done",
        "parse-0185": "uppercase `X ` does not mark a task done (spec, topydo, go-todotxt), todotxt.net: done",
        "parse-0204": "a context's name ends before a closing bracket (topydo), todo.sh's listcon keeps `home)`",
    ]

    func testEveryTodoTxtParseCaseEitherPassesOrIsADeliberateDisagreement() throws {
        let cases = try Corpus.cases("todotxt_parse.jsonl")
        var failures: [String: String] = [:]
        for row in cases {
            let id = row["id"] as! String
            let line = row["line"] as! String
            let problems = TodoTxtCaseCheck(row: row).problems(parsing: line)
            if !problems.isEmpty { failures[id] = problems.joined(separator: "; ") }
        }
        print("todotxt_parse: \(cases.count - failures.count) of \(cases.count) cases pass")
        for (id, problem) in failures.sorted(by: { $0.key < $1.key }) {
            let line = cases.first { $0["id"] as? String == id }!["line"] as! String
            if let reason = Self.deliberateDisagreements[id] {
                print("  \(id) (deliberate: \(reason))")
            } else {
                XCTFail("\(id) \(line.debugDescription): \(problem)")
            }
        }
        for id in Self.deliberateDisagreements.keys.sorted() where failures[id] == nil {
            XCTFail("\(id) is listed as a deliberate disagreement but passes; remove it from the list")
        }
    }
}

/// Compares one `todotxt_parse` row's asserted fields with what `Document(parsing:format: .todotxt)` reads.
struct TodoTxtCaseCheck {
    var row: [String: Any]

    var expect: [String: Any] { row["expect"] as! [String: Any] }
    var asserted: [String] { row["asserted"] as! [String] }

    func problems(parsing line: String) -> [String] {
        let document = Document(parsing: line, format: .todotxt)
        let task = document.tasks.first
        var problems: [String] = []
        func report(_ field: String, _ expected: Any?, _ actual: Any?) {
            problems.append("\(field): expected \(describe(expected)), got \(describe(actual))")
        }
        for field in asserted {
            let expected = expect[field]
            switch field {
            case "done":
                let actual = task.map { $0.status == .done } ?? false
                if (expected as? Bool) != actual { report(field, expected, actual) }
            case "priority":
                let actual = task?.priority.map { String($0.letter) }
                if !equalOptionalStrings(expected, actual) { report(field, expected, actual) }
            case "completion_date":
                let actual = task?.completionDate?.description
                if !equalOptionalStrings(expected, actual) { report(field, expected, actual) }
            case "creation_date":
                let actual = task?.creationDate?.description
                if !equalOptionalStrings(expected, actual) { report(field, expected, actual) }
            case "projects":
                let actual = task?.projects ?? []
                if !equalNames(expected as! [String], actual) { report(field, expected, actual) }
            case "contexts":
                let actual = task?.contexts ?? []
                if !equalNames(expected as! [String], actual) { report(field, expected, actual) }
            case "projects_contains":
                let actual = task?.projects ?? []
                if !Set(expected as! [String]).isSubset(of: actual) { report(field, expected, actual) }
            case "tags":
                let actual = tagDictionary(task)
                if !equalTags(expected as! [String: Any], actual, exact: true) { report(field, expected, actual) }
            case "tags_contains":
                let actual = tagDictionary(task)
                if !equalTags(expected as! [String: Any], actual, exact: false) { report(field, expected, actual) }
            case "tags_absent":
                let keys = Set((task?.tags ?? []).map(\.key))
                let present = (expected as! [String]).filter(keys.contains)
                if !present.isEmpty { report(field, "none of \(expected!)", present) }
            case "text":
                let actual = task.map(peerText)
                let expectedText = expected as? String
                if let task {
                    if normalise(expectedText ?? "") != normalise(peerText(task)) { report(field, expected, actual) }
                } else if !(expectedText ?? "").isEmpty {
                    report(field, expected, nil as String?)
                }
            default:
                problems.append("unknown asserted field \(field)")
            }
        }
        return problems
    }

    /// The peer whose definition of "text" the case uses.
    enum TextKind { case rest, withoutTags, withoutNames, todotxtNetBody }

    var textKind: TextKind {
        let kind = row["text_kind"] as? String ?? ""
        if kind.hasPrefix("topydo") { return .withoutTags }
        if kind.hasPrefix("go-todotxt") { return .withoutNames }
        if kind.hasPrefix("todotxt.net") { return .todotxtNetBody }
        return .rest
    }

    /// The task's text as the case's peer defines it, built from our tokens.
    func peerText(_ task: TodoTask) -> String {
        let body = task.body
        func keep(_ token: Token) -> Bool {
            switch (textKind, token.kind) {
            case (.rest, _), (_, .word): return true
            case (.withoutTags, .tag): return false
            case (.withoutTags, _): return true
            case (.withoutNames, _): return false
            case (.todotxtNetBody, .tag):
                // todotxt.net removes `due:` and `t:` only when they hold a date.
                let word = body.text(of: token)
                let key = word.prefix { $0 != ":" }, value = word.drop { $0 != ":" }.dropFirst()
                return !((key == "due" || key == "t") && CalendarDate(iso: value) != nil)
            case (.todotxtNetBody, _): return false
            }
        }
        if textKind == .rest { return body.description }
        return body.tokens.filter(keep).map(body.text(of:)).joined(separator: " ")
    }

    /// Peers differ in how they keep the spaces left where they removed a word; runs of spaces count as one.
    func normalise(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    func tagDictionary(_ task: TodoTask?) -> [String: [String]] {
        var tags: [String: [String]] = [:]
        for (key, value) in task?.tags ?? [] { tags[key, default: []].append(value) }
        return tags
    }

    func equalTags(_ expected: [String: Any], _ actual: [String: [String]], exact: Bool) -> Bool {
        if exact, Set(expected.keys) != Set(actual.keys) { return false }
        for (key, value) in expected {
            let values = (value as? [String]) ?? [value as! String]
            if actual[key] != values { return false }
        }
        return true
    }

    /// `compare: list` asks for the order of first appearance; the default is a set.
    func equalNames(_ expected: [String], _ actual: [String]) -> Bool {
        if row["compare"] as? String == "list" { return expected == actual }
        return Set(expected) == Set(actual)
    }

    func equalOptionalStrings(_ expected: Any?, _ actual: String?) -> Bool {
        (expected as? String) == actual
    }

    func describe(_ value: Any?) -> String {
        guard let value, !(value is NSNull) else { return "null" }
        if let string = value as? String { return string.debugDescription }
        return "\(value)"
    }
}
