extension TaskEditor {
    /// Renames a `+project` (`kind: .project`) or `@context` (`.context`) in every task that names it: the
    /// name is matched ignoring case, as filters and `lsprj` match it, and only its bytes change (trailing
    /// punctuation such as the `.` of `+house.` stays). `newName` is the name without its sigil.
    package static func rename(_ kind: Token.Kind, from oldName: String, to newName: String, in document: Document) throws -> EditResult {
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

    /// Renames a `#tag` in every task that has it, in whatever dialect the task is written: the name is matched
    /// ignoring case, as Obsidian matches tags, and a nested tag goes with its parent (`#home/garden` becomes
    /// `#house/garden` when `#home` becomes `#house`). Only the name's bytes change. `oldName` and `newName` are
    /// without the `#`. The global filter (a tag that makes a checkbox a task) is not renamed: its tasks would stop
    /// being tasks.
    public static func renameHashtag(from oldName: String, to newName: String, in document: Document) throws -> EditResult {
        let bytes = Array(newName.utf8)
        guard !bytes.isEmpty, !bytes.contains(where: { $0 == .tab || $0 == .newline || $0 == .carriageReturn || TrailingFields.isTagStop($0) }),
              !bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw EditError.invalidTag(newName, reason: "is not a tag name (one word, without punctuation but - _ and /, not all digits)")
        }
        if let filter = document.settings.globalFilter, let name = [oldName, newName].first(where: filter.isTag) {
            throw EditError.invalidTag(name, reason: "is the global filter, which makes a checkbox a task: it is not renamed")
        }
        let wanted = oldName.lowercased()
        func renamed(_ tag: Substring) -> Bool {
            let lowered = tag.lowercased()
            return lowered == wanted || lowered.hasPrefix(wanted + "/")
        }
        var edit = DocumentEdit(document)
        for (index, task) in document.tasks.enumerated() where document.hashtags(of: index).contains(where: { renamed(Substring($0)) }) {
            var line = TaskLine(task: task, in: document)
            let body = task.body
            var ranges: [Range<Int>] = []
            body.forEachHashtag { range in
                if renamed(body.slice((range.lowerBound + 1)..<range.upperBound)) { ranges.append(range) }
            }
            // The name of each (its old name's bytes, after the `#`), from the end, so earlier offsets stay.
            for range in ranges.reversed() {
                line.body.replace((range.lowerBound + 1)..<(range.lowerBound + 1 + oldName.utf8.count), with: newName)
            }
            try edit.rewrite(task, as: line, status: task.status)
        }
        guard !edit.patches.isEmpty else { return EditResult(unchanged: document) }
        return try edit.finish()
    }
}
