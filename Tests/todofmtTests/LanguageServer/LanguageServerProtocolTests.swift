import Foundation
import XCTest

/// What `todofmt lsp` does with messages it cannot act on: an error response, never a crash; and how it ends.
final class LanguageServerProtocolTests: XCTestCase {
    typealias Client = LanguageServerClient
    let uri = "file:///tmp/todofmt-lsp-tests/TODO.md"

    private func error(_ response: [String: Any]) -> Int? { (response["error"] as? [String: Any])?["code"] as? Int }

    func testMalformedJSONGetsAParseErrorAndTheServerGoesOn() throws {
        let client = try Client()
        try client.initialize()
        client.sendRaw(Data("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ".utf8))
        let response = try client.response(id: "<null>", method: "malformed JSON")
        XCTAssertEqual(error(response), -32700)
        client.sendBytes(Data("Content-Type: nothing\r\n\r\n".utf8))
        XCTAssertEqual(error(try client.response(id: "<null>", method: "a header without a length")), -32700)
        client.open(uri, "- [ ] Still here\n")
        XCTAssertEqual(try client.results(of: "textDocument/codeAction", ["textDocument": ["uri": uri], "range": Client.range(0, 0, 0, 0),
                                                                          "context": ["diagnostics": [], "only": ["refactor.rewrite.toggle"]]]).count, 1)
    }

    func testAStrayNewlineCostsOneErrorAndEveryLaterMessageIsAnswered() throws {
        let client = try Client()
        try client.initialize()
        client.sendBytes(Data("\n".utf8))
        XCTAssertEqual(error(try client.response(id: "<null>", method: "the stray newline")), -32700)
        client.open(uri, "- [ ] Task due:2026-11-30\n")
        for _ in 0..<4 {
            let response = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": Client.position(0, 7)])
            XCTAssertNil(response["error"], "\(response)")
        }
        XCTAssertTrue(try client.request("shutdown", nil)["result"] is NSNull)
        client.notify("exit", NSNull())
        XCTAssertEqual(client.waitForExit(), 0)
    }

    func testALengthOverTheFileLimitIsRefusedAtOnceAndTheNextMessageRead() throws {
        let client = try Client()
        try client.initialize()
        client.sendBytes(Data("Content-Length: 4000000000\r\n\r\n".utf8))
        let response = try client.response(id: "<null>", method: "the huge length")
        XCTAssertEqual(error(response), -32700)
        XCTAssertEqual((response["error"] as? [String: Any])?["message"] as? String, "a message longer than 128 MiB, the limit of a todo file")
        client.open(uri, "- [ ] Task\n")
        XCTAssertEqual(try client.results(of: "textDocument/foldingRange", ["textDocument": ["uri": uri]]).count, 0)
    }

    func testMistypedParamsGetInvalidParamsNamingTheMember() throws {
        let client = try Client()
        try client.initialize()
        client.open(uri, "- [ ] Task\n")
        for (params, message): ([String: Any], String) in [
            (["textDocument": ["uri": 5], "position": Client.position(0, 0)], "'textDocument.uri' must be a string"),
            (["textDocument": ["uri": uri]], "'position.line' is missing (a number)"),
            (["textDocument": ["uri": uri], "position": ["line": 0]], "'position.character' is missing (a number)"),
        ] {
            let response = try client.request("textDocument/hover", params)
            XCTAssertEqual(error(response), -32602, "\(params)")
            XCTAssertEqual((response["error"] as? [String: Any])?["message"] as? String, message)
        }
        let actions = try client.request("textDocument/codeAction", ["textDocument": ["uri": uri], "range": Client.range(0, 0, 0, 0),
                                                                     "context": ["only": "quickfix"]])
        XCTAssertEqual((actions["error"] as? [String: Any])?["message"] as? String, "'context.only' must be an array")
    }

    func testAnUnknownMethodGetsMethodNotFoundAndAnUnknownNotificationNothing() throws {
        let client = try Client()
        try client.initialize()
        client.notify("$/somethingNew", [:])
        XCTAssertEqual(error(try client.request("textDocument/teleport", [:])), -32601)
    }

