import Synchronization
import TodoKit

/// `todofmt lsp`: a language server (LSP 3.17) over standard input and output, for the editor's buffers of todo
/// files. It adds only the protocol: every answer comes from TodoKit, the library the command line uses, and
/// every change it proposes (formatting, a code action, a rename) is computed and checked by TodoKit's edits
/// and handed to the editor as edits to apply; it writes no file.
///
/// One message is handled at a time, in order. Diagnostics are published once no message is waiting, so a
/// burst of changes is read once. A request that needs the whole workspace while it is being read waits
/// (`ParkedRequest`) and is answered when the reading ends; the messages after it go on meanwhile.
final class LanguageServer {
    enum State {
        case waitingForInitialize
        case running
        case shutDown
    }

    var state = State.waitingForInitialize
    var documents: [String: OpenDocument] = [:]
    var encoding = PositionEncoding.utf16
    var client = ClientCapabilities()
    var settings = ServerSettings()
    /// The sort keys already said to change nothing (`format(_:sortedBy:)`), since the settings last changed.
    var unusedSortKeysShown: Set<String> = []
    /// Documents whose diagnostics are out of date, in the order they changed.
    var staleDiagnostics: [String] = []
    /// The local date and time (or the fixed one of `--today`).
    let now: () -> Moment
    /// The workspace folders the client named when it started (absolute paths).
    var workspaceFolders: [String] = []
    /// The task files of the workspace folders, read off the request path.
    var workspace = WorkspaceIndex()
    /// Whether `initialized` came, and with it the reading of the workspace folders began.
    var readingStarted = false
    /// The answer of the last hover over a query block, by the block's text: what it was made from, and the
    /// notes on disk whose tasks it lists (`queryHover`).
    var queryHovers: [QuerySource: (key: QueryHoverKey, markdown: String, used: [WorkspaceNote])] = [:]
    /// Requests waiting for the workspace's reading to end, in the order they came.
    var parked: [ParkedRequest] = []
    /// Wakes the loop that reads messages (from any thread), so that it answers the parked requests.
    let wakeUp: @Sendable () -> Void
    /// A FIFO every walk of a folder waits on (debug builds: `TODOFMT_READ_GATE`).
    let readGate: String?
    /// Sends one message; safe from any thread (the workspace's reading says when it is done).
    private let send: @Sendable (String) -> Void
    private var nextRequestID = 1

    init(now: @escaping () -> Moment, tasks: TaskSettings = TaskSettings(), readGate: String? = nil,
         wakeUp: @escaping @Sendable () -> Void = {}, send: @escaping @Sendable (String) -> Void) {
        self.now = now
        self.send = send
        self.wakeUp = wakeUp
        self.readGate = readGate
        settings.tasks = tasks
    }

    /// Today's date.
    func today() -> CalendarDate { now().date }

    /// Reads messages from standard input until `exit` or the end of input; the process's exit code.
    static func serve(now: @escaping () -> Moment, tasks: TaskSettings, readGate: String? = nil) -> ExitCode {
        StandardInput.ignoreBrokenPipes()
        guard let wakeUpPipe = WakeUpPipe() else {
            printError("todofmt: error: cannot make a pipe: \(SystemError.reason(errno))\n")
            return .failure
        }
        let output = Mutex(())
        let server = LanguageServer(now: now, tasks: tasks, readGate: readGate, wakeUp: { wakeUpPipe.ring() }) { message in
            output.withLock { _ in
                StandardStream.output.write(MessageFraming.frame(message))
                StandardStream.output.flush()
            }
        }
        var framing = MessageFraming(lengthLimit: FileSystem.sizeLimit)
        while true {
            let ready = StandardInput.wait(orWakeUp: wakeUpPipe)
            if ready.wokenUp {
                wakeUpPipe.drain()
                server.answerParked()
            }
            guard ready.input else { continue }
            let chunk = StandardInput.read()
            if chunk.isEmpty { return server.state == .shutDown ? .ok : .changes }
            framing.append(chunk)
            while true {
                switch framing.next() {
                case .needMore:
                    break
                case .badHeader(let reason):
                    server.respond(id: .null, error: .parseError(reason))
                    continue
                case .message(let body):
                    if let code = server.handle(body) { return code }
                    continue
                }
                break
            }
            if !framing.hasPartialMessage, !StandardInput.isReady() { server.publishStaleDiagnostics() }
            if StandardStream.output.failure != nil { return .failure }
        }
    }

    /// Handles one message; the exit code when it was `exit`.
    func handle(_ body: [UInt8]) -> ExitCode? {
        let message: JSONValue
        do { message = try JSONReader.value(body) } catch {
            respond(id: .null, error: .parseError("\(error)"))
            return nil
        }
        let id = message["id"]
        guard case .object = message, let method = message["method"]?.string else {
            // A response to a request of ours (`workspace/applyEdit`, `client/registerCapability`, …) needs nothing; anything
            // else that is no request is answered as one.
            if case .object = message, id != nil, message["result"] != nil || message["error"] != nil { return nil }
            respond(id: id ?? .null, error: .invalidRequest("a message must be an object with a 'method'"))
            return nil
        }
        let params = message["params"] ?? .null
        if method == "exit" { return state == .shutDown ? .ok : .changes }
        guard let id, !id.isNull else {
            notify(method, params)
            return nil
        }
        answer(id: id, method: method, params: params)
        return nil
    }

