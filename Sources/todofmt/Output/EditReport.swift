import TodoKit

/// What a command that edited a file prints: the tasks it changed or added, `LINE: TEXT` (`FILE:LINE: TEXT`
/// when the file was named), the lines it removed, and its warnings and notes on standard error.
enum EditReport {
    static func print(_ result: EditResult, path: String, showsPath: Bool) {
        for warning in result.warnings { printError("\(shown(path)):\(warning)\n") }
        for note in result.notes { printError("\(shown(path)): note: \(note)\n") }
        for line in result.removedLines { printOut("removed: \(line.showingControlCharacters())\n") }
        for line in result.changedTaskLines {
            printOut("\(showsPath ? "\(shown(path)):" : "")\(line): \(String(result.document.lines[line - 1].text).showingControlCharacters())\n")
        }
    }
}
