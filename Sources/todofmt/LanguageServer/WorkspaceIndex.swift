import Synchronization
import TodoKit

/// The task files of the editor's workspace folders as last read from disk, each keyed by its absolute path with
/// the stamp (`FileSystem.Identity`) it had when read, and each held compactly: its tasks without the rest of its
/// text (`NoteTasks`) and what they name (`NoteNames`), so that a workspace of many notes holds a fraction of them
/// (a request that needs a note whole, a rename, reads it again). A folder is read as the command line reads one
/// (`TodoFolder`: its walk and skips, a vault's reading), by a task of its own, off the request path; while a
/// folder is being walked (`isBeingRead`), the server holds back the requests that need the whole workspace. A
/// file the client says changed, or whose stamp changed when a request uses it, is read again, then and there (one
/// file costs what it costs; the folder is never read again whole for a request).
final class WorkspaceIndex: Sendable {
    /// What the index holds of a file that holds a task: one object, so that a file's entry stays small (most
    /// notes of a vault hold no task) and a request that goes over every note copies one reference a note.
    final class Note: Sendable {
        let tasks: NoteTasks
        let names: NoteNames

        init(_ document: Document) {
            tasks = NoteTasks(document)
            names = NoteNames(tasks)
        }
    }

    /// One task file of a folder as last read.
    struct File: Sendable {
        /// The workspace folder it was found in, and its path relative to that folder.
        let folder: String
        let relative: String
        let format: FileFormat
        /// Its stamp when read; nil when it could not be read.
        let stamp: FileSystem.Identity?
        /// Its tasks, when it holds one.
        let note: Note?
        /// Its absolute path.
        let path: String

        init(folder: String, relative: String, format: FileFormat, stamp: FileSystem.Identity?, note: Note?) {
            (self.folder, self.relative, self.format, self.stamp, self.note) = (folder, relative, format, stamp, note)
            path = join(folder, relative)
        }
    }

    /// How a folder's notes read: its vault's reading, and the server's task settings.
    private struct Reading: Sendable {
        var settings: TaskSettings
        var markdown: MarkdownReading
    }

    private struct State {
        /// The workspace folders, each with how its notes read.
        var folders: [String: Reading] = [:]
        var files: [String: File] = [:]
        /// Files the client said changed, read again when next asked for.
        var changed: Set<String> = []
        /// Folders being walked, and those to walk again once that walk ends (a file was created in them).
        var walking: Set<String> = []
        var walkAgain: Set<String> = []
        /// Folders read whole once (their first walk ended).
        var read: Set<String> = []
        /// The files that hold a task, in path order, once asked for since the files last changed.
        var withTasks: [File]?
        /// Counts the changes to the files held: an answer made from them stands while it stays the same.
        var generation = 0
        /// For each id a task gives itself (`NoteNames.ids`), the files that hold such a task: where
        /// go-to-definition looks, without going over every note.
        var idOwners: [String: [String]] = [:]
        /// What the files hold that are not open (`excluded` the open ones' paths), as of `generation`.
        var names: (generation: Int, excluded: Set<String>, names: WorkspaceNames)?

        mutating func set(_ path: String, _ file: File?) {
            if let old = files[path]?.note { forgetIDs(of: old, at: path) }
            files[path] = file
            if let note = file?.note {
                for id in Set(note.names.ids.map(\.id)) { idOwners[id, default: []].append(path) }
            }
            withTasks = nil
            generation += 1
        }

        /// Forgets the files `forgets` says, as `set(_:nil)` does each.
        mutating func forget(where forgets: (File) -> Bool) {
            for (path, file) in files where forgets(file) {
                if let note = file.note { forgetIDs(of: note, at: path) }
            }
            files = files.filter { !forgets($0.value) }
            withTasks = nil
            generation += 1
        }

        /// The files that hold a task, in path order.
        mutating func filesWithTasks() -> [File] {
            if let files = withTasks { return files }
            let files = files.values.filter { $0.note != nil }.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
            withTasks = files
            return files
        }

        private mutating func forgetIDs(of note: Note, at path: String) {
            for id in Set(note.names.ids.map(\.id)) {
                idOwners[id]?.removeAll { $0 == path }
                if idOwners[id]?.isEmpty == true { idOwners[id] = nil }
            }
        }
    }

    /// What the walking task tells, from its own thread.
    enum Event: Sendable {
        /// A folder's first walk has listed its task files, and reads them now.
        case listed(folder: String, files: Int)
        /// A walk of a folder has ended; `firstRead` holds how many files the folder holds when it was the first.
        case walked(folder: String, firstRead: Int?)
    }

