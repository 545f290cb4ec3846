import TodoKit

extension LanguageServer {
    /// A task file of the workspace as a request sees it: the editor's buffer when it is open (open documents win
    /// over the disk), else the file as last read. Either way its tasks are held as a note's (`NoteTasks`), with
    /// what they name.
    struct WorkspaceNote {
        enum Source {
            case file(WorkspaceIndex.Note)
            case open(OpenDocument)
        }

        let source: Source
        /// The URI of an open document (a file's is made from its path when asked for).
        let openURI: String?
        /// Its absolute path; nil for an open document that is no file.
        let path: String?
        /// Its path as queries and the symbol list name it: relative to its workspace folder.
        let shownPath: String
        /// The stamp of the file as read; nil for an open document.
        let stamp: FileSystem.Identity?

        var uri: String { openURI ?? FileURI.uri(ofPath: path!) }

        /// Its tasks (an open document's, read when first asked for since it changed).
        var tasks: NoteTasks {
            switch source {
            case .file(let note): note.tasks
            case .open(let document): document.tasks
            }
        }

        /// What its tasks name.
        var names: NoteNames {
            switch source {
            case .file(let note): note.names
            case .open(let document): document.names
            }
        }

        /// The range of the 1-based UTF-8 columns `columns` (counted as `Document` counts them) of task `task`'s
        /// line, in the protocol's positions.
        func range(of columns: Range<Int>, onLineOf task: Int, _ encoding: PositionEncoding) -> JSONValue {
            let tasks = self.tasks
            let line = tasks.tasks[task].line
            // The line alone; the first line of a note with a byte order mark starts with it, as the client counts it.
            let text = (line == 1 && tasks.hasByteOrderMark ? "\u{FEFF}" : "") + tasks.line(of: task)
            let positions = TextPositions(text: text, lines: Lines(text), encoding: encoding)
            let start = positions.position(of: positions.offset(line: 1, column: columns.lowerBound))
            let end = positions.position(of: positions.offset(line: 1, column: columns.upperBound))
            return PositionRange(start: Position(line: line - 1, character: start.character),
                                 end: Position(line: line - 1, character: end.character)).json
        }
    }

    /// `initialized`: starts reading the workspace folders, and asks the client to say when a task file changes
    /// on disk (when it can be asked).
    func initialized() {
        readingStarted = true
        for folder in workspaceFolders { addWorkspaceFolder(folder) }
        guard client.registersFileWatchers else { return }
        let watchers: [JSONValue] = ["**/*.{\(FileFormat.markdownExtensions.sorted().joined(separator: ","))}", "**/[tT][oO][dD][oO].[tT][xX][tT]"]
            .map { .object([("globPattern", .string($0))]) }
        sendRequest("client/registerCapability", .object([("registrations", .array([.object([
            ("id", .string("todofmt-watched-files")), ("method", .string("workspace/didChangeWatchedFiles")),
            ("registerOptions", .object([("watchers", .array(watchers))])),
        ])]))]))
    }

    /// Starts reading a workspace folder; with a client that shows progress, the reading is one, ended when every
    /// file is read.
    private func addWorkspaceFolder(_ folder: String) {
        if client.showsProgress {
            let token = JSONValue.string(Self.indexingToken(folder))
            sendRequest("window/workDoneProgress/create", .object([("token", token)]))
            sendNotification("$/progress", .object([("token", token), ("value", .object([
                ("kind", .string("begin")), ("title", .string("Reading tasks")), ("message", .string(shown(folder))),
            ]))]))
        }
        workspace.add(folder: folder, settings: settings.tasks(in: Vault.containing(folder)))
    }

    /// `50,000 notes`, `1 note`: a count in words for the person at the editor, its thousands set apart.
    static func counted(_ count: Int, _ noun: String) -> String {
        var digits = String(count), grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return digits + grouped + " " + noun + (count == 1 ? "" : "s")
    }

    /// The progress token of the reading of `folder`.
    static func indexingToken(_ folder: String) -> String { "todofmt/read:" + folder }

    /// `workspace/didChangeWorkspaceFolders`.
    func didChangeWorkspaceFolders(_ params: JSONField) throws(ResponseError) {
        for removed in try params["event"]["removed"].array() {
            if let path = FileURI.path(of: try removed["uri"].string()) { workspace.remove(folder: Self.folderPath(path)) }
        }
        for added in try params["event"]["added"].array() {
            if let path = FileURI.path(of: try added["uri"].string()) { addWorkspaceFolder(Self.folderPath(path)) }
        }
    }

    /// `workspace/didChangeWatchedFiles`: each file created (in the workspace before the next answer that needs it),
    /// changed (read again when next used) or deleted.
    func didChangeWatchedFiles(_ params: JSONField) throws(ResponseError) {
        var changes: [(path: String, deleted: Bool)] = []
        for change in try params["changes"].array() {
            guard let path = FileURI.path(of: try change["uri"].string()) else { continue }
            changes.append((path, try change["type"].int() == 3))
        }
        workspace.filesChanged(changes)
    }

