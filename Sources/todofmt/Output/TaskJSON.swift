import TodoKit

/// The JSON object for one task: the stable interface of `todofmt ls --json` (docs/json.md).
enum TaskJSON {
    /// The object of task `index` of `document`, read from `file`; `number`: the number a folder's listing gave
    /// it, when it has one.
    static func object(for index: Int, in document: Document, file: String, dependencies: Dependencies? = nil,
                       number: Int? = nil) -> JSONValue {
        let task = document.tasks[index]
        let fields = task.fields
        var tags: [(String, JSONValue)] = []
        var slot: [String: Int] = [:]
        for (key, value) in task.tags {
            if let at = slot[key] {
                switch tags[at].1 {
                case .array(let values): tags[at].1 = .array(values + [.string(value)])
                case let single: tags[at].1 = .array([single, .string(value)])
                }
            } else {
                slot[key] = tags.count
                tags.append((key, .string(value)))
            }
        }
        let recurrence = fields.recurrence != nil ? fields.recurrenceText : nil
        let level = FilterTerm.priority(of: task).map { PriorityLevel($0).description }
        return .object((number.map { [("number", JSONValue.int($0))] } ?? []) + [
            ("file", .string(file)),
            ("line", .int(task.line)),
            ("list", .strings(document.list(of: index))),
            ("status", .string(task.status.rawValue)),
            ("done", .bool(task.status == .done)),
            ("priority", .optional(FilterTerm.priority(of: task)?.description)),
            ("created", .optional(task.creationDate?.description)),
            ("completed", .optional(task.completionDate?.description)),
            ("due", .optional(task.due?.description)),
            ("due_time", .optional(task.dueMoment?.time?.description)),
            ("threshold", .optional(task.threshold?.description)),
            ("start", .optional(fields.start?.description)),
            ("scheduled", .optional(fields.scheduled?.description)),
            ("cancelled", .optional(fields.cancelled?.description)),
            ("priority_level", .optional(level)),
            ("recurrence", .optional(recurrence)),
            ("on_completion", .optional(fields.onCompletion?.rawValue)),
            ("id", .optional(fields.id)),
            ("depends_on", .strings(fields.dependsOn)),
            ("blocked", .bool((dependencies ?? Dependencies(document)).isBlocked(index))),
            ("hashtags", .strings(document.hashtags(of: index))),
            ("dialect", .string(task.dialect.rawValue)),
            ("text", .string(document.shown(task.text))),
            ("title", .string(document.shown(task.title))),
            ("projects", .strings(task.projects)),
            ("contexts", .strings(task.contexts)),
            ("tags", .object(tags)),
            ("notes", .strings(document.notes(of: index))),
            ("depth", .int(task.depth)),
            ("parent", task.parent.map { .int(document.tasks[$0].line) } ?? .null),
            ("raw", .string(String(document.lines[task.line - 1].text))),
        ])
    }
}
