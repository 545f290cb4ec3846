import Foundation
import XCTest

/// A language server client for the tests: it starts the built `todofmt lsp`, speaks to it over pipes as an
/// editor does (framed JSON-RPC), and keeps the notifications the server sends. It waits for each answer as
/// long as the server takes, however loaded the machine: a server that ends instead fails the test.
final class LanguageServerClient {
    struct Closed: Error, CustomStringConvertible {
        var what: String
        var description: String { "todofmt lsp closed its output before answering (\(what))" }
    }

    private let process: ChildProcess
    private var buffer: [UInt8] = []
    private var nextID = 1
    /// Notifications and requests from the server, in the order they came, not yet taken.
    private(set) var received: [[String: Any]] = []

    /// Starts the server with `--today` and `environment` (debug builds read `TODOFMT_FAULT` from it).
    init(today: String = "2026-11-24", environment: [String: String] = [:]) throws {
        try Todofmt.requireBuilt()
        process = try Todofmt.start(["lsp", "--today", today], stdin: .pipe, environment: environment, stdout: .pipe, stderr: .discarded)
    }

    /// `initialize` with the given capabilities (a client that resolves code action edits by default) and
    /// options, then `initialized`; the server's capabilities.
    @discardableResult
    func initialize(capabilities: [String: Any] = LanguageServerClient.editorCapabilities,
                    options: [String: Any]? = nil) throws -> [String: Any] {
        var params: [String: Any] = ["processId": NSNull(), "rootUri": NSNull(), "capabilities": capabilities]
        if let options { params["initializationOptions"] = options }
        let result = try result(of: "initialize", params)
        notify("initialized", [:])
        return result["capabilities"] as? [String: Any] ?? [:]
    }

    /// What a client such as Neovim says it can do: resolve edits, apply workspace edits with versions and
    /// file creation.
    static var editorCapabilities: [String: Any] {
        ["textDocument": ["codeAction": ["resolveSupport": ["properties": ["edit"]], "dataSupport": true]],
         "workspace": ["workspaceEdit": ["documentChanges": true, "resourceOperations": ["create"]]]]
    }

    // MARK: Messages

    func send(_ message: [String: Any]) {
        var message = message
        message["jsonrpc"] = "2.0"
        sendRaw(try! JSONSerialization.data(withJSONObject: message))
    }

    /// A body sent as it is, framed.
    func sendRaw(_ body: Data) {
        // A server that ended fails the read of its answer.
        try? process.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// Bytes sent as they are, unframed.
    func sendBytes(_ bytes: Data) { try? process.write(bytes) }

    func notify(_ method: String, _ params: Any) { send(["method": method, "params": params]) }

    /// Sends a request and waits for its response (the whole message: `result` or `error`).
    func request(_ method: String, _ params: Any?) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        send(["id": id, "method": method, "params": params ?? NSNull()])
        return try response(id: id, method: method)
    }

    /// The response to the request with `id`, keeping the messages before it.
    func response(id: Any, method: String) throws -> [String: Any] {
        while true {
            let message = try readMessage(method)
            if message["method"] == nil, "\(message["id"] ?? "nil")" == "\(id)" { return message }
            received.append(message)
        }
    }

    /// The `result` of a request that must succeed.
    func result(of method: String, _ params: Any?, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let response = try request(method, params)
        XCTAssertNil(response["error"], "\(method) failed: \(response)", file: file, line: line)
        return response["result"] as? [String: Any] ?? [:]
    }

    /// The `result` of a request that answers an array.
    func results(of method: String, _ params: Any?, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let response = try request(method, params)
        XCTAssertNil(response["error"], "\(method) failed: \(response)", file: file, line: line)
        return response["result"] as? [[String: Any]] ?? []
    }

    /// The next notification of `method`, waiting for it.
    func notification(_ method: String) throws -> [String: Any] {
        if let index = received.firstIndex(where: { $0["method"] as? String == method }) {
            return received.remove(at: index)
        }
        while true {
            let message = try readMessage(method)
            if message["method"] as? String == method { return message }
            received.append(message)
        }
    }

    /// The diagnostics published next for `uri`.
    func diagnostics(_ uri: String) throws -> [[String: Any]] {
        while true {
            let message = try notification("textDocument/publishDiagnostics")
            let params = message["params"] as? [String: Any] ?? [:]
            if params["uri"] as? String == uri { return params["diagnostics"] as? [[String: Any]] ?? [] }
        }
    }

