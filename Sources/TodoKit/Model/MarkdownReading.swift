/// How a Markdown file's lines are read into tasks: as CommonMark reads them (a `TODO.md`, a repository's
/// docs), or as an Obsidian vault reads a note, with the vault's Tasks plugin settings.
///
/// A document keeps the reading it was made with, and every text made from it (an edit, formatting, a sort)
/// is read the same way, so a change is checked against what the file means where it lives.
public struct MarkdownReading: Hashable, Sendable {
    /// Obsidian's own syntax: text between two `%%` is a comment, whose tasks are hidden, and block quotes
    /// (callouts such as `> [!todo]`) hold tasks.
    public var isObsidian: Bool
    /// The Tasks plugin's global filter: when not empty, a checkbox item is a task only when its text holds
    /// it (`#task`).
    public var globalFilter: String
    /// What checkbox characters mean beyond the built-in ones (the Tasks plugin's custom statuses).
    public var statuses: [Unicode.Scalar: CustomStatus]
    /// The dialect a note's tasks write their fields in when none of its tasks says (the Tasks plugin's task
    /// format); nil for todo.txt's.
    public var dialect: Dialect?

    /// What a custom status character makes of a checkbox item.
    public enum CustomStatus: Hashable, Sendable {
        /// A task with this status.
        case task(TaskStatus)
        /// No task at all (the plugin's `NON_TASK` type: a pro, a con, a bookmark).
        case notATask
    }

    public init(isObsidian: Bool, globalFilter: String = "", statuses: [Unicode.Scalar: CustomStatus] = [:], dialect: Dialect? = nil) {
        self.isObsidian = isObsidian
        self.globalFilter = globalFilter
        self.statuses = statuses
        self.dialect = dialect
    }

    /// CommonMark, as GitHub and every renderer read a Markdown file.
    public static let commonMark = MarkdownReading(isObsidian: false)

    /// An Obsidian note without Tasks plugin settings.
    public static let obsidian = MarkdownReading(isObsidian: true)

    /// What a checkbox character means in this reading: a status, no task at all (`.notATask`), or nil for a
    /// character without a meaning. The plugin's statuses come first: they may give `/` or `-` another type.
    func status(ofCheckbox scalar: Unicode.Scalar) -> CustomStatus? {
        statuses[scalar] ?? TaskStatus(checkboxScalar: scalar).map { .task($0) }
    }

    /// Whether a checkbox item whose text (after the checkbox) is `body` is a task under the global filter.
    func admits(body: TextSlice) -> Bool {
        globalFilter.isEmpty || body.substring.contains(globalFilter)
    }
}
