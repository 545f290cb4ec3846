/// Quick fixes for a date the calendar lacks (`due:2026-02-30`, a leading `2026-13-01`): the real dates on
/// either side of it, or no date at all.
package enum DateRepair {
    /// The last real day before the date `YYYY-MM-DD` names and the first one after it, when it names none
    /// (`2026-02-30`: 2026-02-28 and 2026-03-01; `2026-13-01`: 2026-12-31 and 2027-01-01); empty otherwise.
    package static func nearestDates(to text: some StringProtocol) -> [CalendarDate] {
        guard let (y, m, d) = CalendarDate.isoFields(text.utf8), CalendarDate(year: y, month: m, day: d) == nil else { return [] }
        var before: CalendarDate?, after: CalendarDate?
        if m == 0 {
            (before, after) = (CalendarDate(year: y - 1, month: 12, day: 31), CalendarDate(year: y, month: 1, day: 1))
        } else if m > 12 {
            (before, after) = (CalendarDate(year: y, month: 12, day: 31), CalendarDate(year: y + 1, month: 1, day: 1))
        } else if d == 0 {
            let first = CalendarDate(year: y, month: m, day: 1)
            (before, after) = (first.map { $0.adding(days: -1) }, first)
        } else {
            let last = CalendarDate(year: y, month: m, day: CalendarDate.daysIn(month: m, year: y))
            (before, after) = (last, last.map { $0.adding(days: 1) })
        }
        return [before, after].compactMap { $0 }.filter { (1...9999).contains($0.year) }
    }

    /// Writes `date` over the date at 1-based UTF-8 `column` of task line `line`, or removes that date (with its
    /// key, for a tag such as `due:`) when `date` is nil. Whatever the task then says, it says as a task; every
    /// other task stays as it was.
    package static func replaceDate(atLine line: Int, column: Int, with date: CalendarDate?, in document: Document) throws -> EditResult {
        let task = try document.requireTask(atLine: line)
        var taskLine = TaskLine(task: task, in: document)
        let bytes = taskLine.body.bytes
        let start = column - task.bodyColumn
        guard start >= 0, start + 10 <= bytes.count, CalendarDate.isoFields(bytes[start..<(start + 10)]) != nil else {
            throw EditError.unsafeEdit("line \(line) has no date at column \(column)")
        }
        if let date {
            taskLine.body.replace(start..<(start + 10), with: date.description)
        } else {
            // The whole word goes: `due:…` with its key, and the spaces before it (after it, for the first word).
            var wordStart = start
            while wordStart > 0, bytes[wordStart - 1] != .space, bytes[wordStart - 1] != .tab { wordStart -= 1 }
            var removal = wordStart..<(start + 10)
            var before = wordStart
            while before > 0, bytes[before - 1] == .space || bytes[before - 1] == .tab { before -= 1 }
            if before > 0 {
                removal = before..<removal.upperBound
            } else {
                var after = removal.upperBound
                while after < bytes.count, bytes[after] == .space || bytes[after] == .tab { after += 1 }
                removal = removal.lowerBound..<after
            }
            taskLine.body.replace(removal, with: "")
        }
        var edit = DocumentEdit(document)
        try edit.rewrite(task, as: taskLine)
        return try edit.finish()
    }
}
