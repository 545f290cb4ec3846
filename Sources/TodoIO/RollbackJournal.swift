import TodoKit

/// The journal of a change of many files (`TodoFile.updateAll`), kept as SQLite keeps its rollback journal: written
/// whole and synced before the first file is replaced, and removed once the last one is. A change stopped in
/// between (`kill -9`, a crash, a power cut, a rename that failed) leaves it behind, and the next todofmt run in
/// the folder puts every file back as it was before the change, before it reads anything (`finishInterrupted`).
///
/// For each file it holds the file a rename replaces (its path, symlinks resolved), its name in messages, which
/// file it was (device and inode), and its bytes before and after the change. So it needs nothing else: the
/// temporary files it names are only removed, and whatever cleans them up takes nothing it needs. It lives in the
/// state folder (`$XDG_STATE_HOME/todofmt/journals/`, beside the state kept of the files), and its writer holds an
/// `flock` on it while it lives, so that another run takes only the journal of a process that is gone.
package struct RollbackJournal {
    struct Entry: Equatable {
        /// The file the change replaces (absolute, symlinks resolved), and its lock's.
        var target: String
        /// The file as messages name it.
        var name: String
        /// Which file it was when the change read it; nil for a file the change creates.
        var file: FileSystem.FileID?
        /// The bytes before the change; nil when the change creates the file.
        var old: [UInt8]?
        var new: [UInt8]
        /// The temporary file that holds `new` beside the file until it is renamed over it.
        var temporary: String
    }

    var entries: [Entry]

    init(entries: [Entry]) {
        self.entries = entries
    }

    // MARK: Its bytes

    static let header = "todofmt rollback journal 1\n"

    /// The journal as it is stored: the header, then for each file one line of numbers
    /// (`file DEVICE INODE OLDSIZE NEWSIZE` and the sizes of the three paths; `-` for what there is not) followed
    /// by the paths and the two contents as they are, then `end`.
    var bytes: [UInt8] {
        var bytes = Array(RollbackJournal.header.utf8)
        for entry in entries {
            let paths = [entry.target, entry.name, entry.temporary].map { Array($0.utf8) }
            let numbers = [entry.file.map { String($0.device) } ?? "-", entry.file.map { String($0.inode) } ?? "-",
                           entry.old.map { String($0.count) } ?? "-", String(entry.new.count)] + paths.map { String($0.count) }
            bytes += Array("file \(numbers.joined(separator: " "))\n".utf8)
            for path in paths { bytes += path }
            bytes += entry.old ?? []
            bytes += entry.new
            bytes.append(0x0A)
        }
        bytes += Array("end\n".utf8)
        return bytes
    }

    /// The journal `bytes` hold; nil when they are not one, whole.
    init?(bytes: [UInt8]) {
        var reader = Reader(bytes: bytes)
        guard reader.take(Array(RollbackJournal.header.utf8)) else { return nil }
        entries = []
        while let line = reader.line(), line != "end" {
            let words = line.split(separator: " ").map(String.init)
            guard words.count == 8, words[0] == "file", let new = Int(words[4]), let target = Int(words[5]),
                  let name = Int(words[6]), let temporary = Int(words[7]) else { return nil }
            let device = UInt64(words[1]), inode = UInt64(words[2]), old = Int(words[3])
            guard (device == nil) == (words[1] == "-"), (inode == nil) == (words[2] == "-"), (old == nil) == (words[3] == "-"),
                  let targetBytes = reader.bytes(target), let nameBytes = reader.bytes(name),
                  let temporaryBytes = reader.bytes(temporary), let oldBytes = reader.bytes(old ?? 0),
                  let newBytes = reader.bytes(new), reader.take([0x0A]) else { return nil }
            entries.append(Entry(target: String(decoding: targetBytes, as: UTF8.self), name: String(decoding: nameBytes, as: UTF8.self),
                                 file: device.flatMap { device in inode.map { FileSystem.FileID(device: device, inode: $0) } },
                                 old: old == nil ? nil : oldBytes, new: newBytes,
                                 temporary: String(decoding: temporaryBytes, as: UTF8.self)))
        }
        guard reader.isAtEnd, !entries.isEmpty else { return nil }
    }

    /// A cursor over a journal's bytes.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func take(_ expected: [UInt8]) -> Bool {
            guard bytes.count - offset >= expected.count, bytes[offset..<offset + expected.count].elementsEqual(expected) else { return false }
            offset += expected.count
            return true
        }

        mutating func line() -> String? {
            guard let newline = bytes[offset...].firstIndex(of: 0x0A) else { return nil }
            defer { offset = newline + 1 }
            return String(decoding: bytes[offset..<newline], as: UTF8.self)
        }

        mutating func bytes(_ count: Int) -> [UInt8]? {
            guard count >= 0, bytes.count - offset >= count else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }
    }

    // MARK: Where it lives

    /// The folder of the journals, in the state folder; nil when there is none (neither `XDG_STATE_HOME` nor
    /// `HOME` is set).
    static func folder() -> String? { TodoFileState.folder().map { $0 + "/journals" } }

    /// Journals in place are `journal-XXXXXX`; one being written is `.journal-XXXXXX` until it is whole.
    static let prefix = "journal-"

    // MARK: Writing

    /// A journal in place, its writer's `flock` held on it until it is removed or released.
    struct Held {
        let path: String
        let descriptor: Int32

        /// Removes the journal: the change it covers is finished, or undone.
        func remove() {
            WriteStep.reached("remove the journal")
            unlink(path)
            FileSystem.syncFolder(FileSystem.directoryName(path))
            close(descriptor)
        }

        /// Leaves the journal for the next run to finish from (the change could not be undone now).
        func release() { close(descriptor) }
    }

    /// Writes the journal, whole and synced, and puts it in place: from now on a change stopped anywhere is undone
    /// by the next run.
    func write() throws(SystemError) -> Held {
        guard let folder = RollbackJournal.folder() else {
            throw SystemError(path: "todofmt", message: "a change of \(entries.count) files keeps its journal in $XDG_STATE_HOME/todofmt "
                              + "(or ~/.local/state/todofmt), and neither XDG_STATE_HOME nor HOME is set; nothing was written")
        }
        FileSystem.makeDirectories(folder)
        var template = Array("\(folder)/.\(RollbackJournal.prefix)XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard fd >= 0 else { throw SystemError(path: folder, doing: "cannot write the journal of the change").appending("; nothing was written") }
        _ = flock(fd, LOCK_EX)
        let path = join(folder, String(FileSystem.baseName(temporary).dropFirst()))
        let written = bytes.withUnsafeBytes { FileSystem.writeAll(fd, $0) }
        let failed = written != nil || fsync(fd) != 0 || WriteStep.reached("put the journal in place") || rename(temporary, path) != 0
        if failed {
            let failure = SystemError(path: folder, code: written ?? errno, doing: "cannot write the journal of the change")
            unlink(temporary)
            close(fd)
            throw failure.appending("; nothing was written")
        }
        FileSystem.syncFolder(folder)
        return Held(path: path, descriptor: fd)
    }

    // MARK: Rolling back

    /// Why a rollback stopped.
    enum RollbackFailure: Error {
        /// These files are neither as they were before the change nor as it made them (another program wrote
        /// them): nothing was put back.
        case changedSince([Int])
        /// Putting back `failed` failed, with `error`; `restored` were put back, `left` are still as the change
        /// made them.
        case failed(restored: [Int], left: [Int], error: SystemError)
    }

    /// Puts every file back as it was before the change, each only while it is byte for byte as the journal says it
    /// was before or after the change; when a file is neither, nothing is put back. Returns the files put back
    /// (the others were as before), by their place in `entries`. `renamed`: the files that may have been replaced,
    /// when that is known (the process that made the change undoing it); the others are not looked at.
    func rollBack(renamed: Range<Int>? = nil) throws(RollbackFailure) -> [Int] {
        var written: [Int] = [], changed: [Int] = []
        for (index, entry) in entries.enumerated() where renamed?.contains(index) ?? true {
            let now: [UInt8]?
            do { now = try FileSystem.read(entry.target, regularFileOnly: true) } catch {
                guard error.code == ENOENT else { changed.append(index); continue }
                now = nil
            }
            if FileSystem.sameBytes(now, entry.old) { continue }
            if FileSystem.sameBytes(now, entry.new) { written.append(index) } else { changed.append(index) }
        }
        guard changed.isEmpty else { throw .changedSince(changed) }
        var restored: [Int] = []
        for index in written {
            let entry = entries[index]
            do throws(SystemError) {
                if let old = entry.old {
                    let prepared = try FileSystem.prepareWrite(old, to: entry.target)
                    try prepared.commit {() throws(SystemError) in
                        if WriteStep.reached("put back \(entry.name)") { throw SystemError(path: entry.target, doing: "cannot put the file back") }
                    }
                } else if WriteStep.reached("remove \(entry.name)") || unlink(entry.target) != 0 {
                    throw SystemError(path: entry.target, doing: "cannot remove the file")
                }
            } catch {
                let reason = error.code.map { SystemError(path: entry.name, code: $0) } ?? error.naming(entry.target, as: entry.name)
                throw .failed(restored: restored, left: written.filter { !restored.contains($0) }, error: reason)
            }
            restored.append(index)
        }
        for folder in Set(entries.map { FileSystem.directoryName($0.target) }) { FileSystem.syncFolder(folder) }
        return restored
    }

    /// Removes the temporary files of the change that are still there.
    func removeTemporaryFiles() {
        for entry in entries {
            var info = stat()
            if lstat(entry.temporary, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { unlink(entry.temporary) }
        }
    }

    // MARK: Finishing an interrupted change

    /// Undoes every change of many files that was stopped before it finished and touched a file under `scope` (a
    /// folder, or a file), as its journal says, and says so; a change whose process still runs is left to it. A
    /// file changed since by another program stops it before anything is written: the error names the files and
    /// the journal, which holds each file as it was before and after the change.
    package static func finishInterrupted(touching scope: String) throws {
        guard let folder = folder(), let names = try? FileSystem.names(in: folder), !names.isEmpty else { return }
        let scope = TodoFileState.absolutePath(scope)
        for name in names.sorted() {
            let path = join(folder, name)
            guard let (journal, held) = try interrupted(at: path, named: name) else { continue }
            guard journal.entries.contains(where: { $0.target == scope || $0.target.hasPrefix(scope == "/" ? "/" : scope + "/") }) else {
                held.release()
                continue
            }
            try journal.finish(held)
        }
    }

    /// The journal at `path`, held, when its writer is gone; nil when it is none (or a journal being written, which
    /// is removed if its writer is gone).
    private static func interrupted(at path: String, named name: String) throws -> (RollbackJournal, Held)? {
        let isWhole = name.hasPrefix(prefix)
        guard isWhole || name.hasPrefix("." + prefix) else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        // Its writer's flock: a journal still held is a change under way (or being finished by another run).
        guard flock(fd, LOCK_EX | LOCK_NB) == 0, FileLock.isNamed(path, by: fd) else {
            close(fd)
            return nil
        }
        guard isWhole else {
            // Killed while writing it: no file of the change was replaced yet.
            unlink(path)
            close(fd)
            return nil
        }
        guard let bytes = try? FileSystem.read(path), let journal = RollbackJournal(bytes: bytes) else {
            close(fd)
            throw SystemError(path: path, message: "not a journal todofmt can read (of a change of many files that was stopped); "
                              + "it was left as it is: remove it to go on")
        }
        return (journal, Held(path: path, descriptor: fd))
    }

    /// Undoes the change this journal covers, under the locks of its files (a lock left by the stopped run is
    /// taken over), then removes it; says what it did.
    private func finish(_ held: Held) throws {
        let order = entries.indices.sorted { entries[$0].target.utf8.lexicographicallyPrecedes(entries[$1].target.utf8) }
        var locks: [FileLock] = []
        defer { for lock in locks { lock.release() } }
        do {
            for index in order { locks.append(try FileLock.acquire(for: entries[index].target, name: shownName(index))) }
        } catch {
            held.release()
            throw error
        }
        let restored: [Int]
        do { restored = try rollBack() } catch {
            held.release()
            switch error {
            case .changedSince(let changed):
                throw SystemError(path: "todofmt", message: "\(story), and since then another program changed "
                                  + "\(list(changed)): \(changed.count == 1 ? "it is" : "they are") neither as before the change nor as after it, "
                                  + "so todofmt put nothing back; \(shown(held.path)) holds each file as it was before and after the change: "
                                  + "compare them, then remove it to go on")
            case .failed(_, let left, let failure):
                throw SystemError(path: "todofmt", message: "\(story), and putting it back failed: \(failure); still as the change "
                                  + "left \(left.count == 1 ? "it" : "them"): \(list(left)) (\(shown(held.path)) holds each file as it was)")
            }
        }
        removeTemporaryFiles()
        held.remove()
        let untouched = entries.indices.filter { !restored.contains($0) }
        let done = restored.isEmpty ? "none of its files had been written yet"
            : "\(list(restored)) \(restored.count == 1 ? "is" : "are") back as before"
                + (untouched.isEmpty ? "" : " (\(list(untouched)) had not been written yet)")
        printError("todofmt: note: \(story); it is undone: \(done)\n")
    }

    /// What happened, in a message.
    private var story: String { "an earlier change of \(entries.count) files was stopped before it finished" }

    /// The files at `indices`, as messages name them: relative to the working folder when inside it.
    private func list(_ indices: [Int]) -> String {
        let names = indices.map(shownName)
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    }

    private func shownName(_ index: Int) -> String {
        let target = entries[index].target, working = FileSystem.currentDirectory()
        let prefix = working.hasSuffix("/") ? working : working + "/"
        return shown(target.hasPrefix(prefix) ? String(target.dropFirst(prefix.count)) : target)
    }
}
