import TodoKit

/// A todo file as todofmt reads and changes it: its path, its lock (`FILE.lock`), its text read as a
/// document, and the state todofmt keeps beside it (`TodoFileState`).
///
/// Its one way to change the file takes what TodoKit checked (`CheckedChange`: a formatting, an edit, a
/// merge, a sync), so a text that did not pass the check cannot be written to a todo file: under the lock the
/// file is read, the change made from what was read, and written atomically only if the file still holds
/// those bytes (`GuardedFile`); then the state learns which task each task is now.
struct TodoFile {
    /// The file as the user named it.
    let path: String
    /// What messages call it: its path, or the name it stands for (a merge driver's temporary file is the
    /// repository's file).
    let name: String
    let format: FileFormat
    /// How its tasks are read and written where its text does not say (the global filter, a new file's dialect).
    let settings: TaskSettings
    /// How its Markdown is read: as a note of the vault it lies in (`Vault`), else as CommonMark.
    let reading: MarkdownReading
    /// The folder of notes the file was named through (its `name` is then relative to it), whose listing
    /// follows every change of the file.
    let folder: String?
    /// Whose the file is: todofmt's (a todo file, kept canonical) or its author's (a note: only task lines change).
    let kind: FileKind

    init(_ path: String, name: String? = nil, format: FileFormat? = nil, settings: TaskSettings, reading: MarkdownReading,
         folder: String? = nil, kind: FileKind = .todoFile) {
        self.path = path
        self.name = name ?? path
        self.folder = folder
        self.format = format ?? FileFormat.inferred(fromPath: name ?? path)
        self.settings = settings
        self.reading = self.format == .markdown ? reading : .commonMark
        self.kind = kind
    }

    /// The file at `path`, read and written as a note of the vault it lies in, under the settings the command
    /// line gives (`Vault.reading(ofFileAt:_:)`); a todo file or a note as its name, its vault and the nearest
    /// `.todofmt` say (`FileKind.ofFile(at:format:vault:)`).
    init(_ path: String, _ invocation: Invocation) throws {
        let reading = try Vault.reading(ofFileAt: path, invocation)
        let format = FileFormat.inferred(fromPath: path)
        let kind = FileKind.ofFile(at: path, format: format, vault: Vault.containing(path)).kind
        self.init(path, settings: reading.tasks, reading: reading.markdown, kind: kind)
    }

