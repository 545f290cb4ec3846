/// One instruction of a query block as the plugin reads its lines (docs/FORMAT.md, "Query blocks"): a line
/// ending in `\` goes on with the next (the `\` and the spaces around it become one space), `\\` at the end
/// is one `\`, a line starting with `#` is a comment, `{{! … }}` is an inline comment, and `{{query.file.path}}`
/// and its siblings stand for the query's own file.
///
/// It keeps the instruction as written beside the text as read, and where each character of that text came
/// from, so that a problem anywhere in it is reported at its line and column in the block's file.
struct QueryLine: Hashable, Sendable {
    /// A place in the block's file: 1-based line and 1-based UTF-8 column.
    struct Position: Hashable, Sendable {
        var line: Int
        var column: Int
    }

    /// The instruction as read: lines joined, comments removed, placeholders filled in, spaces trimmed.
    var text: String
    /// The lines as written, the first without its indentation, each without trailing spaces.
    var written: [String]
    /// The lines joined (`\\` read as `\`), before comments and placeholders are taken out.
    var joined: String
    /// Where each character of `text` comes from; one more entry for the end of the text.
    var positions: [Position]

    /// The 1-based line the instruction starts on.
    var line: Int { positions[0].line }


    /// The problem as a diagnostic at its place in the file.
    func diagnostic(_ error: QueryError, severity: Diagnostic.Severity = .error) -> Diagnostic {
        let at = positions[min(max(0, error.offset), positions.count - 1)]
        let endOffset = min(error.offset + error.length, positions.count - 1)
        let end = positions[max(endOffset, min(max(0, error.offset), positions.count - 1))]
        let length = end.line == at.line ? max(0, end.column - at.column) : 0
        return severity == .error ? .error(error.message, line: at.line, column: at.column, code: .queryInstruction, length: length)
            : .warning(error.message, line: at.line, column: at.column, code: .queryInstruction, length: length)
    }

    /// What the lines of a query are read with: the query's note (nil: the instructions have no file, and a
    /// placeholder of it is an error), the presets `preset NAME` and `{{preset.NAME}}` stand for, and how deep
    /// presets are nested so far.
    struct Context {
        var file: String?
        var presets: [String: String]
        /// The note's properties, which `{{query.file.property('name')}}` reads.
        var properties = NoteProperties()
        var depth = 0
        static let maximumDepth = 20
    }

    typealias Characters = [(Character, Position)]

    /// The instructions of a block's lines, and the problems found reading them.
    static func lines(of source: [QuerySource.Line], _ context: Context) -> (lines: [QueryLine], diagnostics: [Diagnostic]) {
        var lines: [QueryLine] = []
        var diagnostics: [Diagnostic] = []
        func finish(_ characters: Characters, _ written: [String]) {
            switch statements(characters, written: written, context) {
            case .success(let found): lines += found
            case .failure(let problem): diagnostics.append(problem)
            }
        }
        var pending: (characters: Characters, written: [String])?
        for sourceLine in source {
            var characters: Characters = []
            var column = sourceLine.column
            for character in sourceLine.text {
                characters.append((character, Position(line: sourceLine.line, column: column)))
                column += character.utf8.count
            }
            let writtenLine = String(sourceLine.text).trimmingTrailingWhitespace()
            // A `\` at the very end (not `\\`) continues the instruction on the next line.
            let continues = characters.last?.0 == "\\" && (characters.count < 2 || characters[characters.count - 2].0 != "\\")
            if continues {
                characters.removeLast()
                while let last = characters.last, last.0.isQuerySpace { characters.removeLast() }
            } else if characters.last?.0 == "\\" {
                characters.removeLast()
            }
            if var open = pending {
                while let first = characters.first, first.0.isQuerySpace { characters.removeFirst() }
                if !open.characters.isEmpty, !characters.isEmpty { open.characters.append((" ", characters[0].1)) }
                open.characters += characters
                open.written.append(writtenLine)
                pending = open
            } else {
                pending = (characters, [writtenLine.droppingIndentation(columns: .max)])
            }
            if continues { continue }
            if let (characters, written) = pending { finish(characters, written) }
            pending = nil
        }
        if let (characters, written) = pending { finish(characters, written) }
        return (lines, diagnostics)
    }

