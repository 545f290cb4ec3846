/// A task's metadata, whatever dialect writes it: the one model that todo.txt tags (`(A)`, `due:`, `t:`,
/// `rec:`, topydo's `id:` and `p:`), the Obsidian Tasks plugin's emoji and Dataview's inline fields are read
/// into, and that filters, sorting, reports, the calendar and the safety check use.
///
/// When a field is written more than once, the first one written counts (a warning says so), as with
/// todo.txt's tags; a first one whose value is not a real date (`📅 2026-02-30`) leaves the task without it.
public struct TaskFields: Hashable, Sendable {
    public var dialect: Dialect = .todotxt
    public var created: CalendarDate?
    public var start: CalendarDate?
    public var scheduled: CalendarDate?
    /// The due date, with its time of day when it has one (todo.txt's `due:2026-12-01T14:30`).
    public var due: Moment?
    public var done: CalendarDate?
    public var cancelled: CalendarDate?
    /// The priority as a todo.txt letter: a level is its letter (`⏫` high is `(B)`, see `PriorityLevel`).
    public var priority: Priority?
    /// The recurrence rule as written (`1w`, `every week on Monday`), when the task has one.
    public var recurrenceText: String?
    /// The rule, when it reads as one.
    public var recurrence: TaskRecurrence?
    public var onCompletion: OnCompletion?
    /// The task's own id (`🆔`, `[id:: ]`, topydo's `id:`).
    public var id: String?
    /// The ids of the tasks this one waits for (`⛔ a,b`, `[dependsOn:: ]`).
    public var dependsOn: [String] = []
    /// topydo's `p:` ids: this task is a part of the task with that `id:`, which waits for it.
    public var partOf: [String] = []
    /// `#tags`, without the `#`, in order, each once.
    public var hashtags: [String] = []
    /// The block link at the end (`^abc123`), without the caret.
    public var blockLink: String?

    /// No fields.
    public init() {}

    /// The priority's level: `normal` for none.
    public var priorityLevel: PriorityLevel { PriorityLevel(priority) }
}

/// A recurrence: topydo's `rec:` (`1w`, `+2m`) or a rule in words as the Obsidian Tasks plugin reads it.
public enum TaskRecurrence: Hashable, Sendable {
    case todotxt(Recurrence)
    case rule(RepeatRule)
}

