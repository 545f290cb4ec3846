import TodoKit

/// A document the client has open: its text as the editor holds it (never the file on disk), its version, and
/// the format it is read as. It is parsed when first asked for after a change.
final class OpenDocument {
    let uri: String
    var version: Int
    /// The format the document is read as: the one its language id or file name names, else Markdown.
    let format: FileFormat
    /// Whether the client's language id or the file's name names the format: only then is the whole buffer
    /// rewritten (formatting, sorting), as the formatter only rewrites such files.
    let namesItsFormat: Bool
    /// How its Markdown reads: as a note of the Obsidian vault its file lies in, else as CommonMark.
    var reading = MarkdownReading.commonMark {
        didSet { if reading != oldValue { forgetReading() } }
    }
    /// Whose its file is: a todo file (formatting puts it in canonical form) or a note (only task lines change).
    var kind = FileKind.todoFile {
        didSet { if kind != oldValue { parsed = nil; canonicalFound = nil } }
    }
    /// The settings its tasks are read with (the server's): a change reads the text again.
    var settings: TaskSettings {
        didSet { if settings != oldValue { forgetReading() } }
    }
    /// Why the server no longer holds the editor's text (a change it refused), until the editor sends its whole
    /// text again; nil while it does. No edit is proposed to the document meanwhile.
    var outOfStep: String?
    private(set) var text: String
    private(set) var lines: Lines
    private var parsed: Document?
    /// `canonicalForm`, once found for the current reading.
    private var canonicalFound: Document?
    private var tasksFound: NoteTasks?
    private var namesFound: NoteNames?
    /// `notText`, once found for the current text (a NUL byte is looked for once a change, not once a request).
    private var notTextFound: Diagnostic??

    init(uri: String, version: Int, languageID: String, text: String, settings: TaskSettings) {
        self.uri = uri
        self.version = version
        self.settings = settings
        let named = OpenDocument.namedFormat(languageID: languageID, uri: uri)
        format = named ?? .markdown
        namesItsFormat = named != nil
        self.text = text
        lines = Lines(text)
    }

    /// The client's language id when it names a todo.txt or Markdown file, else the file name, as the
    /// formatter decides (`.txt` is todo.txt; nil for an extension that names neither).
    static func namedFormat(languageID: String, uri: String) -> FileFormat? {
        switch languageID.lowercased() {
        case "todotxt", "todo.txt", "todo-txt": return .todotxt
        case "markdown", "md": return .markdown
        default: return FileFormat.named(byPath: FileURI.path(of: uri) ?? uri)
        }
    }

    /// The path of the file, for a `file:` document.
    var path: String? { FileURI.path(of: uri) }

    var document: Document {
        if let parsed { return parsed }
        let document = FileReading(format: format, settings: settings, markdown: reading, kind: kind).document(parsing: text)
        parsed = document
        return document
    }

    /// The document in canonical form, unsorted and unchecked (`Formatter.canonicalForm(of:)`): read once a
    /// version, when formatting or a sort first asks, so that the requests on one version share it.
    var canonicalForm: Document {
        if let canonicalFound { return canonicalFound }
        let form = Formatter.canonicalForm(of: document)
        canonicalFound = form
        return form
    }

    /// Its tasks as the workspace holds a note's (`NoteTasks`), and what they name: each read once a version,
    /// when an answer over the workspace's notes first asks.
    var tasks: NoteTasks {
        if let tasksFound { return tasksFound }
        let tasks = NoteTasks(document)
        tasksFound = tasks
        return tasks
    }

    var names: NoteNames {
        if let namesFound { return namesFound }
        let names = NoteNames(tasks)
        namesFound = names
        return names
    }

    private func forgetReading() {
        parsed = nil
        canonicalFound = nil
        tasksFound = nil
        namesFound = nil
    }

    func positions(_ encoding: PositionEncoding) -> TextPositions {
        TextPositions(text: text, lines: lines, encoding: encoding)
    }

    /// Replaces the whole text.
    func replaceText(_ newText: String) {
        text = newText
        lines = Lines(newText)
        forgetReading()
        notTextFound = nil
    }

    /// Puts back the text, version and state a refused change found.
    func restore(text: String, version: Int, outOfStep: String?) {
        replaceText(text)
        self.version = version
        self.outOfStep = outOfStep
    }

    /// Throws when the server does not hold the editor's text, so that an edit computed on it would be wrong.
    func requireInStep() throws(ResponseError) {
        if let reason = outOfStep {
            throw .requestFailed("\(reason): the server does not hold the editor's text, so it proposes no edit until the "
                                 + "editor sends the whole text (reopen the file)")
        }
    }

    /// Replaces the bytes at `range` of the text.
    /// `range` must fall between characters, as the offsets `TextPositions` gives do.
    func replace(_ range: Range<Int>, with newText: String) {
        var text = self.text
        self.text = ""  // the one reference left, so the text is changed in place
        let utf8 = text.utf8
        text.replaceSubrange(utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound),
                             with: newText)
        replaceText(text)
    }

    /// Where the text stops being a todo file's text (a NUL byte), if it does.
    var notText: Diagnostic? {
        if let found = notTextFound { return found }
        let found = SourceDecoder.problem(in: text)
        notTextFound = .some(found)
        return found
    }

    /// Throws when the text cannot be formatted or edited (a NUL byte).
    func requireText() throws(ResponseError) {
        if let problem = notText {
            throw .requestFailed("line \(problem.line), column \(problem.column): \(problem.message); the buffer was left as it is")
        }
    }

    /// Throws when the whole buffer may not be rewritten: its language id and name name no todo format.
    func requireNamedFormat() throws(ResponseError) {
        if !namesItsFormat {
            throw .requestFailed("\(FileFormat.unnamedFormatMessage); the buffer was left as it is")
        }
    }
}
