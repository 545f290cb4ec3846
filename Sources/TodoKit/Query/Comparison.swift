/// A comparison in a filter term such as `due:<=+7d`, `est:<1h` or `value:>8`: an operator and the value on
/// its right, read every way it can be read.
public struct Comparison: Hashable, Sendable, CustomStringConvertible {
    /// How a value compares with the one written.
    public enum Operator: String, Hashable, Sendable, CaseIterable {
        case equal = "="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="

        /// Reads the operator at the start of a term's value: `<=`, `>=`, `!=`, `<`, `>`, `=`, or `!` (as `!=`).
        /// Returns the operator (nil when there is none) and how many characters it took.
        static func prefix(of value: Substring) -> (Operator?, Int) {
            for (text, op) in [("<=", Operator.lessOrEqual), (">=", .greaterOrEqual), ("!=", .notEqual),
                               ("<", .less), (">", .greater), ("=", .equal), ("!", .notEqual)]
            where value.hasPrefix(text) {
                return (op, text.count)
            }
            return (nil, 0)
        }

        var isOrdering: Bool { self != .equal && self != .notEqual }

        func holds<T: Comparable>(_ lhs: T, _ rhs: T) -> Bool {
            switch self {
            case .equal: return lhs == rhs
            case .notEqual: return lhs != rhs
            case .less: return lhs < rhs
            case .lessOrEqual: return lhs <= rhs
            case .greater: return lhs > rhs
            case .greaterOrEqual: return lhs >= rhs
            }
        }
    }

    /// How the value is compared.
    public var op: Operator
    /// The value as written in the filter, e.g. `+7d`.
    public var written: String
    /// The value as a date (relative words resolved against the filter's today), if it reads as one.
    public var date: CalendarDate?
    /// The value as a date and time of day (`now`, `2026-12-01T14:30`), for `due:`: a task's due date
    /// compares as a moment, a day without a time counting as its end.
    public var moment: Moment?
    /// The value as a number, if it reads as one (`8`, `-7`, `2.5`).
    public var number: Double?
    /// The value as a duration, if it reads as one (`1h`, `30m`).
    public var duration: Duration?
    /// Whether a task's value may also equal this one as text (case-insensitively): true for tags without
    /// a known type; false for dates and estimates, which compare only as what they are.
    public var comparesAsText: Bool

    /// A comparison with the value as written, read as a date, a number or a duration where it is one.
    public init(_ op: Operator, written: String, date: CalendarDate? = nil, number: Double? = nil,
                duration: Duration? = nil, comparesAsText: Bool = false) {
        self.op = op
        self.written = written
        self.date = date
        self.number = number
        self.duration = duration
        self.comparesAsText = comparesAsText
    }

    /// Whether a task's value (as written in its file) satisfies the comparison.
    ///
    /// The first reading both sides share decides: number, then moment or date (the task's must be an ISO
    /// date, with or without a time; against a date it compares by its day), then duration. With none shared,
    /// `=` and `!=` fall back to text equality when allowed, and an ordering never holds: a value that
    /// cannot be compared does not match.
    public func holds(for value: String) -> Bool {
        if let number, let other = Comparison.number(in: value) { return op.holds(other, number) }
        if let moment, let other = Moment(iso: value) { return op.holds(other, moment) }
        if let date, let other = Moment(iso: value)?.date { return op.holds(other, date) }
        if let duration, let other = Duration(parsing: value) { return op.holds(other, duration) }
        guard comparesAsText, !op.isOrdering else { return false }
        let equal = value.lowercased() == written.lowercased()
        return op == .equal ? equal : !equal
    }

    /// Reads plain decimal numbers only (`8`, `-7`, `+3`, `2.5`), not `inf`, `nan` or hexadecimal.
    static func number(in text: some StringProtocol) -> Double? {
        var sawDigit = false
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: "."): break
            case UInt8(ascii: "-"), UInt8(ascii: "+"): guard offset == 0 else { return nil }
            default: return nil
            }
        }
        guard sawDigit else { return nil }
        return Double(String(text))
    }

    public var description: String { op.rawValue + written }
}
