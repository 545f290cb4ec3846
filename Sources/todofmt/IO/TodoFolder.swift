import TodoKit

/// A folder of notes as one todo list: every Markdown note under it and every `todo.txt`, less what its walk
/// skips (`FolderWalk`). A vault's notes read as Obsidian reads them (`Vault`); the folder's `.todofmt` file holds
/// its settings (`FolderSettings`).
///
/// Its files are read and written one by one as `TodoFile`s, named by their paths relative to the folder; reading
/// the whole folder reads its notes concurrently and hands each one holding a task to the caller, in path order.
struct TodoFolder {
    /// The folder as named (`-f notes`, `.` when found in the working folder).
    let path: String
    let vault: Vault?
    let settings: FolderSettings
    /// How its notes' tasks are read and written where their text does not say (the command line's settings
    /// over the vault's).
    let tasks: TaskSettings

    static let settingsFile = ".todofmt"

    /// The folder at `path`, its notes read under the command line's settings over its vault's.
    init(_ path: String, _ invocation: Invocation) throws {
        let vault = Vault(root: path)
        self.init(path, vault: vault, tasks: try TaskSettings(invocation, over: vault?.tasks ?? TaskSettings()))
    }

    /// The folder at `path`, which is `vault`'s root when it is a vault, its notes read under `tasks`.
    init(_ path: String, vault: Vault?, tasks: TaskSettings) {
        self.path = path
        self.vault = vault
        self.tasks = tasks
        let text = readText(join(path, TodoFolder.settingsFile))
        settings = text.map(FolderSettings.init(parsing:)) ?? FolderSettings()
    }

    /// How the folder's Markdown notes read.
    var reading: MarkdownReading { vault?.reading ?? .commonMark }

    /// The folder's `.todofmt` settings' problems, as warnings.
    func printSettingsWarnings() {
        WarningPrinter.print(settings.diagnostics, path: join(path, TodoFolder.settingsFile))
    }

    /// The file at `relative` (a path relative to the folder), named by it in messages.
    func file(_ relative: String) -> TodoFile {
        TodoFile(join(path, relative), name: relative, format: FolderWalk.format(of: FileSystem.baseName(relative)) ?? .markdown,
                 settings: tasks, reading: reading, folder: path)
    }

    /// The folder's task files, in path order; what could not be walked is printed, one line each. A vault with
    /// the Tasks plugin has its notes alone (`.md` files: what Obsidian opens as notes), as the plugin reads
    /// them: a `todo.txt` or a `.markdown` file there is read only when named (`-f`).
    func entries() -> [FolderEntry] {
        let walk = FolderWalk.walk(path, excluded: vault?.excluded ?? ExcludedFiles([]))
        for problem in walk.problems { printError(problem + "\n") }
        guard vault?.hasTasksPlugin == true else { return walk.entries }
        return walk.entries.filter { $0.format == .markdown && $0.path.hasSuffix(".md") }
    }

    /// Today's daily note (`now`'s day), made as Obsidian makes it when missing: its folders, then its
    /// template filled in (an empty note without one).
    func dailyNote(_ daily: DailyNotes, now: Moment) throws -> TodoFile {
        let note = file(daily.path(of: now.date))
        guard !FileSystem.exists(note.path) else { return note }
        FileSystem.makeDirectories(TodoFileState.absolutePath(FileSystem.directoryName(note.path)))
        var text = ""
        if let template = daily.templatePath {
            guard let templateText = readText(join(path, template)) else {
                throw CommandFailure("\(shown(template)): error: the daily notes' template cannot be read; nothing was written")
            }
            text = daily.note(of: now.date, at: now.time ?? TimeOfDay(minutes: 0)!, fromTemplate: templateText)
        }
        try GuardedFile.update(note.path, name: note.name) { existing in existing == nil ? text : nil }
        return note
    }

