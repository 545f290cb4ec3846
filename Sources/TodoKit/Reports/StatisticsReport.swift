/// Prints `Statistics` as plain-text tables and a per-week sparkline of completions.
public enum StatisticsReport {
    static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The statistics as the plain text `todofmt stats` prints.
    public static func render(_ statistics: Statistics) -> String {
        var out = ""
        out += table(title: "List", groups: statistics.lists, total: statistics.total)
        if !statistics.projects.isEmpty {
            out += "\n" + table(title: "Project", groups: statistics.projects.map { .init(name: "+" + $0.name, counts: $0.counts) }, total: nil)
        }
        if !statistics.contexts.isEmpty {
            out += "\n" + table(title: "Context", groups: statistics.contexts.map { .init(name: "@" + $0.name, counts: $0.counts) }, total: nil)
        }
        out += "\n" + activityChart(statistics.activity)
        return out
    }

    static func table(title: String, groups: [Statistics.Group], total: Statistics.Counts?) -> String {
        var rows: [[String]] = [[title, "open", "done", "cancelled", "overdue", "estimate"]]
        func row(_ name: String, _ c: Statistics.Counts) -> [String] {
            [name, String(c.open), String(c.done), String(c.cancelled), String(c.overdue),
             c.openEstimateMinutes > 0 ? Duration(minutes: c.openEstimateMinutes).description : "-"]
        }
        rows += groups.map { row($0.name, $0.counts) }
        if let total { rows.append(row("Total", total)) }
        let widths = (0..<6).map { column in rows.map { $0[column].displayWidth }.max() ?? 0 }
        var out = ""
        for (index, cells) in rows.enumerated() {
            var line = cells[0] + String(repeating: " ", count: widths[0] - cells[0].displayWidth)
            for column in 1..<6 {
                line += "  " + String(repeating: " ", count: widths[column] - cells[column].displayWidth) + cells[column]
            }
            out += line + "\n"
            if index == 0 || (total != nil && index == rows.count - 2) {
                out += String(repeating: "-", count: widths.reduce(0, +) + 10) + "\n"
            }
        }
        return out
    }

    /// One row per week (Monday first): a sparkline of the week's daily completions, then totals.
    static func activityChart(_ activity: [Statistics.DayActivity]) -> String {
        guard let first = activity.first, let last = activity.last else { return "" }
        let busiest = activity.map(\.completed).max() ?? 0
        let peak = max(1, busiest)
        var out = "Completed per day, \(first.date) to \(last.date) (peak \(busiest) a day)\n"
        out += "week of     M T W T F S S   done  created\n"
        var index = 0
        var weekStart = first.date.adding(days: -(first.date.weekday - 1))
        while weekStart <= last.date {
            var cells: [String] = []
            var done = 0, created = 0
            for offset in 0..<7 {
                let day = weekStart.adding(days: offset)
                if index < activity.count, activity[index].date == day {
                    let count = activity[index].completed
                    done += count
                    created += activity[index].created
                    cells.append(count == 0 ? "·" : String(bars[min(7, (count * 8 - 1) / peak)]))
                    index += 1
                } else {
                    cells.append(" ")
                }
            }
            let doneText = String(done), createdText = String(created)
            out += "\(weekStart)  " + cells.joined(separator: " ")
                + String(repeating: " ", count: max(1, 7 - doneText.count)) + doneText
                + String(repeating: " ", count: max(1, 9 - createdText.count)) + createdText + "\n"
            weekStart = weekStart.adding(days: 7)
        }
        return out
    }
}