    private let state = Mutex(State())
    private let events: @Sendable (Event) -> Void
    /// A FIFO each walk reads to its end before it reads any file: tests hold the reading with it (debug builds).
    private let gate: String?

    init(gate: String? = nil, events: @escaping @Sendable (Event) -> Void = { _ in }) {
        self.gate = gate
        self.events = events
    }

    /// Whether a folder is being walked: until the walk ends, the workspace's answers would miss files.
    var isBeingRead: Bool { state.withLock { !$0.walking.isEmpty } }

    // MARK: Folders

    /// Starts reading the folder at absolute path `folder`, its tasks read with `settings`; its files are found as
    /// the walk reaches them.
    func add(folder: String, settings: TaskSettings) {
        let reading = Reading(settings: settings, markdown: Vault.containing(folder)?.reading ?? .commonMark)
        let start = state.withLock { state -> Bool in
            state.folders[folder] = reading
            return state.walking.insert(folder).inserted
        }
        if start { walk(folder, reading: reading) }
    }

    /// Forgets the folder and its files.
    func remove(folder: String) {
        state.withLock { state in
            state.folders[folder] = nil
            state.read.remove(folder)
            state.forget { $0.folder == folder }
        }
    }

    /// Changes whenever a file held changes (read again, added, forgotten).
    var generation: Int { state.withLock { $0.generation } }

    var folders: [String] { state.withLock { $0.folders.keys.sorted() } }

    /// Walks the folder and reads every file the walk lists that is new or whose stamp changed, in batches of
    /// concurrent reads; forgets the files it no longer lists.
    private func walk(_ folder: String, reading: Reading) {
        Task.detached(priority: .utility) { [self] in
            let entries = TodoFolder(folder, vault: Vault(root: folder), tasks: reading.settings).entries()
            if state.withLock({ !$0.read.contains(folder) }) { events(.listed(folder: folder, files: entries.count)) }
            if let gate { WorkspaceIndex.wait(for: gate) }
            let listed = Set(entries.map { join(folder, $0.path) })
            state.withLock { state in state.forget { $0.folder == folder && !listed.contains($0.path) } }
            var start = 0
            while start < entries.count {
                let batch = entries[start..<min(start + TodoFolder.batchSize, entries.count)]
                start += batch.count
                let known = state.withLock { state in batch.map { state.files[join(folder, $0.path)]?.stamp } }
                let read = await withTaskGroup(of: (File, FileSystem.Identity?)?.self) { group in
                    for (entry, stamp) in zip(batch, known) {
                        group.addTask {
                            if let stamp, stamp == FileSystem.identity(join(folder, entry.path)) { return nil }
                            return (WorkspaceIndex.read(entry.path, format: entry.format, in: folder, reading: reading), stamp)
                        }
                    }
                    var files: [(File, FileSystem.Identity?)] = []
                    for await file in group { if let file { files.append(file) } }
                    return files
                }
                state.withLock { state in
                    guard state.folders[folder] != nil else { return }
                    // A file a request read again meanwhile stands as that request read it, later than this walk.
                    for (file, before) in read where state.files[file.path]?.stamp == before {
                        state.set(file.path, file)
                    }
                }
            }
            let (again, first) = state.withLock { state -> (Bool, Bool) in
                guard state.walkAgain.remove(folder) != nil, state.folders[folder] != nil else {
                    state.walking.remove(folder)
                    return (false, state.read.insert(folder).inserted)
                }
                return (true, false)
            }
            // Only the first reading of a folder is one the client was told of.
            if again { walk(folder, reading: reading) } else { events(.walked(folder: folder, firstRead: first ? entries.count : nil)) }
        }
    }

    /// Reads the FIFO `gate` to its end: a walk waits there until a test lets it go on.
    private static func wait(for gate: String) {
        let fd = open(gate, O_RDONLY)
        guard fd >= 0 else { return }
        var bytes = [UInt8](repeating: 0, count: 64)
        while bytes.withUnsafeMutableBytes({ SystemCall.read(fd, $0.baseAddress, $0.count) }) > 0 {}
        close(fd)
    }

    /// Reads one file of a folder, with the stamp it had before it was read (so a change while reading is seen
    /// next time).
    private static func read(_ relative: String, format: FileFormat, in folder: String, reading: Reading) -> File {
        let stamp = FileSystem.identity(join(folder, relative))
        let entry = FolderEntry(path: relative, format: format)
        let note: Note? = switch TodoFolder.read(entry, in: folder, settings: reading.settings, reading: reading.markdown) {
        case .tasks(let document): Note(document)
        case .noTasks, .problem: nil
        }
        return File(folder: folder, relative: relative, format: format, stamp: stamp, note: note)
    }

