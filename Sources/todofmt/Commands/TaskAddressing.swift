import TodoKit

/// The tasks a command's addresses name, by file: a bare line number is the command's todo file's, as
/// `todofmt ls` printed it; `FILE:LINE` names its own file and a line as it is now (an editor passes the line
/// under the cursor).
struct AddressedFile {
    var path: String
    /// The addresses' lines, in the order given.
    var lines: [Int]
    /// Whether the addresses named the file (`FILE:LINE`): output then names it too.
    var named: Bool
    /// The lines given as bare numbers: those `ls` printed, looked up in its record.
    var listed: Set<Int>

    /// The addresses grouped by file, in the order first named.
    static func group(_ texts: [String], invocation: Invocation) throws -> [AddressedFile] {
        guard !texts.isEmpty else { throw CommandFailure.usage("give the line number of a task (as 'todofmt ls' shows it)") }
        var groups: [AddressedFile] = []
        var defaultFile: String?
        for text in texts {
            guard let address = TaskAddress(parsing: text) else {
                throw CommandFailure.usage("'\(text)' is not a task address (a line number, or FILE:LINE)")
            }
            let path: String
            if let file = address.file {
                path = file
            } else {
                if defaultFile == nil { defaultFile = try TodoFileLocator.locate(invocation) }
                path = defaultFile!
            }
            let listed: Set<Int> = address.file == nil ? [address.line] : []
            if let index = groups.firstIndex(where: { $0.path == path }) {
                groups[index].lines.append(address.line)
                groups[index].listed.formUnion(listed)
            } else {
                groups.append(AddressedFile(path: path, lines: [address.line], named: address.file != nil, listed: listed))
            }
        }
        return groups
    }

    /// The lines of the addressed tasks in `document`, the file as read now (under its lock, for an edit):
    /// each listed number followed to where its task stands now (`ListingRecord`), and each line checked to
    /// hold a task.
    func currentLines(in document: Document, state: TodoFileState?) throws -> [Int] {
        let record = listed.isEmpty ? nil : state?.listing()
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
        let file = TodoFile(group.path)
        let document = try file.read()
        do {
            let line = try group.currentLines(in: document, state: file.state)[0]
            return (file, document, document.task(atLine: line)!)
        } catch {
            throw CommandFailure(error, file: group.path)
        }
    }
}

extension TodoFileLocator {
    /// The todo file of a command: `-f`, else `$TODOFMT_FILE`, else the nearest TODO.md, todo.md or todo.txt.
    static func locate(_ invocation: Invocation) throws -> String {
        switch locate(explicit: invocation.value("file"), environment: invocation.environment) {
        case .success(let path): return path
        case .failure(let notFound): throw CommandFailure(notFound.description)
        }
    }
}
