extension TaskEditor {
    /// Renames a `+project` (`kind: .project`) or `@context` (`.context`) in every task that names it: the
    /// name is matched ignoring case, as filters and `lsprj` match it, and only its bytes change (trailing
    /// punctuation such as the `.` of `+house.` stays). `newName` is the name without its sigil.
    public static func rename(_ kind: Token.Kind, from oldName: String, to newName: String, in document: Document) throws -> EditResult {
        guard kind == .project || kind == .context else { throw EditError.invalidName(newName) }
        let sigil = kind == .project ? "+" : "@"
        // The new name must read back as exactly that name, one word.
        let word = Array((sigil + newName).utf8)
        guard !newName.isEmpty, !word.contains(.space), !word.contains(.tab), !word.contains(.newline),
              !word.contains(.carriageReturn) else { throw EditError.invalidName(newName) }
        let token = TaskBodyParser.classify(word.span, 0..<word.count)
        guard token.kind == kind, token.nameRange == 1..<word.count else { throw EditError.invalidName(newName) }
        let wanted = oldName.lowercased()
        var edit = DocumentEdit(document)
        for task in document.tasks where (kind == .project ? task.projects : task.contexts).contains(where: { $0.lowercased() == wanted }) {
            var line = TaskLine(task: task, in: document)
            let parsed = line.body.parsed
            for token in parsed.tokens.reversed() where token.kind == kind
                && String(parsed.slice(token.nameRange)).lowercased() == wanted {
                line.body.replace(token.nameRange, with: newName)
            }
            try edit.rewrite(task, as: line, status: task.status)
        }
        guard !edit.patches.isEmpty else { return EditResult(unchanged: document) }
        return try edit.finish()
    }
}