    // MARK: Changes

    /// `workspace/didChangeWatchedFiles`: files created, changed or deleted, each an absolute path. A changed file
    /// is read again when next asked for; a deleted one is forgotten; the folders holding a created one are walked
    /// again, each once however many files it gained (so the walk's skips apply to them).
    func filesChanged(_ changes: [(path: String, deleted: Bool)]) {
        let walks = state.withLock { state -> [(String, Reading)] in
            var folders: [String] = []
            for (path, deleted) in changes {
                if deleted {
                    state.set(path, nil)
                    state.changed.remove(path)
                } else if state.files[path] != nil {
                    state.changed.insert(path)
                    state.generation += 1
                } else if let folder = state.folders.keys.sorted().last(where: { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }),
                          FolderWalk.format(of: FileSystem.baseName(path)) != nil, !folders.contains(folder) {
                    folders.append(folder)
                }
            }
            return folders.compactMap { folder in
                guard state.walking.insert(folder).inserted else {
                    state.walkAgain.insert(folder)
                    return nil
                }
                return (folder, state.folders[folder]!)
            }
        }
        for (folder, reading) in walks { walk(folder, reading: reading) }
    }

    /// Every file read so far that holds a task, in path order, each as it stands on disk for those the client
    /// said changed (read again first).
    func files() -> [File] {
        readChanged()
        return state.withLock { $0.filesWithTasks() }
    }

    /// What the files that hold a task name, but those at the paths `open` (open documents stand for them), each
    /// as it stands on disk for those the client said changed (read again first); gathered once while the
    /// files and `open` stay the same.
    func names(excluding open: Set<String>) -> WorkspaceNames {
        readChanged()
        let (files, generation, kept) = state.withLock { state in (state.filesWithTasks(), state.generation, state.names) }
        if let kept, kept.generation == generation, kept.excluded == open { return kept.names }
        let names = WorkspaceNames(files.compactMap { open.contains($0.path) ? nil : $0.note?.names })
        state.withLock { state in
            if state.generation == generation { state.names = (generation, open, names) }
        }
        return names
    }

    /// The files that hold a task giving itself `id`, in path order, each as it stands on disk for those the
    /// client said changed (read again first).
    func files(givingID id: String) -> [File] {
        readChanged()
        return state.withLock { state in
            (state.idOwners[id] ?? []).compactMap { state.files[$0] }.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        }
    }

    /// The files at `paths` as they stand on disk: each whose stamp changed since it was read (or that the
    /// client said changed) is read again first.
    func current(_ paths: some Sequence<String>) -> [String: File] {
        let known = state.withLock { state in paths.compactMap { state.files[$0] } }
        let stale = state.withLock { state in known.filter { state.changed.contains($0.path) } }
            + known.filter { file in file.stamp != FileSystem.identity(file.path) }
        reread(stale)
        return state.withLock { state in
            Dictionary(known.compactMap { state.files[$0.path].map { ($0.path, $0) } }, uniquingKeysWith: { a, _ in a })
        }
    }

    /// The file at `path` read whole, as it is on disk now (a request that changes it needs all of it); its
    /// entry is read again too when it changed since. Nil when it is not held or holds no task now.
    func document(at path: String) -> Document? {
        guard let (file, reading) = state.withLock({ state in state.files[path].map { ($0, state.folders[$0.folder]) } }),
              let reading else { return nil }
        let stamp = FileSystem.identity(path)
        guard case .tasks(let document) = TodoFolder.read(FolderEntry(path: file.relative, format: file.format), in: file.folder,
                                                             settings: reading.settings, reading: reading.markdown) else { return nil }
        if stamp != file.stamp {
            state.withLock { state in
                if state.files[path]?.stamp == file.stamp {
                    state.set(path, File(folder: file.folder, relative: file.relative, format: file.format, stamp: stamp, note: Note(document)))
                }
            }
        }
        return document
    }

    /// Reads again the files the client said changed.
    private func readChanged() {
        reread(state.withLock { state in state.changed.compactMap { state.files[$0] } })
    }

    private func reread(_ files: [File]) {
        guard !files.isEmpty else { return }
        let readings = state.withLock { $0.folders }
        let read = Concurrently.map(files) { file in
            WorkspaceIndex.read(file.relative, format: file.format, in: file.folder,
                                reading: readings[file.folder] ?? Reading(settings: TaskSettings(), markdown: .commonMark))
        }
        state.withLock { state in
            for file in read where state.folders[file.folder] != nil {
                state.set(file.path, file)
                state.changed.remove(file.path)
            }
        }
    }
}
