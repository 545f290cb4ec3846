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

    /// The folder at `path`, its notes read under the command line's settings over its vault's. A change of many
    /// of its notes that was stopped is undone first (`RollbackJournal`).
    init(_ path: String, _ invocation: Invocation) throws {
        try RollbackJournal.finishInterrupted(touching: path)
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
        let format = FolderWalk.format(of: FileSystem.baseName(relative)) ?? .markdown
        return TodoFile(join(path, relative), name: relative, format: format, settings: tasks, reading: reading, folder: path,
                        kind: kind(of: relative, format: format))
    }

    /// Whether the file at `relative` is a todo file or a note: as the folder's `.todofmt` names it, else by its
    /// name outside a vault.
    func kind(of relative: String, format: FileFormat) -> FileKind {
        settings.kind(ofFile: relative, format: format, inVault: vault != nil)
    }

    /// The note `given` names, to add a task to: a path relative to the folder (or, when it names no file there
    /// but one in the working folder, relative to that), or an absolute path. A file the folder's walk would not
    /// read (outside the folder, hidden, ignored, excluded, not a note) is refused, saying why: a task put there
    /// would never be listed.
    func note(named given: String) throws(NotANote) -> TodoFile {
        let working = FileSystem.currentDirectory()
        let inWorkingFolder = !given.hasPrefix("/") && !FileSystem.exists(join(path, given)) && FileSystem.exists(given)
        return try note(named: given, at: given.hasPrefix("/") ? given : join(inWorkingFolder ? working : absoluteRoot, given))
    }

    /// The note at `absolute`, named `given` in messages, refused as `note(named:)` refuses one.
    func note(named given: String, at absolute: String) throws(NotANote) -> TodoFile {
        // Lexically, then through the symlinks of both (the folder named through a link, the file given by its target).
        let candidates = [(TodoFolder.normalized(absoluteRoot), TodoFolder.normalized(absolute)),
                          (TodoFileState.absolutePath(absoluteRoot),
                           join(TodoFileState.absolutePath(FileSystem.directoryName(absolute)), FileSystem.baseName(absolute)))]
        guard let relative = candidates.lazy.compactMap({ TodoFolder.relativePath(of: $0.1, under: $0.0) }).first else {
            throw NotANote(path: given, reason: "outside the folder \(shown(path))")
        }
        if let why = FolderWalk.whyNotRead(relative, in: path, excluded: vault?.excluded ?? ExcludedFiles([])) {
            throw NotANote(path: given, reason: why)
        }
        return file(relative)
    }

    /// The folder's absolute path, as named (no link followed).
    var absoluteRoot: String { path.hasPrefix("/") ? path : join(FileSystem.currentDirectory(), path) }

    /// A file a task cannot be added to, as the folder would never read it.
    struct NotANote: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(shown(path)): \(reason), so 'todofmt ls' would never list a task added there" }
    }

    /// The absolute `path` with `.`, `..` and repeated slashes taken out, as written (no link followed).
    static func normalized(_ path: String) -> String {
        var names: [Substring] = []
        for name in path.split(separator: "/") where name != "." {
            if name == ".." { _ = names.popLast() } else { names.append(name) }
        }
        return "/" + names.joined(separator: "/")
    }

    /// The path of the absolute, normalized `path` relative to the folder `folder`; nil when it is not inside it.
    static func relativePath(of path: String, under folder: String) -> String? {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard path.hasPrefix(prefix), path.count > prefix.count else { return nil }
        return String(path.dropFirst(prefix.count))
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

    /// Today's daily note (`now`'s day) to add a task to, and, when it is missing, the text Obsidian would make it
    /// with (`newDailyNote`). Its folders are made; the note itself is made by the caller's one checked change,
    /// with what it adds, so a refusal leaves no note behind.
    func dailyNoteToAddTo(_ daily: DailyNotes, now: Moment) throws -> (file: TodoFile, template: String?) {
        let note = file(daily.path(of: now.date))
        guard !FileSystem.exists(note.path) else { return (note, nil) }
        let text = try newDailyNote(daily, now: now)
        FileSystem.makeDirectories(TodoFileState.absolutePath(FileSystem.directoryName(note.path)))
        return (note, text)
    }

    /// The text a new daily note of `now`'s day starts with: its template filled in, or nothing without one.
    /// Nothing is written.
    func newDailyNote(_ daily: DailyNotes, now: Moment) throws -> String {
        guard let template = daily.templatePath else { return "" }
        guard let templateText = readText(join(path, template)) else {
            throw SystemError(path: template, message: "the daily notes' template cannot be read; nothing was written")
        }
        return daily.note(of: now.date, at: now.time ?? TimeOfDay(minutes: 0)!, fromTemplate: templateText)
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
        do { try TodoFileState(todoFile: path)?.recordFolderListing(record) } catch {
            printError("todofmt: warning: the numbers shown cannot be kept for later commands: \(error)\n")
        }
    }

    /// The record of the listed file `relative` as it stands now: as todofmt's changes of it since the listing
    /// left it, else as listed.
    func listing(of relative: String, in record: FolderListingRecord) -> FileListingRecord? {
        guard let state = TodoFileState(todoFile: path) else { return nil }
        return state.followedListing(of: relative) ?? record.files.first { $0.path == relative }
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
    /// (`TaskSearch`). A note reached by more than one path (a symbolic or hard link to it) is one note, read
    /// under its first path: its device and inode, as read, say so.
    func forEachDocument(_ entries: [FolderEntry], _ body: (FolderEntry, Document) throws -> Void) rethrows {
        try forEachDocument(entries, preparing: { _, _ in () }) { entry, document, _ in try body(entry, document) }
    }

    /// Reads `entries` as `forEachDocument(_:_:)` does, and what `prepare` makes of each document is made where it
    /// was read, on every core, before `body` gets it in order: the work a command does on each note apart from
    /// the others (filtering, sorting, rendering) is not left to one thread.
    func forEachDocument<Prepared: Sendable>(_ entries: [FolderEntry],
                                             preparing prepare: @escaping @Sendable (FolderEntry, Document) -> Prepared,
                                             _ body: (FolderEntry, Document, Prepared) throws -> Void) rethrows {
        let root = path, reading = reading, tasks = tasks, settings = settings, inVault = vault != nil
        var seen: Set<FileSystem.FileID> = []
        let batches = stride(from: 0, to: entries.count, by: TodoFolder.batchSize).map {
            Array(entries[$0..<min($0 + TodoFolder.batchSize, entries.count)])
        }
        func start(_ batch: [FolderEntry]) -> Concurrently.Pending<(FileSystem.FileID?, Reading, Prepared?)> {
            Concurrently.start(batch) { entry in
                let (file, reading) = TodoFolder.identifiedRead(entry, in: root, settings: tasks, reading: reading,
                                                                kind: settings.kind(ofFile: entry.path, format: entry.format, inVault: inVault))
                guard case .tasks(let document) = reading else { return (file, reading, nil) }
                return (file, reading, prepare(entry, document))
            }
        }
        // While the caller goes through one batch, the next is being read: two batches are held at most.
        var next = batches.first.map(start)
        for (number, batch) in batches.enumerated() {
            let read = next!.results()
            next = number + 1 < batches.count ? start(batches[number + 1]) : nil
            for (entry, (file, result, prepared)) in zip(batch, read) {
                if let file, !seen.insert(file).inserted { continue }
                switch result {
                case .tasks(let document): try body(entry, document, prepared!)
                case .noTasks: continue
                case .problem(let line): printError(line + "\n")
                }
            }
        }
    }

    /// Reads and parses one file of the folder at `root`.
    static func read(_ entry: FolderEntry, in root: String, settings: TaskSettings, reading: MarkdownReading,
                     kind: FileKind = .todoFile) -> Reading {
        identifiedRead(entry, in: root, settings: settings, reading: reading, kind: kind).reading
    }

    /// Reads and parses one file of the folder at `root`, as a todo file or a note (`kind`), and says which file it
    /// was (nil when it could not be read).
    static func identifiedRead(_ entry: FolderEntry, in root: String, settings: TaskSettings,
                               reading: MarkdownReading, kind: FileKind = .todoFile) -> (file: FileSystem.FileID?, reading: Reading) {
        let bytes: [UInt8], file: FileSystem.FileID
        do { (bytes, file) = try FileSystem.readIdentified(join(root, entry.path), regularFileOnly: true) } catch {
            return (nil, .problem("\(error.naming(join(root, entry.path), as: entry.path).described(asA: .warning)); skipped"))
        }
        return (file, parsed(bytes, of: entry, settings: settings, reading: reading, kind: kind))
    }

    private static func parsed(_ bytes: [UInt8], of entry: FolderEntry, settings: TaskSettings, reading: MarkdownReading,
                               kind: FileKind) -> Reading {
        guard TaskSearch.mayHoldTasks(bytes.span, format: entry.format) else { return .noTasks }
        switch FileReading(format: entry.format, settings: settings, markdown: reading, kind: kind).decode(bytes) {
        case .success(let document):
            return document.tasks.isEmpty ? .noTasks : .tasks(document)
        case .failure(let diagnostic):
            var warning = diagnostic
            warning.severity = .warning
            return .problem("\(shown(entry.path)):\(warning); skipped")
        }
    }
}

extension SystemError {
    /// The error as one line of the given severity: `path: warning: message`.
    func described(asA severity: Diagnostic.Severity) -> String {
        diagnostic.map { "\(shown(path)):\($0)" } ?? "\(shown(path)): \(severity.rawValue): \(message)"
    }
}
