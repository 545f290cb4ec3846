import TodoKit

extension LanguageServer {
    /// `textDocument/completion`: the word before the cursor completed from the document, then the other open
    /// documents and the workspace's files: `+project`, `@context`, `#tag`, tag keys, dates after `due:` and `t:`
    /// (a word shown, its date inserted), values a tag has elsewhere, and list names on a heading line. The word as
    /// typed is not offered again. On a task, the value of the Tasks or Dataview field before the cursor (`📅 ` or
    /// `[due:: ` a date, `🔁 ` a rule, `🏁 ` an action, `⛔ ` the ids of the tasks of the open documents and the
    /// workspace's files) and, in a Tasks file, the fields' emoji by name.
    func completion(_ params: PositionParams) throws(ResponseError) -> JSONValue {
        let open = try document(params.uri)
        // Its text edits would name places in a text the editor no longer has.
        guard open.outOfStep == nil else { return .object([("isIncomplete", .bool(false)), ("items", .array([]))]) }
        let positions = open.positions(encoding)
        let cursor = try positions.offset(of: params.position)
        let line = positions.position(of: cursor).line
        let lineStart = positions.lineStart(line)
        let text = open.text
        let bytes = text.utf8.span
        var wordStart = cursor
        while wordStart > lineStart, bytes[wordStart - 1] != .space, bytes[wordStart - 1] != .tab { wordStart -= 1 }
        let word = String(decoding: (wordStart..<cursor).map { bytes[$0] }, as: UTF8.self)
        // The document (each kind of name read from it when asked for), the other open ones, then the workspace's
        // files: each kind of name they hold together, gathered once while they stay the same (`WorkspaceNames`),
        // and what each names (read once: `NoteNames`) where a note's names are offered together.
        let here = open.notText == nil ? open.document : nil
        try requireWorkspaceRead()
        let openOthers = openNotes().filter { $0.openURI != open.uri }.map(\.names)
        let files = workspace.names(excluding: Set(documents.values.compactMap(\.path)))
        func others() -> [NoteNames] { openOthers + notes(of: workspace.files()).map(\.names) }
        var items: [JSONValue] = []
        // The items replace one of a few ranges (the word, a tag's value, an id after a comma): each made once.
        var ranges: [Int: JSONValue] = [:]
        func item(_ label: String, kind: Int, detail: String?, insert: String? = nil, from start: Int) {
            var members: [(String, JSONValue)] = [("label", .string(label)), ("kind", .int(kind))]
            if let detail { members.append(("detail", .string(detail))) }
            let range = ranges[start] ?? positions.range(start..<cursor)
            ranges[start] = range
            members.append(("textEdit", .object([("range", range), ("newText", .string(insert ?? label))])))
            if insert != nil { members.append(("filterText", .string(label))) }
            items.append(.object(members))
        }
        var seen: Set<String> = [word]
        let onTask = open.format == .markdown && open.notText == nil && open.document.task(atLine: line + 1) != nil
        if onTask, let field = fieldBefore(wordStart, lineStart: lineStart, in: bytes) {
            let valueStart = field.valueStart
            let typed = String(decoding: (valueStart..<cursor).map { bytes[$0] }, as: UTF8.self)
            switch field.field {
            case let date where date.isDate:
                let today = today()
                var words = CompletionCandidates.dates(prefix: word).map(\.value)
                // The word as typed, when it is a date no offered word gives (`+3d`; `fr` is Friday's).
                if !word.isEmpty, let typed = DateExpression.resolve(word, today: today),
                   !words.contains(where: { DateExpression.resolve($0, today: today) == typed }) { words.insert(word, at: 0) }
                for candidate in words {
                    guard let resolved = DateExpression.resolve(candidate, today: today) else { continue }
                    item(candidate, kind: 12, detail: "\(date.description) \(resolved)", insert: resolved.description, from: wordStart)
                }
            case .recurrence:
                for rule in Self.ruleExamples where CompletionCandidates.startsWith(rule, typed) && rule != typed {
                    item(rule, kind: 12, detail: "recurrence", from: valueStart)
                }
            case .onCompletion:
                for action in ["keep", "delete"] where CompletionCandidates.startsWith(action, word) { item(action, kind: 12, detail: "on completion", from: wordStart) }
            case .dependsOn:
                // After the last comma: the ids of the tasks of the open documents and the workspace, but the task's own and those listed.
                var idStart = cursor
                while idStart > valueStart, bytes[idStart - 1] != UInt8(ascii: ","), bytes[idStart - 1] != .space { idStart -= 1 }
                let prefix = String(decoding: (idStart..<cursor).map { bytes[$0] }, as: UTF8.self)
                let own = open.document.task(atLine: line + 1).flatMap { open.document.tasks[$0].fields.id }
                let listed = String(decoding: (valueStart..<idStart).map { bytes[$0] }, as: UTF8.self)
                seen.formUnion(listed.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init))
                let ids = [here.map { NoteNames.ids(of: $0.tasks, title: $0.shownTitle(of:)) } ?? []] + openOthers.map(\.ids) + [files.ids]
                for (id, _, title) in ids.joined() where id != own && CompletionCandidates.startsWith(id, prefix) && seen.insert(id).inserted {
                    item(id, kind: 18, detail: title, from: idStart)
                }
            default:
                break
            }
            return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
        }
        if onTask, !word.isEmpty, word.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }), Dialect.of(open.document) == .tasks {
            // A Tasks field by its name: `due` gives `📅 `.
            for (name, emoji, detail) in Self.fieldNames where name.hasPrefix(word) && seen.insert(emoji).inserted {
                items.append(.object([("label", .string("\(emoji) \(name)")), ("kind", .int(14)), ("detail", .string(detail)),
                                      ("filterText", .string(name)),
                                      ("textEdit", .object([("range", positions.range(wordStart..<cursor)), ("newText", .string(emoji + (detail == "priority" ? "" : " ")))]))]))
            }
        }
        if let heading = heading(on: line, before: cursor, in: open) {
            // A heading names a list: the lists of the open documents, with their counts as the outline says.
            let titleStart = positions.offset(line: heading.line, column: heading.titleColumn)
            let typed = String(decoding: (titleStart..<cursor).map { bytes[$0] }, as: UTF8.self)
            seen.insert(typed)
            let lists = [here.map { $0.format == .markdown ? NoteNames.lists(of: $0.tasks, under: $0.headings) : [] } ?? []] + others().map(\.lists)
            for list in lists.joined() where CompletionCandidates.startsWith(list.title, typed) && seen.insert(list.title).inserted {
                item(list.title, kind: 19, detail: Self.countPhrase((list.open, list.closed)), from: titleStart)
            }
        } else if word.hasPrefix("+") || word.hasPrefix("@") {
            let kind: Token.Kind = word.hasPrefix("+") ? .project : .context
            let names = [here.map { NameUsage.names(kind, in: $0.tasks) } ?? []] + openOthers.map { kind == .project ? $0.projects : $0.contexts }
                + [kind == .project ? files.projects : files.contexts]
            for candidate in names.flatMap({ CompletionCandidates.names($0, kind, prefix: word) }) where seen.insert(candidate.value).inserted {
                item(candidate.value, kind: kind == .project ? 9 : 6, detail: candidate.description, from: wordStart)
            }
        } else if word.hasPrefix("#") {
            let tags = [here.map { NoteNames.hashtags(of: $0.tasks) } ?? []] + openOthers.map(\.hashtags) + [files.hashtags]
            for tag in tags.joined() where CompletionCandidates.startsWith("#" + tag, word) && seen.insert("#" + tag).inserted {
                item("#" + tag, kind: 14, detail: "tag", from: wordStart)
            }
        } else if let colon = word.firstIndex(of: ":") {
            let key = String(word[..<colon]), value = String(word[word.index(after: colon)...])
            let valueStart = wordStart + key.utf8.count + 1
            seen.insert(value)
            if CompletionCandidates.dateKeys.contains(key) {
                let today = today()
                for candidate in CompletionCandidates.dates(prefix: value) {
                    guard let date = DateExpression.resolve(candidate.value, today: today) else { continue }
                    item(candidate.value, kind: 12, detail: date.description, insert: date.description, from: valueStart)
                }
            } else {
                let tags = [here.map { CompletionCandidates.tags(of: $0.tasks) } ?? []] + openOthers.map(\.tags) + [files.tags]
                for values in tags.joined() where values.key == key {
                    for candidate in values.values where CompletionCandidates.startsWith(candidate, value) && seen.insert(candidate).inserted {
                        item(candidate, kind: 12, detail: "\(key): value", from: valueStart)
                    }
                }
            }
        } else {
            // Each note's names in turn: its projects and contexts (for an empty word), then its tag keys.
            typealias Names = [(name: String, openTasks: Int)]
            var lists: [(projects: Names, contexts: Names, keys: [String])] = []
            if let here {
                lists.append((word.isEmpty ? NameUsage.names(.project, in: here.tasks) : [], word.isEmpty ? NameUsage.names(.context, in: here.tasks) : [],
                              CompletionCandidates.tags(of: here.tasks).map(\.key)))
            }
            lists += others().map { ($0.projects, $0.contexts, $0.tags.map(\.key)) }
            for (projects, contexts, keys) in lists {
                var candidates = CompletionCandidates.tags(keys: keys, prefix: word)
                if word.isEmpty {
                    candidates = CompletionCandidates.names(projects, .project, prefix: "")
                        + CompletionCandidates.names(contexts, .context, prefix: "") + candidates
                }
                for candidate in candidates where seen.insert(candidate.value).inserted {
                    let kind = candidate.value.hasPrefix("+") ? 9 : candidate.value.hasPrefix("@") ? 6 : 10
                    item(candidate.value, kind: kind, detail: candidate.description, from: wordStart)
                }
            }
        }
        return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
    }

    /// The field whose emoji (or Dataview `[key::`) is the word before the word at `wordStart`, and where its value
    /// starts (after the spaces that follow it).
    private func fieldBefore(_ wordStart: Int, lineStart: Int, in bytes: Span<UInt8>) -> (field: TaskField, valueStart: Int)? {
        // A rule holds spaces: its emoji may stand several words back.
        var end = wordStart
        while end > lineStart {
            while end > lineStart, bytes[end - 1] == .space { end -= 1 }
            var start = end
            while start > lineStart, bytes[start - 1] != .space, bytes[start - 1] != .tab { start -= 1 }
            guard start < end else { return nil }
            var word = String(decoding: (start..<end).map { bytes[$0] }, as: UTF8.self)
            if word.unicodeScalars.last == "\u{FE0F}" { word.unicodeScalars.removeLast() }
            var after = end
            while after < wordStart, bytes[after] == .space { after += 1 }
            if let field = TaskField.allCases.first(where: { $0 != .priority && ($0.emoji.contains(word) || word == "[\($0.dataviewKey)::" || word == "(\($0.dataviewKey)::") }) {
                // Only a rule and a list of ids run over several words.
                return field == .recurrence || field == .dependsOn || after == wordStart ? (field, after) : nil
            }
            guard word.utf8.allSatisfy({ RecurrenceRule.isRuleCharacter($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }) else { return nil }
            end = start
        }
        return nil
    }

    /// Rules the Tasks plugin reads, offered after `🔁 `.
    static let ruleExamples = ["every day", "every weekday", "every week", "every 2 weeks", "every month", "every year",
                               "every week on Monday", "every month on the 1st", "every month on the last", "every day when done",
                               "every week when done", "every month when done"]

    /// The Tasks plugin's fields by name, with their emoji: what a word typed on a task of a Tasks file completes to.
    static let fieldNames: [(name: String, emoji: String, detail: String)] = [
        ("due", "📅", "due date"), ("scheduled", "⏳", "scheduled date"), ("start", "🛫", "start date"),
        ("created", "➕", "created date"), ("done", "✅", "done date"), ("cancelled", "❌", "cancelled date"),
        ("recurrence", "🔁", "recurrence rule"), ("repeat", "🔁", "recurrence rule"), ("oncompletion", "🏁", "on completion: keep or delete"),
        ("id", "🆔", "this task's id"), ("dependson", "⛔", "the ids of the tasks it waits for"),
        ("highest", "🔺", "priority"), ("high", "⏫", "priority"), ("medium", "🔼", "priority"), ("low", "🔽", "priority"),
        ("lowest", "⏬", "priority"),
    ]

    /// The heading on 0-based line `line` of a Markdown document, if the cursor is at or past its title's start.
    private func heading(on line: Int, before cursor: Int, in open: OpenDocument) -> Heading? {
        guard open.format == .markdown, open.notText == nil,
              let heading = open.document.headings.first(where: { $0.line == line + 1 }) else { return nil }
        let positions = open.positions(encoding)
        return positions.offset(line: heading.line, column: heading.titleColumn) <= cursor ? heading : nil
    }
}

extension UInt8 {
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
}
