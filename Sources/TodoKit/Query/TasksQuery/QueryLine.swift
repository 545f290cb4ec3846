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
    func diagnostic(_ error: QueryError) -> Diagnostic {
        let at = positions[min(max(0, error.offset), positions.count - 1)]
        let endOffset = min(error.offset + error.length, positions.count - 1)
        let end = positions[max(endOffset, min(max(0, error.offset), positions.count - 1))]
        let length = end.line == at.line ? max(0, end.column - at.column) : 0
        return .error(error.message, line: at.line, column: at.column, code: .queryInstruction, length: length)
    }

    /// The instructions of a block's lines; placeholders are filled from `file` (nil: the instructions have
    /// no file, and a placeholder is an error).
    static func lines(of source: [QuerySource.Line], file: String?) -> (lines: [QueryLine], diagnostics: [Diagnostic]) {
        var lines: [QueryLine] = []
        var diagnostics: [Diagnostic] = []
        var pending: (characters: [(Character, Position)], written: [String])?
        for sourceLine in source {
            var characters: [(Character, Position)] = []
            var column = sourceLine.column
            for character in sourceLine.text {
                characters.append((character, Position(line: sourceLine.line, column: column)))
                column += character.utf8.count
            }
            let end = Position(line: sourceLine.line, column: column)
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
            if let (characters, written) = pending {
                switch finish(characters, written: written, end: end, file: file) {
                case .success(let line?): lines.append(line)
                case .success(nil): break
                case .failure(let diagnostic): diagnostics.append(diagnostic)
                }
            }
            pending = nil
        }
        if let (characters, written) = pending, let last = source.last {
            let end = Position(line: last.line, column: last.column + last.text.utf8.count)
            switch finish(characters, written: written, end: end, file: file) {
            case .success(let line?): lines.append(line)
            case .success(nil): break
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        return (lines, diagnostics)
    }

    /// The instruction of one joined line: nil for a blank line or a comment.
    private static func finish(_ joined: [(Character, Position)], written: [String], end: Position,
                               file: String?) -> Result<QueryLine?, Diagnostic> {
        var characters = joined[...]
        while let first = characters.first, first.0.isQuerySpace { characters.removeFirst() }
        if characters.isEmpty || characters.first?.0 == "#" { return .success(nil) }
        var expanded: [(Character, Position)] = []
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
            if !inside.hasPrefix("!") {
                let name = inside.trimmingWhitespace()
                guard let value = placeholder(name, file: file) else {
                    let message: String
                    if file == nil, QueryLine.placeholderNames.contains(name) {
                        message = "'{{\(name)}}' needs the query's file: these instructions have none"
                    } else if name.hasPrefix("query.file.property(") || name.hasPrefix("query.file.hasProperty(") {
                        message = "'{{\(name)}}' is not supported: todofmt does not read a note's properties"
                    } else {
                        message = "unknown placeholder '{{\(name)}}' (use " + QueryLine.placeholderNames.map { "{{\($0)}}" }.joined(separator: ", ") + ")"
                    }
                    let span = characters[close + 1].1.line == at.line ? characters[close + 1].1.column - at.column + 1 : 0
                    return .failure(.error(message, line: at.line, column: at.column, code: .queryInstruction, length: span))
                }
                expanded += value.map { ($0, at) }
            }
            index = close + 2
        }
        while let last = expanded.last, last.0.isQuerySpace { expanded.removeLast() }
        while let first = expanded.first, first.0.isQuerySpace { expanded.removeFirst() }
        if expanded.isEmpty { return .success(nil) }
        let endPosition = expanded.last.map { Position(line: $0.1.line, column: $0.1.column + $0.0.utf8.count) } ?? end
        let joinedText = String(characters.map(\.0)).trimmingTrailingWhitespace()
        return .success(QueryLine(text: String(expanded.map(\.0)), written: written, joined: joinedText,
                                  positions: expanded.map(\.1) + [endPosition]))
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
public struct QuerySource: Hashable, Sendable {
    /// One line: its 1-based line number, the 1-based UTF-8 column its text starts at (after a callout's `> `),
    /// and its text.
    public struct Line: Hashable, Sendable {
        public var line: Int
        public var column: Int
        public var text: String

        public init(line: Int, column: Int = 1, text: String) {
            self.line = line
            self.column = column
            self.text = text
        }
    }

    public var lines: [Line]

    public init(lines: [Line]) {
        self.lines = lines
    }

    /// Instructions given one per string (as `todofmt query -e` takes them): the first is line 1.
    public init(instructions: [String]) {
        lines = instructions.enumerated().map { Line(line: $0.offset + 1, text: $0.element) }
    }
}
