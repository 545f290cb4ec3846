/// A ```` ```tasks ```` code block of a note, where the Obsidian Tasks plugin reads a query: in the note itself,
/// in a list item, or in a block quote or callout (`> ```tasks`).
package struct QueryBlock: Hashable, Sendable {
    /// 1-based line of the opening fence.
    package let line: Int
    /// 1-based line of the closing fence (the last line of the note when the block is not closed).
    package let endLine: Int
    /// The lines between the fences.
    package let source: QuerySource

    /// The query blocks of `document`, in order.
    package static func all(in document: Document) -> [QueryBlock] {
        guard document.format == .markdown else { return [] }
        var blocks: [QueryBlock] = []
        let lines = document.lines
        var index = 0
        while index < lines.count {
            let role = document.roles[index].kind
            let content = role == .blockQuote ? quoted(lines.text(index)).1 : lines.text(index)
            guard role == .fence || role == .blockQuote, let fence = opening(content) else {
                index += 1
                continue
            }
            var body: [QuerySource.Line] = []
            var end = index + 1
            while end < lines.count {
                let isClosing: Bool
                let text: Substring
                let column: Int
                if role == .blockQuote {
                    guard document.roles[end].kind == .blockQuote else { break }
                    let (inner, rest) = quoted(lines.text(end))
                    text = rest
                    column = inner + 1
                    isClosing = closes(rest, fence)
                } else {
                    text = lines.text(end)
                    column = 1
                    isClosing = document.roles[end].kind == .fence
                }
                if isClosing { break }
                body.append(QuerySource.Line(line: end + 1, column: column, text: String(text)))
                end += 1
            }
            blocks.append(QueryBlock(line: index + 1, endLine: min(end, lines.count - 1) + 1, source: QuerySource(lines: body)))
            index = end + 1
        }
        return blocks
    }

    /// The block around 1-based `line` (its fences included), if any.
    package static func block(atLine line: Int, in document: Document) -> QueryBlock? {
        all(in: document).first { $0.line <= line && line <= $0.endLine }
    }

    /// A block quote's line without its `>` markers (each with one space after it): the UTF-8 length taken and
    /// what is left.
    private static func quoted(_ line: Substring) -> (Int, Substring) {
        var rest = line
        while true {
            let trimmed = rest.drop { $0 == " " || $0 == "\t" }
            guard trimmed.first == ">" else { break }
            rest = trimmed.dropFirst()
            if rest.first == " " { rest = rest.dropFirst() }
        }
        return (line.utf8.count - rest.utf8.count, rest)
    }

    /// The fence's character and length when `line` opens a `tasks` block.
    private static func opening(_ line: Substring) -> (Character, Int)? {
        let trimmed = line.drop { $0 == " " }
        guard line.count - trimmed.count < 4, let char = trimmed.first, char == "`" || char == "~" else { return nil }
        let run = trimmed.prefix { $0 == char }
        guard run.count >= 3, trimmed.dropFirst(run.count).trimmingWhitespace() == "tasks" else { return nil }
        return (char, run.count)
    }

    /// Whether `line` closes a block opened by `fence`.
    private static func closes(_ line: Substring, _ fence: (Character, Int)) -> Bool {
        let trimmed = line.trimmingWhitespace()
        return trimmed.count >= fence.1 && trimmed.allSatisfy { $0 == fence.0 }
    }
}
