/// What the end of an archive holds that lines appended to it depend on: the lists (headings) open there,
/// what its last line is and how it ends. An archive only grows, so `archive` appends to it (FORMAT.md 8.9),
/// and this is all it needs to know of the old text: the appended lines start at column 0 with a heading or a
/// task, which close whatever list item, quote or paragraph was open and leave every line above as it was
/// read; only a block that swallows what follows (an open code fence, an HTML block, front matter) would
/// change them, and an end read whole finds that out (the appended tasks then do not read as tasks).
package struct ArchiveEnd: Hashable, Sendable {
    package struct OpenHeading: Hashable, Sendable {
        package var level: Int
        package var title: String
    }

    /// What the last line of an archive is.
    package enum LastLine: String, Hashable, Sendable {
        /// There is none: the archive is empty.
        case none
        case blank
        /// A line of a top-level task of the last list (its own, a note's or a subtask's): tasks of the same
        /// list follow it directly.
        case task
        /// Anything else: a heading, text, code.
        case other
    }

    /// The headings open at the end, outermost first (todo.txt files have none).
    package var headings: [OpenHeading]
    package var lastLine: LastLine
    /// How the last line ends (`.none`: no final newline); for an empty archive, unused.
    package var lastLineEnding: LineEnding
    /// What the appended lines are read after, to check them where they land: the archive itself, when it was
    /// read whole; else the lines that open the same headings, all that an append depends on.
    var context: String

    /// An archive that does not exist yet, or is empty.
    package static let empty = ArchiveEnd(headings: [], lastLine: .none, lastLineEnding: .lf, context: "")

    init(headings: [OpenHeading], lastLine: LastLine, lastLineEnding: LineEnding, context: String) {
        self.headings = headings
        self.lastLine = lastLine
        self.lastLineEnding = lastLineEnding
        self.context = context
    }

    /// The end of an archive read whole.
    package init(of archive: Document) {
        headings = []
        if let last = archive.headings.indices.last {
            var open: [OpenHeading] = []
            for heading in archive.headings[...last] {
                while let top = open.last, top.level >= heading.level { open.removeLast() }
                open.append(OpenHeading(level: heading.level, title: heading.title))
            }
            headings = open
        }
        context = archive.text
        guard let line = archive.lines.indices.last else {
            (lastLine, lastLineEnding) = (.none, .lf)
            return
        }
        lastLineEnding = archive.lines[line].ending
        if archive.lines[line].isBlank {
            lastLine = .blank
        } else if archive.format == .markdown,
                  let top = archive.tasks.last(where: { $0.parent == nil && archive.isTopLevelItem($0) }),
                  top.endLine == line + 1, top.heading == archive.headings.indices.last {
            lastLine = .task
        } else {
            lastLine = .other
        }
    }

    /// The end of a todo.txt archive, from its last bytes alone: every line of todo.txt stands on its own, so
    /// only how the last one ends matters.
    package init(todoTxtEndingWith tail: String) {
        let lines = Lines(tail)
        guard let last = lines.indices.last else {
            self = .empty
            return
        }
        self.init(headings: [], lastLine: lines[last].isBlank ? .blank : .other, lastLineEnding: lines[last].ending,
                  context: String(lines.text(last)) + lines[last].ending.text)
    }

    /// The end as a record keeps it between runs (without its context, which it makes again from the
    /// headings): one `KEY<TAB>VALUE` line each.
    package var record: String {
        var out = "last\t\(lastLine.rawValue)\nending\t\(ArchiveEnd.name(of: lastLineEnding))\n"
        for heading in headings { out += "heading\t\(heading.level)\t\(heading.title)\n" }
        return out
    }

    /// Reads a record; nil when it is not one.
    package init?(record: String, format: FileFormat) {
        var headings: [OpenHeading] = []
        var last: LastLine?
        var ending: LineEnding?
        for row in record.split(separator: "\n") {
            let fields = row.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            switch fields[0] {
            case "last" where fields.count == 2: last = LastLine(rawValue: fields[1])
            case "ending" where fields.count == 2: ending = ArchiveEnd.ending(named: fields[1])
            case "heading" where fields.count == 3:
                guard let level = Int(fields[1]), (1...6).contains(level), format == .markdown,
                      !fields[2].contains("\n"), !fields[2].contains("\r") else { return nil }
                headings.append(OpenHeading(level: level, title: fields[2]))
            default: return nil
            }
        }
        guard let last, let ending, zip(headings, headings.dropFirst()).allSatisfy({ $0.level < $1.level }) else { return nil }
        self.init(headings: headings, lastLine: last, lastLineEnding: ending, context: "")
        context = openingLines
    }

    /// Lines that open the end's headings (each with a blank line under it), then a last line of the end's
    /// kind, ending as it does: appended lines read after them as after the archive.
    var openingLines: String {
        let headingLines = headings.map { String(repeating: "#", count: $0.level) + " " + $0.title + "\n\n" }.joined()
        switch lastLine {
        case .none: return ""
        case .blank:
            // A blank last line without its ending is a line of spaces.
            if lastLineEnding == .none { return String(headingLines.dropLast()) + " " }
            return headingLines.isEmpty ? "\n" : headingLines
        case .task: return headingLines + "- [x] a task before" + lastLineEnding.text
        case .other: return headingLines + "text before" + lastLineEnding.text
        }
    }

    private static func name(of ending: LineEnding) -> String {
        switch ending {
        case .lf: return "lf"
        case .crlf: return "crlf"
        case .cr: return "cr"
        case .none: return "none"
        }
    }

    private static func ending(named name: String) -> LineEnding? {
        ["lf": .lf, "crlf": .crlf, "cr": .cr, "none": .none][name]
    }
}
