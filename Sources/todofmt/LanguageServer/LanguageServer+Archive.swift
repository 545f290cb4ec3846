import TodoKit

extension LanguageServer {
    /// The archive of a document's file, as `todofmt archive` finds it (`done.txt`, else `DONE.md` or an
    /// existing `done.md` beside it); nil for a document that is no file, or that is its own archive.
    func archivePath(of open: OpenDocument) -> String? {
        guard let path = open.path else { return nil }
        let archive = ArchiveCommand.defaultArchive(for: path, format: open.format)
        guard FileSystem.resolvingSymlinks(archive) != FileSystem.resolvingSymlinks(path) else { return nil }
        return archive
    }

    /// Archiving as one workspace edit: the archive first (created if missing, or as the editor holds it when
    /// it is open there, else as it is on disk), then the document without its archived tasks.
    func archiveEdit(_ open: OpenDocument) throws(ResponseError) -> JSONValue {
        guard let archivePath = archivePath(of: open) else { throw .requestFailed("\(open.uri) has no archive file") }
        let archiveURI = FileURI.uri(ofPath: archivePath)
        let archive: Document
        let archiveVersion: Int?
        let exists = FileSystem.exists(archivePath)
        if let opened = documents[archiveURI] {
            try opened.requireText()
            (archive, archiveVersion) = (opened.document, opened.version)
        } else {
            // Read as `todofmt archive` reads it: as the document's file reads, a todo file or a note by its own name.
            var reading = open.document.fileReading
            reading.kind = FileKind.ofFile(at: archivePath, format: open.format, vault: Vault.containing(archivePath)).kind
            let bytes: [UInt8]
            do { bytes = exists ? try FileSystem.read(archivePath) : [] } catch { throw .requestFailed("\(error)") }
            switch reading.decode(bytes) {
            case .success(let document): archive = document
            case .failure(let problem): throw .requestFailed("\(archivePath):\(problem)")
            }
            archiveVersion = nil
        }
        let archiveText = archive.text
        let result: (source: EditResult, archive: Document, taskCount: Int)
        do { result = try Archiver.archive(open.document, into: archive) } catch {
            throw .requestFailed("\(error)")
        }
        var edit = WorkspaceEdit(client)
        guard result.taskCount > 0 else { return edit.json }
        if !exists && documents[archiveURI] == nil && edit.canCreateFiles { edit.createFile(uri: archiveURI) }
        let archivePositions = TextPositions(text: archiveText, lines: Lines(archiveText), encoding: encoding)
        edit.edit(uri: archiveURI, version: archiveVersion, LineDiff.changes(from: archiveText, to: result.archive.text), archivePositions)
        edit.edit(uri: open.uri, version: open.version, LineDiff.changes(from: open.text, to: result.source.document.text),
                  open.positions(encoding))
        return edit.json
    }
}
