/// One sort key's value for every task of a list, encoded as integers that order the way the key does.
///
/// Present values are numbered so that a smaller number sorts first (negated for a descending key); a task
/// without a value holds `SortColumn.missing`, which sorts after every present value in either direction.
struct SortColumn {
    static let missing = Int.max

    var values: [Int]

    init(_ key: SortKey, tasks: [TodoTask]) {
        let missing = SortColumn.missing
        func each<T>(_ value: (TaskBody) -> T) -> [T] { tasks.map { value($0.body) } }
        switch key.field {
        case .status:
            values = tasks.indices.map { tasks[$0].status.isOpen ? 0 : 1 }
        case .priority:
            // In a file of the Tasks or Dataview dialect no priority ranks between medium and low, as the plugin
            // sorts; in a todo.txt-style file it comes last, as todo.txt tools sort.
            let noneBetween = tasks.contains { $0.dialect != .todotxt }
            values = tasks.map { task in
                task.priority.map { $0.rank * 2 } ?? (noneBetween ? PriorityLevel.medium.priority!.rank * 2 + 1 : missing)
            }
        case .due:
            // By day, then by time; a day without a time after its timed tasks (it is due by its end).
            values = each { $0.dueMoment.map { $0.date.dayNumber * (TimeOfDay.minutesPerDay + 1) + ($0.time?.minutes ?? TimeOfDay.minutesPerDay) } ?? missing }
        case .threshold:
            values = each { $0.threshold?.dayNumber ?? missing }
        case .created:
            values = tasks.map { $0.creationDate?.dayNumber ?? missing }
        case .completed:
            values = tasks.map { $0.completionDate?.dayNumber ?? missing }
        case .text:
            values = SortColumn.ranks(each { FoldedText($0.foldedDescription) })
        case .project:
            values = SortColumn.ranks(each { $0.foldedFirstName(of: .project).map(FoldedText.init) })
        case .context:
            values = SortColumn.ranks(each { $0.foldedFirstName(of: .context).map(FoldedText.init) })
        case .tag(let name):
            values = SortColumn.tagValues(each { $0.tag(name) })
        }
        if key.isDescending {
            for i in values.indices where values[i] != missing { values[i] = -values[i] }
        }
    }

    /// Dense ranks (0 for the smallest value, equal values equal ranks); `missing` for nil.
    static func ranks<T: Comparable>(_ values: [T?]) -> [Int] {
        var ranks = [Int](repeating: missing, count: values.count)
        let present = values.indices.filter { values[$0] != nil }
        let sorted = present.sorted { values[$0]! < values[$1]! }
        var rank = -1
        var previous: T?
        for index in sorted {
            let value = values[index]!
            if previous == nil || previous! < value { rank += 1 }
            previous = value
            ranks[index] = rank
        }
        return ranks
    }

    /// A tag's values, compared by what they all are: real dates as dates, numbers by value, durations
    /// (`est:`-style) by length; otherwise as folded text.
    static func tagValues(_ values: [String?]) -> [Int] {
        let present = values.compactMap { $0 }
        if present.allSatisfy({ CalendarDate(iso: $0) != nil }) {
            return values.map { $0.flatMap { CalendarDate(iso: $0)?.dayNumber } ?? missing }
        }
        if present.allSatisfy({ decimalNumber($0) != nil }) {
            return ranks(values.map { $0.flatMap(decimalNumber) })
        }
        if present.allSatisfy({ Duration(parsing: $0) != nil }) {
            return values.map { $0.flatMap { Duration(parsing: $0)?.minutes } ?? missing }
        }
        return ranks(values.map { $0.map { FoldedText(TaskBody.folded($0)) } })
    }

    /// `12`, `-3`, `+0.5`, `2.75`: an optional sign, digits, and an optional fraction. Nothing else (no
    /// exponents, no `inf`), so that only what reads as a plain number sorts as one.
    static func decimalNumber(_ text: String) -> Double? {
        var sawDigit = false, sawPoint = false, digitsAfterPoint = 0
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard offset == 0 else { return nil }
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                sawDigit = true
                if sawPoint { digitsAfterPoint += 1 }
            case UInt8(ascii: "."):
                guard sawDigit, !sawPoint else { return nil }
                sawPoint = true
            default:
                return nil
            }
        }
        guard sawDigit, !sawPoint || digitsAfterPoint > 0 else { return nil }
        return Double(text)
    }
}

/// Folded text (see `TaskBody.folded`), ordered byte by byte, which is Unicode scalar value order.
struct FoldedText: Comparable {
    var bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static func < (lhs: FoldedText, rhs: FoldedText) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }
}
