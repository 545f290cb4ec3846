import TodoKit

extension TodoFile {
    /// The file at `path`, read and written as a note of the vault it lies in, under the settings the command
    /// line gives (`Vault.reading(ofFileAt:_:)`); a todo file or a note as its name, its vault and the nearest
    /// `.todofmt` say (`FileKind.ofFile(at:format:vault:)`). A change of many files that was stopped in its folder
    /// is undone first (`RollbackJournal`).
    init(_ path: String, _ invocation: Invocation) throws {
        try RollbackJournal.finishInterrupted(touching: FileSystem.directoryName(path))
        let reading = try Vault.reading(ofFileAt: path, invocation)
        let kind = FileKind.ofFile(at: path, format: FileFormat.inferred(fromPath: path), vault: Vault.containing(path)).kind
        self.init(path, settings: reading.tasks, reading: reading.markdown, kind: kind)
    }
}
