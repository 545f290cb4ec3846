/// Every problem worth showing in an editor: what reading the file found (`Document.diagnostics`), the lists
/// over their cap (what `todofmt --check` warns about), and the tasks that contradict themselves.
package enum DocumentDiagnostics {
    /// The document's diagnostics, then those of its lists and tasks, in order of line and column.
    package static func all(in document: Document) -> [Diagnostic] {
        var found = document.diagnostics + ListLimit.violations(in: document)
        for task in document.tasks { found += contradictions(in: task) }
        return found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// What one task says against itself: `t:` after `due:`, a completion date before the creation date. (A
    /// single-valued tag given again is found while reading: `todofmt --check` warns about it too.)
    static func contradictions(in task: TodoTask) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let body = task.body
        func column(_ offset: Int) -> Int { task.bodyColumn + offset }
        if let threshold = body.threshold, let due = body.due, threshold > due, let token = body.tagTokens("t").first {
            found.append(.warning("t:\(threshold) is after due:\(due): the task would start after it is due",
                                  line: task.line, column: column(token.range.lowerBound), code: .thresholdAfterDue,
                                  length: token.range.count))
        }
        if let completed = body.completionDate, let created = body.creationDate, completed < created {
            let prefix = Array(body.text.utf8.prefix(body.descriptionStart))
            let date = Array(completed.description.utf8)
            let offset = (0...max(0, prefix.count - date.count)).first { Array(prefix.dropFirst($0).prefix(date.count)) == date } ?? 0
            found.append(.warning("completed \(completed), before it was created (\(created))",
                                  line: task.line, column: column(offset), code: .completedBeforeCreated, length: date.count))
        }
        return found
    }
}
