/// Options many commands share, defined once so help and completion describe them the same everywhere.
enum CommonOptions {
    static let file = OptionSpec("file", short: "f", value: .file, valueName: "FILE",
                                 help: "The todo file (default: $TODOFMT_FILE, else the nearest TODO.md, todo.md or todo.txt up to the repository root).",
                                 environment: [EnvironmentSpec(name: "TODOFMT_FILE", help: "The todo file when -f is not given (an empty value counts as unset).")])
    static let today = OptionSpec("today", value: .date, valueName: "DATE",
                                  help: "Take DATE as today (for reproducible output).")
    static let color = OptionSpec("color", value: .choice(["auto", "always", "never"]), valueName: "WHEN",
                                  help: "Colour the output: auto (on a terminal, unless NO_COLOR is set), always or never.",
                                  environment: [
                                      EnvironmentSpec(name: "NO_COLOR", help: "When set and not empty, --color auto prints no colour."),
                                      EnvironmentSpec(name: "TERM", help: "When dumb, --color auto prints no colour."),
                                  ])
    static let json = OptionSpec("json", help: "Print a JSON array of task objects instead of text.")
    /// `--json` of the commands that print names with counts (`lsprj`, `lscon`, `lslists`).
    static let countsJSON = OptionSpec("json", help: "Print the names and counts as a JSON array instead of text.")
    static let sortBy = OptionSpec("sort-by", value: .sortKeys, valueName: "KEYS",
                                   help: "Sort by a comma list of keys; '-' before a key sorts it descending.")
}
