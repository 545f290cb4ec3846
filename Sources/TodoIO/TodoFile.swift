import TodoKit

/// A todo file as todofmt reads and changes it: its path, its lock (`FILE.lock`), its text read as a
/// document, and the state todofmt keeps beside it (`TodoFileState`).
///
/// Its one way to change the file takes what TodoKit checked (`CheckedChange`: a formatting, an edit, a
/// merge, a sync), so a text that did not pass the check cannot be written to a todo file: under the lock the
/// file is read, the change made from what was read, and written atomically only if the file still holds
/// those bytes (`GuardedFile`); then the state learns which task each task is now.
package struct TodoFile {
    /// The file as the user named it.
    package let path: String
    /// What messages call it: its path, or the name it stands for (a merge driver's temporary file is the
    /// repository's file).
    package let name: String
    package let format: FileFormat
    /// How its tasks are read and written where its text does not say (the global filter, a new file's dialect).
    let settings: TaskSettings
    /// How its Markdown is read: as a note of the vault it lies in (`Vault`), else as CommonMark.
    let reading: MarkdownReading
    /// The folder of notes the file was named through (its `name` is then relative to it), whose listing
    /// follows every change of the file.
    package let folder: String?
    /// Whose the file is: todofmt's (a todo file, kept canonical) or its author's (a note: only task lines change).
    package let kind: FileKind

    package init(_ path: String, name: String? = nil, format: FileFormat? = nil, settings: TaskSettings, reading: MarkdownReading,
         folder: String? = nil, kind: FileKind = .todoFile) {
        self.path = path
        self.name = name ?? path
        self.folder = folder
        self.format = format ?? FileFormat.inferred(fromPath: name ?? path)
        self.settings = settings
        self.reading = self.format == .markdown ? reading : .commonMark
        self.kind = kind
    }

    /// The file's document as it is now, read without the lock: for a command that only reads. A missing file
    /// reads as empty when `missingIsEmpty`.
    package func read(missingIsEmpty: Bool = false) throws(SystemError) -> Document {
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
    package func update<Change: CheckedChange>(creating: Bool = false, _ change: (Document) throws -> Change) throws -> Change {
        try locked(creating: creating) { session in
            let made = try change(session.document)
            try session.write(made)
            return made
        }
    }

    /// Creates the file when it is missing, holding `text` (a new todo file is empty; a daily note, its template
    /// filled in): under its lock, only while it is still missing, and through the check every change passes
    /// (`CheckedDocument.creating`), so a text made by todofmt is written only as it was made. Returns false,
    /// writing nothing, when the file exists.
    @discardableResult
    package func create(_ text: String = "") throws -> Bool {
        try locked(creating: true) { session in
            guard session.file.contents == nil else { return false }
            let creation: CheckedDocument
            do { creation = try CheckedDocument.creating(text, in: session.document) } catch {
                throw SystemError(path: name, message: "\(error); nothing was written")
            }
            if creation.changesText {
                try session.write(creation)
            } else {
                // An empty file: no text, so nothing to check.
                try session.file.replace(with: "")
            }
            return true
        }
    }

    /// Runs `body` holding the file's lock, with the file read (empty for a missing file when `creating`):
    /// for a command that reads and writes more than the file (archive, sync, remind).
    package func locked<Result>(creating: Bool = false, _ body: (inout Session) throws -> Result) throws -> Result {
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
        // A stopped change of this file and others is undone before the file is read for another.
        try RollbackJournal.finishInterrupted(touching: path)
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
    ///
    /// When more than one file changes, a journal of the change (`RollbackJournal`) is put in place before the
    /// first rename and removed after the last, so that a change stopped in between is undone by the next run; a
    /// rename that fails is undone at once through the same journal, and only when that fails too does the error
    /// say which files were left written (`FailedChange`). The interrupting signals are held back from the first
    /// rename to the journal's removal: Ctrl-C never stops a change halfway.
    package static func updateAll<Change: CheckedChange>(_ files: [TodoFile], creating: Bool = false,
                                                 _ change: (Int, Document) throws -> Change) throws -> [Change] {
        // One file is one file however many links reach it: its lock is taken once (a second take would wait on
        // the first), and it is changed once.
        let targets = files.map { TodoFileState.absolutePath($0.path) }
        var byTarget: [String: Int] = [:], byFile: [FileSystem.FileID: Int] = [:]
        for index in files.indices {
            let file = FileSystem.fileID(files[index].path)
            if let first = byTarget[targets[index]] ?? file.flatMap({ byFile[$0] }) {
                throw SystemError(path: files[index].name, message: "the same file as \(shown(files[first].name)) (a link to it): "
                                  + "name it once; nothing was written")
            }
            byTarget[targets[index]] = index
            if let file { byFile[file] = index }
        }
        let order = files.indices.sorted { targets[$0].utf8.lexicographicallyPrecedes(targets[$1].utf8) }
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
                throw SystemError.changedMeanwhile(files[changed.index].name)
            }
        } catch {
            for write in prepared { write.write.discard() }
            throw error
        }
        if prepared.count > 1 {
            try replaceAll(prepared, of: files, sessions: &sessions)
        } else if let (index, write, text) = prepared.first {
            try sessions[index]!.file.commit(write, text: text)
        }
        for (index, _, _) in prepared { sessions[index]!.follow(changes[index]!) }
        return files.indices.map { changes[$0]! }
    }

    /// Renames each prepared text over its file, under a journal of the change; undoes them all when one fails.
    private static func replaceAll(_ prepared: [(index: Int, write: FileSystem.PreparedWrite, text: String)], of files: [TodoFile],
                                   sessions: inout [Int: Session]) throws {
        let journal = RollbackJournal(entries: prepared.map { index, write, text in
            let file = sessions[index]!.file
            return RollbackJournal.Entry(target: write.target, name: files[index].name, file: file.contents == nil ? nil : FileSystem.fileID(write.target),
                                         old: file.contents, new: Array(text.utf8), temporary: write.temporary)
        })
        let held: RollbackJournal.Held
        do { held = try journal.write() } catch {
            for write in prepared { write.write.discard() }
            throw error
        }
        // From the first rename to the journal's removal no interruption is taken: it waits for the change to end.
        let failure = InterruptCleanup.withSignalsHeld { () -> (position: Int, error: SystemError)? in
            for (position, (index, write, text)) in prepared.enumerated() {
                do throws(SystemError) { try sessions[index]!.file.commit(write, text: text) } catch { return (position, error) }
            }
            for folder in Set(prepared.map { FileSystem.directoryName($0.write.target) }) { FileSystem.syncFolder(folder) }
            held.remove()
            return nil
        }
        guard let (position, error) = failure else { return }
        for (_, write, _) in prepared[(position + 1)...] { write.discard() }
        let failed = files[prepared[position].index]
        // The reason alone: what was and was not written is said below.
        let reason = error.changedMeanwhile || error.code == nil ? error : SystemError(path: failed.name, code: error.code!, doing: "cannot replace the file")
        do throws(RollbackJournal.RollbackFailure) {
            _ = try journal.rollBack(renamed: 0..<position)
        } catch {
            held.release()
            let left: [Int], why: SystemError
            switch error {
            case .changedSince(let changed):
                // The journal's entries are in the order of the renames: those before the failed one were written.
                (left, why) = (Array(0..<position), SystemError(path: journal.entries[changed[0]].name, message: "another program changed it meanwhile"))
            case .failed(_, let remaining, let failure): (left, why) = (remaining, failure)
            }
            throw FailedChange(file: failed, error: reason, written: left.map { journal.entries[$0].name },
                               unwritten: journal.entries.indices.filter { !left.contains($0) }.map { journal.entries[$0].name },
                               undoFailure: why, journal: held.path)
        }
        held.remove()
        if error.changedMeanwhile { throw error }
        throw FailedChange(file: failed, error: reason)
    }

    /// A change of one of many files that failed. Nothing was written to any of them, unless `written` says
    /// otherwise: files a failed rename left written because putting them back failed too (`undoFailure`), which
    /// the next todofmt run in the folder puts back from `journal`.
    package struct FailedChange: Error {
        package var file: TodoFile
        package var error: Error
        var written: [String] = []
        var unwritten: [String] = []
        var undoFailure: SystemError?
        var journal: String?

        /// What the failure left, after its error: nothing written to any of `count` files, or which were.
        package func outcome(ofFiles count: Int) -> String {
            guard !written.isEmpty, let undoFailure, let journal else {
                return count > 1 ? "nothing was written to any of the \(count) files" : ""
            }
            func list(_ names: [String]) -> String {
                names.count < 2 ? names.map(shown).joined() : names.dropLast().map(shown).joined(separator: ", ") + " and " + shown(names.last!)
            }
            let unwritten = self.unwritten.isEmpty ? "" : "; \(list(self.unwritten)) \(self.unwritten.count == 1 ? "was" : "were") not written"
            let them = written.count == 1 ? "it" : "them"
            return "\(list(written)) \(written.count == 1 ? "was" : "were") written, and putting \(them) back failed "
                + "(\(shown(undoFailure.path)): \(undoFailure.message))\(unwritten); the next todofmt run in the folder puts \(them) back "
                + "from \(shown(journal))"
        }
    }

    /// Records that `document`, read from this file, was listed with its line numbers (`ls`, `agenda`): an
    /// edit given one of them finds the task shown there. A record that cannot be written is a warning: the
    /// listing itself stands.
    package func recordListing(_ document: Document) {
        // A pipe (`ls -f <(git show HEAD:TODO.md)`) is no file an edit could find the numbers in.
        var info = stat()
        guard let state, stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        do {
            try FileLock.holding(path, name: name) { lock in try state.recordListing(of: document, under: lock) }
        } catch {
            printError("todofmt: warning: the line numbers shown cannot be kept for later commands: \(error)\n")
        }
    }

    /// The log of what `remind` sent for this file as it is, read without the lock and creating nothing: for
    /// a preview.
    package func reminderLog() -> ReminderLog {
        state?.reminderLog() ?? ReminderLog(path: TodoFileState.absolutePath(path))
    }

    /// Changes the log of what `remind` sent for this file, under the file's lock.
    package func updateReminderLog<Result>(_ change: (inout ReminderLog) -> Result) throws -> Result {
        guard let state else {
            throw SystemError(path: "todofmt", message: "remind keeps what it sent under $XDG_STATE_HOME or $HOME, and neither is set")
        }
        return try FileLock.holding(path, name: name) { lock in try state.updateReminderLog(under: lock, change) }
    }

    /// Refuses a change made from another text than the file holds (`read`, under the lock): it could undo what
    /// the file holds, a mistake in todofmt.
    func check(_ checked: CheckedDocument, madeFrom read: Document) throws(SystemError) {
        guard checked.original.text == read.text else {
            throw SystemError(path: name, message: "todofmt made a change from another text than the file holds; nothing was written")
        }
    }

    /// How the file's bytes read as a document: its format, settings, Markdown reading and kind.
    package var fileReading: FileReading {
        FileReading(format: format, settings: settings, markdown: reading, kind: kind)
    }

    /// The file's bytes as a document, or where they stop being text.
    func document(of bytes: [UInt8]) throws(SystemError) -> Document {
        switch fileReading.decode(bytes) {
        case .success(let document): return document
        case .failure(let diagnostic): throw SystemError(path: name, diagnostic: diagnostic)
        }
    }

    /// The state kept beside the file (its listing, calendar UIDs, reminders), or nil when there is no place
    /// for it (neither `XDG_STATE_HOME` nor `HOME` is set).
    package var state: TodoFileState? { TodoFileState(todoFile: path) }
}

