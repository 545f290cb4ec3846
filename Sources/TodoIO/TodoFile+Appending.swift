import TodoKit

extension TodoFile {
    /// Runs `body` holding the file's lock, with the end of the file read, not the file: for an archive, which
    /// only grows (`archive` appends to it). The end is what todofmt recorded when it last appended, while the
    /// file is as it left it (`TodoFileState.archiveEnd`); else the file is read whole to find it.
    package func appending<Result>(_ body: (inout EndSession) throws -> Result) throws -> Result {
        var info = stat()
        if stat(path, &info) == 0, let problem = FileSystem.notRegularFile(path, info) {
            throw problem.naming(path, as: name).appending("; nothing was written")
        }
        return try FileLock.holding(path, name: name) { lock in
            let file = try GuardedFile.End(path, name: name, under: lock)
            var session = EndSession(todoFile: self, file: file, lock: lock)
            if file.identity == nil {
                session.end = .empty
            } else if format == .todotxt {
                session.end = ArchiveEnd(todoTxtEndingWith: String(decoding: file.tail, as: UTF8.self))
            } else if let recorded = state?.archiveEnd(of: file) {
                session.end = recorded
            } else {
                session.end = ArchiveEnd(of: try session.wholeDocument())
            }
            return try body(&session)
        }
    }

    /// The file while its lock is held, its end known: the one way to add to it.
    package struct EndSession {
        let todoFile: TodoFile
        fileprivate var file: GuardedFile.End
        let lock: FileLock
        /// The end of the file as read, or as this session last wrote it.
        package fileprivate(set) var end = ArchiveEnd.empty
        /// The whole file and its document, once read.
        private var whole: (file: GuardedFile, document: Document)?

        fileprivate init(todoFile: TodoFile, file: GuardedFile.End, lock: borrowing FileLock) {
            self.todoFile = todoFile
            self.file = file
            self.lock = copy lock
        }

        /// The whole file as a document, read under the lock (for what an append cannot do).
        package mutating func wholeDocument() throws -> Document {
            let read = try GuardedFile(todoFile.path, name: todoFile.name, under: lock, missing: .isNew)
            let document = try todoFile.document(of: read.contents ?? [])
            whole = (read, document)
            return document
        }

        /// Writes what TodoKit made of the archive: lines added at this end, or the whole file changed.
        package mutating func write(_ change: Archiver.Change) throws {
            switch change {
            case .append(let appended): try append(appended)
            case .whole(let edit): try write(edit)
            }
        }

        /// Appends what TodoKit made for this end, and records the new end.
        mutating func append(_ appended: ArchiveAppend) throws {
            guard appended.basis == end else {
                throw SystemError(path: todoFile.name, message: "todofmt made lines for another end than the file has; nothing was written")
            }
            try file.append(appended.text, under: lock)
            end = appended.end
            guard todoFile.format == .markdown else { return }
            // The lines are added: the record only spares the next run a read of the whole file.
            do { try todoFile.state?.recordArchiveEnd(end, of: file, under: lock) } catch {
                printError("todofmt: warning: the end of \(shown(todoFile.name)) cannot be recorded, so the next archive reads it whole: \(error)\n")
            }
        }

        /// Replaces the whole file, read with `wholeDocument()`, with what TodoKit made of it.
        mutating func write(_ change: EditResult) throws {
            guard var whole else {
                throw SystemError(path: todoFile.name, message: "todofmt made a change of a file it did not read whole; nothing was written")
            }
            try todoFile.check(change.checked, madeFrom: whole.document)
            guard change.checked.changesText else { return }
            try whole.file.replace(with: change.document.text)
            whole.document = change.document
            self.whole = whole
        }
    }
}