extension TaskBody {
    /// The task's metadata in every dialect, read from its text (see `TaskFields`).
    public var fields: TaskFields {
        var fields = TaskFields()
        fields.priority = priority
        fields.created = creationDate
        fields.done = completionDate
        fields.dialect = dialect
        var firsts: [TaskField: Int] = [:]
        // Candidates from todo.txt tags, each at the offset of its tag.
        var dueAt = Int.max, startAt = Int.max, recAt = Int.max, idAt = Int.max
        forEachTag(nil) { token, b in
            let key = token.nameRange
            func keyIs(_ name: StaticString) -> Bool { key.count == name.utf8CodeUnitCount && b.hasPrefix(name, at: key.lowerBound) }
            let at = token.range.lowerBound
            if keyIs("due"), dueAt == .max {
                dueAt = at
                fields.due = Moment.read(b, token.valueRange)
            } else if keyIs("t"), startAt == .max {
                startAt = at
                let value = token.valueRange
                if value.count == 10, let (y, m, d) = CalendarDate.isoFields(b, at: value.lowerBound) {
                    fields.start = CalendarDate(year: y, month: m, day: d)
                }
            } else if keyIs("rec"), recAt == .max {
                recAt = at
                let text = b.string(token.valueRange)
                fields.recurrenceText = text
                fields.recurrence = Recurrence(text).map(TaskRecurrence.todotxt)
            } else if keyIs("id"), idAt == .max {
                idAt = at
                fields.id = b.string(token.valueRange)
            } else if keyIs("p") {
                fields.partOf.append(b.string(token.valueRange))
            }
            return true
        }
        firsts[.due] = dueAt
        firsts[.start] = startAt
        firsts[.recurrence] = recAt
        firsts[.id] = idAt
        if priority != nil { firsts[.priority] = -1 }
        if creationDate != nil { firsts[.created] = -1 }
        if completionDate != nil { firsts[.done] = -1 }
        guard hasTrailingFields else {
            fields.hashtags = hashtags(skipping: [])
            return fields
        }
        let bytes = Array(text.utf8)
        let trailing = TrailingFields(bytes, from: descriptionStart, to: descriptionEnd)
        for span in trailing.spans {
            guard let field = span.field, span.range.lowerBound < firsts[field] ?? .max else { continue }
            firsts[field] = span.range.lowerBound
            let value = bytes[span.value]
            let text = String(decoding: value, as: UTF8.self)
            switch field {
            case .created: fields.created = CalendarDate(iso: text)
            case .start: fields.start = CalendarDate(iso: text)
            case .scheduled: fields.scheduled = CalendarDate(iso: text)
            case .due: fields.due = CalendarDate(iso: text).map { Moment($0) }
            case .done: fields.done = CalendarDate(iso: text)
            case .cancelled: fields.cancelled = CalendarDate(iso: text)
            case .priority: fields.priority = TaskBody.level(of: value, dialect: span.dialect).priority
            case .recurrence:
                fields.recurrenceText = text.trimmingWhitespace()
                fields.recurrence = RepeatRule(text).map(TaskRecurrence.rule)
            case .onCompletion: fields.onCompletion = OnCompletion(word: text)
            case .id: fields.id = text
            case .dependsOn: fields.dependsOn = TrailingFields.dependsOnList(bytes, span.value) ?? []
            }
        }
        if let link = trailing.blockLink {
            fields.blockLink = String(decoding: bytes[(link.lowerBound + 2)..<link.upperBound], as: UTF8.self)
        }
        fields.hashtags = hashtags(skipping: trailing.spans.filter { $0.field != nil }.map(\.range))
        return fields
    }

    /// The level a priority field's value names: an emoji, or Dataview's word.
    static func level(of value: ArraySlice<UInt8>, dialect: Dialect) -> PriorityLevel {
        if dialect == .dataview { return PriorityLevel(name: String(decoding: value, as: UTF8.self)) ?? .normal }
        var scalar: UInt32 = 0
        for byte in value { scalar = byte >= 0xC0 ? UInt32(byte & (byte >= 0xF0 ? 0x07 : 0x0F)) : scalar << 6 | UInt32(byte & 0x3F) }
        switch scalar {
        case 0x1F53A: return .highest
        case 0x23EB: return .high
        case 0x1F53C: return .medium
        case 0x1F53D: return .low
        case 0x23EC: return .lowest
        default: return .normal
        }
    }

    /// `#tags` of the description as the plugin finds them (`#` after whitespace or at the start, then
    /// anything but whitespace and `!@#$%^&*(),.?":{}|<>`), outside `skipping`, without the `#`, each once.
    func hashtags(skipping: [Range<Int>]) -> [String] {
        var tags: [String] = []
        forEachHashtag(skipping: skipping) { range in
            let tag = String(slice((range.lowerBound + 1)..<range.upperBound))
            if !tags.contains(tag) { tags.append(tag) }
        }
        return tags
    }

    /// Calls `visit` with the UTF-8 offsets (in the body) of each `#tag` of the description, `#` included, in
    /// order, outside `skipping`.
    func forEachHashtag(skipping: [Range<Int>], _ visit: (Range<Int>) -> Void) {
        source.withBytes { b in
            var i = b.firstIndex(of: UInt8(ascii: "#"), from: descriptionStart)
            while i < b.count {
                let atStart = i == 0 || b[i - 1] == .space || b[i - 1] == .tab
                    || (i >= 2 && b[i - 2] == 0xC2 && b[i - 1] == 0xA0)
                var end = i + 1
                while end < b.count, b[end] != .tab, !TrailingFields.isTagStop(b[end]) { end += 1 }
                if atStart, end > i + 1, !skipping.contains(where: { $0.contains(i) }) { visit(i..<end) }
                i = b.firstIndex(of: UInt8(ascii: "#"), from: max(end, i + 1))
            }
        }
    }
}
