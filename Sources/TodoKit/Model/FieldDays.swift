/// The dates and the priority a task's trailing Tasks or Dataview fields say, as parsing read them: each
/// date as a day number (or none, or a value that is no real date), the priority as a letter. Only the first
/// field of each kind counts, and only when no todo.txt tag or prefix field of that meaning comes before it.
struct FieldDays: Hashable, Sendable {
    enum Day: Equatable {
        case absent
        case invalid
        case day(CalendarDate)

        var date: CalendarDate? {
            if case .day(let date) = self { return date }
            return nil
        }
    }

    private static let absent = Int32.min
    private static let invalid = Int32.min + 1
    /// Created, start, scheduled, due, cancelled, done (the date fields, in `TaskField` order).
    private var days: (Int32, Int32, Int32, Int32, Int32, Int32) = (absent, absent, absent, absent, absent, absent)
    private var priorityCode: UInt8 = 0

    /// The priority's letter, when a field gave one.
    var priority: Priority? {
        get { priorityCode == 0 ? nil : Priority(code: priorityCode) }
        set { priorityCode = newValue?.code ?? 0 }
    }

    func day(_ field: TaskField) -> Day {
        let value: Int32
        switch field {
        case .created: value = days.0
        case .start: value = days.1
        case .scheduled: value = days.2
        case .due: value = days.3
        case .cancelled: value = days.4
        case .done: value = days.5
        default: return .absent
        }
        if value == FieldDays.absent { return .absent }
        if value == FieldDays.invalid { return .invalid }
        return .day(CalendarDate(dayNumber: Int(value)))
    }

    /// Records a date field's value: a real day, or nil for a value that is none.
    mutating func set(_ field: TaskField, _ date: CalendarDate?) {
        let value = date.map { Int32($0.dayNumber) } ?? FieldDays.invalid
        switch field {
        case .created: days.0 = value
        case .start: days.1 = value
        case .scheduled: days.2 = value
        case .due: days.3 = value
        case .cancelled: days.4 = value
        case .done: days.5 = value
        default: break
        }
    }

    static func == (lhs: FieldDays, rhs: FieldDays) -> Bool {
        lhs.days == rhs.days && lhs.priorityCode == rhs.priorityCode
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(days.3)
        hasher.combine(priorityCode)
    }
}
