/// Which dialects' fields a task's text is read for (docs/FORMAT.md 3.8): a line of a todo.txt file reads
/// todo.txt's alone; a Markdown task reads all three, or, in a vault with the Obsidian Tasks plugin, the plugin's
/// task format alone, the other dialects being text, as the plugin reads them.
struct FieldReading: OptionSet, Hashable, Sendable {
    let rawValue: UInt8

    static let todotxt = FieldReading(rawValue: 1)
    static let tasks = FieldReading(rawValue: 2)
    static let dataview = FieldReading(rawValue: 4)
    /// A Markdown task outside a vault with the plugin: every dialect.
    static let every: FieldReading = [.todotxt, .tasks, .dataview]

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// One dialect alone.
    init(_ dialect: Dialect) {
        switch dialect {
        case .todotxt: self = .todotxt
        case .tasks: self = .tasks
        case .dataview: self = .dataview
        }
    }

    /// How the tasks of a file of `format` read under `settings`: a todo.txt file as todo.txt; a Markdown file
    /// in the plugin's task format when the settings name one, else in every dialect.
    init(_ format: FileFormat, _ settings: TaskSettings) {
        if format == .todotxt { self = .todotxt } else { self = settings.taskFormat.map(FieldReading.init) ?? .every }
    }

    /// Whether this is the Tasks plugin's reading of a vault's notes: one of its task formats alone.
    var isThePlugins: Bool { self == .tasks || self == .dataview }

    /// Whether the fields of `dialect` are read (else they are text).
    func reads(_ dialect: Dialect) -> Bool { contains(FieldReading(dialect)) }
}
