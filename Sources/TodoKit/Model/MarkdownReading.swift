/// How a Markdown file's lines are read into tasks: as CommonMark reads them (a `TODO.md`, a repository's
/// docs), or as an Obsidian vault reads a note, with the Tasks plugin's statuses where the plugin is installed.
/// Which checkbox items are tasks (the global filter) and a new file's dialect are `TaskSettings`.
///
/// A document keeps the reading it was made with, and every text made from it (an edit, formatting, a sort)
/// is read the same way, so a change is checked against what the file means where it lives.
public struct MarkdownReading: Hashable, Sendable {
    /// Obsidian's own syntax: text between two `%%` is a comment, whose tasks are hidden, and block quotes
    /// (callouts such as `> [!todo]`) hold tasks.
    public var isObsidian: Bool
    /// The Tasks plugin's statuses, which alone say what a checkbox character means (`[X]` is an unknown
    /// status, read as to-do, unless they name it); nil where the plugin is not installed: the built-in
    /// meanings (FORMAT.md 2.3).
    public var statuses: StatusRegistry?

    /// How to read Markdown: as Obsidian does or as CommonMark does, and the plugin's statuses, if any.
    public init(isObsidian: Bool, statuses: StatusRegistry? = nil) {
        self.isObsidian = isObsidian
        self.statuses = statuses
    }

    /// CommonMark, as GitHub and every renderer read a Markdown file.
    public static let commonMark = MarkdownReading(isObsidian: false)

    /// An Obsidian note without the Tasks plugin.
    public static let obsidian = MarkdownReading(isObsidian: true)

    /// What a checkbox character makes of a checkbox item in this reading.
    enum CheckboxMeaning {
        /// A task of this status.
        case task(TaskStatus)
        /// No task at all (the plugin's `NON_TASK` type: a pro, a con, a bookmark).
        case notATask
        /// A character without a meaning, read as an open task with a warning.
        case unknown
    }

    /// What `scalar` in a checkbox means: the plugin's status for it where the plugin is installed (an unknown
    /// one, to-do), else the built-in meaning.
    func meaning(ofCheckbox scalar: Unicode.Scalar) -> CheckboxMeaning {
        if let statuses {
            guard let status = statuses.status(scalar) else { return .unknown }
            return status.type.taskStatus.map { .task($0) } ?? .notATask
        }
        return TaskStatus(checkboxScalar: scalar).map { .task($0) } ?? .unknown
    }

    /// The status a checkbox holding `scalar` has in the plugin's terms: the settings' status, an unknown one,
    /// or, without the plugin, nil.
    public func checkboxStatus(_ scalar: Unicode.Scalar) -> CheckboxStatus? {
        statuses?.statusOrUnknown(scalar)
    }

    /// The checkbox character as part of what a task of `status` means, when it says more than the status: a
    /// character whose built-in meaning is not `status` (`[?]`, `[D]`, `[X]` read as to-do), and, with the
    /// plugin's statuses, any character but the one `status` is written with (there `[X]` and `[x]` may be two
    /// statuses of one type).
    func distinctCheckbox(_ scalar: Unicode.Scalar, status: TaskStatus) -> Character? {
        if statuses != nil { return scalar == status.checkbox.unicodeScalars.first! ? nil : Character(scalar) }
        return TaskStatus(checkboxScalar: scalar) == status ? nil : Character(scalar)
    }

    /// The status of a task whose checkbox holds `scalar` (open for an unknown character, and for one that
    /// makes no task).
    func taskStatus(ofCheckbox scalar: Unicode.Scalar) -> TaskStatus {
        if case .task(let status) = meaning(ofCheckbox: scalar) { return status }
        return .open
    }
}
