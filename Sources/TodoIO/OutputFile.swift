import TodoKit

/// A file a command writes on request that holds no tasks todofmt keeps: a calendar export (`export -o`), the
/// stats chart (`stats --svg`), a reminder timer's systemd units, `.gitattributes`. It is written the guarded way
/// (`GuardedFile`: under its lock, all or nothing, only while no other program wrote it since it was read), and
/// it is never a file todofmt reads tasks from: a name with a Markdown or todo.txt extension is refused, since
/// what an output file is given was never checked as a todo file's text is (`TodoFile` is the one way to write
/// one).
package struct OutputFile {
    /// What to do with the file, given its text.
    package enum Edit {
        /// Leave it as it is.
        case keep
        /// Replace (or create) it with this text.
        case write(String)
        /// Remove it.
        case remove
    }

    /// Writes `text` to the file at `path`, creating it when missing.
    package static func write(_ text: String, to path: String) throws {
        try update(path) { _ in .write(text) }
    }

    /// Reads the file at `path` under its lock (nil when it is missing) and does what `change` makes of its text;
    /// what is written or removed only while the file still holds what was read.
    package static func update(_ path: String, _ change: (String?) throws -> Edit) throws {
        if let refusal = refusal(of: path) { throw refusal }
        try FileLock.holding(path) { lock in
            var file = try GuardedFile(path, under: lock, missing: .isNew)
            switch try change(file.text) {
            case .keep:
                return
            case .write(let text):
                guard file.contents == nil || !text.utf8.elementsEqual(file.contents!) else { return }
                try file.replace(with: text)
            case .remove:
                guard file.contents != nil else { return }
                guard try file.remove() else { throw SystemError.changedMeanwhile(path) }
            }
        }
    }

    /// Why `path` names no output file: one whose name reads as a todo file or a note.
    static func refusal(of path: String) -> SystemError? {
        let name = FileSystem.baseName(path).lowercased()
        let isTaskFile = name.hasSuffix(".txt") || FileFormat.markdownExtensions.contains { name.hasSuffix("." + $0) }
        guard isTaskFile else { return nil }
        return SystemError(path: path, message: "named as a todo file or a note (.md, .txt, …), and this output is none: "
                           + "todofmt writes tasks to such a file only through the checks of an edit; name another file")
    }
}
