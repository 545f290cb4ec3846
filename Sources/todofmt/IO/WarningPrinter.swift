import TodoKit

/// Prints a file's diagnostics to standard error as `path:line:col: severity: message`, each distinct message
/// once: the other lines with the same message are counted and summed up in one note after the others.
///
/// A file kept with another tool's conventions (a `[√]` checkbox on every line) would otherwise print the
/// same warning hundreds of times and bury the output; the first line still points an editor at an example.
enum WarningPrinter {
    static func print(_ diagnostics: [Diagnostic], path: String) {
        for line in lines(diagnostics, path: path) { printError(line + "\n") }
    }

    /// Prints the warnings about dates the calendar lacks (`📅 2026-02-30`, `due:2026-12-01T25:00`) in `document`,
    /// on the lines `lines` (all when nil): a command that reads tasks says that such a task has no date, which
    /// its listing, filters and reminders would otherwise pass over in silence.
    static func printImpossibleDates(in document: Document, path: String, lines: ClosedRange<Int>? = nil) {
        let dates = document.diagnostics.filter { diagnostic in
            (diagnostic.code == .impossibleDate || diagnostic.code == .malformedTime) && lines.map { $0.contains(diagnostic.line) } ?? true
        }
        guard !dates.isEmpty else { return }
        for line in self.lines(dates, path: path, quietable: false) { printError(line + "\n") }
    }

    /// The lines `print` writes, without line endings; `quietable`: the command takes `-q`, which the summary
    /// names.
    static func lines(_ diagnostics: [Diagnostic], path: String, quietable: Bool = true) -> [String] {
        let path = shown(path)
        var otherLines: [Key: Set<Int>] = [:]
        var firstLine: [Key: Int] = [:]
        var order: [Key] = []
        var lines: [String] = []
        for diagnostic in diagnostics {
            let key = Key(severity: diagnostic.severity, message: diagnostic.message)
            if let first = firstLine[key] {
                if diagnostic.line != first { otherLines[key, default: []].insert(diagnostic.line) }
                continue
            }
            firstLine[key] = diagnostic.line
            order.append(key)
            lines.append("\(path):\(diagnostic)")
        }
        for key in order {
            guard let count = otherLines[key]?.count, count > 0 else { continue }
            let what = count == 1 ? "1 more line has" : "\(count) more lines have"
            let hint = key.severity == .warning && quietable ? " (-q hides warnings)" : ""
            lines.append("\(path): note: \(what) the \(key.severity.rawValue) \"\(key.message)\"\(hint)")
        }
        return lines
    }

    private struct Key: Hashable {
        var severity: Diagnostic.Severity
        var message: String
    }
}
