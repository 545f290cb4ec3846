import TodoKit

/// The one way todofmt changes a todo file: take the lock `FILE.lock`, read the file, compute its new text
/// (the library reads that text afresh and checks every task's meaning before it hands it over), write it
/// atomically only if the file still holds what was read, release the lock.
///
/// A refused change, or a file that changed meanwhile, leaves the file byte for byte as it was.
struct FileUpdate {
    /// The file as the user named it.
    let path: String
    /// Whether a missing file reads as empty (for `add`); otherwise it is an error.
    var createsFile = false
    /// What messages call the file: its path, or the name it stands for (a merge driver's temporary file is
    /// the repository's file).
    var name: String

    init(_ path: String, createsFile: Bool = false, name: String? = nil) {
        self.path = path
        self.createsFile = createsFile
        self.name = name ?? path
    }

    /// Runs `change` on the file's text under the lock; writes the new text it returns, if any (a change
    /// that leaves the text as it is returns none).
    func run<Result>(_ change: (String) throws -> (newText: String?, result: Result)) throws -> Result {
        let lock: FileLock
        do { lock = try FileLock.acquire(for: path) } catch var busy as FileLock.Busy {
            busy.file = name
            throw CommandFailure(busy.description)
        } catch {
            throw CommandFailure("\(named(error))")
        }
        defer { lock.release() }
        let original = try read()
        let text: String
        switch SourceDecoder.decode(original ?? []) {
        case .success(let decoded): text = decoded
        case .failure(let diagnostic): throw CommandFailure("\(shown(name)):\(diagnostic)")
        }
        let (newText, result) = try change(text)
        if let newText { try write(newText, expecting: original) }
        return result
    }

    /// The file's bytes; nil for a missing file that reads as empty.
    private func read() throws -> [UInt8]? {
        do { return try FileSystem.read(path) } catch {
            if error.code == ENOENT, createsFile { return nil }
            throw CommandFailure("\(named(error))")
        }
    }

    /// Writes atomically, refusing if the file no longer holds `expected` (nil: did not exist) just before
    /// the new version replaces it: a program that ignores the lock changed it, and its change would be lost.
    /// The temporary files an earlier write of the file left when it was killed go first.
    private func write(_ text: String, expecting expected: [UInt8]?) throws {
        struct ChangedMeanwhile: Error {}
        FileSystem.removeStaleTemporaryFiles(of: path)
        do {
            try FileSystem.writeAtomically(text, to: path) {
                let now = try? FileSystem.read(path)
                if !FileSystem.sameBytes(now, expected) { throw ChangedMeanwhile() }
            }
        } catch is ChangedMeanwhile {
            throw CommandFailure("\(shown(name)): error: the file changed while todofmt was working on it (another program "
                + "saved it); nothing was written: run the command again")
        } catch {
            throw CommandFailure("\(named(error))")
        }
    }

    /// An error about the file, naming it as messages call it.
    private func named(_ error: Error) -> Error {
        guard var failure = error as? SystemError, failure.path == path else { return error }
        failure.path = name
        return failure
    }
}