extension TodoFile {
    /// The file while its lock is held: the document read under it, and the one way to write it.
    package struct Session {
        let todoFile: TodoFile
        fileprivate var file: GuardedFile
        /// The file's document as read under the lock, or as this session last wrote it.
        package private(set) var document: Document
        /// The lock, which covers the state kept beside the file too.
        package let lock: FileLock

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
        package mutating func write<Change: CheckedChange>(_ change: Change, shownLines: [Int] = [], followingSyncState: Bool = true) throws {
            let checked = change.checked
            try check(checked)
            guard checked.changesText else { return }
            try file.replace(with: checked.document.text)
            follow(change, shownLines: shownLines, followingSyncState: followingSyncState)
        }

        fileprivate func check(_ checked: CheckedDocument) throws {
            try todoFile.check(checked, madeFrom: document)
        }

        /// Tells the state kept beside the file which task each task is now, after `change` was put in place.
        fileprivate mutating func follow<Change: CheckedChange>(_ change: Change, shownLines: [Int] = [], followingSyncState: Bool = true) {
            let checked = change.checked
            document = checked.document
            // The change is written: what is kept about the file only follows it, so a failure to keep it is a
            // warning (its numbers are then refused as stale, and UIDs found again by the tasks' text).
            do {
                try todoFile.state?.follow(checked, shownLines: (change as? EditResult)?.changedTaskLines ?? shownLines,
                                           followsSyncState: followingSyncState, under: lock)
                if let folder = todoFile.folder { try TodoFileState(todoFile: folder)?.followFolderListing(checked, file: todoFile.name) }
            } catch {
                printError("todofmt: warning: \(shown(todoFile.name)) was written, but its line numbers and calendar UIDs "
                           + "cannot follow the change: \(error)\n")
            }
        }
    }
}
