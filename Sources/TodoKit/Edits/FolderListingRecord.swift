/// What `todofmt ls` last showed of a folder of notes: the short number of each task it listed, standing for the
/// task's file and the line it was on, so that `done 3` finds the task listed as 3 while todofmt changes the
/// folder's files, as a line number does for one file (`FileListingRecord`, kept here for each file listed, follows
/// every change todofmt makes to that file and refuses the numbers of a file another program changed since).
///
/// Stored as text: a `todofmt folder listing 1` line, the folder's absolute path, then for each file listed a
/// `file<TAB>PATH<TAB>FINGERPRINT` line followed by its `LISTED<TAB>NOW` lines, then a `numbers` line and one
/// `FILE INDEX<TAB>LISTED LINE` line per number, in order.
package struct FolderListingRecord: Hashable, Sendable {
    package var folder: String
    /// The record of each file listed, in the order first listed.
    package private(set) var files: [FileListingRecord] = []
    /// Each file's index in `files`, by its path: a listing of thousands of notes finds a file without a search.
    private var indexes: [String: Int] = [:]
    /// For each number from 1 on: the index of its file in `files` and the line its task was listed on.
    package private(set) var numbers: [Number] = []

    /// A number's task: the index of its file in `files`, and the line it was listed on.
    package struct Number: Hashable, Sendable {
        package var file: Int
        package var line: Int
    }

    static let header = "todofmt folder listing 1"

    package init(folder: String) { self.folder = folder }

    /// Gives the next numbers to the tasks of `document` (read from the folder's file `path`) at `lines`, in
    /// that order; returns the first of them.
    @discardableResult
    package mutating func number(_ lines: [Int], in document: Document, file path: String) -> Int {
        number(lines, listed: indexes[path] == nil && !lines.isEmpty ? FileListingRecord(path: path, document: document) : nil, file: path)
    }

    /// Gives the next numbers to the tasks at `lines` of the file `listed` records as listed (made beforehand,
    /// where the file was read); returns the first of them.
    @discardableResult
    package mutating func number(_ lines: [Int], listed: FileListingRecord) -> Int {
        number(lines, listed: listed, file: listed.path)
    }

    private mutating func number(_ lines: [Int], listed: FileListingRecord?, file path: String) -> Int {
        let first = numbers.count + 1
        guard !lines.isEmpty else { return first }
        let index = indexes[path] ?? append(listed!)
        numbers += lines.map { Number(file: index, line: $0) }
        return first
    }

    /// Keeps what the folder's file `path` held when listed (`document`), for numbers `number(line:file:)` gives
    /// its tasks later; the file's index.
    @discardableResult
    package mutating func register(_ document: Document, file path: String) -> Int {
        if let known = indexes[path] { return known }
        return append(FileListingRecord(path: path, document: document))
    }

    /// Keeps `file`, a file's record as listed (made where it was read), for numbers `number(line:file:)` gives its
    /// tasks later; the file's index.
    @discardableResult
    package mutating func register(_ file: FileListingRecord) -> Int {
        indexes[file.path] ?? append(file)
    }

    /// Adds the record of a file not in `files` yet; its index.
    private mutating func append(_ file: FileListingRecord) -> Int {
        if indexes[file.path] == nil { indexes[file.path] = files.count }
        files.append(file)
        return files.count - 1
    }

    /// The next number, given to the task on `line` of the registered file `path`.
    package mutating func number(line: Int, file path: String) -> Int {
        numbers.append(Number(file: indexes[path]!, line: line))
        return numbers.count
    }

    /// The file and the listed line of task number `number`, or nil when the listing had no such number.
    package func task(numbered number: Int) -> (file: String, listedLine: Int)? {
        guard number >= 1, number <= numbers.count else { return nil }
        let listed = numbers[number - 1]
        return (files[listed.file].path, listed.line)
    }

    /// The line the task listed as number `number` stands on now in `document` (its file as it is), as
    /// `FileListingRecord.line(forListed:in:)` finds it.
    package func line(ofNumber number: Int, in document: Document) throws(EditError) -> Int {
        guard let (file, listed) = task(numbered: number), let record = indexes[file].map({ files[$0] }) else {
            throw EditError.notListed(number: number)
        }
        return try record.line(forListed: listed, in: document)
    }

    /// Follows a change todofmt wrote to the folder's file `path` (see `FileListingRecord.follow`).
    package mutating func follow(_ change: CheckedDocument, file path: String) {
        guard let index = indexes[path] else { return }
        files[index].follow(change)
    }

    /// The record of the listed file `path` alone, found in a stored record's text without reading the rest:
    /// what following a change of that one file needs.
    package static func file(_ path: String, inText text: String) -> FileListingRecord? {
        guard let start = text.firstRange(of: "\nfile\t" + SyncState.escape(path) + "\t") else { return nil }
        var rows = text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard let fingerprint = rows.popFirst().flatMap({ UInt64($0, radix: 16) }) else { return nil }
        var lines: [FileListingRecord.Row] = []
        for row in rows {
            guard let line = FileListingRecord.Row(parsing: row) else { break }
            lines.append(line)
        }
        return FileListingRecord(path: path, fingerprint: fingerprint, lines: lines)
    }

    package init?(parsing text: String) {
        var rows = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard rows.popFirst() == Substring(FolderListingRecord.header), let folder = rows.popFirst(), !folder.isEmpty else { return nil }
        self.init(folder: String(folder))
        var inNumbers = false
        var lines: [FileListingRecord.Row] = []
        var current: (path: String, fingerprint: UInt64)?
        func finishFile() {
            if let current { _ = append(FileListingRecord(path: current.path, fingerprint: current.fingerprint, lines: lines)) }
            current = nil
            lines = []
        }
        for row in rows where !row.isEmpty {
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false)
            if row == "numbers" {
                finishFile()
                inNumbers = true
            } else if fields.count == 3, fields[0] == "file", !inNumbers {
                finishFile()
                guard let fingerprint = UInt64(fields[2], radix: 16) else { return nil }
                current = (SyncState.unescape(fields[1]), fingerprint)
            } else if let row = FileListingRecord.Row(parsing: row) {
                if inNumbers {
                    guard row.listed >= 0, row.listed < files.count else { return nil }
                    numbers.append(Number(file: row.listed, line: row.now))
                } else {
                    guard current != nil else { return nil }
                    lines.append(row)
                }
            } else {
                return nil
            }
        }
        finishFile()
    }

    package var text: String {
        var out = "\(FolderListingRecord.header)\n\(folder)\n"
        for file in files {
            out += "file\t\(SyncState.escape(file.path))\t\(Fingerprint.hex(file.fingerprint))\n"
            for row in file.lines { out += row.text }
        }
        out += "numbers\n"
        for number in numbers { out += "\(number.file)\t\(number.line)\n" }
        return out
    }
}
