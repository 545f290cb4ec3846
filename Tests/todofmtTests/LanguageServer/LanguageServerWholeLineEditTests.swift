import Foundation
import XCTest

/// Every edit `todofmt lsp` sends (formatting, each code action, rename, `workspace/applyEdit`) replaces whole
/// lines: it starts at character 0 of a line and ends at character 0 of a later one. So a client that counts a
/// line's characters otherwise than the server said (UTF-8 bytes, as ALE does; code points, as vim-lsp does)
/// still ends with the text the server meant, on lines holding emoji, CJK and combining characters.
final class LanguageServerWholeLineEditTests: XCTestCase {
    typealias Client = LanguageServerClient

    /// Not canonical (`*` bullets, no blank lines around headings); today is 2026-11-24.
    static let text = """
        # 家事 🏠
        * [ ] Take out bins 🔁 every week 📅 2026-01-05
        - [ ] Café crème ☕ +house due:2026-11-20
        - [ ] Nai\u{0308}ve 日本語 @家 due:2026-02-30 +house
        ## 仕事 👷
        - [x] 2026-11-01 Fix the 🚲 +house
        * [ ] Write 報告 é\u{0301} last line without a break 📅 2026-12-01
        """
    let uri = "file:///tmp/todofmt-lsp-tests/edits/TODO.md"

    private func started(encoding: String? = nil, resolves: Bool = true) throws -> Client {
        let client = try Client()
        var capabilities: [String: Any] = resolves ? Client.editorCapabilities : [:]
        if let encoding { capabilities["general"] = ["positionEncodings": [encoding]] }
        try client.initialize(capabilities: capabilities)
        client.open(uri, Self.text)
        return client
    }

    /// The edit of the code action titled `title` offered on `line`.
    private func actionEdits(_ title: String, line: Int, _ client: Client) throws -> [[String: Any]] {
        let offered = try client.results(of: "textDocument/codeAction", ["textDocument": ["uri": uri],
                                         "range": Client.range(line, 0, line, 0), "context": ["diagnostics": []]])
        let action = try XCTUnwrap(offered.first { $0["title"] as? String == title }, "offered: \(offered.map { $0["title"] ?? "" })")
        let resolved = try client.result(of: "codeAction/resolve", action)
        return TextEdits.edits(for: uri, in: resolved["edit"] as? [String: Any] ?? [:])
    }

    /// Checks that every edit names whole lines, and that clients counting UTF-16, UTF-8 and code points all end
    /// with the same text; that text.
    private func applied(_ edits: [[String: Any]], _ what: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        XCTAssertFalse(edits.isEmpty, "\(what): no edit", file: file, line: line)
        for edit in edits {
            let range = edit["range"] as? [String: Any] ?? [:]
            let start = range["start"] as? [String: Int] ?? [:], end = range["end"] as? [String: Int] ?? [:]
            XCTAssertEqual(start["character"], 0, "\(what): \(edit)", file: file, line: line)
            XCTAssertEqual(end["character"], 0, "\(what): \(edit)", file: file, line: line)
            XCTAssertGreaterThanOrEqual(end["line"] ?? -1, start["line"] ?? 0, "\(what): \(edit)", file: file, line: line)
        }
        let meant = TextEdits.apply(edits, to: Self.text, counting: .utf16)
        XCTAssertEqual(TextEdits.apply(edits, to: Self.text, counting: .utf8), meant, "\(what), counted in bytes", file: file, line: line)
        XCTAssertEqual(TextEdits.apply(edits, to: Self.text, counting: .codePoints), meant, "\(what), counted in code points", file: file, line: line)
        return meant
    }

    private func lines(_ text: String) -> [String] { text.components(separatedBy: "\n") }

    func testFormattingIsAppliedExactlyHoweverTheClientCounts() throws {
        for encoding in [nil, "utf-8", "utf-32"] {
            let client = try started(encoding: encoding)
            let edits = try client.results(of: "textDocument/formatting", ["textDocument": ["uri": uri], "options": [:]])
            let expected = try Todofmt.run(["--quiet", "--stdin-filepath", "TODO.md"], stdin: Self.text).stdout
            XCTAssertEqual(applied(edits, "formatting (\(encoding ?? "utf-16"))"), expected)
        }
    }

    func testTickingARecurringTasksLineIsAppliedExactly() throws {
        let client = try started()
        let meant = applied(try actionEdits("Mark done", line: 1, client), "mark done")
        XCTAssertEqual(Array(lines(meant)[1...2]), ["* [ ] Take out bins 🔁 every week 📅 2026-01-12",
                                                     "* [x] Take out bins 🔁 every week 📅 2026-01-05 ✅ 2026-11-24"])
    }

    func testEveryCodeActionIsAppliedExactly() throws {
        let client = try started()
        XCTAssertEqual(lines(applied(try actionEdits("Set priority (A)", line: 2, client), "priority"))[2],
                       "- [ ] (A) Café crème ☕ +house due:2026-11-20")
        XCTAssertEqual(lines(applied(try actionEdits("Postpone a day", line: 2, client), "postpone"))[2],
                       "- [ ] Café crème ☕ +house due:2026-11-25")  // overdue: a day from today
        XCTAssertEqual(lines(applied(try actionEdits("Move to 家事 🏠 / 仕事 👷", line: 2, client), "move")).filter { $0.contains("Café") }.count, 1)
        XCTAssertEqual(lines(applied(try actionEdits("Change 2026-02-30 to 2026-02-28", line: 3, client), "quick fix"))[3],
                       "- [ ] Nai\u{0308}ve 日本語 @家 due:2026-02-28 +house")
        XCTAssertNotEqual(applied(try actionEdits("Sort the tasks", line: 2, client), "sort"), Self.text)
        XCTAssertFalse(applied(try actionEdits("Archive the done tasks", line: 2, client), "archive").contains("🚲"))
        XCTAssertEqual(lines(applied(try actionEdits("Mark done", line: 6, client), "the last line, which has no line break")).last,
                       "* [x] Write 報告 é\u{0301} last line without a break 📅 2026-12-01 ✅ 2026-11-24")
    }

    func testRenameIsAppliedExactly() throws {
        let client = try started()
        let edit = try client.result(of: "textDocument/rename", ["textDocument": ["uri": uri], "position": Client.position(2, 22), "newName": "maison"])
        let meant = applied(TextEdits.edits(for: uri, in: edit), "rename")
        XCTAssertEqual(meant.components(separatedBy: "+maison").count, 4)
        XCTAssertFalse(meant.contains("+house"))
    }

    func testAnEditSentWithApplyEditIsAppliedExactly() throws {
        let client = try started(resolves: false)
        let offered = try client.results(of: "textDocument/codeAction", ["textDocument": ["uri": uri],
                                         "range": Client.range(2, 0, 2, 0), "context": ["diagnostics": []]])
        let sort = try XCTUnwrap(offered.first { $0["title"] as? String == "Sort the tasks" })
        let command = try XCTUnwrap(sort["command"] as? [String: Any])
        _ = try client.result(of: "workspace/executeCommand", ["command": command["command"]!, "arguments": command["arguments"]!])
        let request = try client.notification("workspace/applyEdit")
        let edit = (request["params"] as? [String: Any])?["edit"] as? [String: Any] ?? [:]
        XCTAssertNotEqual(applied(TextEdits.edits(for: uri, in: edit), "applyEdit"), Self.text)
    }
}