    /// A folder's path as the index keys it: without a trailing `/`.
    static func folderPath(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// The task files of the workspace, then the open documents (each once: an open document stands for its
    /// file), but the one `except` names. While the workspace is being read, throws `workspaceBeingRead`: the
    /// request waits for the reading.
    func workspaceNotes(except: String? = nil) throws(ResponseError) -> [WorkspaceNote] {
        try requireWorkspaceRead()
        let open = openNotes().filter { $0.openURI != except }
        return notes(of: workspace.files()) + open
    }

    /// The notes of the workspace's `files` that are not open (an open document stands for its file).
    func notes(of files: [WorkspaceIndex.File]) -> [WorkspaceNote] {
        let openPaths = Set(documents.values.compactMap(\.path))
        return files.compactMap { file in
            guard let note = file.note, !openPaths.contains(file.path) else { return nil }
            return WorkspaceNote(source: .file(note), openURI: nil, path: file.path, shownPath: file.relative, stamp: file.stamp)
        }
    }

    /// The open documents that are text, in the order of their URIs.
    func openNotes() -> [WorkspaceNote] {
        documents.keys.sorted().compactMap { uri in
            guard let open = documents[uri], open.notText == nil else { return nil }
            return WorkspaceNote(source: .open(open), openURI: uri, path: open.path, shownPath: open.path.map(shownPath) ?? uri, stamp: nil)
        }
    }

    /// Whether any of `used` (notes an answer came from) changed on disk since it was read; each that did is read
    /// again.
    func anyChangedOnDisk(_ used: [WorkspaceNote]) -> Bool {
        let read = used.filter { $0.stamp != nil }
        guard !read.isEmpty else { return false }
        let current = workspace.current(read.compactMap(\.path))
        return read.contains { note in current[note.path!]?.stamp != note.stamp }
    }

    /// A path as queries and symbols show it: relative to the workspace folder that holds it, else to the server's
    /// working folder.
    func shownPath(_ path: String) -> String {
        if let folder = workspace.folders.last(where: { path.hasPrefix($0 == "/" ? $0 : $0 + "/") }) {
            return String(path.dropFirst(folder == "/" ? 1 : folder.count + 1))
        }
        return TodoSource.relative(path, to: FileSystem.currentDirectory())
    }

    /// How many tasks `workspace/symbol` gives at most: an editor lists them for a person to pick from.
    static let workspaceSymbolLimit = 500

    /// `workspace/symbol`: the tasks of every file of the workspace (and of every open document) whose text holds
    /// each word of the query, ignoring case, in path order; each named by its title, in its file and list.
    func workspaceSymbols(_ params: WorkspaceSymbolParams) throws(ResponseError) -> JSONValue {
        let words = params.query.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { Array($0.utf8).map(Self.lowercasedASCII) }
        var answer = symbols(matching: words, in: try workspaceNotes())
        if anyChangedOnDisk(answer.used) { answer = symbols(matching: words, in: try workspaceNotes()) }
        return .array(answer.symbols)
    }

    private func symbols(matching words: [[UInt8]], in notes: [WorkspaceNote]) -> (symbols: [JSONValue], used: [WorkspaceNote]) {
        var symbols: [JSONValue] = []
        var used: [WorkspaceNote] = []
        for note in notes {
            let tasks = note.tasks
            var usedNote = false
            for (index, task) in tasks.tasks.enumerated() {
                let line = tasks.line(of: index)
                let bytes = line.utf8.span
                guard words.allSatisfy({ Self.contains($0, in: bytes, 0..<bytes.count) }) else { continue }
                let text = task.text
                if !usedNote {
                    usedNote = true
                    used.append(note)
                }
                let list = tasks.list(of: index).joined(separator: " / ")
                let end = max(task.bodyColumn, line.utf8.count + 1)
                symbols.append(.object([
                    ("name", .string(task.title.isEmpty ? (text.isEmpty ? "(empty task)" : text) : task.title)),
                    ("kind", .int(24)),  // Event, as the outline names tasks
                    ("location", .object([("uri", .string(note.uri)), ("range", note.range(of: task.bodyColumn..<end, onLineOf: index, encoding))])),
                    ("containerName", .string(list.isEmpty ? note.shownPath : note.shownPath + " › " + list)),
                ]))
                if symbols.count == Self.workspaceSymbolLimit { return (symbols, used) }
            }
        }
        return (symbols, used)
    }

    /// Whether `bytes[range]` holds `word` (ASCII letters lowercased), ignoring ASCII case.
    private static func contains(_ word: [UInt8], in bytes: Span<UInt8>, _ range: Range<Int>) -> Bool {
        guard let first = word.first, range.count >= word.count else { return word.isEmpty }
        var start = range.lowerBound
        while start + word.count <= range.upperBound {
            if lowercasedASCII(bytes[start]) == first {
                var i = 1
                while i < word.count, lowercasedASCII(bytes[start + i]) == word[i] { i += 1 }
                if i == word.count { return true }
            }
            start += 1
        }
        return false
    }

    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
}

/// `workspace/symbol`.
struct WorkspaceSymbolParams: ParamsDecodable {
    var query: String

    init(_ field: JSONField) throws(ResponseError) {
        query = try field["query"].optionalString() ?? ""
    }
}
