import TodoKit

/// Where the UIDs of a todo file's tasks and the state of its calendar sync live (`SyncState`): beside the
/// listing record, `$XDG_STATE_HOME/todofmt/` (default `~/.local/state/todofmt/`), one file per todo file,
/// named by a hash of the file's absolute path, with `.sync`. `export` and `sync` read it under its lock
/// (`FILE.sync.lock`) and write it atomically, as often as a sync's steps need.
struct SyncStateFile {
    /// The state file's path.
    let path: String
    /// The todo file's absolute path, as the state names it.
    let todoFile: String
    let format: FileFormat

    /// The state of the todo file at `todoPath`; nil when there is no folder for it (no `HOME`).
    init?(todoPath: String) {
        guard let folder = ListingSnapshot.directory() else { return nil }
        todoFile = ListingSnapshot.absolutePath(todoPath)
        path = folder + "/" + SyncState.fileName(forPath: todoFile)
        format = FileFormat.inferred(fromPath: todoPath)
        ListingSnapshot.makeDirectories(folder)
    }

    /// Runs `body` on the stored state (an empty one when there is none yet, or it is another file's) with
    /// the state's lock held, taken as the write path takes a todo file's (`FileUpdate`).
    func locked<Result>(_ body: (SyncState) throws -> Result) throws -> Result {
        try FileUpdate(path, createsFile: true).run { text in
            let state = SyncState(parsing: text, format: format).flatMap { $0.file == todoFile ? $0 : nil }
            return (nil, try body(state ?? SyncState(file: todoFile)))
        }
    }

    func save(_ state: SyncState) throws {
        var state = state
        state.file = todoFile
        do { try FileSystem.writeAtomically(state.text, to: path) } catch {
            throw CommandFailure("\(error)")
        }
    }
}
