extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> String {
        trimmingTrailingWhitespace().droppingIndentation(columns: .max)
    }

    /// The text without trailing spaces and tabs.
    func trimmingTrailingWhitespace() -> String {
        var end = utf8.count
        for byte in utf8.reversed() {
            guard byte == .space || byte == .tab else { break }
            end -= 1
        }
        return String(self[..<utf8.index(utf8.startIndex, offsetBy: end)])
    }

    /// Removes up to `columns` columns of leading spaces and tabs (tab stops of 4); a tab that reaches past
    /// the limit is replaced by the spaces left over.
    func droppingIndentation(columns: Int) -> String {
        var column = 0
        var index = utf8.startIndex
        while index < utf8.endIndex, column < columns {
            let byte = utf8[index]
            if byte == .space {
                column += 1
            } else if byte == .tab {
                let next = column + 4 - column % 4
                if next > columns {
                    return String(repeating: " ", count: next - columns) + String(self[utf8.index(after: index)...])
                }
                column = next
            } else {
                break
            }
            index = utf8.index(after: index)
        }
        return String(self[index...])
    }
}
