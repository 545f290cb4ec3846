#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TodoKit

/// Where the UIDs of a todo file's tasks and the state of its calendar sync live (`SyncState`): beside the
/// listing record, `$XDG_STATE_HOME/todofmt/` (default `~/.local/state/todofmt/`), one file per todo file,
/// named by a hash of the file's absolute path, with `.sync`. `export` and `sync` read it under its lock
/// (`FILE.sync.lock`) and write it atomically.
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

    /// Runs `body` with the state's lock held.
    func locked<Result>(_ body: () throws -> Result) throws -> Result {
        let lock: FileLock
        do { lock = try FileLock.acquire(for: path) } catch let busy as FileLock.Busy {
            throw CommandFailure(busy.description)
        } catch {
            throw CommandFailure("\(error)")
        }
        defer { lock.release() }
        return try body()
    }

    /// The stored state; an empty one when there is none yet (or it is another file's, or unreadable).
    func load() -> SyncState {
        guard let bytes = try? FileSystem.read(path), let state = SyncState(parsing: String(decoding: bytes, as: UTF8.self), format: format),
              state.file == todoFile else { return SyncState(file: todoFile) }
        return state
    }

    func save(_ state: SyncState) throws {
        var state = state
        state.file = todoFile
        do { try FileSystem.writeAtomically(state.text, to: path) } catch {
            throw CommandFailure("\(error)")
        }
    }
}