    /// Reads one framed message, waiting for it.
    func readMessage(_ what: String) throws -> [String: Any] {
        while true {
            if let separator = find(Array("\r\n\r\n".utf8)) {
                let header = String(decoding: buffer[..<separator], as: UTF8.self)
                let length = header.split(separator: "\r\n").compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    return parts.count == 2 && parts[0].lowercased() == "content-length" ? Int(parts[1].trimmingCharacters(in: .whitespaces)) : nil
                }.first ?? 0
                let start = separator + 4
                if buffer.count - start >= length {
                    let body = Data(buffer[start..<(start + length)])
                    buffer.removeFirst(start + length)
                    return try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
                }
            }
            guard let chunk = try process.bytes() else { throw Closed(what: what) }
            buffer += chunk
        }
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for i in 0...(buffer.count - pattern.count) where buffer[i] == pattern[0] && Array(buffer[i..<(i + pattern.count)]) == pattern {
            return i
        }
        return nil
    }

    /// Closes the server's input and waits for it to end; its exit code.
    func closeAndWait() -> Int32 {
        process.closeInput()
        return waitForExit()
    }

    /// Waits for the server to end; its exit code.
    func waitForExit() -> Int32 {
        do {
            return try process.wait().status
        } catch {
            XCTFail("\(error)")
            return -1
        }
    }

    // MARK: Documents

    func open(_ uri: String, _ text: String, languageID: String = "markdown", version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": languageID, "version": version, "text": text]])
    }

    func change(_ uri: String, version: Int, _ changes: [[String: Any]]) {
        notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": version], "contentChanges": changes])
    }

    static func position(_ line: Int, _ character: Int) -> [String: Int] { ["line": line, "character": character] }

    static func range(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int) -> [String: Any] {
        ["start": position(startLine, startCharacter), "end": position(endLine, endCharacter)]
    }
}

/// Text edits applied as an editor applies them: positions in UTF-16 code units (or UTF-8 bytes, or Unicode
/// code points, as some editors count whatever the server said), all edits referring to the text before any of
/// them, later ones first; a position past the end of its line or of the text is clamped to it.
enum TextEdits {
    /// How a client counts a line's characters.
    enum Counting {
        case utf16, utf8, codePoints
    }

    static func apply(_ edits: [[String: Any]], to text: String, utf8: Bool = false) -> String {
        apply(edits, to: text, counting: utf8 ? .utf8 : .utf16)
    }

    static func apply(_ edits: [[String: Any]], to text: String, counting: Counting) -> String {
        // The text as the client's units.
        var units: [UInt32] = switch counting {
        case .utf16: text.utf16.map(UInt32.init)
        case .utf8: text.utf8.map(UInt32.init)
        case .codePoints: text.unicodeScalars.map(\.value)
        }
        // Where each line starts, in units.
        var starts = [0]
        var i = 0
        while i < units.count {
            let unit = units[i]
            if unit == 0x0D, i + 1 < units.count, units[i + 1] == 0x0A { starts.append(i + 2); i += 2; continue }
            if unit == 0x0A || unit == 0x0D { starts.append(i + 1) }
            i += 1
        }
        func offset(_ position: [String: Any]) -> Int {
            let line = position["line"] as! Int, character = position["character"] as! Int
            guard line < starts.count else { return units.count }
            // The end of the line's characters, before its line break.
            var lineEnd = line + 1 < starts.count ? starts[line + 1] : units.count
            if lineEnd > starts[line], units[lineEnd - 1] == 0x0A { lineEnd -= 1 }
            if lineEnd > starts[line], units[lineEnd - 1] == 0x0D, line + 1 < starts.count { lineEnd -= 1 }
            return min(starts[line] + character, lineEnd)
        }
        let ordered = edits.enumerated().sorted { a, b in
            let x = offset((a.element["range"] as! [String: Any])["start"] as! [String: Any])
            let y = offset((b.element["range"] as! [String: Any])["start"] as! [String: Any])
            return x != y ? x > y : a.offset > b.offset
        }
        for (_, edit) in ordered {
            let range = edit["range"] as! [String: Any]
            let start = offset(range["start"] as! [String: Any]), end = offset(range["end"] as! [String: Any])
            let newText = edit["newText"] as! String
            let inserted: [UInt32] = switch counting {
            case .utf16: newText.utf16.map(UInt32.init)
            case .utf8: newText.utf8.map(UInt32.init)
            case .codePoints: newText.unicodeScalars.map(\.value)
            }
            units.replaceSubrange(start..<max(start, end), with: inserted)
        }
        switch counting {
        case .utf16: return String(decoding: units.map { UInt16($0) }, as: UTF16.self)
        case .utf8: return String(decoding: units.map { UInt8($0) }, as: UTF8.self)
        case .codePoints: return String(String.UnicodeScalarView(units.compactMap(Unicode.Scalar.init)))
        }
    }

    /// The edits of one document in a workspace edit, in either of its forms.
    static func edits(for uri: String, in workspaceEdit: [String: Any]) -> [[String: Any]] {
        if let changes = workspaceEdit["changes"] as? [String: Any] { return changes[uri] as? [[String: Any]] ?? [] }
        let documentChanges = workspaceEdit["documentChanges"] as? [[String: Any]] ?? []
        return documentChanges.filter { (($0["textDocument"] as? [String: Any])?["uri"] as? String) == uri }
            .flatMap { $0["edits"] as? [[String: Any]] ?? [] }
    }
}
