import Foundation
import XCTest

/// A change the editor cannot have made to the text the server holds is refused: the server keeps its last good
/// text, tells the person at the editor (naming the document and the version), and proposes no edit to the
/// document until the editor sends its whole text again. Otherwise every later edit would be computed on a text
/// the editor does not have.
final class LanguageServerChangeRefusalTests: XCTestCase {
    typealias Client = LanguageServerClient
    let uri = "file:///tmp/todofmt-lsp-tests/refusals/TODO.md"
    static let text = "# Home\n\n- [ ] Pay rent\n- [ ] Call mom\n"

    private func started() throws -> Client {
        let client = try Client()
        try client.initialize()
        client.open(uri, Self.text)
        return client
    }

    /// The outline's list, as the server holds the text: its title and its count of open tasks.
    private func outline(_ client: Client) throws -> [String] {
        try client.results(of: "textDocument/documentSymbol", ["textDocument": ["uri": uri]]).map {
            "\($0["name"] ?? "") \($0["detail"] ?? "")"
        }
    }

    private func codeActions(_ client: Client) throws -> [[String: Any]] {
        try client.results(of: "textDocument/codeAction", ["textDocument": ["uri": uri], "range": Client.range(2, 0, 2, 0),
                                                            "context": ["diagnostics": []]])
    }

    private func error(_ response: [String: Any]) -> Int? { (response["error"] as? [String: Any])?["code"] as? Int }

    /// Sends `change` as version 2 and checks that it is refused: the message names the document and the version,
    /// the text stays, and no edit is proposed until a whole text comes.
    private func assertRefused(_ change: [String: Any], version: Int = 2, saying reason: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let client = try started()
        let before = try outline(client)
        XCTAssertEqual(before, ["Home 2 open, 0 done"], file: file, line: line)
        client.change(uri, version: version, [change])
        let message = try client.notification("window/showMessage")
        let text = (message["params"] as? [String: Any])?["message"] as? String ?? ""
        XCTAssertTrue(text.contains("\(uri) version \(version)") && text.contains(reason), text, file: file, line: line)
        XCTAssertEqual(try outline(client), before, "the text is as it was", file: file, line: line)
        XCTAssertEqual(try codeActions(client).count, 0, "no action is offered", file: file, line: line)
        XCTAssertEqual(error(try client.request("textDocument/formatting", ["textDocument": ["uri": uri], "options": [:]])), -32803,
                       file: file, line: line)
        XCTAssertEqual(error(try client.request("textDocument/rename", ["textDocument": ["uri": uri], "position": Client.position(2, 8),
                                                                          "newName": "x"])), -32803, file: file, line: line)
        // A later change to a text the server does not have is set aside too.
        client.change(uri, version: version + 1, [["range": Client.range(2, 3, 2, 4), "text": "x"]])
        XCTAssertEqual(try outline(client), before, file: file, line: line)
        // The whole text puts the server back in step.
        client.change(uri, version: version + 2, [["text": "# Home\n\n- [x] Pay rent\n- [ ] Call mom\n- [ ] Cook\n"]])
        XCTAssertEqual(try outline(client), ["Home 2 open, 1 done"], file: file, line: line)
        XCTAssertGreaterThan(try codeActions(client).count, 0, file: file, line: line)
        XCTAssertNil(try client.request("textDocument/formatting", ["textDocument": ["uri": uri], "options": [:]])["error"], file: file, line: line)
    }

    func testAChangeWhoseRangeEndsBeforeItStartsIsRefused() throws {
        try assertRefused(["range": Client.range(3, 4, 2, 1), "text": ""], saying: "ends (2:1) before it starts (3:4)")
    }

    func testAChangeStartingOnALinePastTheEndIsRefused() throws {
        try assertRefused(["range": Client.range(9, 0, 9, 0), "text": "- [ ] Ghost\n"], saying: "starts on line 9, past the end")
    }

    func testAVersionThatGoesBackIsRefused() throws {
        let client = try started()
        client.change(uri, version: 5, [["range": Client.range(4, 0, 4, 0), "text": "- [ ] Cook\n"]])
        XCTAssertEqual(try outline(client), ["Home 3 open, 0 done"])
        client.change(uri, version: 4, [["range": Client.range(2, 3, 2, 4), "text": "x"]])
        let message = try client.notification("window/showMessage")
        XCTAssertTrue(((message["params"] as? [String: Any])?["message"] as? String ?? "").contains("\(uri) version 4: the version goes back from 5"))
        XCTAssertEqual(try outline(client), ["Home 3 open, 0 done"])
        XCTAssertEqual(try codeActions(client).count, 0)
    }

    func testAChangeRefusedAmongOthersTakesTheWholeMessageBack() throws {
        let client = try started()
        client.change(uri, version: 2, [["range": Client.range(4, 0, 4, 0), "text": "- [ ] Cook\n"],
                                        ["range": Client.range(2, 5, 2, 1), "text": ""]])
        _ = try client.notification("window/showMessage")
        XCTAssertEqual(try outline(client), ["Home 2 open, 0 done"])
    }

    func testAnEndPastTheEndMeansTheEndOfTheDocument() throws {
        let client = try started()
        client.change(uri, version: 2, [["range": Client.range(3, 0, 40, 0), "text": "- [x] Cook\n"]])
        XCTAssertEqual(try outline(client), ["Home 1 open, 1 done"], "Call mom was replaced up to the end")
        XCTAssertGreaterThan(try codeActions(client).count, 0)
    }

    func testReopeningPutsTheServerBackInStep() throws {
        let client = try started()
        client.change(uri, version: 2, [["range": Client.range(3, 4, 2, 1), "text": ""]])
        _ = try client.notification("window/showMessage")
        client.open(uri, Self.text, version: 1)
        XCTAssertGreaterThan(try codeActions(client).count, 0)
    }
}
