import Foundation
import XCTest

/// `todofmt lsp` on a todo.txt file: the same capabilities, with todo.txt's own way of writing done tasks.
final class LanguageServerTodoTxtTests: XCTestCase {
    static let text = """
        (A) Call mom @phone due:2026-11-25
        x 2026-11-20 2026-11-21 Pay bills +money
        Water plants +garden @家 rec:1w due:2026-11-24  
        2026-13-01 Renew passport

        """
    let uri = "file:///tmp/todofmt-lsp-tests/todo.txt"
    typealias Client = LanguageServerClient

    private func started(options: [String: Any]? = nil) throws -> Client {
        let client = try Client()
        try client.initialize(options: options)
        client.open(uri, Self.text, languageID: "plaintext")
        return client
    }

    private func lines(_ text: String) -> [String] { text.components(separatedBy: "\n") }

    private func applying(_ title: String, _ client: Client, line: Int) throws -> String {
        let offered = try client.results(of: "textDocument/codeAction", ["textDocument": ["uri": uri],
            "range": Client.range(line, 0, line, 0), "context": ["diagnostics": []]])
        let action = try XCTUnwrap(offered.first { $0["title"] as? String == title }, "\(offered.map { $0["title"] ?? "" })")
        let resolved = try client.result(of: "codeAction/resolve", action)
        return TextEdits.apply(TextEdits.edits(for: uri, in: resolved["edit"] as? [String: Any] ?? [:]), to: Self.text)
    }

    func testDiagnosticsOfATodoTxtFile() throws {
        let client = try started()
        let diagnostics = try client.diagnostics(uri)
        XCTAssertEqual(diagnostics.map { $0["code"] as? String }, ["completed-before-created", "impossible-date"])
        let range = diagnostics[1]["range"] as! [String: [String: Int]]
        XCTAssertEqual([range["start"]!["line"]!, range["start"]!["character"]!, range["end"]!["character"]!], [3, 0, 10])
    }

    func testFormattingRemovesOnlyTheTrailingSpaces() throws {
        let client = try started()
        let edits = try client.results(of: "textDocument/formatting", ["textDocument": ["uri": uri], "options": [:]])
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(TextEdits.apply(edits, to: Self.text), Self.text.replacingOccurrences(of: "2026-11-24  \n", with: "2026-11-24\n"))
    }

    func testMarkDoneWritesTheMarkAndDateAndAddsTheNextOccurrence() throws {
        let client = try started()
        let result = lines(try applying("Mark done", client, line: 2))
        XCTAssertEqual(result[2], "x 2026-11-24 Water plants +garden @家 rec:1w due:2026-11-24  ")
        XCTAssertEqual(result[4], "Water plants +garden @家 rec:1w due:2026-12-01  ")
        XCTAssertEqual(lines(try applying("Mark done", client, line: 0))[0], "x 2026-11-24 Call mom @phone due:2026-11-25 pri:A")
    }

    func testALeadingDateTheCalendarLacksIsFixedToARealOne() throws {
        let client = try started()
        XCTAssertEqual(lines(try applying("Change 2026-13-01 to 2026-12-31", client, line: 3))[3], "2026-12-31 Renew passport")
    }

    func testHoverSymbolsTokensAndRenameOnTodoTxt() throws {
        let client = try started(options: ["outlineTasks": true])
        let hover = try client.result(of: "textDocument/hover", ["textDocument": ["uri": uri], "position": Client.position(2, 2)])
        XCTAssertEqual((hover["contents"] as? [String: Any])?["value"] as? String,
                       "**due** Tuesday 2026-11-24, due today  \n**recurs** every week, counted from the day it is done (rec:1w); done today, it comes back due 2026-12-01")
        let symbols = try client.results(of: "textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        XCTAssertEqual(symbols.map { $0["name"] as? String }, ["Call mom", "Pay bills", "Water plants", "2026-13-01 Renew passport"])
        let data = try client.result(of: "textDocument/semanticTokens/full", ["textDocument": ["uri": uri]])["data"] as? [Int] ?? []
        XCTAssertEqual(Array(data.prefix(5)), [0, 0, 3, 0, 0], "the priority first")
        let edit = try client.result(of: "textDocument/rename", ["textDocument": ["uri": uri], "position": Client.position(2, 16), "newName": "yard"])
        XCTAssertEqual(lines(TextEdits.apply(TextEdits.edits(for: uri, in: edit), to: Self.text))[2], "Water plants +yard @家 rec:1w due:2026-11-24  ")
    }

    func testTheLanguageIdTodotxtMakesAnyFileATodoTxtFile() throws {
        let client = try Client()
        try client.initialize()
        let uri = "file:///tmp/todofmt-lsp-tests/tasks.list"
        client.open(uri, "x 2026-01-02 Done\n\nOpen\n", languageID: "todotxt")
        let edits = try client.results(of: "textDocument/formatting", ["textDocument": ["uri": uri], "options": [:]])
        XCTAssertEqual(TextEdits.apply(edits, to: "x 2026-01-02 Done\n\nOpen\n"), "x 2026-01-02 Done\nOpen\n", "no blank lines in todo.txt")
    }
}