    /// The file's document as it is now, read without the lock: for a command that only reads. A missing file
    /// reads as empty when `missingIsEmpty`.
    func read(missingIsEmpty: Bool = false) throws(SystemError) -> Document {
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(path) } catch {
            guard error.code == ENOENT, missingIsEmpty else { throw error.naming(path, as: name) }
            bytes = []
        }
        return try document(of: bytes)
    }

    /// Changes the file through `change`, which gets the document the file holds (empty for a missing file
    /// when `creating`) and returns what TodoKit made of it: written if it changes the text. Returns the change.
    @discardableResult
    func update<Change: CheckedChange>(creating: Bool = false, _ change: (Document) throws -> Change) throws -> Change {
        try locked(creating: creating) { session in
            let made = try change(session.document)
            try session.write(made)
            return made
        }
    }

    /// Creates the file, empty, under its lock, when it is missing (`init`): a text without tasks has nothing
    /// to check. Returns false, writing nothing, when the file exists.
    func create() throws -> Bool {
        try FileLock.holding(path, name: name) { lock in
            var file = try GuardedFile(path, name: name, under: lock, missing: .isNew)
            guard file.contents == nil else { return false }
            try file.replace(with: "")
            return true
        }
    }

    /// Runs `body` holding the file's lock, with the file read (empty for a missing file when `creating`):
    /// for a command that reads and writes more than the file (archive, sync, remind).
    func locked<Result>(creating: Bool = false, _ body: (inout Session) throws -> Result) throws -> Result {
        var session = try open(creating: creating)
        defer { session.close() }
        return try body(&session)
    }

    /// Takes the file's lock and reads the file under it: a session to `close` when done.
    func open(creating: Bool = false) throws -> Session {
        // A folder, a FIFO or a device is refused before a lock file is put beside it.
        var info = stat()
        if stat(path, &info) == 0, let problem = FileSystem.notRegularFile(path, info) {
            throw problem.naming(path, as: name).appending("; nothing was written")
        }
        let lock = try FileLock.acquire(for: path, name: name)
        do {
            let file = try GuardedFile(path, name: name, under: lock, missing: creating ? .isNew : .isAnError)
            return Session(todoFile: self, file: file, document: try document(of: file.contents ?? []), lock: lock)
        } catch {
            lock.release()
            throw error
        }
    }

    /// Changes many files, all or nothing: each file's lock is taken and the file read under it (in the order
    /// of their paths, so that two runs never wait for each other), and `change` makes every file's change
    /// (`change(i, document)` for `files[i]`); only when all are made, and every file still holds what was read,
    /// are they written, each atomically. A change that fails, or a file another program wrote meanwhile, leaves
    /// every file as it was. A missing file reads as empty when `creating`. Returns the changes, in the order of
    /// `files`.
    static func updateAll<Change: CheckedChange>(_ files: [TodoFile], creating: Bool = false,
                                                 _ change: (Int, Document) throws -> Change) throws -> [Change] {
        let order = files.indices.sorted {
            TodoFileState.absolutePath(files[$0].path).utf8.lexicographicallyPrecedes(TodoFileState.absolutePath(files[$1].path).utf8)
        }
        var sessions: [Int: Session] = [:]
        defer { for index in order { sessions[index]?.close() } }
        for index in order { sessions[index] = try files[index].open(creating: creating) }
        var changes: [Int: Change] = [:]
        for index in files.indices {
            do { changes[index] = try change(index, sessions[index]!.document) } catch {
                throw FailedChange(file: files[index], error: error)
            }
        }
        // Every new text beside its file first, then, when every file still holds what was read, each in its place.
        var prepared: [(index: Int, write: FileSystem.PreparedWrite, text: String)] = []
        do {
            for index in order {
                let checked = changes[index]!.checked
                try sessions[index]!.check(checked)
                guard checked.changesText else { continue }
                prepared.append((index, try sessions[index]!.file.prepareReplacement(with: checked.document.text), checked.document.text))
            }
            if let changed = prepared.first(where: { !sessions[$0.index]!.file.isUnchanged }) {
                throw GuardedFile.changedMeanwhile(files[changed.index].name)
            }
        } catch {
            for write in prepared { write.write.discard() }
            throw error
        }
        for (index, write, text) in prepared {
            try sessions[index]!.commit(write, text: text, change: changes[index]!)
        }
        return files.indices.map { changes[$0]! }
    }

    /// A change of one of many files that failed: nothing was written to any of them.
    struct FailedChange: Error {
        var file: TodoFile
        var error: Error
    }

    /// Records that `document`, read from this file, was listed with its line numbers (`ls`, `agenda`): an
    /// edit given one of them finds the task shown there. A record that cannot be written is a warning: the
    /// listing itself stands.
    func recordListing(_ document: Document) {
        guard let state else { return }
        do {
            try FileLock.holding(path, name: name) { lock in try state.recordListing(of: document, under: lock) }
        } catch {
            printError("todofmt: warning: the line numbers shown cannot be kept for later commands: \(error)\n")
        }
    }

    /// The log of what `remind` sent for this file as it is, read without the lock and creating nothing: for
    /// a preview.
    func reminderLog() -> ReminderLog {
        state?.reminderLog() ?? ReminderLog(path: TodoFileState.absolutePath(path))
    }

    /// Changes the log of what `remind` sent for this file, under the file's lock.
    func updateReminderLog<Result>(_ change: (inout ReminderLog) -> Result) throws -> Result {
        guard let state else {
            throw CommandFailure("todofmt: error: remind keeps what it sent under $XDG_STATE_HOME or $HOME, and neither is set")
        }
        return try FileLock.holding(path, name: name) { lock in try state.updateReminderLog(under: lock, change) }
    }

    /// The file's bytes as a document, or where they stop being text.
    private func document(of bytes: [UInt8]) throws(SystemError) -> Document {
        switch SourceDecoder.decode(bytes) {
        case .success(let text): return Document(parsing: text, format: format, settings: settings, reading: reading, kind: kind)
        case .failure(let diagnostic): throw SystemError(path: name, diagnostic: diagnostic)
        }
    }

    /// The state kept beside the file (its listing, calendar UIDs, reminders), or nil when there is no place
    /// for it (neither `XDG_STATE_HOME` nor `HOME` is set).
    var state: TodoFileState? { TodoFileState(todoFile: path) }
}

