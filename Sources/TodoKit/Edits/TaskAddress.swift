/// Where a command points: a line number (`12`), or `FILE:LINE` as an editor passes the line under the cursor
/// (`FILE:LINE:COLUMN` is accepted too, the column ignored).
package struct TaskAddress: Hashable, Sendable, CustomStringConvertible {
    /// The file named in the address; nil for a bare line number.
    package var file: String?
    /// 1-based line.
    package var line: Int

    package init(file: String? = nil, line: Int) {
        self.file = file
        self.line = line
    }

    /// Reads `12`, `FILE:12` or `FILE:12:5`; nil for anything else (a line must be a positive number).
    package init?(parsing text: String) {
        if let line = TaskAddress.lineNumber(text) {
            self.init(line: line)
            return
        }
        var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2 else { return nil }
        if parts.count >= 3, TaskAddress.lineNumber(parts[parts.count - 1]) != nil,
           TaskAddress.lineNumber(parts[parts.count - 2]) != nil {
            parts.removeLast()
        }
        guard let line = TaskAddress.lineNumber(parts.removeLast()) else { return nil }
        let file = parts.joined(separator: ":")
        guard !file.isEmpty else { return nil }
        self.init(file: file, line: line)
    }

    static func lineNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let n = Int(text), n > 0 else { return nil }
        return n
    }

    package var description: String { file.map { "\($0):\(line)" } ?? String(line) }
}
