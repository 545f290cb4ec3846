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

    /// The lines `print` writes, without line endings.
    static func lines(_ diagnostics: [Diagnostic], path: String) -> [String] {
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
            let hint = key.severity == .warning ? " (-q hides warnings)" : ""
            lines.append("\(path): note: \(what) the \(key.severity.rawValue) \"\(key.message)\"\(hint)")
        }
        return lines
    }

    private struct Key: Hashable {
        var severity: Diagnostic.Severity
        var message: String
    }
}
