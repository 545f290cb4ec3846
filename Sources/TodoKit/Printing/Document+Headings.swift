extension Document {
    /// Whether line `index` (0-based) is a line of a setext heading's text that the next line continues: a hard
    /// line break at its end is one, as in a paragraph.
    func continuesSetextHeading(after index: Int) -> Bool {
        guard index + 1 < roles.count, roles[index].kind == .heading, roles[index + 1].kind == .heading else { return false }
        // The heading whose lines hold `index`: the last one starting at or before it.
        var low = 0, high = headings.count
        while low < high {
            let mid = (low + high) / 2
            if headings[mid].line - 1 <= index { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return false }
        let heading = headings[low - 1]
        return heading.isSetext && index + 2 < heading.endLine
    }
}
