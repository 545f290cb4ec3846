import TodoKit

// The options many commands share, each declared once, as the typed value its readers name
// (`invocation[.file]`, `invocation[.dryRun]`), so help and completion describe them the same everywhere.
// A generic type holds no static stored property, so an `Option`'s declaration is a computed one.

extension Flag {
    /// `--help`, which every command takes; the dispatcher answers it.
    static let help = Flag("help", short: "h", help: "Show help for this command.")
    static let removeGlobalFilter = Flag("remove-global-filter",
                                         help: "Leave the global filter out of the task texts shown, as the plugin's setting of that name does.",
                                         environment: [EnvironmentSpec(name: "TODOFMT_REMOVE_GLOBAL_FILTER", help: "1: as --remove-global-filter.")])
    static let json = Flag("json", help: "Print a JSON array of task objects instead of text.")
    /// `--json` of the commands that print names with counts (`lsprj`, `lscon`, `lslists`).
    static let countsJSON = Flag("json", help: "Print the names and counts as a JSON array instead of text.")
    /// `--all` of the edits that take `--where`.
    static let whereAll = Flag("all", short: "a",
                               help: "With --where: consider every task, also done, cancelled and not yet started ones.")
    static let dryRun = Flag("dry-run", short: "n", help: "Print what would change, as a diff; write nothing.")
    /// `--force` of the commands that write task text.
    static let forceText = Flag("force", help: "Write a value a known key cannot take (due:2026-02-30) as text instead of refusing it.")
}

extension Option<String> {
    static var file: Self {
        Self("file", short: "f", value: .file, valueName: "FILE",
             help: "The todo file, or a folder of notes (default: $TODOFMT_FILE, else the nearest TODO.md, todo.md, todo.txt, Obsidian vault or folder with a .todofmt file up to the repository root).",
             environment: [EnvironmentSpec(name: "TODOFMT_FILE", help: "The todo file or folder of notes when -f is not given (an empty value counts as unset).")])
    }
    /// How a Markdown file's tasks are read and written where its text does not say (`TaskSettings`).
    static var globalFilter: Self {
        Self("global-filter", value: .text, valueName: "TEXT",
             help: "Only checkbox items holding TEXT (e.g. '#task') are tasks, as with the Obsidian Tasks plugin's global filter; new tasks get it first (default: $TODOFMT_GLOBAL_FILTER).",
             environment: [EnvironmentSpec(name: "TODOFMT_GLOBAL_FILTER", help: "The global filter when --global-filter is not given (an empty value is none).")])
    }
    static var today: Self {
        Self("today", value: .date, valueName: "DATE",
             help: "Take DATE as today, from its start (for reproducible output); 'DATE HH:MM' fixes the time of day too.")
    }
    static var color: Self {
        Self("color", value: .choice(["auto", "always", "never"]), valueName: "WHEN",
             help: "Colour the output: auto (on a terminal, unless NO_COLOR is set), always or never.",
             environment: [
                 EnvironmentSpec(name: "NO_COLOR", help: "When set and not empty, --color auto prints no colour."),
                 EnvironmentSpec(name: "TERM", help: "When dumb, --color auto prints no colour."),
             ])
    }
    static var sortBy: Self {
        Self("sort-by", value: .sortKeys, valueName: "KEYS",
             help: "Sort by a comma list of keys; '-' before a key sorts it descending.")
    }
    /// `--where` of the edits that take many tasks at once: a filter instead of addresses.
    static var whereFilter: Self {
        Self("where", short: "w", value: .filter, valueName: "FILTER",
             help: "Edit the tasks this filter selects (as 'ls FILTER' lists them) instead of addressed ones; all or nothing.")
    }
}

extension Option<Dialect> {
    static var dialect: Self {
        Self("dialect", valueName: "DIALECT",
             help: "Write fields as todotxt (due:, the default), tasks (the Obsidian Tasks plugin's emoji) or dataview ([due:: ]) in a file whose tasks write none yet, such as a new file (default: $TODOFMT_DIALECT).",
             environment: [EnvironmentSpec(name: "TODOFMT_DIALECT", help: "The dialect when --dialect is not given.")])
    }
}

/// The shared options and arguments that commands take together.
enum CommonOptions {
    /// The options of every command that reads a todo file: which file, and how its tasks are read and written.
    static let todoFile = [Option<String>.file.spec] + taskSettings
    static let taskSettings = [Option<String>.globalFilter.spec, Flag.removeGlobalFilter.spec, Option<Dialect>.dialect.spec]
    /// Options of the edits that take many tasks at once: a filter instead of addresses, and a dry run.
    static let manyTasks = [Option<String>.whereFilter.spec, Flag.whereAll.spec, Flag.dryRun.spec]
    /// The positional of commands that take one task or more.
    static let addresses = ArgumentSpec("ADDR", .address, repeating: true, optional: true,
                                        help: "A task's line number (as 'todofmt ls' shows it), or FILE:LINE; none with --where.")
    static let address = ArgumentSpec("ADDR", .address, help: "A task's line number (as 'todofmt ls' shows it), or FILE:LINE.")
}
