/// How a Markdown file's lines are read into tasks: as CommonMark reads them (a `TODO.md`, a repository's
/// docs), or as an Obsidian vault reads a note, with the Tasks plugin's custom statuses. Which checkbox items
/// are tasks (the global filter) and a new file's dialect are `TaskSettings`.
///
/// A document keeps the reading it was made with, and every text made from it (an edit, formatting, a sort)
/// is read the same way, so a change is checked against what the file means where it lives.
public struct MarkdownReading: Hashable, Sendable {
    /// Obsidian's own syntax: text between two `%%` is a comment, whose tasks are hidden, and block quotes
    /// (callouts such as `> [!todo]`) hold tasks.
    public var isObsidian: Bool
    /// What checkbox characters mean beyond the built-in ones (the Tasks plugin's custom statuses).
    public var statuses: [Unicode.Scalar: CustomStatus]

    /// What a custom status character makes of a checkbox item.
    public enum CustomStatus: Hashable, Sendable {
        /// A task with this status.
        case task(TaskStatus)
        /// No task at all (the plugin's `NON_TASK` type: a pro, a con, a bookmark).
        case notATask
    }

    /// How to read Markdown: as Obsidian does or as CommonMark does, and what the custom status characters mean.
    public init(isObsidian: Bool, statuses: [Unicode.Scalar: CustomStatus] = [:]) {
        self.isObsidian = isObsidian
        self.statuses = statuses
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
}
