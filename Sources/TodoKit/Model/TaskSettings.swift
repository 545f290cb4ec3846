/// What a file's own text does not say about its tasks, and a folder's settings or the command line do: which
/// checkbox items are tasks (the Obsidian Tasks plugin's global filter), which dialects a task's fields are read
/// in (the plugin's task format, in a vault with the plugin), and the dialect a file whose tasks write no fields
/// yet is written in.
///
/// A document keeps the settings it was read with, and every text made from it (an edit, the canonical form, a
/// merge) is read with them again, so the check of a change reads the new text as the file will be read.
public struct TaskSettings: Hashable, Sendable {
    /// Only checkbox items whose text holds it are tasks (Markdown files only); nil for every checkbox item.
    public var globalFilter: GlobalFilter?
    /// The dialect of a file whose tasks write no fields yet (a new file): todo.txt-style unless set.
    public var dialect: Dialect
    /// The Obsidian Tasks plugin's task format, for a note of a vault with the plugin: a Markdown task's fields are
    /// read in this dialect alone, the others being text, as the plugin reads them. Nil (any other file) reads
    /// every dialect. A todo.txt file reads todo.txt's fields alone either way.
    public var taskFormat: Dialect?
    /// The Tasks plugin's settings of the lines edits write, in a vault where the plugin is installed (with the
    /// statuses of `MarkdownReading.statuses`); nil elsewhere, where todofmt's own rules apply (FORMAT.md 8.5).
    public var plugin: TasksPluginSettings? = nil

    /// Settings with the given global filter, the dialect of a file without fields, and the task format fields are
    /// read in (nil for every dialect).
    public init(globalFilter: GlobalFilter? = nil, dialect: Dialect = .todotxt, taskFormat: Dialect? = nil) {
        self.globalFilter = globalFilter
        self.dialect = dialect
        self.taskFormat = taskFormat
    }
}
