/// A status of the Obsidian Tasks plugin's settings (`statusSettings` in its `data.json`): the character in a
/// task's checkbox, its name, its type, and the character toggling it writes next.
///
/// `- [D] …` with `D` named "Doing", of type `IN_PROGRESS`, whose next symbol is `X`: toggling it writes `[X]`.
public struct CheckboxStatus: Hashable, Sendable {
    /// The character between the brackets.
    public var symbol: Unicode.Scalar
    /// The name the settings give it (`Todo`, `In Progress`, `Important`).
    public var name: String
    /// The character toggling a task of this status writes; nil when the settings give none.
    public var nextSymbol: Unicode.Scalar?
    /// What the status means: open, in progress, done, cancelled, on hold, or not a task.
    public var type: Kind

    /// What a status is to the plugin, as its `StatusType` names it.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case todo = "TODO"
        case inProgress = "IN_PROGRESS"
        case onHold = "ON_HOLD"
        case done = "DONE"
        case cancelled = "CANCELLED"
        /// Not a task to do (a pro, a con, a bookmark): todofmt reads such an item as no task at all.
        case nonTask = "NON_TASK"

        /// The type a settings file names (`"IN_PROGRESS"`); any other text is `TODO`, as the plugin reads it.
        package init(settingsName name: String) {
            self = Kind(rawValue: name) ?? .todo
        }

        /// The status a task of this type has in todofmt's model; nil for `NON_TASK`, which is no task.
        public var taskStatus: TaskStatus? {
            switch self {
            case .todo, .onHold: return .open
            case .inProgress: return .inProgress
            case .done: return .done
            case .cancelled: return .cancelled
            case .nonTask: return nil
            }
        }
    }

    /// A status with the given symbol, name, next symbol and type.
    public init(symbol: Unicode.Scalar, name: String, nextSymbol: Unicode.Scalar?, type: Kind) {
        self.symbol = symbol
        self.name = name
        self.nextSymbol = nextSymbol
        self.type = type
    }

    /// The status the plugin gives a symbol its settings do not name: "Unknown", of type `TODO`, toggling to `x`.
    package static func unknown(_ symbol: Unicode.Scalar) -> CheckboxStatus {
        CheckboxStatus(symbol: symbol, name: "Unknown", nextSymbol: "x", type: .todo)
    }

    /// `[D] Doing (IN_PROGRESS, next [X])`: the status in words, for `show`.
    package var summary: String {
        "[\(symbol)] \(name) (\(type.rawValue)" + (nextSymbol.map { ", next [\($0)]" } ?? "") + ")"
    }
}
