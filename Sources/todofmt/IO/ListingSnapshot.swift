import TodoKit

/// Where `todofmt ls` leaves a record of the lines it showed, so that an edit given a line number can check
/// it still names the task the user saw: `$XDG_STATE_HOME/todofmt/` (default `~/.local/state/todofmt/`),
/// one small file per todo file, named by a hash of the file's absolute path.
enum ListingSnapshot {
    /// The folder of the records, or nil when neither `XDG_STATE_HOME` nor `HOME` is set.
    static func directory() -> String? {
        if let state = getenv("XDG_STATE_HOME").map({ String(cString: $0) }), state.hasPrefix("/") {
            return state + "/todofmt"
        }
        guard let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty else { return nil }
        return home + "/.local/state/todofmt"
    }

    /// The absolute path a todo file is known by (symlinks resolved).
    static func absolutePath(_ path: String) -> String {
        let resolved = FileSystem.resolvingSymlinks(path)
        if resolved.hasPrefix("/") { return resolved }
        return TodoFileLocator.currentDirectory() + "/" + resolved
    }

    static func recordFile(for path: String) -> String? {
        directory().map { $0 + "/" + ListingRecord.fileName(forPath: absolutePath(path)) }
    }

    /// Records what `ls` listed from the file at `path`: every task's line.
    static func record(path: String, document: Document) {
        guard let file = recordFile(for: path), let folder = directory() else { return }
        makeDirectories(folder)
        let record = ListingRecord(path: absolutePath(path), document: document)
        try? FileSystem.writeAtomically(record.text, to: file)
    }

    /// The record for the file at `path`, if `ls` left one.
    static func load(path: String) -> ListingRecord? {
        guard let file = recordFile(for: path), let bytes = try? FileSystem.read(file),
              let record = ListingRecord(parsing: String(decoding: bytes, as: UTF8.self)),
              record.path == absolutePath(path) else { return nil }
        return record
    }

    /// After an edit, lines it rewrote in place keep matching the record.
    static func update(path: String, after result: EditResult) {
        guard var record = load(path: path), let file = recordFile(for: path) else { return }
        let before = record
        record.update(after: result)
        if record != before { try? FileSystem.writeAtomically(record.text, to: file) }
    }

    static func makeDirectories(_ path: String) {
        var partial = ""
        for component in path.split(separator: "/") {
            partial += "/" + component
            mkdir(partial, 0o755)
        }
    }
}
