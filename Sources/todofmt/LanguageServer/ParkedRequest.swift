/// A request that needs the whole workspace (its symbols, completion from other notes, a definition, a rename,
/// a query), come while the workspace is being read: answered when the reading ends, as it would have been then,
/// rather than at once from the notes read so far. "Not yet" is not "nothing".
struct ParkedRequest {
    let id: JSONValue
    let method: String
    let params: JSONValue
    /// The document the request is about, and its version when the request came: an answer about another
    /// version would point into a text the editor no longer has.
    let uri: String?
    let version: Int?
}

extension LanguageServer {
    /// Throws `workspaceBeingRead` while a workspace folder is being read (or is named and not yet read).
    func requireWorkspaceRead() throws(ResponseError) {
        if (!readingStarted && !workspaceFolders.isEmpty) || workspace.isBeingRead { throw .workspaceBeingRead }
    }

    func park(id: JSONValue, method: String, params: JSONValue) {
        let uri = params["textDocument"]?["uri"]?.string
        parked.append(ParkedRequest(id: id, method: method, params: params, uri: uri, version: uri.flatMap { documents[$0]?.version }))
    }

    /// Answers the parked requests, in order, once the workspace is read (a request about a document that changed
    /// since is answered with `ContentModified`, for the client to ask again).
    func answerParked() {
        guard state == .running else { return }
        let waiting = parked
        parked = []
        for request in waiting {
            if let uri = request.uri, documents[uri]?.version != request.version {
                respond(id: request.id, error: .contentModified("\(uri) changed while the workspace was being read; ask again"))
                continue
            }
            do {
                respond(id: request.id, result: try self.request(request.method, request.params))
            } catch where error.waitsForWorkspace {
                parked.append(request)
            } catch {
                respond(id: request.id, error: error)
            }
        }
    }

    /// `$/cancelRequest`: a parked request is answered as cancelled (one being answered needs nothing).
    func cancel(_ id: JSONValue) {
        guard let index = parked.firstIndex(where: { JSONWriter.text($0.id) == JSONWriter.text(id) }) else { return }
        respond(id: parked.remove(at: index).id, error: .requestCancelled)
    }
}
