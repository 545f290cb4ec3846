import TodoKit

/// The tasks a command's addresses name, by file. In one todo file a bare number is a line as `todofmt ls`
/// printed it; in a folder of notes, the number `ls` gave a task, standing for its file and line. `FILE:LINE`
/// names its own file and a line as it is now (an editor passes the line under the cursor); in a folder, FILE
/// is relative to the folder (or, failing that, to the working folder).
struct AddressedFile {
    var file: TodoFile
    /// The addresses' lines, in the order given: lines as they are now, or lines as last listed.
    var lines: [Int]
    /// Whether the addresses named the file (`FILE:LINE`, or any task of a folder): output then names it too.
    var named: Bool
    /// The lines given as listed ones, to be found again through the listing's record.
    var listed: Set<Int>
    /// The record of the listing the listed lines come from: the file's own, or the folder's entry for it.
    var listing: () -> FileListingRecord?

    var path: String { file.path }

    /// The addresses grouped by file, in the order first named.
    static func group(_ texts: [String], invocation: Invocation) throws -> [AddressedFile] {
        guard !texts.isEmpty else { throw CommandFailure.usage("give the line number of a task (as 'todofmt ls' shows it)") }
        var groups: [AddressedFile] = []
        var source: TodoSource?
        var folderListing: FolderListingRecord??
        func add(_ file: TodoFile, line: Int, named: Bool, listed: Bool, listing: @escaping () -> FileListingRecord?) {
            // One file named two ways (`a.md`, `./a.md`, a link to it) is one file.
            let target = TodoFileState.absolutePath(file.path)
            if let index = groups.firstIndex(where: { TodoFileState.absolutePath($0.file.path) == target || FileSystem.isSameFile($0.file.path, file.path) }) {
                groups[index].lines.append(line)
                if listed { groups[index].listed.insert(line) }
            } else {
                groups.append(AddressedFile(file: file, lines: [line], named: named, listed: listed ? [line] : [], listing: listing))
            }
        }
        for text in texts {
            guard let address = TaskAddress(parsing: text) else {
                throw CommandFailure.usage("'\(text)' is not a task address (a line number, or FILE:LINE)")
            }
            if address.file == nil, source == nil { source = try TodoSource.locate(invocation) }
            switch (address.file, source) {
            case (let path?, _):
                let file = try TodoSource.file(named: path, invocation)
                add(file, line: address.line, named: true, listed: false, listing: { nil })
            case (nil, .file(let file)?):
                add(file, line: address.line, named: false, listed: true, listing: { file.state?.listing() })
            case (nil, .folder(let folder)?):
                if folderListing == nil { folderListing = .some(folder.listing()) }
                guard let record = folderListing!, let (path, line) = record.task(numbered: address.line) else {
                    throw CommandFailure("todofmt: error: \(EditError.notListed(number: address.line))")
                }
                add(folder.file(path), line: line, named: true, listed: true, listing: { folder.listing(of: path, in: record) })
            case (nil, nil):
                continue
            }
        }
        return groups
    }

    /// The lines of the addressed tasks in `document`, the file as read now (under its lock, for an edit):
    /// each listed number followed to where its task stands now (`FileListingRecord`), and each line checked to
    /// hold a task.
    func currentLines(in document: Document) throws -> [Int] {
        let record = listed.isEmpty ? nil : listing()
        return try lines.map { line in
            let now = try listed.contains(line) ? record?.line(forListed: line, in: document) ?? line : line
            _ = try document.requireTask(atLine: now)
            return now
        }
    }

    /// The one task an address names, for a command that only reads it (`show`, `edit`): its file, the
    /// document read without the lock, and the task's index.
    static func readTask(_ text: String, invocation: Invocation) throws -> (file: TodoFile, document: Document, task: Int) {
        let group = try AddressedFile.group([text], invocation: invocation)[0]
        let document = try group.file.read()
        do {
            let line = try group.currentLines(in: document)[0]
            return (group.file, document, document.task(atLine: line)!)
        } catch {
            throw CommandFailure(error, file: group.file.name)
        }
    }
}
