/// The six priorities of the Obsidian Tasks plugin, most important first: `🔺` highest, `⏫` high, `🔼` medium,
/// none (normal), `🔽` low, `⏬` lowest.
///
/// A todo.txt priority letter has a level too: `(A)` highest, `(B)` high, `(C)` medium, `(D)` low, `(E)` to
/// `(Z)` lowest; and a level is written in todo.txt as `(A)` … `(E)` (docs/FORMAT.md, 3.8).
public enum PriorityLevel: Int, Hashable, Comparable, Sendable, CaseIterable, CustomStringConvertible {
    case highest, high, medium, normal, low, lowest

    /// The level of a todo.txt letter; `normal` for none.
    public init(_ priority: Priority?) {
        guard let priority else { self = .normal; return }
        switch priority.rank {
        case 0: self = .highest
        case 1: self = .high
        case 2: self = .medium
        case 3: self = .low
        default: self = .lowest
        }
    }

    /// `highest` … `lowest`, `normal` (or `none`), in any letter case.
    public init?(name: some StringProtocol) {
        switch name.lowercased() {
        case "highest": self = .highest
        case "high": self = .high
        case "medium": self = .medium
        case "normal", "none": self = .normal
        case "low": self = .low
        case "lowest": self = .lowest
        default: return nil
        }
    }

    /// The todo.txt letter of the level: `(A)` … `(E)`, nil for normal.
    public var priority: Priority? {
        switch self {
        case .highest: return Priority(rank: 0)
        case .high: return Priority(rank: 1)
        case .medium: return Priority(rank: 2)
        case .normal: return nil
        case .low: return Priority(rank: 3)
        case .lowest: return Priority(rank: 4)
        }
    }

    /// The plugin's emoji for the level (nil for normal, which it writes as nothing).
    public var emoji: String? {
        switch self {
        case .highest: return "🔺"
        case .high: return "⏫"
        case .medium: return "🔼"
        case .normal: return nil
        case .low: return "🔽"
        case .lowest: return "⏬"
        }
    }

    /// `highest`, `high`, `medium`, `normal`, `low`, `lowest`: the word Dataview's `[priority:: ]` takes.
    public var description: String {
        switch self {
        case .highest: return "highest"
        case .high: return "high"
        case .medium: return "medium"
        case .normal: return "normal"
        case .low: return "low"
        case .lowest: return "lowest"
        }
    }

    /// The more important level is the smaller one.
    public static func < (lhs: PriorityLevel, rhs: PriorityLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}
