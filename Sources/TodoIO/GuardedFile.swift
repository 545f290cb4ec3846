/// A file todofmt writes, read and written the one guarded way: under a lock, read, then replaced
/// atomically (a temporary file in the same folder, the old mode kept, renamed over the file, through a
/// symlink to its target) only if the file still holds the bytes read. A refused or failed write leaves
/// the file byte for byte as it was.
///
/// Every file todofmt writes goes through one: todo files (through `TodoFile`, which hands it only what
/// TodoKit checked), their archives, the state kept beside them (listing, sync state, reminder log), the
/// items of a vdir, and what commands write on request (`.gitattributes`, timer units, `export -o`, the
/// stats chart).
struct GuardedFile {
    /// The file as the user named it.
    let path: String
    /// What messages call it: its path, or the name it stands for (a merge driver's temporary file is the
    /// repository's file).
    let name: String
    /// The bytes read; nil when there was no file.
    private(set) var contents: [UInt8]?

    /// What a missing file reads as.
    enum Missing {
        /// An error naming the file.
        case isAnError
        /// No contents: a file to be created.
        case isNew
    }

    /// Reads the file at `path` while `lock` is held: the file's own lock, or one that covers it (a todo
    /// file's lock covers the state kept beside it, and a sync's the items of its vdir). A file that is not
    /// a regular file (a folder, a FIFO, a device) is refused before anything is read from it.
    init(_ path: String, name: String? = nil, under lock: borrowing FileLock, missing: Missing) throws(SystemError) {
        self.path = path
        self.name = name ?? path
        do {
            contents = try FileSystem.read(path, regularFileOnly: true)
        } catch {
            guard error.code == ENOENT, case .isNew = missing else { throw error.naming(path, as: self.name) }
            contents = nil
        }
    }

    /// The contents as text (invalid UTF-8 replaced): for a file todofmt itself wrote, such as its state.
    var text: String? { contents.map { String(decoding: $0, as: UTF8.self) } }

    /// Replaces the file with `text`, all or nothing, if it still holds what was read; then it holds `text`.
    mutating func replace(with text: String) throws(SystemError) {
        try commit(try prepareReplacement(with: text), text: text)
    }

    /// The first half of `replace`: `text` written beside the file, not yet in its place (for a change of many
    /// files, each of which is prepared before any is replaced).
    func prepareReplacement(with text: String) throws(SystemError) -> FileSystem.PreparedWrite {
        FileSystem.removeStaleTemporaryFiles(of: path)
        do { return try FileSystem.prepareWrite(text, to: path) } catch { throw error.naming(path, as: name) }
    }

    /// Whether the file holds what was read (no other program wrote it since).
    var isUnchanged: Bool { FileSystem.sameBytes(try? FileSystem.read(path, regularFileOnly: true), contents) }

    /// The second half of `replace`: puts `prepared` (`text`) in the file's place if it still holds what was
    /// read; then it holds `text`. Otherwise nothing is replaced.
    mutating func commit(_ prepared: FileSystem.PreparedWrite, text: String) throws(SystemError) {
        let (unchanged, refusal) = (isUnchanged, changedMeanwhile)
        do { try prepared.commit { () throws(SystemError) in if !unchanged { throw refusal } } } catch { throw error.naming(path, as: name) }
        contents = Array(text.utf8)
    }

    /// Removes the file if it still holds what was read; false when it does not (nothing is removed).
    func remove() throws(SystemError) -> Bool {
        guard let now = try? FileSystem.read(path, regularFileOnly: true) else { return true }
        guard FileSystem.sameBytes(now, contents) else { return false }
        guard unlink(path) == 0 || errno == ENOENT else { throw SystemError(path: name) }
        return true
    }

    /// The refusal when the file changed between the read and the write.
    fileprivate var changedMeanwhile: SystemError { SystemError.changedMeanwhile(name) }

}

extension GuardedFile {
    /// Takes the lock of the file at `path` (`PATH.lock`), reads it, and writes what `change` makes of its
    /// text (nil: nothing to write): the whole guarded write of a file that is not a todo file.
    static func update(_ path: String, name: String? = nil, missing: Missing = .isNew,
                       _ change: (String?) throws -> String?) throws {
        try FileLock.holding(path, name: name ?? path) { lock in
            var file = try GuardedFile(path, name: name, under: lock, missing: missing)
            if let text = try change(file.text), text.utf8.elementsEqual(file.contents ?? []) == false || file.contents == nil {
                try file.replace(with: text)
            }
        }
    }
}

extension GuardedFile {
    /// The end of a file that only grows (an archive), guarded as a whole file is but without reading what it
    /// holds: its identity (device, inode, size, modification time) and its last bytes are read under the lock,
    /// and text is added at its end only while they are unchanged.
    struct End {
        let path: String
        let name: String
        /// Nil when there is no file yet.
        private(set) var identity: FileSystem.Identity?
        /// The last bytes (at most `tailSize`).
        private(set) var tail: [UInt8]

        static let tailSize = 4096

        init(_ path: String, name: String? = nil, under lock: borrowing FileLock) throws(SystemError) {
            self.path = path
            self.name = name ?? path
            do {
                let end = try FileSystem.end(of: path, count: GuardedFile.End.tailSize)
                (identity, tail) = (end?.identity, end?.tail ?? [])
            } catch {
                throw error.naming(path, as: self.name)
            }
        }

        /// Adds `text` at the end, if the file is still as read (a missing one is created, if still missing).
        mutating func append(_ text: String, under lock: borrowing FileLock) throws(SystemError) {
            guard let expected = identity else {
                var file = try GuardedFile(path, name: name, under: lock, missing: .isNew)
                guard file.contents == nil else { throw file.changedMeanwhile }
                try file.replace(with: text)
                self = try End(path, name: name, under: lock)
                return
            }
            let changed = GuardedFile(unreadPath: path, name: name).changedMeanwhile
            do {
                identity = try FileSystem.append(text, to: path, expected: expected, ifChanged: changed)
            } catch {
                throw error.naming(path, as: name)
            }
            tail = Array((tail + Array(text.utf8)).suffix(GuardedFile.End.tailSize))
        }
    }

    /// A file named for its messages alone.
    private init(unreadPath path: String, name: String) {
        self.path = path
        self.name = name
        contents = nil
    }
}

