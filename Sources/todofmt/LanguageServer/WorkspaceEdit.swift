import TodoKit

/// Edits for the client to apply, built from TodoKit's `TextChange`s: text edits in the protocol's positions,
/// gathered by document into a workspace edit in the form the client takes.
struct WorkspaceEdit {
    private var documentChanges: [JSONValue] = []
    private var changes: [(uri: String, edits: [JSONValue])] = []
    let usesDocumentChanges: Bool
    let canCreateFiles: Bool

    init(_ client: ClientCapabilities) {
        usesDocumentChanges = client.documentChanges
        canCreateFiles = client.createsFiles
    }

    /// The protocol's text edits for `changes` of a text whose positions `positions` converts. Each change
    /// replaces whole lines (`LineDiff`), so each edit starts at character 0 of a line and ends at character 0
    /// of a later one: however a client counts the characters of a line, it applies the edit exactly. The end
    /// of a text whose last line has no line break is the line after it (a line past the end is the end of the
    /// document to every client), never a character count.
    static func textEdits(_ changes: [TextChange], _ positions: TextPositions) -> [JSONValue] {
        changes.map { change in
            let range = PositionRange(start: positions.lineStartPosition(change.range.lowerBound),
                                      end: positions.lineStartPosition(change.range.upperBound))
            return .object([("range", range.json), ("newText", .string(change.text))])
        }
    }

    /// Changes to a document; `version` is the open document's, nil for a file the editor does not have open.
    mutating func edit(uri: String, version: Int?, _ textChanges: [TextChange], _ positions: TextPositions) {
        guard !textChanges.isEmpty else { return }
        let edits = Self.textEdits(textChanges, positions)
        if usesDocumentChanges {
            documentChanges.append(.object([
                ("textDocument", .object([("uri", .string(uri)), ("version", version.map { .int($0) } ?? .null)])),
                ("edits", .array(edits)),
            ]))
        } else {
            changes.append((uri, edits))
        }
    }

    /// Creates a file, unless it exists by then (only where the client can: `canCreateFiles`).
    mutating func createFile(uri: String) {
        documentChanges.append(.object([("kind", .string("create")), ("uri", .string(uri)),
                                        ("options", .object([("ignoreIfExists", .bool(true))]))]))
    }

    var json: JSONValue {
        if usesDocumentChanges { return .object([("documentChanges", .array(documentChanges))]) }
        return .object([("changes", .object(changes.map { ($0.uri, .array($0.edits)) }))])
    }

    var isEmpty: Bool { documentChanges.isEmpty && changes.isEmpty }
}
