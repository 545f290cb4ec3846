/// The Obsidian Tasks plugin's urgency score, which its default order sorts by: the sum of a score for the due
/// date (12 when due a week ago or more, falling evenly to 2.4 when due in two weeks or more; 0 without one),
/// the priority (9, 6, 3.9, 1.95 for none, 0, -1.8), the scheduled date (5 when today or earlier) and the start
/// date (-3 when after today). Invalid dates count as none.
///
/// Held exactly, in 700ths, so that sorting by it never depends on rounding.
struct Urgency: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The score times 700.
    let units: Int

    init(_ task: QueryTask, today: CalendarDate) {
        var units = 0
        if let due = task.dates[.due]?.day {
            let daysOverdue = min(7, max(-14, due.days(until: today)))
            units += 6160 + 320 * daysOverdue
        }
        switch task.priority {
        case .highest: units += 6300
        case .high: units += 4200
        case .medium: units += 2730
        case .normal: units += 1365
        case .low: break
        case .lowest: units -= 1260
        }
        if let scheduled = task.dates[.scheduled]?.day, scheduled <= today { units += 3500 }
        if let start = task.dates[.start]?.day, start > today { units -= 2100 }
        self.units = units
    }

    static func < (lhs: Urgency, rhs: Urgency) -> Bool { lhs.units < rhs.units }

    /// With two decimals, as `group by urgency` names its groups: `12.70`.
    var description: String { Urgency.decimal(units, places: 2) }

    /// With up to three decimals, as `show urgency` prints it: `12.7`, `8.343`.
    var shortDescription: String {
        var text = Urgency.decimal(units, places: 3)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `units / 700` rounded half away from zero to `places` decimals.
    private static func decimal(_ units: Int, places: Int) -> String {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(units) * scale * 2 + 700) / 1400
        let whole = scaled / scale, fraction = scaled % scale
        let digits = String(fraction)
        return (units < 0 && scaled != 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: places - digits.count) + digits
    }
}