    func testARequestBeforeInitializeIsRefused() throws {
        let client = try Client()
        XCTAssertEqual(error(try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": Client.position(0, 0)])), -32002)
    }

    func testARequestForAClosedDocumentGetsAnError() throws {
        let client = try Client()
        try client.initialize()
        client.open(uri, "- [ ] Task\n")
        client.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        let response = try client.request("textDocument/formatting", ["textDocument": ["uri": uri], "options": [:]])
        XCTAssertEqual(error(response), -32602)
        XCTAssertTrue("\(response)".contains("is not open"))
    }

    func testPositionsOutOfRangeOrMistypedGetInvalidParams() throws {
        let client = try Client()
        try client.initialize()
        client.open(uri, "- [ ] Task\n")
        for position: [String: Any] in [["line": 5, "character": 0], ["line": -1, "character": 0], ["line": "one", "character": 0]] {
            XCTAssertEqual(error(try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": position])), -32602, "\(position)")
        }
        let past = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": Client.position(0, 999)])
        XCTAssertNil(past["error"], "a character past the line's end means its end")
    }

    func testResolvingAnActionAfterTheDocumentChangedGetsContentModified() throws {
        let client = try Client()
        try client.initialize()
        client.open(uri, "- [ ] Task\n")
        let action = try XCTUnwrap(try client.results(of: "textDocument/codeAction", ["textDocument": ["uri": uri],
            "range": Client.range(0, 0, 0, 0), "context": ["diagnostics": []]]).first)
        client.change(uri, version: 2, [["range": Client.range(0, 6, 0, 6), "text": "New "]])
        XCTAssertEqual(error(try client.request("codeAction/resolve", action)), -32801)
    }

    func testABufferWithANulByteIsReportedAndNotFormatted() throws {
        let client = try Client()
        try client.initialize()
        client.open(uri, "- [ ] a\u{0}b\n")
        XCTAssertEqual(try client.diagnostics(uri).first?["code"] as? String, "not-text")
        XCTAssertEqual(error(try client.request("textDocument/formatting", ["textDocument": ["uri": uri], "options": [:]])), -32803)
    }

    func testShutdownThenExitEndsTheProcessWithZero() throws {
        let client = try Client()
        try client.initialize()
        XCTAssertTrue(try client.request("shutdown", nil)["result"] is NSNull)
        XCTAssertEqual(error(try client.request("textDocument/hover", [:])), -32600, "only exit after shutdown")
        client.notify("exit", NSNull())
        XCTAssertEqual(client.waitForExit(), 0)
    }

    func testExitWithoutShutdownEndsWithOneAndTheEndOfInputEndsTheProcess() throws {
        let client = try Client()
        try client.initialize()
        client.notify("exit", NSNull())
        XCTAssertEqual(client.waitForExit(), 1)
        let other = try Client()
        try other.initialize()
        XCTAssertEqual(other.closeAndWait(), 1)
    }

    /// How fast is `Scripts/bench`'s to say; this says that nothing in the way is quadratic or breaks.
    func testADocumentOf100kTasksIsServedWhole() throws {
        let client = try Client()
        try client.initialize()
        let text = (0..<100_000).map { "(B) Task \($0) +project\($0 % 50) @home due:2026-12-0\($0 % 9 + 1)\n" }.joined()
        let uri = "file:///tmp/todofmt-lsp-tests/big.txt"
        client.open(uri, text, languageID: "todotxt")
        XCTAssertEqual(try client.diagnostics(uri).count, 0)
        client.change(uri, version: 2, [["range": Client.range(50_000, 4, 50_000, 4), "text": "x"]])
        let hover = try client.result(of: "textDocument/hover", ["textDocument": ["uri": uri], "position": Client.position(50_000, 2)])
        XCTAssertTrue("\(hover)".contains("**due**"))
        let action = try XCTUnwrap(try client.results(of: "textDocument/codeAction", ["textDocument": ["uri": uri],
            "range": Client.range(50_000, 0, 50_000, 0), "context": ["diagnostics": [], "only": ["refactor.rewrite.toggle"]]]).first)
        let edit = try client.result(of: "codeAction/resolve", action)["edit"] as? [String: Any] ?? [:]
        XCTAssertEqual(TextEdits.edits(for: uri, in: edit).count, 1)
    }
}

/// `todofmt lsp` is a command like the others: in help and in the completion scripts.
final class LanguageServerCommandTests: XCTestCase {
    func testHelpAndTheCompletionScriptsIncludeTheLspCommand() throws {
        XCTAssertTrue(try Todofmt.run(["--help"]).stdout.contains("  lsp "))
        XCTAssertTrue(try Todofmt.run(["lsp", "--help"]).stdout.contains("USAGE: todofmt lsp [OPTIONS]"))
        for shell in ["bash", "zsh", "fish"] {
            XCTAssertTrue(try Todofmt.run(["completions", shell]).stdout.contains("lsp"), shell)
        }
    }

    func testLspTakesNoArguments() throws {
        let result = try Todofmt.run(["lsp", "extra"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stderr, "todofmt: error: lsp takes no arguments\n")
    }
}
