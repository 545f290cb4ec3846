/// A parsed todo file: its lines exactly as read, and the structure found in them.
///
/// `Document(parsing: x).text == x` for every string: the lines keep their bytes and endings, and the
/// structure (tasks, list items, headings) only points at lines.
public struct Document: Sendable {
    public let format: FileFormat
    /// Whether the text started with a UTF-8 byte order mark.
    public let hasByteOrderMark: Bool
    public let lines: [Line]
    /// What each line is; `roles[i]` describes `lines[i]`.
    public internal(set) var roles: [LineRole] = []
    /// Every task, in document order.
    public internal(set) var tasks: [Task] = []
    /// Every Markdown list item, in document order.
    public internal(set) var items: [ListItem] = []
    public internal(set) var headings: [Heading] = []
    /// Problems found while reading: unknown checkbox characters, dates that are not real, and so on.
    public internal(set) var diagnostics: [Diagnostic] = []

    /// Reads `text` as a todo file of the given format.
    public init(parsing text: String, format: FileFormat = .markdown) {
        let (bom, lines) = LineSplitter.split(text)
        self.init(lines: lines, format: format, hasByteOrderMark: bom)
    }

    /// Builds a document from lines, deriving its structure.
    public init(lines: [Line], format: FileFormat, hasByteOrderMark: Bool = false) {
        self.format = format
        self.hasByteOrderMark = hasByteOrderMark
        self.lines = lines
        switch format {
        case .markdown: MarkdownStructureParser.parse(into: &self)
        case .todotxt: TodoTxtParser.parse(into: &self)
        }
    }

    /// The document printed back: byte order mark, every line and its ending, exactly as held.
    public var text: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(3) { $0 + $1.text.utf8.count + 2 })
        if hasByteOrderMark { bytes.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
        for line in lines {
            bytes.append(contentsOf: line.text.utf8)
            switch line.ending {
            case .lf: bytes.append(.newline)
            case .crlf: bytes.append(contentsOf: [.carriageReturn, .newline])
            case .cr: bytes.append(.carriageReturn)
            case .none: break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The task whose checkbox (or todo.txt) line is `line` (1-based).
    public func task(atLine line: Int) -> Int? {
        var low = 0, high = tasks.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if tasks[mid].line == line { return mid }
            if tasks[mid].line < line { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }

    /// The line ending most lines use, for lines an edit adds; LF when the file has none.
    public var dominantLineEnding: LineEnding {
        var crlf = 0, lf = 0, cr = 0
        for line in lines {
            switch line.ending {
            case .crlf: crlf += 1
            case .lf: lf += 1
            case .cr: cr += 1
            case .none: break
            }
        }
        if crlf > lf && crlf >= cr { return .crlf }
        if cr > lf && cr > crlf { return .cr }
        return .lf
    }
}