    /// Today's daily note (`now`'s day), and, when it is missing, the text Obsidian would make it with: its
    /// template filled in (empty without one). Its folders are made; the note is for the caller to write, through
    /// `TodoFile`, with what it adds.
    func newDailyNote(_ daily: DailyNotes, now: Moment) throws -> (file: TodoFile, template: String?) {
        let note = file(daily.path(of: now.date))
        guard !FileSystem.exists(note.path) else { return (note, nil) }
        FileSystem.makeDirectories(TodoFileState.absolutePath(FileSystem.directoryName(note.path)))
        guard let template = daily.templatePath else { return (note, "") }
        guard let templateText = readText(join(path, template)) else {
            throw CommandFailure("\(shown(template)): error: the daily notes' template cannot be read; nothing was written")
        }
        return (note, daily.note(of: now.date, at: now.time ?? TimeOfDay(minutes: 0)!, fromTemplate: templateText))
    }

    // MARK: The listing

    /// Where the record of the folder's last listing is kept (`FolderListingRecord`), beside the state of todo
    /// files (`TodoFileState`); nil when there is no place for it.
    var listingPath: String? { TodoFileState(todoFile: path).map(\.listingPath) }

    /// A record for a new listing of the folder.
    func newListing() -> FolderListingRecord { FolderListingRecord(folder: TodoFileState.absolutePath(path)) }

    /// The record of the folder's last listing, if there is one.
    func listing() -> FolderListingRecord? {
        guard let listingPath, let text = readText(listingPath), let record = FolderListingRecord(parsing: text),
              record.folder == TodoFileState.absolutePath(path) else { return nil }
        return record
    }

    /// Keeps `record` as the folder's last listing. A record that cannot be written is a warning: the listing
    /// itself stands.
    func recordListing(_ record: FolderListingRecord) {
        guard let listingPath else { return }
        do {
            FileSystem.makeDirectories(FileSystem.directoryName(listingPath))
            try GuardedFile.update(listingPath) { _ in record.text }
            // What followed the last listing's files is of that listing alone.
            let followed = TodoFolder.followedFolder(listingPath)
            for name in (try? FileSystem.names(in: followed)) ?? [] { unlink(join(followed, name)) }
        } catch {
            printError("todofmt: warning: the numbers shown cannot be kept for later commands: \(error)\n")
        }
    }

    /// The record of the listed file `relative` as it stands now: as todofmt's changes of it since the listing
    /// left it, else as listed.
    func listing(of relative: String, in record: FolderListingRecord) -> ListingRecord? {
        guard let listingPath else { return nil }
        if let text = readText(TodoFolder.followedPath(listingPath, relative)), let followed = ListingRecord(parsing: text) {
            return followed
        }
        return record.files.first { $0.path == relative }
    }

    /// Follows a change todofmt wrote to the file `relative` of the folder at `folder`: the record of that file
    /// in the folder's last listing, kept in a small file of its own beside the listing's (so that an edit of
    /// one note costs what the note costs, however many the listing showed).
    static func followListing(ofFolder folder: String, _ change: CheckedDocument, file relative: String) throws {
        guard let listingPath = TodoFileState(todoFile: folder)?.listingPath, FileSystem.exists(listingPath) else { return }
        FileSystem.makeDirectories(followedFolder(listingPath))
        try GuardedFile.update(followedPath(listingPath, relative)) { text in
            guard var record = text.flatMap(ListingRecord.init(parsing:))
                    ?? readText(listingPath).flatMap({ FolderListingRecord.file(relative, inText: $0) }) else { return nil }
            record.follow(change)
            return record.text
        }
    }

    /// The folder of the records of a listing's files that todofmt changed since.
    private static func followedFolder(_ listingPath: String) -> String { listingPath + ".d" }

    private static func followedPath(_ listingPath: String, _ relative: String) -> String {
        join(followedFolder(listingPath), FNV1a.hex(relative.utf8))
    }

    // MARK: Calendar UIDs

