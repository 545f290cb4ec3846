/// A task's metadata, whatever dialect writes it: the one model that todo.txt tags (`(A)`, `due:`, `t:`,
/// `rec:`, topydo's `id:` and `p:`), the Obsidian Tasks plugin's emoji and Dataview's inline fields are read
/// into, and that filters, sorting, reports, the calendar and the safety check use.
///
/// When a field is written more than once, the first one written counts (a warning says so), as with
/// todo.txt's tags; a first one whose value is not a real date (`📅 2026-02-30`) leaves the task without it.
public struct TaskFields: Hashable, Sendable {
    /// The dialect the task's fields are written in.
    public var dialect: Dialect = .todotxt
    /// The date the task was created.
    public var created: CalendarDate?
    /// The date the task starts: before it, the task is not yet to be done.
    public var start: CalendarDate?
    /// The date the task is scheduled for.
    public var scheduled: CalendarDate?
    /// The due date, with its time of day when it has one (todo.txt's `due:2026-12-01T14:30`).
    public var due: Moment?
    /// The date the task was done.
    public var done: CalendarDate?
    /// The date the task was cancelled.
    public var cancelled: CalendarDate?
    /// The priority as a todo.txt letter: a level is its letter (`⏫` high is `(B)`, see `PriorityLevel`).
    public var priority: Priority?
    /// The recurrence rule as written (`1w`, `every week on Monday`), when the task has one.
    public var recurrenceText: String?
    /// The rule, when it reads as one.
    package var recurrence: TaskRecurrence?
    /// What happens to the task when it is done (kept or deleted).
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

extension TaskBody {
    /// The task's metadata in every dialect, read from its text (see `TaskFields`).
    package var fields: TaskFields {
        var fields = TaskFields()
        fields.priority = priority
        fields.created = creationDate
        fields.done = completionDate
        fields.dialect = dialect
        var firsts: [TaskField: Int] = [:]
        // Candidates from todo.txt tags, each at the offset of its tag.
        var dueAt = Int.max, startAt = Int.max, recAt = Int.max, idAt = Int.max
        // todo.txt's tags are text where only another dialect's fields are read (a vault's task format).
        if fieldReading.contains(.todotxt) { forEachTag(nil) { token, b in
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
                fields.recurrence = TodoTxtRecurrence(text).map(TaskRecurrence.todotxt)
            } else if keyIs("id"), idAt == .max {
                idAt = at
                fields.id = b.string(token.valueRange)
            } else if keyIs("p") {
                fields.partOf.append(b.string(token.valueRange))
            }
            return true
        } }
        firsts[.due] = dueAt
        firsts[.start] = startAt
        firsts[.recurrence] = recAt
        firsts[.id] = idAt
        if priority != nil { firsts[.priority] = -1 }
        if creationDate != nil { firsts[.created] = -1 }
        if completionDate != nil { firsts[.done] = -1 }
        // Where the trailing spans are #tags alone, each after a space or a tab, they need no reading here.
        guard trailingSpansAreMoreThanTags else {
            fields.hashtags = hashtags(nil)
            return fields
        }
        let bytes = Array(text.utf8)
        let trailing = trailingFields(bytes)
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
                fields.recurrence = RecurrenceRule(text).map(TaskRecurrence.rule)
            case .onCompletion: fields.onCompletion = OnCompletion(word: text)
            case .id: fields.id = text
            case .dependsOn: fields.dependsOn = TrailingFields.dependsOnIDs(bytes, span.value) ?? []
            }
        }
        if let link = trailing.blockLink {
            fields.blockLink = String(decoding: bytes[(link.lowerBound + 2)..<link.upperBound], as: UTF8.self)
        }
        fields.hashtags = hashtags(trailing)
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

    /// `#tags` of the description as the plugin finds them (`forEachHashtag`), without the `#`, each once;
    /// `trailing`: the body's trailing fields, when they are read already.
    func hashtags(_ trailing: TrailingFields?) -> [String] {
        var tags: [String] = []
        forEachHashtag(trailing) { range in
            let tag = String(slice((range.lowerBound + 1)..<range.upperBound))
            if !tags.contains(tag) { tags.append(tag) }
        }
        return tags
    }

    /// Whether the trailing spans are more than #tags each after a space or a tab, so that reading `#tags` (and the
    /// fields) needs them read: a field, a block link, or a span glued or set apart by other whitespace.
    var trailingSpansAreMoreThanTags: Bool { hasTrailingFields && (dialect != .todotxt || hasBlockLink || wordsAreCut) }

    /// Calls `visit` with the UTF-8 offsets (in the body) of each `#tag` of the description, `#` included, in
    /// order, repeats too, as `forEachHashtag(_:_:)` finds them.
    func forEachHashtag(_ visit: (Range<Int>) -> Void) {
        let trailing = trailingSpansAreMoreThanTags ? source.withBytes { trailingFields($0.array(0..<$0.count)) } : nil
        forEachHashtag(trailing, visit)
    }

    /// Calls `visit` with the offsets of each `#tag`, `#` included, as the plugin finds them: those of the
    /// description's own text (the plugin's pattern `(^|\s)#[^ !@#$%^&*(),.?":{}|<>]+`, each match trimmed: a `#` at
    /// the start or after whitespace that no tag before it took, as a tab or a no-break space is part of a tag, then
    /// anything but a space and `!@#$%^&*(),.?":{}|<>`, its trailing whitespace left out), then those among its
    /// trailing fields (`trailing`'s, or, without it, each `#` after whitespace there: the plugin takes them off the
    /// end one by one). A tag ends where a field glued to it starts (`#home📅 2026-12-01`).
    private func forEachHashtag(_ trailing: TrailingFields?, _ visit: (Range<Int>) -> Void) {
        source.withBytes { b in
            /// The tags of `b[from..<end]`; `taking`: the whitespace before a `#` must not be part of the tag before.
            func scan(from: Int, to end: Int, taking: Bool) {
                var taken = from
                var i = b.firstIndex(of: UInt8(ascii: "#"), from: from)
                while i < end {
                    let space = TrailingFields.whitespaceBefore(b, i, floor: 0)
                    let atStart = i == descriptionStart || (space > 0 && (!taking || i - space >= taken))
                    var runEnd = i + 1
                    while runEnd < end, !TrailingFields.isTagStop(b[runEnd]) { runEnd += 1 }
                    let tagEnd = TrailingFields.trimmedEnd(b, runEnd, floor: i + 1)
                    if atStart, tagEnd > i + 1 {
                        visit(i..<tagEnd)
                        taken = runEnd
                    }
                    i = b.firstIndex(of: UInt8(ascii: "#"), from: max(runEnd, i + 1))
                }
            }
            scan(from: descriptionStart, to: trailing?.start ?? fieldsStart, taking: true)
            if let trailing {
                for span in trailing.spans where span.field == nil { visit(span.range) }
            } else if hasTrailingFields {
                scan(from: fieldsStart, to: descriptionEnd, taking: false)
            }
        }
    }
}