    /// Answers a request now, or parks it when it needs the workspace that is being read.
    private func answer(id: JSONValue, method: String, params: JSONValue) {
        do {
            respond(id: id, result: try request(method, params))
        } catch where error.waitsForWorkspace {
            park(id: id, method: method, params: params)
        } catch {
            respond(id: id, error: error)
        }
    }

    func request(_ method: String, _ params: JSONValue) throws(ResponseError) -> JSONValue {
        switch state {
        case .waitingForInitialize:
            guard method == "initialize" else { throw .serverNotInitialized }
        case .running:
            guard method != "initialize" else { throw .invalidRequest("the server is already initialized") }
        case .shutDown:
            throw .invalidRequest("the server is shutting down: only 'exit' is expected")
        }
        let params = JSONField(params)
        switch method {
        case "initialize": return initialize(try params.decode())
        case "shutdown":
            for request in parked { respond(id: request.id, error: .requestFailed("the server is shutting down")) }
            parked = []
            state = .shutDown
            return .null
        case "textDocument/formatting": return try formatting(try params.decode())
        case "textDocument/codeAction": return try codeActions(try params.decode())
        case "codeAction/resolve": return try resolveCodeAction(params)
        case "workspace/executeCommand": return try executeCommand(try params.decode())
        case "textDocument/completion": return try completion(try params.decode())
        case "textDocument/hover": return try hover(try params.decode())
        case "textDocument/definition": return try definition(try params.decode())
        case "workspace/symbol": return try workspaceSymbols(try params.decode())
        case "textDocument/documentSymbol": return try documentSymbols(try params.decode())
        case "textDocument/foldingRange": return try foldingRanges(try params.decode())
        case "textDocument/semanticTokens/full": return try semanticTokens(try params.decode(DocumentParams.self).uri, range: nil)
        case "textDocument/semanticTokens/range":
            let params = try params.decode(RangeParams.self)
            return try semanticTokens(params.uri, range: params.range)
        case "textDocument/inlayHint": return try inlayHints(try params.decode())
        case "textDocument/prepareRename": return try prepareRename(try params.decode())
        case "textDocument/rename": return try rename(try params.decode())
        default: throw .methodNotFound(method)
        }
    }

    private func notify(_ method: String, _ params: JSONValue) {
        guard state == .running else { return }
        let params = JSONField(params)
        do {
            switch method {
            case "textDocument/didOpen": didOpen(try params.decode())
            case "textDocument/didChange": try didChange(try params.decode())
            case "textDocument/didClose": try didClose(try params.decode())
            case "workspace/didChangeConfiguration": didChangeConfiguration(params)
            case "workspace/didChangeWorkspaceFolders": try didChangeWorkspaceFolders(params)
            case "workspace/didChangeWatchedFiles": try didChangeWatchedFiles(params)
            case "initialized": initialized()
            case "$/cancelRequest": cancel(params["id"].value ?? .null)
            default: break  // `didSave` and the rest need nothing
            }
        } catch {
            // A notification gets no answer: say what went wrong in the client's log.
            logMessage("todofmt: \(method): \(error.message)")
        }
    }

    // MARK: Sending

    func respond(id: JSONValue, result: JSONValue) {
        send(JSONWriter.text(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])))
    }

    func respond(id: JSONValue, error: ResponseError) {
        send(JSONWriter.text(.object([("jsonrpc", .string("2.0")), ("id", id), ("error", error.json)])))
    }

    func sendNotification(_ method: String, _ params: JSONValue) {
        send(JSONWriter.text(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])))
    }

    /// Sends a notification from any thread.
    var sendFromAnyThread: @Sendable (_ method: String, _ params: JSONValue) -> Void {
        { [send] method, params in
            send(JSONWriter.text(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])))
        }
    }

    func sendRequest(_ method: String, _ params: JSONValue) {
        send(JSONWriter.text(.object([("jsonrpc", .string("2.0")), ("id", .int(nextRequestID)), ("method", .string(method)),
                                      ("params", params)])))
        nextRequestID += 1
    }

    func logMessage(_ text: String) {
        sendNotification("window/logMessage", .object([("type", .int(2)), ("message", .string(text))]))
    }

    /// A warning the editor shows to the person at it.
    func showMessage(_ text: String) {
        sendNotification("window/showMessage", .object([("type", .int(2)), ("message", .string(text))]))
    }

    // MARK: Documents

    /// The open document `uri` names, or the error that says it is not open.
    func document(_ uri: String) throws(ResponseError) -> OpenDocument {
        guard let document = documents[uri] else {
            throw .invalidParams("\(uri) is not open: send 'textDocument/didOpen' first")
        }
        return document
    }

    func markStale(_ uri: String) {
        if !staleDiagnostics.contains(uri) { staleDiagnostics.append(uri) }
    }
}
