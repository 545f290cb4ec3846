/// Priorities between todo.txt's letters and iCalendar's numbers (RFC 5545 §3.8.1.9: 1 highest, 9 lowest,
/// 0 none).
///
/// Calendar and task apps offer three levels and write them as 1 (high), 5 (medium) and 9 (low); todo.txt
/// users write `(A)`, `(B)` and `(C)` for the same three. So `(A)` is 1, `(B)` is 5 and `(C)` to `(Z)` are 9,
/// and back, 1 to 4 read as `(A)`, 5 as `(B)` and 6 to 9 as `(C)`. A priority below C is lowest in the
/// calendar as every low one is, and stays as written in the file: the sync changes a task's priority
/// only when the calendar's number changed.
public enum CalendarPriority {
    /// The number for a letter; 0 for none.
    public static func number(for priority: Priority?) -> Int {
        guard let priority else { return 0 }
        switch priority.rank {
        case 0: return 1
        case 1: return 5
        default: return 9
        }
    }

    /// The letter for a number; nil for 0 or a number outside 1–9.
    public static func priority(for number: Int) -> Priority? {
        switch number {
        case 1...4: return Priority("A")
        case 5: return Priority("B")
        case 6...9: return Priority("C")
        default: return nil
        }
    }
}