extension TodoFile {
    /// The todo file a command works on (`-f`, `$TODOFMT_FILE`, or the nearest one upward) and its document
    /// as it is now.
    static func load(_ invocation: Invocation) throws -> (file: TodoFile, document: Document) {
        let file = try TodoFile(try TodoFileLocator.locate(invocation), invocation)
        return (file, try file.read())
    }

    /// The file while its lock is held: the document read under it, and the one way to write it.
    struct Session {
        let todoFile: TodoFile
        fileprivate var file: GuardedFile
        /// The file's document as read under the lock, or as this session last wrote it.
        private(set) var document: Document
        /// The lock, which covers the state kept beside the file too.
        let lock: FileLock

        fileprivate init(todoFile: TodoFile, file: GuardedFile, document: Document, lock: borrowing FileLock) {
            self.todoFile = todoFile
            self.file = file
            self.document = document
            self.lock = copy lock
        }

        /// Releases the lock.
        func close() { lock.release() }

        /// Writes what TodoKit made of this session's document, if it changes the text, and tells the state
        /// kept beside the file which task each task is now.
        /// `followingSyncState`: false for a sync, which writes the state it planned itself.
        mutating func write<Change: CheckedChange>(_ change: Change, shownLines: [Int] = [], followingSyncState: Bool = true) throws {
            let checked = change.checked
            try check(checked)
            guard checked.changesText else { return }
            try file.replace(with: checked.document.text)
            follow(change, shownLines: shownLines, followingSyncState: followingSyncState)
        }

        /// Refuses a change made from another text than the file holds: it could undo what the file holds, a
        /// mistake in todofmt.
        fileprivate func check(_ checked: CheckedDocument) throws {
            guard checked.original.text == document.text else {
                throw SystemError(path: todoFile.name, message: "todofmt made a change from another text than the file holds; nothing was written")
            }
        }

        /// Puts a prepared write of `change`'s text in place (`GuardedFile.commit`), then follows it as `write` does.
        fileprivate mutating func commit<Change: CheckedChange>(_ prepared: FileSystem.PreparedWrite, text: String, change: Change) throws {
            try file.commit(prepared, text: text)
            follow(change, shownLines: [], followingSyncState: true)
        }

        private mutating func follow<Change: CheckedChange>(_ change: Change, shownLines: [Int], followingSyncState: Bool) {
            let checked = change.checked
            document = checked.document
            // The change is written: what is kept about the file only follows it, so a failure to keep it is a
            // warning (its numbers are then refused as stale, and UIDs found again by the tasks' text).
            do {
                try todoFile.state?.follow(checked, shownLines: (change as? EditResult)?.changedTaskLines ?? shownLines,
                                           followsSyncState: followingSyncState, under: lock)
                if let folder = todoFile.folder { try TodoFolder.followListing(ofFolder: folder, checked, file: todoFile.name) }
            } catch {
                printError("todofmt: warning: \(shown(todoFile.name)) was written, but its line numbers and calendar UIDs "
                           + "cannot follow the change: \(error)\n")
            }
        }
    }
}
