/// An error answer to a request: a JSON-RPC or LSP error code and a message for the person at the editor.
struct ResponseError: Error {
    var code: Int
    var message: String

    static func parseError(_ message: String) -> ResponseError { ResponseError(code: -32700, message: message) }
    static func invalidRequest(_ message: String) -> ResponseError { ResponseError(code: -32600, message: message) }
    static func methodNotFound(_ method: String) -> ResponseError {
        ResponseError(code: -32601, message: "todofmt lsp does not handle '\(method)'")
    }
    static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: -32602, message: message) }
    static let serverNotInitialized = ResponseError(code: -32002, message: "the server is not initialized: send 'initialize' first")
    /// The request was valid, but what it asks would break a promise (a refused format or edit).
    static func requestFailed(_ message: String) -> ResponseError { ResponseError(code: -32803, message: message) }
    /// The document changed since the answer being resolved was computed.
    static func contentModified(_ message: String) -> ResponseError { ResponseError(code: -32801, message: message) }

    /// The request needs the whole workspace, which is being read: never sent, the request waits instead
    /// (`ParkedRequest`) and is answered when the reading ends.
    static let workspaceBeingRead = ResponseError(code: 0, message: "the workspace is being read")
    var waitsForWorkspace: Bool { code == 0 }
    /// The client cancelled a request that was waiting.
    static let requestCancelled = ResponseError(code: -32800, message: "cancelled")

    var json: JSONValue { .object([("code", .int(code)), ("message", .string(message))]) }
}