    /// The instructions of one joined line: none for a blank line or a comment, one, or several when a preset
    /// of several lines stands in it.
    private static func statements(_ joined: Characters, written: [String], _ context: Context) -> Result<[QueryLine], Diagnostic> {
        let characters = Array(joined.drop { $0.0.isQuerySpace })
        if characters.isEmpty || characters.first?.0 == "#" { return .success([]) }
        let joinedText = String(characters.map(\.0)).trimmingTrailingWhitespace()
        let expanded: Characters
        switch expand(characters[...], context) {
        case .success(let found): expanded = found
        case .failure(let problem): return .failure(problem)
        }
        // A preset's lines in place of a placeholder are statements of their own.
        let parts = expanded.split(omittingEmptySubsequences: false) { $0.0 == "\n" }
        var found: [QueryLine] = []
        for (index, part) in parts.enumerated() {
            let trimmed = Array(part.drop { $0.0.isQuerySpace }.reversed().drop { $0.0.isQuerySpace }.reversed())
            guard let first = trimmed.first, first.0 != "#" else { continue }
            var label = joinedText
            if parts.count > 1 { label += ": statement \(index + 1) after expansion of placeholder" }
            let last = trimmed.last!
            var line = QueryLine(text: String(trimmed.map(\.0)), written: parts.count > 1 ? [label] : written, joined: label,
                                 positions: trimmed.map(\.1) + [Position(line: last.1.line, column: last.1.column + last.0.utf8.count)])
            // `preset NAME`: the preset's lines, each an instruction, shown as coming from this line.
            var reader = QueryReader(line.text)
            if reader.read("preset") {
                let (name, offset) = reader.readRest()
                let at = line.positions[offset]
                guard let preset = context.presets[name] else {
                    return .failure(.error(unknownPreset(name, context), line: at.line, column: at.column, code: .queryInstruction,
                                           length: name.utf8.count))
                }
                guard context.depth < Context.maximumDepth else {
                    return .failure(.error("presets nest more than \(Context.maximumDepth) deep", line: at.line, column: at.column,
                                           code: .queryInstruction))
                }
                var inner = context
                inner.depth += 1
                let source = preset.split(separator: "\n", omittingEmptySubsequences: false).map {
                    QuerySource.Line(line: first.1.line, column: first.1.column, text: String($0))
                }
                let (lines, problems) = QueryLine.lines(of: source, inner)
                if let problem = problems.first { return .failure(problem) }
                found += lines.map { inner in
                    QueryLine(text: inner.text, written: line.written, joined: line.joined,
                              positions: inner.positions.map { _ in first.1 })
                }
                continue
            }
            line.joined = label
            found.append(line)
        }
        return .success(found)
    }

    /// The characters with `{{! … }}` comments removed and placeholders filled in (a preset's placeholders too).
    private static func expand(_ characters: ArraySlice<(Character, Position)>, _ context: Context) -> Result<Characters, Diagnostic> {
        var expanded: Characters = []
        var index = characters.startIndex
        while index < characters.endIndex {
            guard characters[index].0 == "{", index + 1 < characters.endIndex, characters[index + 1].0 == "{",
                  let close = closingBraces(characters, from: index + 2) else {
                expanded.append(characters[index])
                index += 1
                continue
            }
            let inside = String(characters[(index + 2)..<close].map(\.0))
            let at = characters[index].1
            let span = characters[close + 1].1.line == at.line ? characters[close + 1].1.column - at.column + 1 : 0
            index = close + 2
            if inside.hasPrefix("!") { continue }
            let name = inside.trimmingWhitespace()
            func failure(_ message: String) -> Result<Characters, Diagnostic> {
                .failure(.error(message, line: at.line, column: at.column, code: .queryInstruction, length: span))
            }
            if name.hasPrefix("preset.") {
                let presetName = String(name.dropFirst("preset.".count))
                guard let preset = context.presets[presetName] else { return failure(unknownPreset(presetName, context)) }
                guard context.depth < Context.maximumDepth else { return failure("presets nest more than \(Context.maximumDepth) deep") }
                var inner = context
                inner.depth += 1
                switch expand(ArraySlice(preset.map { ($0, at) }), inner) {
                case .success(let value): expanded += value
                case .failure(let problem): return .failure(problem)
                }
                continue
            }
            guard let value = placeholder(name, file: context.file) ?? property(name, context) else {
                if context.file == nil, QueryLine.placeholderNames.contains(name) {
                    return failure("'{{\(name)}}' needs the query's file: these instructions have none")
                }
                if name.hasPrefix("query.file.property(") || name.hasPrefix("query.file.hasProperty(") {
                    return failure("'{{\(name)}}' is not supported: todofmt reads {{query.file.property('name')}} and "
                                   + "{{query.file.hasProperty('name')}} alone")
                }
                return failure("unknown placeholder '{{\(name)}}' (use " + QueryLine.placeholderNames.map { "{{\($0)}}" }.joined(separator: ", ")
                               + ", or {{preset.NAME}})")
            }
            expanded += value.map { ($0, at) }
        }
        return .success(expanded)
    }

