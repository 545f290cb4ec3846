import TodoKit

/// An Obsidian vault (a folder with `.obsidian/`) and what its settings tell todofmt: how its notes read
/// (`MarkdownReading`: Obsidian's syntax and the Tasks plugin's statuses; `TaskSettings`: the plugin's global
/// filter, task format and the settings of the lines its edits write, from
/// `.obsidian/plugins/obsidian-tasks-plugin/data.json`, or its defaults), the files it excludes
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
    /// Whether the Tasks plugin is installed (`.obsidian/plugins/obsidian-tasks-plugin/`): then its settings apply,
    /// its defaults where it has no `data.json`, and the vault's tasks are its notes' alone (no `todo.txt`).
    let hasTasksPlugin: Bool

    static let settingsFolder = ".obsidian"

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
        let pluginFolder = join(settings, Vault.tasksPluginFolder)
        hasTasksPlugin = FileSystem.isDirectory(pluginFolder)
        let tasks = hasTasksPlugin ? Vault.json(join(pluginFolder, "data.json")) : nil
        let dialect: Dialect? = switch tasks?["taskFormat"]?.string {
        case "tasksPluginEmoji": .tasks
        case "dataview": .dataview
        default: nil
        }
        reading = MarkdownReading(isObsidian: true, statuses: hasTasksPlugin ? Vault.statuses(tasks?["statusSettings"]) : nil)
        var taskSettings = TaskSettings(globalFilter: GlobalFilter(tasks?["globalFilter"]?.string ?? "",
                                                                   removesFromDescription: tasks?["removeGlobalFilter"]?.bool ?? false),
                                        // The plugin's default format is its emoji.
                                        dialect: dialect ?? (hasTasksPlugin ? .tasks : .todotxt),
                                        // With the plugin, a task's fields are read in its format alone, as it reads them.
                                        taskFormat: hasTasksPlugin ? dialect ?? .tasks : nil)
        if hasTasksPlugin {
            let defaults = TasksPluginSettings()
            func flag(_ name: String, _ value: Bool) -> Bool { tasks?[name]?.bool ?? value }
            taskSettings.plugin = TasksPluginSettings(
                setsCreatedDate: flag("setCreatedDate", defaults.setsCreatedDate),
                setsDoneDate: flag("setDoneDate", defaults.setsDoneDate),
                setsCancelledDate: flag("setCancelledDate", defaults.setsCancelledDate),
                recurrenceOnNextLine: flag("recurrenceOnNextLine", defaults.recurrenceOnNextLine),
                removesScheduledDateOnRecurrence: flag("removeScheduledDateOnRecurrence", defaults.removesScheduledDateOnRecurrence))
        }
        self.tasks = taskSettings
    }

    /// The plugin's folder in `.obsidian/`: where it is, the plugin is installed, and its settings apply.
    static let tasksPluginFolder = "plugins/obsidian-tasks-plugin"

    /// The statuses of the plugin's `statusSettings`, as it registers them: its core statuses, then its custom
    /// ones, the first of a symbol counting. A list the settings lack is the plugin's default one. A custom
    /// status without a symbol is `[ ]`, without a next symbol goes to `x`, and a type the plugin does not know
    /// is `TODO`, as the plugin reads older settings. A symbol that is not one character (of the plugin's
    /// JavaScript: one UTF-16 unit) can be in no checkbox the plugin reads, and is left out.
    static func statuses(_ settings: JSONValue?) -> StatusRegistry {
        let defaults = StatusRegistry.pluginDefault.statuses
        func read(_ list: JSONValue?, isCustom: Bool, default fallback: ArraySlice<CheckboxStatus>) -> [CheckboxStatus] {
            guard let entries = list?.array else { return Array(fallback) }
            return entries.compactMap { entry -> CheckboxStatus? in
                guard let symbolText = entry["symbol"]?.string ?? (isCustom ? " " : nil),
                      let symbol = Vault.checkboxScalar(symbolText) else { return nil }
                let nextText = entry["nextStatusSymbol"]?.string ?? (isCustom ? "x" : "")
                return CheckboxStatus(symbol: symbol, name: entry["name"]?.string ?? "", nextSymbol: Vault.checkboxScalar(nextText),
                                      type: CheckboxStatus.Kind(settingsName: entry["type"]?.string ?? ""))
            }
        }
        return StatusRegistry(read(settings?["coreStatuses"], isCustom: false, default: defaults[..<2])
                              + read(settings?["customStatuses"], isCustom: true, default: defaults[2...]))
    }

    /// The character a status's symbol is, when it can be a checkbox's: one Unicode scalar of the Basic
    /// Multilingual Plane, not `]` nor a line break.
    private static func checkboxScalar(_ text: String) -> Unicode.Scalar? {
        guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first, scalar.value <= 0xFFFF, scalar != "]",
              scalar != "\n", scalar != "\r" else { return nil }
        return scalar
    }

    /// The vault a file or folder at `path` lies in: the nearest folder upward (from the file's own folder)
    /// that holds `.obsidian/`.
    static func containing(_ path: String) -> Vault? {
        var folder = FileSystem.isDirectory(path) ? path : FileSystem.directoryName(path)
        if !folder.hasPrefix("/") {
            folder = folder == "." ? FileSystem.currentDirectory() : join(FileSystem.currentDirectory(), folder)
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

    /// The settings a document was read under, in words, one a line, for `show`: where they come from (a vault
    /// with the Tasks plugin, its `data.json` or its defaults; a vault without it; no vault), the global filter
    /// and the dialect of a file without fields (outside a vault only when set), the plugin's settings of the lines
    /// edits write, and its statuses. Outside a vault, with nothing set, none.
    static func describe(_ document: Document, vault: Vault?) -> [String] {
        let settings = document.settings
        var lines: [String]
        if let vault, vault.hasTasksPlugin, document.format == .markdown {
            let file = join(join(vault.root, Vault.settingsFolder), join(Vault.tasksPluginFolder, "data.json"))
            lines = [FileSystem.exists(file) ? "the Tasks plugin's, from \(shown(file))"
                     : "the Tasks plugin's defaults (\(shown(join(vault.root, Vault.settingsFolder))) holds the plugin, without a data.json)"]
        } else if vault != nil, document.format == .markdown {
            lines = ["an Obsidian vault's, without the Tasks plugin: todofmt's own statuses and edits"]
        } else if vault != nil {
            lines = ["todofmt's own (a todo.txt file: the vault's settings are for its notes)"]
        } else {
            lines = ["todofmt's own (no Obsidian vault)"]
        }
        if document.format == .markdown {
            // Outside a vault, only what was set.
            if let filter = settings.globalFilter {
                lines.append("global filter: '\(filter.text)'" + (filter.removesFromDescription ? ", removed from descriptions" : ""))
            } else if vault != nil {
                lines.append("global filter: none")
            }
            if vault != nil || settings.dialect != .todotxt {
                lines.append("dialect of a file without fields: \(settings.dialect.rawValue)")
            }
        }
        if let plugin = settings.plugin, document.format == .markdown {
            lines.append(plugin.described.map { "\($0.name) \($0.value)" }.joined(separator: ", "))
        }
        if let statuses = document.reading.statuses {
            lines.append("statuses: " + statuses.statuses.map { "[\($0.symbol)] \($0.name) \($0.type.rawValue)" + ($0.nextSymbol.map { " → [\($0)]" } ?? "") }
                .joined(separator: ", "))
        }
        // Outside a vault, nothing but todofmt's own rules: nothing to say.
        return vault == nil && lines.count == 1 ? [] : lines
    }

    private static func json(_ path: String) -> JSONValue? {
        guard let bytes = try? FileSystem.read(path, regularFileOnly: true) else { return nil }
        return try? JSONReader.value(bytes)
    }
}
