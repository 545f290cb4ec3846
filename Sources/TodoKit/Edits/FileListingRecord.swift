/// What `todofmt ls` showed, kept so that a line number it printed goes on naming the task shown there while
/// todofmt changes the file: for each listed number, the line that task stands on now, and a fingerprint of
/// the file as todofmt last left it.
///
/// todofmt's own changes are followed task by task (each change says which task each task is now), so
/// `rm 3` then `done 5` completes the task `ls` showed on line 5, now on line 4, as todo.sh's numbers stay
/// put. A file another program changed since (an editor, a `git checkout`) has another fingerprint: its
/// numbers are then not trusted, and the user is asked to list it again.
///
/// Stored as text: a `todofmt listing 3` line, the todo file's absolute path, the fingerprint, then one
/// `LISTED<TAB>NOW` line per task.
package struct FileListingRecord: Hashable, Sendable {
    package var path: String
    /// The fingerprint of the file's text as todofmt last listed or wrote it (see `Fingerprint`).
    package var fingerprint: UInt64
    /// For each listed number, in order, the 1-based line its task stands on now (0: the task is gone;
    /// `namesTwoTasks`: the number was listed for one task and later printed for another). A number without a
    /// row names the line it was listed on: a file as listed has no rows, so a listing of many files writes
    /// little.
    package private(set) var lines: [Row]

    /// One listed number: the line `ls` listed its task on, and the line that task stands on now.
    package struct Row: Hashable, Sendable {
        package var listed: Int
        package var now: Int

        init(_ listed: Int, _ now: Int) {
            self.listed = listed
            self.now = now
        }

        /// A stored row, `LISTED<TAB>NOW`.
        init?(parsing row: Substring) {
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 2, let listed = Int(fields[0]), let now = Int(fields[1]) else { return nil }
            self.init(listed, now)
        }

        /// The row as stored, with its newline.
        var text: String { "\(listed)\t\(now)\n" }
    }

    /// What `now` holds for a number that names two tasks: refused, never guessed.
    static let namesTwoTasks = -1

    static let header = "todofmt listing 3"

    /// Records every task of a document read from `path`, as `ls` lists it: each task by its line.
    package init(path: String, document: Document) {
        self.init(path: path, fingerprint: Fingerprint(document.text).value, lines: [])
    }

    init(path: String, fingerprint: UInt64, lines: [Row]) {
        self.path = path
        self.fingerprint = fingerprint
        self.lines = lines
    }

    /// Reads a stored record; nil when the text is not one (an older todofmt's record is not).
    package init?(parsing text: String) {
        var rows = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard rows.popFirst() == Substring(FileListingRecord.header), let path = rows.popFirst(), !path.isEmpty,
              let fingerprint = rows.popFirst().flatMap({ UInt64($0, radix: 16) }) else { return nil }
        var lines: [Row] = []
        for row in rows where !row.isEmpty {
            guard let line = Row(parsing: row) else { return nil }
            lines.append(line)
        }
        self.init(path: String(path), fingerprint: fingerprint, lines: lines)
    }

    package var text: String {
        var out = "\(FileListingRecord.header)\n\(path)\n\(Fingerprint.hex(fingerprint))\n"
        for row in lines { out += row.text }
        return out
    }

    /// The line the task `ls` listed on line `listed` stands on now, in `document` (the file as it is);
    /// a number `ls` showed no task on is taken as a line. Throws when the file changed since todofmt last
    /// listed or wrote it, or when that task is gone.
    package func line(forListed listed: Int, in document: Document) throws(EditError) -> Int {
        guard Fingerprint(document.text).value == fingerprint else { throw EditError.changedSinceListing }
        guard let row = row(listed) else { return listed }
        let now = lines[row].now
        if now == FileListingRecord.namesTwoTasks { throw EditError.listedNumberNamesTwoTasks(line: listed) }
        guard now > 0 else { throw EditError.listedTaskGone(line: listed) }
        return now
    }

    /// Follows a change todofmt wrote to the file: each listed task to where it stands now (0: gone), the
    /// lines the change printed (`shownLines`: where `add` put a task) taken as listed there, since the user
    /// has just been shown those numbers, and the fingerprint of the new text. A record of another text
    /// than the change's original no longer holds and is left as it is, to be refused.
    ///
    /// A printed line that `ls` listed for another task still in the file names two tasks: refused from then
    /// on. Only a task the change added (`add`, a next occurrence), which has no other number, takes it over.
    package mutating func follow(_ change: CheckedDocument, shownLines: [Int] = []) {
        let original = change.original, document = change.document
        guard Fingerprint(original.text).value == fingerprint else { return }
        // The new index of each original task, by its original index.
        var movedTo = [Int?](repeating: nil, count: original.tasks.count)
        for (index, origin) in change.origins.enumerated() {
            if let origin { movedTo[origin] = index }
        }
        // A file as listed has no rows: each of its tasks on the line it was listed on.
        let rows = lines.isEmpty ? original.tasks.map { Row($0.line, $0.line) } : lines
        var followed = rows.map { row -> Row in
            if row.now == FileListingRecord.namesTwoTasks { return row }
            guard row.now > 0, let task = original.task(atLine: row.now) else { return Row(row.listed, 0) }
            return Row(row.listed, movedTo[task].map { document.tasks[$0].line } ?? 0)
        }
        let shown = Set(shownLines)
        var taken: [Row] = []
        followed.removeAll { row in
            guard shown.contains(row.listed) else { return false }
            let added = document.task(atLine: row.listed).map { change.origins[$0] == nil } ?? true
            let another = row.now != row.listed && row.now != 0
            taken.append(Row(row.listed, another && !added ? FileListingRecord.namesTwoTasks : row.listed))
            return true
        }
        let kept = Set(taken.map(\.listed))
        followed += taken + shownLines.filter { !kept.contains($0) }.map { Row($0, $0) }
        followed.sort { $0.listed < $1.listed }
        self = FileListingRecord(path: path, fingerprint: Fingerprint(document.text).value, lines: followed)
    }

    /// The row of listed number `listed` (rows are in order), by binary search.
    private func row(_ listed: Int) -> Int? {
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].listed < listed { low = mid + 1 } else { high = mid }
        }
        return low < lines.count && lines[low].listed == listed ? low : nil
    }
}