    private static func unknownPreset(_ name: String, _ context: Context) -> String {
        let names = context.presets.keys.sorted()
        return "unknown preset '\(name)'" + (names.isEmpty ? " (there are none)" : " (the presets are " + names.joined(separator: ", ") + ")")
    }

    /// The index of the first `}` of the `}}` that closes a `{{` whose inside starts at `start`.
    private static func closingBraces(_ characters: ArraySlice<(Character, Position)>, from start: Int) -> Int? {
        var index = start
        while index + 1 < characters.endIndex {
            if characters[index].0 == "}", characters[index + 1].0 == "}" { return index }
            index += 1
        }
        return nil
    }

    static let placeholderNames = ["query.file.path", "query.file.pathWithoutExtension", "query.file.root",
                                   "query.file.folder", "query.file.filename", "query.file.filenameWithoutExtension"]

    /// The value of `{{query.file.property('key')}}` (as JavaScript writes it: `null` for none, a list's items
    /// joined by `,`) or `{{query.file.hasProperty('key')}}` for the note's properties; nil for any other text.
    static func property(_ name: String, _ context: Context) -> String? {
        for (prefix, isTest) in [("query.file.property(", false), ("query.file.hasProperty(", true)] where name.hasPrefix(prefix) {
            let argument = name.dropFirst(prefix.count)
            guard argument.hasSuffix(")"), case let key = argument.dropLast().trimmingWhitespace(), key.count >= 2,
                  let quote = key.first, quote == "'" || quote == "\"", key.last == quote else { return nil }
            let property = String(key.dropFirst().dropLast())
            if isTest { return context.properties.has(property) ? "true" : "false" }
            return (context.properties.value(property) ?? .null).javaScriptText
        }
        return nil
    }

    /// The value of `{{name}}` for the query in `file` (a path relative to the folder, with `/` between names).
    static func placeholder(_ name: String, file: String?) -> String? {
        guard let file else { return nil }
        let slash = file.lastIndex(of: "/")
        let filename = slash.map { String(file[file.index(after: $0)...]) } ?? file
        func withoutExtension(_ name: String) -> String {
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex,
                  !name[dot...].contains("/") else { return name }
            return String(name[..<dot])
        }
        switch name {
        case "query.file.path": return file
        case "query.file.pathWithoutExtension": return withoutExtension(file)
        case "query.file.filename": return filename
        case "query.file.filenameWithoutExtension": return withoutExtension(filename)
        case "query.file.folder": return slash.map { String(file[...$0]) } ?? "/"
        case "query.file.root": return file.firstIndex(of: "/").map { String(file[...$0]) } ?? "/"
        default: return nil
        }
    }
}

/// The lines of a query: those of a ```` ```tasks ```` block in a note (`QueryBlock`), or instructions given on
/// a command line.
package struct QuerySource: Hashable, Sendable {
    /// One line: its 1-based line number, the 1-based UTF-8 column its text starts at (after a callout's `> `),
    /// and its text.
    package struct Line: Hashable, Sendable {
        package var line: Int
        package var column: Int
        package var text: String

        /// The text of line `line`, starting at `column`.
        package init(line: Int, column: Int = 1, text: String) {
            self.line = line
            self.column = column
            self.text = text
        }
    }

    package var lines: [Line]

    /// The query made of `lines`.
    package init(lines: [Line]) {
        self.lines = lines
    }

    /// Instructions given one per string (as `todofmt query -e` takes them): the first is line 1.
    package init(instructions: [String]) {
        lines = instructions.enumerated().map { Line(line: $0.offset + 1, text: $0.element) }
    }
}
