import TodoKit

extension LanguageServer {
    /// `textDocument/completion`: the word before the cursor completed from the document, then the other open
    /// documents and the workspace's files: `+project`, `@context`, `#tag`, tag keys, dates after `due:` and `t:`
    /// (a word shown, its date inserted), values a tag has elsewhere, and list names on a heading line. The word as
    /// typed is not offered again.
    func completion(_ params: PositionParams) throws(ResponseError) -> JSONValue {
        let open = try document(params.uri)
        let positions = open.positions(encoding)
        let cursor = try positions.offset(of: params.position)
        let line = positions.position(of: cursor).line
        let lineStart = positions.lineStart(line)
        let text = open.text
        let bytes = text.utf8.span
        var wordStart = cursor
        while wordStart > lineStart, bytes[wordStart - 1] != .space, bytes[wordStart - 1] != .tab { wordStart -= 1 }
        let word = String(decoding: (wordStart..<cursor).map { bytes[$0] }, as: UTF8.self)
        // The document, the other open ones, then the workspace's files.
        let notes = workspaceNotes().filter { $0.openURI != open.uri }
        let all = (open.notText == nil ? [open.document] : []) + (notes.filter { $0.openURI != nil } + notes.filter { $0.openURI == nil }).map(\.document)
        var items: [JSONValue] = []
        func item(_ label: String, kind: Int, detail: String?, insert: String? = nil, from start: Int) {
            var members: [(String, JSONValue)] = [("label", .string(label)), ("kind", .int(kind))]
            if let detail { members.append(("detail", .string(detail))) }
            members.append(("textEdit", .object([("range", positions.range(start..<cursor)), ("newText", .string(insert ?? label))])))
            if insert != nil { members.append(("filterText", .string(label))) }
            items.append(.object(members))
        }
        var seen: Set<String> = [word]
        if let heading = heading(on: line, before: cursor, in: open) {
            // A heading names a list: the lists of the open documents, with their counts as the outline says.
            let titleStart = positions.offset(line: heading.line, column: heading.titleColumn)
            let typed = String(decoding: (titleStart..<cursor).map { bytes[$0] }, as: UTF8.self)
            seen.insert(typed)
            for document in all where document.format == .markdown {
                let counts = Outline.taskCounts(in: document)
                for (index, list) in document.headings.enumerated()
                where !list.title.isEmpty && CompletionCandidates.startsWith(list.title, typed) && seen.insert(list.title).inserted {
                    item(list.title, kind: 19, detail: Self.countPhrase(counts[index]), from: titleStart)
                }
            }
        } else if word.hasPrefix("+") || word.hasPrefix("@") {
            for document in all {
                let candidates = word.hasPrefix("+") ? CompletionCandidates.projects(in: document, prefix: word)
                    : CompletionCandidates.contexts(in: document, prefix: word)
                for candidate in candidates where seen.insert(candidate.value).inserted {
                    item(candidate.value, kind: word.hasPrefix("+") ? 9 : 6, detail: candidate.description, from: wordStart)
                }
            }
        } else if word.hasPrefix("#") {
            for document in all {
                for task in document.tasks {
                    for tag in task.fields.hashtags where CompletionCandidates.startsWith("#" + tag, word) && seen.insert("#" + tag).inserted {
                        item("#" + tag, kind: 14, detail: "tag", from: wordStart)
                    }
                }
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
                for document in all {
                    for candidate in CompletionCandidates.values(of: key, in: document, prefix: value)
                    where seen.insert(candidate).inserted {
                        item(candidate, kind: 12, detail: "\(key): value", from: valueStart)
                    }
                }
            }
        } else {
            for document in all {
                var candidates = CompletionCandidates.tags(in: document, prefix: word)
                if word.isEmpty {
                    candidates = CompletionCandidates.projects(in: document, prefix: "")
                        + CompletionCandidates.contexts(in: document, prefix: "") + candidates
                }
                for candidate in candidates where seen.insert(candidate.value).inserted {
                    let kind = candidate.value.hasPrefix("+") ? 9 : candidate.value.hasPrefix("@") ? 6 : 10
                    item(candidate.value, kind: kind, detail: candidate.description, from: wordStart)
                }
            }
        }
        return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
    }

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
