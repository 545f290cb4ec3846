/// A `remind:` value: a day to be reminded on (`remind:2026-11-27`), or a period relative to the task's due
/// date (`remind:-3d` three days before it, `remind:-1w`, `remind:+1d` a day after).
public enum Reminder: Hashable, Sendable {
    case date(CalendarDate)
    /// Days from the due date; negative before it.
    case relative(days: Int)

    /// Reads an ISO date, or a signed period of days or weeks (`-3d`, `-2w`, `+1d`).
    public init?(_ text: some StringProtocol) {
        if let date = CalendarDate(iso: text) {
            self = .date(date)
            return
        }
        let bytes = Array(text.utf8)
        guard bytes.count >= 3, bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") else { return nil }
        let unit = bytes[bytes.count - 1] | 0x20
        guard unit == UInt8(ascii: "d") || unit == UInt8(ascii: "w") else { return nil }
        let digits = bytes[1..<(bytes.count - 1)]
        guard digits.count <= 5, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        let count = digits.reduce(0) { $0 * 10 + Int($1 - 48) } * (unit == UInt8(ascii: "w") ? 7 : 1)
        self = .relative(days: bytes[0] == UInt8(ascii: "-") ? -count : count)
    }

    /// The day to be reminded on, for a task due on `due` (a relative reminder needs one).
    public func date(due: CalendarDate?) -> CalendarDate? {
        switch self {
        case .date(let date): return date
        case .relative(let days): return due.map { $0.adding(days: days) }
        }
    }

    /// Whether the reminder counts from the due date.
    public var isRelative: Bool {
        if case .relative = self { return true }
        return false
    }
}
