/// What the Obsidian Tasks plugin does with a task once it is done (`🏁 delete`, `[onCompletion:: keep]`).
public enum OnCompletion: String, Hashable, Sendable {
    /// The task stays, done (as with no such field).
    case keep
    /// The done task is removed; a recurring task's next occurrence stays.
    case delete

    /// `keep` or `delete` in any letter case, as the plugin reads them.
    public init?(word: some StringProtocol) {
        self.init(rawValue: word.lowercased())
    }
}
