/// How a task writes its metadata: todo.txt tags (`(A)`, `due:2026-12-01`, `t:`, `rec:`), the Obsidian Tasks
/// plugin's emoji (`⏫ 📅 2026-12-01 🔁 every week`), or Dataview's inline fields (`[due:: 2026-12-01]`).
///
/// A task keeps the dialect it is written in: every edit writes a field the way its task writes the others.
public enum Dialect: String, Hashable, Sendable, CaseIterable {
    case todotxt
    case tasks
    case dataview

    /// The dialect of a file: the one its tasks write their fields in (the first task written in the Tasks or
    /// Dataview dialect decides; todo.txt-style when only todo.txt fields are written); for a file whose tasks
    /// write none (a new file), the one its settings name (`--dialect`, a vault's Tasks plugin's task format).
    /// A todo.txt file is todo.txt-style.
    public static func of(_ document: Document) -> Dialect {
        guard document.format == .markdown else { return .todotxt }
        var writesTodoTxt = false
        for task in document.tasks {
            if task.body.dialect != .todotxt { return task.body.dialect }
            if !writesTodoTxt, task.body.writesTodoTxtFields { writesTodoTxt = true }
        }
        if writesTodoTxt { return .todotxt }
        return document.settings.dialect
    }
}

extension TodoTask {
    /// The dialect an edit writes this task's fields in: its own; for a task that writes none (no todo.txt
    /// priority, dates or `due:`, `t:`, `rec:` tags either), the file's.
    public func writingDialect(in fileDialect: Dialect) -> Dialect {
        if body.dialect != .todotxt || fileDialect == .todotxt || body.writesTodoTxtFields { return body.dialect }
        return fileDialect
    }
}

extension TodoTask {
    /// The dialect the task's priority is written in, whose scale the calendar's number is read in
    /// (`CalendarPriority`): todo.txt-style for an `(A)`, whatever its other fields; else the one an edit writes
    /// its fields in.
    public func priorityDialect(in fileDialect: Dialect) -> Dialect {
        body.priority != nil ? .todotxt : writingDialect(in: fileDialect)
    }
}

extension TaskBody {
    /// Whether the body writes a field in todo.txt's way: a priority, a prefix date, or a `due:`, `t:` or `rec:` tag.
    var writesTodoTxtFields: Bool {
        guard fieldReading.contains(.todotxt) else { return false }
        if priority != nil || creationDate != nil || completionDate != nil { return true }
        var found = false
        forEachTag(nil) { token, b in
            let key = token.nameRange
            func keyIs(_ name: StaticString) -> Bool { key.count == name.utf8CodeUnitCount && b.hasPrefix(name, at: key.lowerBound) }
            found = keyIs("due") || keyIs("t") || keyIs("rec")
            return !found
        }
        return found
    }
}
