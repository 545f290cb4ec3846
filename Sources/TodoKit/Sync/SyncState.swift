/// What todofmt remembers about a todo file's tasks between runs of `export` and `sync`: each task's UID
/// with the task as last seen (to know it again), and for the vdir it syncs with, each task as both sides
/// last agreed (the base of the three-way merge).
///
/// Stored as text, one field a tab, escaped (`\\`, `\t`, `\n`, `\r`; `\/` inside a list title):
///
///     todofmt sync 1
///     file	/home/ann/TODO.md
///     vdir	/home/ann/.calendars/tasks
///     task	a5f92b163eb9344b@todofmt
///     seen	Home	[ ] Pay rent due:2026-12-01	the note
///     base	Home	[ ] Pay rent due:2026-12-01	the note
///
/// `next`, when present, is the task as a sync is about to write it into the file: a sync killed after
/// writing the file and before its last record still knows the task by it.
package struct SyncState: Hashable, Sendable {
    package struct Entry: Hashable, Sendable {
        package var uid: String
        package var seen: TaskSnapshot
        /// The task as the file and the vdir last agreed on it; nil while it has never been in the vdir.
        package var base: TaskSnapshot?
        package var next: TaskSnapshot?

        package init(uid: String, seen: TaskSnapshot, base: TaskSnapshot? = nil, next: TaskSnapshot? = nil) {
            self.uid = uid
            self.seen = seen
            self.base = base
            self.next = next
        }
    }

    package var file: String
    /// The vdir the bases are of; nil before the first sync.
    package var vdir: String?
    package var entries: [Entry]

    static let header = "todofmt sync 1"

    package init(file: String, vdir: String? = nil, entries: [Entry] = []) {
        self.file = file
        self.vdir = vdir
        self.entries = entries
    }

    /// Reads a stored state; nil when the text is not one (or not of `format`).
    package init?(parsing text: String, format: FileFormat) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.popFirst() == Substring(SyncState.header) else { return nil }
        var file: String?
        var vdir: String?
        var entries: [Entry] = []
        func snapshot(_ fields: ArraySlice<Substring>) -> TaskSnapshot? {
            guard fields.count >= 2 else { return nil }
            let list = fields.first!.isEmpty ? [] : SyncState.splitList(fields.first!)
            return TaskSnapshot(list: list, line: SyncState.unescape(fields[fields.startIndex + 1]),
                                notes: fields.dropFirst(2).map(SyncState.unescape), format: format)
        }
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            switch fields[0] {
            case "file": file = fields.count > 1 ? SyncState.unescape(fields[1]) : nil
            case "vdir": vdir = fields.count > 1 ? SyncState.unescape(fields[1]) : nil
            case "task":
                guard fields.count > 1 else { return nil }
                entries.append(Entry(uid: SyncState.unescape(fields[1]), seen: TaskSnapshot(list: [], line: "", notes: [], format: format)))
            case "seen", "base", "next":
                guard !entries.isEmpty, let snapshot = snapshot(fields.dropFirst()) else { return nil }
                switch fields[0] {
                case "seen": entries[entries.count - 1].seen = snapshot
                case "base": entries[entries.count - 1].base = snapshot
                default: entries[entries.count - 1].next = snapshot
                }
            default:
                continue
            }
        }
        guard let file else { return nil }
        self.init(file: file, vdir: vdir, entries: entries)
    }

    package var text: String {
        var out = SyncState.header + "\n" + "file\t" + SyncState.escape(file) + "\n"
        if let vdir { out += "vdir\t" + SyncState.escape(vdir) + "\n" }
        for entry in entries {
            out += "task\t" + SyncState.escape(entry.uid) + "\n"
            func add(_ name: String, _ snapshot: TaskSnapshot?) {
                guard let snapshot else { return }
                let list = snapshot.list.map { SyncState.escape($0).replacingSlashes() }.joined(separator: "/")
                out += ([name, list, SyncState.escape(snapshot.line)] + snapshot.notes.map(SyncState.escape)).joined(separator: "\t") + "\n"
            }
            add("seen", entry.seen)
            add("base", entry.base)
            add("next", entry.next)
        }
        return out
    }

    /// Follows a change todofmt made to the file: each remembered task the change rewrote, moved or sorted is
    /// remembered as it is now (`seen`), so it keeps its UID however much it was reworded. A task the change
    /// removed is left as it was last seen: `export` forgets it, and `sync` takes it as deleted.
    ///
    /// Each task of the original is known by the entry `TaskUIDs` gives it (as `export` would have, right
    /// before the change), and the entries are kept in the order of the tasks: tasks that read alike are told
    /// apart by their order alone, so they keep their UIDs while it stands.
    package mutating func follow(_ change: CheckedDocument) {
        guard !entries.isEmpty else { return }
        let original = change.original, document = change.document
        let known = TaskUIDs(document: original, wanted: Array(original.tasks.indices), state: entries).entries
        var followed: [Entry] = [], placed = Set<Int>()
        for (index, origin) in change.origins.enumerated() {
            guard let origin, let e = known[origin], placed.insert(e).inserted else { continue }
            followed.append(entries[e])
            followed[followed.count - 1].seen = TaskSnapshot(task: index, in: document)
        }
        entries = followed + entries.indices.filter { !placed.contains($0) }.map { entries[$0] }
    }

    static func escape(_ text: String) -> String {
        // Most texts (a listing's thousands of paths) have nothing to escape.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") })
        else { return text }
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.append(character)
            }
        }
        return out
    }

    static func unescape(_ text: Substring) -> String {
        var out = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "t": out.append("\t")
                case "n": out.append("\n")
                case "r": out.append("\r")
                default: out.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// A stored list path: titles split at `/` not escaped as `\/`.
    static func splitList(_ text: Substring) -> [String] {
        var titles: [String] = []
        var current = ""
        var escaped = false
        for character in text {
            if escaped {
                current.append("\\")
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "/" {
                titles.append(unescape(Substring(current)))
                current = ""
            } else {
                current.append(character)
            }
        }
        titles.append(unescape(Substring(current)))
        return titles.map { $0 }
    }
}

extension String {
    func replacingSlashes() -> String {
        var out = ""
        for character in self { if character == "/" { out += "\\/" } else { out.append(character) } }
        return out
    }
}
