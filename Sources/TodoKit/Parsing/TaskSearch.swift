/// A look at a file's bytes before it is read: whether it can hold a task at all. A Markdown task is a checkbox
/// item, and a checkbox is `[`, one character and `]`; a note without one holds no task whatever else it holds,
/// so a folder of notes is searched for checkboxes first and only the notes that have one are read (as ripgrep
/// searches bytes before it does anything else). A todo.txt file holds a task on any line that is not blank.
///
/// It may say yes for a file without tasks (a `[x]` in prose); it never says no for a file with one, which
/// `TaskSearchTests` checks against the parser.
package enum TaskSearch {
    package static func mayHoldTasks(_ bytes: Span<UInt8>, format: FileFormat) -> Bool {
        switch format {
        case .todotxt:
            return (0..<bytes.count).contains { bytes[$0] > .space }
        case .markdown:
            var i = bytes.firstIndex(of: UInt8(ascii: "["), from: 0)
            while i + 2 < bytes.count {
                // One character (a UTF-8 sequence as wide as its first byte says), `]`, then a blank (a no-break
                // space in an Obsidian note) or the end.
                let lead = bytes[i + 1]
                let close = i + 2 + (lead < 0xC0 ? 0 : lead < 0xE0 ? 1 : lead < 0xF0 ? 2 : 3)
                if close < bytes.count, bytes[close] == UInt8(ascii: "]") {
                    let after = close + 1 < bytes.count ? bytes[close + 1] : .space
                    if after == .space || after == .tab || after == .newline || after == .carriageReturn || after == 0xC2 { return true }
                }
                i = bytes.firstIndex(of: UInt8(ascii: "["), from: i + 1)
            }
            return false
        }
    }
}
