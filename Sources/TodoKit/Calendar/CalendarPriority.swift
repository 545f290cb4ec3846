/// Priorities between a task's and iCalendar's numbers (RFC 5545 §3.8.1.9: 1 highest, 9 lowest, 0 none;
/// a client with three levels reads 1–4 as high, 5 as medium and 6–9 as low).
///
/// A todo.txt-style task has letters, which calendar and task apps' three levels meet as 1 (high), 5 (medium)
/// and 9 (low): `(A)` is 1, `(B)` is 5 and `(C)` to `(Z)` are 9, and back, 1 to 4 read as `(A)`, 5 as `(B)` and
/// 6 to 9 as `(C)`. A Tasks or Dataview task has six levels (`PriorityLevel`), spread over the same scale so that
/// each comes back as itself and a three-level client sees them in its three: highest 1, high 3, medium 5, low 7,
/// lowest 9, and back by ranges, 1 highest, 2–4 high, 5 medium, 6–8 low, 9 lowest. A priority below what the
/// number gives back (`(D)`) stays as written in the file: the sync changes a task's priority only when the
/// calendar's number changed its meaning.
package enum CalendarPriority {
    /// The number for a priority (a letter, or a level as its letter) of a task of `dialect`; 0 for none.
    package static func number(for priority: Priority?, dialect: Dialect) -> Int {
        guard let priority else { return 0 }
        if dialect != .todotxt {
            switch PriorityLevel(priority) {
            case .highest: return 1
            case .high: return 3
            case .medium, .normal: return 5
            case .low: return 7
            case .lowest: return 9
            }
        }
        switch priority.rank {
        case 0: return 1
        case 1: return 5
        default: return 9
        }
    }

    /// The priority a number gives a task of `dialect` (a level as its letter); nil for 0 or a number outside 1–9.
    package static func priority(for number: Int, dialect: Dialect) -> Priority? {
        if dialect != .todotxt {
            switch number {
            case 1: return PriorityLevel.highest.priority
            case 2...4: return PriorityLevel.high.priority
            case 5: return PriorityLevel.medium.priority
            case 6...8: return PriorityLevel.low.priority
            case 9: return PriorityLevel.lowest.priority
            default: return nil
            }
        }
        switch number {
        case 1...4: return Priority("A")
        case 5: return Priority("B")
        case 6...9: return Priority("C")
        default: return nil
        }
    }
}
