/// A field of a task's metadata, whatever dialect writes it: a date, the priority, the recurrence, what to do
/// on completion, the task's id and the ids it depends on.
///
/// The cases are in the order the Obsidian Tasks plugin writes them after a task's description, which is the
/// order a new field of a Tasks or Dataview line takes among the others.
public enum TaskField: Int, Hashable, Comparable, Sendable, CaseIterable, CustomStringConvertible {
    case id, dependsOn, priority, recurrence, onCompletion, created, start, scheduled, due, cancelled, done

    /// The plugin's emoji for the field, the one it writes first; it also reads the others (`📆`, `🗓` for
    /// due, `⌛` for scheduled).
    public var emoji: [String] {
        switch self {
        case .id: return ["🆔"]
        case .dependsOn: return ["⛔"]
        case .priority: return ["🔺", "⏫", "🔼", "🔽", "⏬"]
        case .recurrence: return ["🔁"]
        case .onCompletion: return ["🏁"]
        case .created: return ["➕"]
        case .start: return ["🛫"]
        case .scheduled: return ["⏳", "⌛"]
        case .due: return ["📅", "📆", "🗓"]
        case .cancelled: return ["❌"]
        case .done: return ["✅"]
        }
    }

    /// The field whose emoji is the Unicode scalar `scalar` (the first of its emoji, for the priorities).
    init?(emojiScalar scalar: UInt32) {
        switch scalar {
        case 0x1F53A, 0x23EB, 0x1F53C, 0x1F53D, 0x23EC: self = .priority
        case 0x1F6EB: self = .start
        case 0x2795: self = .created
        case 0x23F3, 0x231B: self = .scheduled
        case 0x1F4C5, 0x1F4C6, 0x1F5D3: self = .due
        case 0x2705: self = .done
        case 0x274C: self = .cancelled
        case 0x1F501: self = .recurrence
        case 0x1F3C1: self = .onCompletion
        case 0x1F194: self = .id
        case 0x26D4: self = .dependsOn
        default: return nil
        }
    }

    /// `emoji` as UTF-8, by field: what reading compares bytes with.
    static let emojiBytes: [[[UInt8]]] = TaskField.allCases.map { $0.emoji.map { Array($0.utf8) } }
    /// `key::` as UTF-8, by field.
    static let dataviewKeyBytes: [[UInt8]] = TaskField.allCases.map { Array(($0.dataviewKey + "::").utf8) }

    /// Dataview's key for the field: `[due:: 2026-12-01]`.
    public var dataviewKey: String {
        switch self {
        case .id: return "id"
        case .dependsOn: return "dependsOn"
        case .priority: return "priority"
        case .recurrence: return "repeat"
        case .onCompletion: return "onCompletion"
        case .created: return "created"
        case .start: return "start"
        case .scheduled: return "scheduled"
        case .due: return "due"
        case .cancelled: return "cancelled"
        case .done: return "completion"
        }
    }

    /// Whether the field's value is a date.
    public var isDate: Bool {
        switch self {
        case .created, .start, .scheduled, .due, .cancelled, .done: return true
        default: return false
        }
    }

    /// The field's name in messages and filters: `due`, `scheduled`, `start`, …
    public var description: String {
        switch self {
        case .id: return "id"
        case .dependsOn: return "depends on"
        case .priority: return "priority"
        case .recurrence: return "recurrence"
        case .onCompletion: return "on completion"
        case .created: return "created"
        case .start: return "start"
        case .scheduled: return "scheduled"
        case .due: return "due"
        case .cancelled: return "cancelled"
        case .done: return "done"
        }
    }

    /// The order the plugin looks for fields in, at the end of a line, in each round.
    static let readingOrder: [TaskField] = [.priority, .done, .cancelled, .due, .scheduled, .start, .created,
                                            .recurrence, .onCompletion, .id, .dependsOn]

    public static func < (lhs: TaskField, rhs: TaskField) -> Bool { lhs.rawValue < rhs.rawValue }
}
