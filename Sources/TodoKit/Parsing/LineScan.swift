/// Facts about one line's leading whitespace and first content, computed once per line.
struct LineScan {
    /// Leading whitespace in columns, tabs advancing to the next multiple of 4 (CommonMark's tab stops).
    var indent: Int
    /// UTF-8 offset of the first byte that is not a space or tab (== count for a blank line).
    var start: Int
    var count: Int
    var isBlank: Bool { start == count }

    init(_ b: Span<UInt8>) {
        var column = 0, i = 0
        while i < b.count {
            if b[i] == .space { column += 1 } else if b[i] == .tab { column += 4 - column % 4 } else { break }
            i += 1
        }
        indent = column
        start = i
        count = b.count
    }

    /// The column reached after the whitespace that starts at byte `offset`, beginning at `column`.
    static func skipWhitespace(_ b: Span<UInt8>, from offset: Int, column: Int) -> (offset: Int, column: Int) {
        var i = offset, col = column
        while i < b.count {
            if b[i] == .space { col += 1 } else if b[i] == .tab { col += 4 - col % 4 } else { break }
            i += 1
        }
        return (i, col)
    }

    /// The columns of leading whitespace of `text`.
    static func indentation(of text: Substring) -> Int {
        LineScan(text.utf8.span).indent
    }
}
