import TodoKit

/// An Obsidian vault (a folder with `.obsidian/`) and what its settings tell todofmt: how its notes read
/// (`MarkdownReading`: Obsidian's syntax and the Tasks plugin's statuses; `TaskSettings`: the plugin's global
/// filter and task format, from `.obsidian/plugins/obsidian-tasks-plugin/data.json`), the files it excludes
/// (`userIgnoreFilters` in `.obsidian/app.json`) and its daily notes (`.obsidian/daily-notes.json`).
/// A settings file that is missing or cannot be read as JSON counts as empty, as Obsidian treats it.
struct Vault {
    /// The vault's folder, as named.
    let root: String
    let reading: MarkdownReading
    /// The Tasks plugin's global filter and task format, under which the command line's settings go.
    let tasks: TaskSettings
    let excluded: ExcludedFiles
    /// The daily notes' settings; nil when the vault has no `daily-notes.json`.
    let dailyNotes: DailyNotes?

    static let settingsFolder = ".obsidian"
    /// The Obsidian Tasks plugin's folder in the settings folder.
    static let tasksPluginFolder = "plugins/obsidian-tasks-plugin"

    /// The vault whose folder is `root`; nil when it holds no `.obsidian/`.
    init?(root: String) {
        let settings = join(root, Vault.settingsFolder)
        guard FileSystem.isDirectory(settings) else { return nil }
        self.root = root
        let app = Vault.json(join(settings, "app.json"))
        excluded = ExcludedFiles(app?["userIgnoreFilters"]?.array?.compactMap(\.string) ?? [])
        let daily = Vault.json(join(settings, "daily-notes.json"))
        dailyNotes = daily.map { DailyNotes(folder: $0["folder"]?.string ?? "", format: $0["format"]?.string ?? "",
                                            template: $0["template"]?.string) }
        let tasks = Vault.json(join(settings, Vault.tasksPluginFolder + "/data.json"))
        var statuses: [Unicode.Scalar: MarkdownReading.CustomStatus] = [:]
        let lists = ["coreStatuses", "customStatuses"].compactMap { tasks?["statusSettings"]?[$0]?.array }
        for status in lists.joined() {
            guard let symbol = status["symbol"]?.string, symbol.unicodeScalars.count == 1,
                  let scalar = symbol.unicodeScalars.first, let type = status["type"]?.string,
                  let meaning = Vault.customStatus(type) else { continue }
            statuses[scalar] = meaning
        }
        let dialect: Dialect? = switch tasks?["taskFormat"]?.string {
        case "tasksPluginEmoji": .tasks
        case "dataview": .dataview
        default: nil
        }
        // With the plugin (its folder, with or without settings: its default format is the emoji one), a task's
        // fields are read in its task format alone, as the plugin reads them.
        let taskFormat = FileSystem.isDirectory(join(settings, Vault.tasksPluginFolder)) ? dialect ?? .tasks : nil
        reading = MarkdownReading(isObsidian: true, statuses: statuses)
        self.tasks = TaskSettings(globalFilter: GlobalFilter(tasks?["globalFilter"]?.string ?? "",
                                                             removesFromDescription: tasks?["removeGlobalFilter"]?.bool ?? false),
                                  dialect: taskFormat ?? dialect ?? .todotxt, taskFormat: taskFormat)
    }

    /// What a Tasks plugin status type makes of a task; nil for an unknown type.
    static func customStatus(_ type: String) -> MarkdownReading.CustomStatus? {
        switch type {
        case "TODO", "ON_HOLD": return .task(.open)
        case "IN_PROGRESS": return .task(.inProgress)
        case "DONE": return .task(.done)
        case "CANCELLED": return .task(.cancelled)
        case "NON_TASK": return .notATask
        default: return nil
        }
    }

    /// The vault a file or folder at `path` lies in: the nearest folder upward (from the file's own folder)
    /// that holds `.obsidian/`.
    static func containing(_ path: String) -> Vault? {
        var folder = FileSystem.isDirectory(path) ? path : FileSystem.directoryName(path)
        if !folder.hasPrefix("/") {
            folder = folder == "." ? TodoFileLocator.currentDirectory() : join(TodoFileLocator.currentDirectory(), folder)
        }
        while true {
            if let vault = Vault(root: folder) { return vault }
            if folder == "/" || folder.isEmpty { return nil }
            folder = FileSystem.directoryName(folder)
        }
    }

    /// How a file at `path` reads: as a note of the vault it lies in, under the command line's settings over
    /// the vault's; else as CommonMark under the command line's.
    static func reading(ofFileAt path: String, _ invocation: Invocation) throws -> (tasks: TaskSettings, markdown: MarkdownReading) {
        let vault = containing(path)
        return (try TaskSettings(invocation, over: vault?.tasks ?? TaskSettings()), vault?.reading ?? .commonMark)
    }

    private static func json(_ path: String) -> JSONValue? {
        guard let bytes = try? FileSystem.read(path, regularFileOnly: true) else { return nil }
        return try? JSONReader.value(bytes)
    }
}
