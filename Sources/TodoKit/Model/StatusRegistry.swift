/// The statuses of a vault whose Tasks plugin is installed, as the plugin registers them from its settings: its
/// core statuses, then its custom ones, the first status of a symbol counting. They replace the built-in
/// meanings of checkbox characters: in a vault whose settings do not name `X`, `[X]` is an unknown status,
/// read as to-do, as the plugin reads it.
///
/// The transitions are the plugin's (its `StatusRegistry`): toggling writes a status's next symbol (a symbol
/// the settings do not name becomes an unknown to-do status); a recurring task's next occurrence takes the first
/// `TODO` status reached from the done status's next one, else the first `IN_PROGRESS` one, else `[ ]`.
public struct StatusRegistry: Hashable, Sendable {
    /// The statuses, in the order the settings give them, each symbol once (the first one given).
    public let statuses: [CheckboxStatus]

    /// The registry of `statuses`, in order; a status whose symbol an earlier one has is left out, as the plugin
    /// leaves it out.
    public init(_ statuses: [CheckboxStatus]) {
        var seen = Set<Unicode.Scalar>()
        self.statuses = statuses.filter { seen.insert($0.symbol).inserted }
    }

    /// The plugin's statuses when its settings name none: `[ ]` Todo, `[x]` Done, `[/]` In Progress, `[-]`
    /// Cancelled.
    public static let pluginDefault = StatusRegistry([
        CheckboxStatus(symbol: " ", name: "Todo", nextSymbol: "x", type: .todo),
        CheckboxStatus(symbol: "x", name: "Done", nextSymbol: " ", type: .done),
        CheckboxStatus(symbol: "/", name: "In Progress", nextSymbol: "x", type: .inProgress),
        CheckboxStatus(symbol: "-", name: "Cancelled", nextSymbol: " ", type: .cancelled),
    ])

    /// The status the settings give `symbol`; nil for a symbol they do not name.
    public func status(_ symbol: Unicode.Scalar) -> CheckboxStatus? {
        statuses.first { $0.symbol == symbol }
    }

    /// The status of a checkbox holding `symbol`: the settings', else an unknown to-do status (as the plugin's
    /// `bySymbolOrCreate`).
    package func statusOrUnknown(_ symbol: Unicode.Scalar) -> CheckboxStatus {
        status(symbol) ?? .unknown(symbol)
    }

    /// The status toggling a task of `status` gives it: its next symbol's status, or an unknown to-do status of
    /// that symbol; `status` itself when it names no next symbol.
    package func next(after status: CheckboxStatus) -> CheckboxStatus {
        guard let symbol = status.nextSymbol else { return status }
        return statusOrUnknown(symbol)
    }

    /// The first status of type `kind` reached from `status` by toggling (`status` itself first), looking at
    /// most at as many statuses as the registry holds, as the plugin looks; nil when none is.
    package func reach(_ kind: CheckboxStatus.Kind, from status: CheckboxStatus) -> CheckboxStatus? {
        var current = status
        if current.type == kind { return current }
        for _ in 0..<max(statuses.count - 1, 0) {
            current = next(after: current)
            if current.type == kind { return current }
        }
        return nil
    }

    /// The status of a recurring task's next occurrence when the task is done with status `done`: the first
    /// `TODO` status reached from `done`'s next one, else the first `IN_PROGRESS` one, else `[ ]`.
    package func nextOccurrence(after done: CheckboxStatus) -> CheckboxStatus {
        let first = next(after: done)
        return reach(.todo, from: first) ?? reach(.inProgress, from: first) ?? statusOrUnknown(" ")
    }

    /// The first status of type `kind` the settings give; nil when they give none.
    package func first(_ kind: CheckboxStatus.Kind) -> CheckboxStatus? {
        statuses.first { $0.type == kind }
    }
}
