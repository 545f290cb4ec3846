/// Where a task stands. `[/]` in progress counts as open; `[-]` cancelled counts as closed.
public enum TaskStatus: String, Hashable, Sendable, CaseIterable {
    case open
    case inProgress = "in-progress"
    case done
    case cancelled

    /// Open and in-progress tasks still need doing.
    public var isOpen: Bool { self == .open || self == .inProgress }
    /// Done and cancelled tasks are finished with.
    public var isClosed: Bool { !isOpen }

    /// The status a Markdown checkbox character means, or nil for a character with no defined meaning.
    public init?(checkbox: Character) {
        guard let scalar = checkbox.unicodeScalars.first, checkbox.unicodeScalars.count == 1 else { return nil }
        self.init(checkboxScalar: scalar)
    }

    /// The status a checkbox of one Unicode scalar means, or nil.
    init?(checkboxScalar checkbox: Unicode.Scalar) {
        switch checkbox {
        case " ": self = .open
        case "x", "X": self = .done
        case "/": self = .inProgress
        case "-": self = .cancelled
        default: return nil
        }
    }

    /// The canonical checkbox character for this status.
    public var checkbox: Character {
        switch self {
        case .open: return " "
        case .done: return "x"
        case .inProgress: return "/"
        case .cancelled: return "-"
        }
    }
}