    /// The UID of each of `candidates` (the tasks of all the folder's notes, each with its file before its list),
    /// by position, as the folder's state remembers them, remembered for next time (`SyncState.assignUIDs`).
    /// The state is the folder's own, kept as a todo file's is, under a lock of its own.
    func assignUIDs(to candidates: [TaskUIDs.Candidate]) throws -> [Int: String] {
        guard let store = TodoFileState(todoFile: path) else { return TaskUIDs(candidates: candidates, state: []).uids }
        FileSystem.makeDirectories(store.folder)
        return try FileLock.holding(store.syncPath) { lock in
            var state = try store.syncState(under: lock)
            let uids = state.assignUIDs(to: candidates)
            try store.save(state, under: lock)
            return uids
        }
    }

    // MARK: Reading

    /// One file as read for the folder: its document when it holds a task, else why it was passed over.
    enum Reading: Sendable {
        case tasks(Document)
        /// A note without a task.
        case noTasks
        /// A file that could not be read: the one line that says so.
        case problem(String)
    }

    /// How many files are read at once: enough to keep every core busy, few enough that what is held in memory
    /// stays near the size of the largest file.
    static let batchSize = 256

    /// Reads `entries` (concurrently, in batches) and calls `body` with each one that holds a task, in order;
    /// a file that cannot be read is printed, one line, and passed over. A file without a checkbox is never parsed
    /// (`TaskSearch`).
    func forEachDocument(_ entries: [FolderEntry], _ body: (FolderEntry, Document) throws -> Void) rethrows {
        let root = path, reading = reading, tasks = tasks
        var start = 0
        while start < entries.count {
            let batch = Array(entries[start..<min(start + TodoFolder.batchSize, entries.count)])
            start += batch.count
            let read = Concurrently.map(batch) { entry in TodoFolder.read(entry, in: root, settings: tasks, reading: reading) }
            for (entry, result) in zip(batch, read) {
                switch result {
                case .tasks(let document): try body(entry, document)
                case .noTasks: continue
                case .problem(let line): printError(line + "\n")
                }
            }
        }
    }

    /// Reads and parses one file of the folder at `root`.
    static func read(_ entry: FolderEntry, in root: String, settings: TaskSettings, reading: MarkdownReading) -> Reading {
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(join(root, entry.path), regularFileOnly: true) } catch {
            return .problem("\(error.naming(join(root, entry.path), as: entry.path).described(asA: .warning)); skipped")
        }
        guard TaskSearch.mayHoldTasks(bytes.span, format: entry.format) else { return .noTasks }
        switch SourceDecoder.decode(bytes) {
        case .success(let text):
            let document = Document(parsing: text, format: entry.format, settings: settings, reading: reading)
            return document.tasks.isEmpty ? .noTasks : .tasks(document)
        case .failure(let diagnostic):
            var warning = diagnostic
            warning.severity = .warning
            return .problem("\(shown(entry.path)):\(warning); skipped")
        }
    }
}

/// Where a command's tasks come from: one todo file, or a folder of notes.
enum TodoSource {
    case file(TodoFile)
    case folder(TodoFolder)

    /// The source of a command: `-f`, else `$TODOFMT_FILE`, else the nearest one upward (`TodoFileLocator`).
    static func locate(_ invocation: Invocation) throws -> TodoSource {
        switch TodoFileLocator.locate(explicit: invocation.value("file"), environment: invocation.environment) {
        case .success(.file(let path)): return .file(try TodoFile(path, invocation))
        case .success(.folder(let path)): return .folder(try TodoFolder(path, invocation))
        case .failure(let notFound): throw CommandFailure(notFound.description)
        }
    }
}

extension SystemError {
    /// The error as one line of the given severity: `path: warning: message`.
    func described(asA severity: Diagnostic.Severity) -> String {
        diagnostic.map { "\(shown(path)):\($0)" } ?? "\(shown(path)): \(severity.rawValue): \(message)"
    }
}
