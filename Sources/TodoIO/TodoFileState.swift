import TodoKit

/// What todofmt keeps between runs about one todo file, in `$XDG_STATE_HOME/todofmt/` (default
/// `~/.local/state/todofmt/`), each file named by one key, the FNV-1a hash of the todo file's absolute path:
/// `KEY.listing` (what `ls` showed, `FileListingRecord`), `KEY.sync` (calendar UIDs and the sync's state,
/// `SyncState`) and `KEY.reminders` (what `remind` sent, `ReminderLog`).
///
/// The todo file's lock covers them: they are read and written (each through a `GuardedFile`) only while it
/// is held, so a change of the file and of what is known about it never interleave with another run's.
package struct TodoFileState {
    /// The todo file's absolute path (symlinks resolved), as the state names it.
    let todoFile: String
    let format: FileFormat
    /// The folder of the state files.
    package let folder: String
    /// The key naming this file's state.
    let key: String

    /// The state of the todo file at `path`; nil when there is no folder for it (neither `XDG_STATE_HOME`
    /// nor `HOME` is set).
    package init?(todoFile path: String, format: FileFormat? = nil) {
        guard let folder = TodoFileState.folder() else { return nil }
        self.folder = folder
        todoFile = TodoFileState.absolutePath(path)
        self.format = format ?? FileFormat.inferred(fromPath: path)
        key = FNV1a.hex(todoFile.utf8)
    }

    package var listingPath: String { folder + "/" + key + ".listing" }
    package var syncPath: String { folder + "/" + key + ".sync" }
    package var remindersPath: String { folder + "/" + key + ".reminders" }
    var archiveEndPath: String { folder + "/" + key + ".end" }

    // MARK: The listing

    /// The record of what `ls` last showed of the file, if there is one.
    package func listing() -> FileListingRecord? {
        guard let bytes = try? FileSystem.read(listingPath),
              let record = FileListingRecord(parsing: String(decoding: bytes, as: UTF8.self)), record.path == todoFile else { return nil }
        return record
    }

    /// Records what `ls` showed of the file.
    func recordListing(of document: Document, under lock: borrowing FileLock) throws {
        try write(FileListingRecord(path: todoFile, document: document).text, to: listingPath, under: lock)
    }

    // MARK: A folder's listing

    /// Keeps `record` as the last listing of the folder this state is of; what followed the files of the listing
    /// before it goes with it.
    package func recordFolderListing(_ record: FolderListingRecord) throws {
        try makeFolder()
        try GuardedFile.update(listingPath) { _ in record.text }
        let followed = followedFolder
        for name in (try? FileSystem.names(in: followed)) ?? [] { unlink(join(followed, name)) }
    }

    /// The record of the file `relative` of the folder this state is of, as todofmt's changes of it since the
    /// folder's last listing left it; nil when todofmt changed it not since.
    package func followedListing(of relative: String) -> FileListingRecord? {
        readText(followedPath(relative)).flatMap(FileListingRecord.init(parsing:))
    }

    /// Follows a change todofmt wrote to the file `relative` of the folder this state is of: the record of that
    /// file in the folder's last listing, kept in a small file of its own beside the listing's (so that an edit of
    /// one note costs what the note costs, however many the listing showed).
    func followFolderListing(_ change: CheckedDocument, file relative: String) throws {
        guard FileSystem.exists(listingPath) else { return }
        FileSystem.makeDirectories(followedFolder)
        try GuardedFile.update(followedPath(relative)) { text in
            guard var record = text.flatMap(FileListingRecord.init(parsing:))
                    ?? readText(listingPath).flatMap({ FolderListingRecord.file(relative, inText: $0) }) else { return nil }
            record.follow(change)
            return record.text
        }
    }

    /// The folder of the records of a listing's files that todofmt changed since.
    private var followedFolder: String { listingPath + ".d" }

    private func followedPath(_ relative: String) -> String { join(followedFolder, FNV1a.hex(relative.utf8)) }

    // MARK: The sync state

    /// The calendar UIDs and sync state of the file (an empty state when there is none yet).
    package func syncState(under lock: borrowing FileLock) throws -> SyncState {
        try makeFolder()
        let file = try GuardedFile(syncPath, under: lock, missing: .isNew)
        let stored = file.text.flatMap { SyncState(parsing: $0, format: format) }
        return stored.flatMap { $0.file == todoFile ? $0 : nil } ?? SyncState(file: todoFile)
    }

    package func save(_ state: SyncState, under lock: borrowing FileLock) throws {
        var state = state
        state.file = todoFile
        try write(state.text, to: syncPath, under: lock)
    }

    // MARK: The reminder log

    /// The log of what `remind` sent for the file, read without the lock (an empty log when there is none).
    func reminderLog() -> ReminderLog {
        guard let bytes = try? FileSystem.read(remindersPath),
              let log = ReminderLog(parsing: String(decoding: bytes, as: UTF8.self)), log.path == todoFile else {
            return ReminderLog(path: todoFile)
        }
        return log
    }

    /// Changes the log of what `remind` sent for the file.
    func updateReminderLog<Result>(under lock: borrowing FileLock, _ change: (inout ReminderLog) -> Result) throws -> Result {
        try makeFolder()
        var file = try GuardedFile(remindersPath, under: lock, missing: .isNew)
        var log = file.text.flatMap(ReminderLog.init(parsing:)).flatMap { $0.path == todoFile ? $0 : nil } ?? ReminderLog(path: todoFile)
        let result = change(&log)
        if file.text != log.text { try file.replace(with: log.text) }
        return result
    }

    // MARK: The end of an archive

    /// What todofmt recorded of the file's end when it last appended to it (an archive), if the file is still as
    /// it left it then: the same identity (device, inode, size, modification time) and the same last bytes.
    func archiveEnd(of file: GuardedFile.End) -> ArchiveEnd? {
        guard let header = archiveEndHeader(file), let bytes = try? FileSystem.read(archiveEndPath) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.hasPrefix(header) else { return nil }
        return ArchiveEnd(record: String(text.dropFirst(header.utf8.count)), format: format)
    }

    /// Records the file's end after todofmt appended to it.
    func recordArchiveEnd(_ end: ArchiveEnd, of file: GuardedFile.End, under lock: borrowing FileLock) throws {
        guard let header = archiveEndHeader(file) else { return }
        try write(header + end.record, to: archiveEndPath, under: lock)
    }

    /// What a record of the file's end starts with: the file, its identity and a hash of its last bytes, which
    /// must all be as they are now for the record to be trusted. Nil when there is no file.
    private func archiveEndHeader(_ file: GuardedFile.End) -> String? {
        guard let identity = file.identity else { return nil }
        return "todofmt archive end 1\n\(todoFile)\n\(identity.device) \(identity.inode) \(identity.size) \(identity.modified)\n"
            + "\(FNV1a.hex(file.tail))\n"
    }

    // MARK: Following changes

    /// After todofmt wrote a change to the file: the listing and the calendar UIDs learn which task each task
    /// is now (`shownLines`: the lines the command printed, which the listing takes as listed).
    func follow(_ change: CheckedDocument, shownLines: [Int], followsSyncState: Bool, under lock: borrowing FileLock) throws {
        if var record = listing() {
            record.follow(change, shownLines: shownLines)
            try write(record.text, to: listingPath, under: lock)
        }
        if followsSyncState, FileSystem.exists(syncPath) {
            var state = try syncState(under: lock)
            guard !state.entries.isEmpty else { return }
            state.follow(change)
            try save(state, under: lock)
        }
    }

    // MARK: Files

    private func write(_ text: String, to path: String, under lock: borrowing FileLock) throws {
        try makeFolder()
        var file = try GuardedFile(path, under: lock, missing: .isNew)
        if file.text != text { try file.replace(with: text) }
    }

    private func makeFolder() throws {
        FileSystem.makeDirectories(folder)
    }

    /// The folder of the state files, or nil when neither `XDG_STATE_HOME` nor `HOME` is set.
    static func folder() -> String? {
        if let state = ProcessEnvironment.variables["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/todofmt"
        }
        guard let home = ProcessEnvironment.value("HOME") else { return nil }
        return home + "/.local/state/todofmt"
    }

    /// The absolute path a todo file is known by (symlinks resolved).
    package static func absolutePath(_ path: String) -> String {
        let resolved = FileSystem.resolvingSymlinks(path)
        if resolved.hasPrefix("/") { return resolved }
        return FileSystem.currentDirectory() + "/" + resolved
    }
}
