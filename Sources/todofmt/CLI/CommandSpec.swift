/// What a value on the command line is: drives parsing checks, help text and shell completion alike.
enum ValueKind: Sendable, Equatable {
    /// A todo file (completes file names).
    case file
    /// Any path (completes file names).
    case path
    /// Free text.
    case text
    /// One of a fixed set of words.
    case choice([String])
    /// A comma list of sort keys (`status,-due`).
    case sortKeys
    /// A date: ISO, `today`, `tomorrow`, a weekday, `+3d`.
    case date
    /// A heading path such as `Work/Q4`.
    case list
    /// A priority letter.
    case priority
    /// A task address: a line number or `FILE:LINE`.
    case address
    /// The address of a task that is still open (what `done` takes).
    case openAddress
    /// The address of a done or cancelled task (what `undo` takes).
    case closedAddress
    /// A filter term: `+project`, `@context`, `due:<today`, a word.
    case filter
    /// A task's words, with `+project`, `@context` and `key:value` completion.
    case taskText
    /// A due date, or `none`.
    case dueDate
    /// A period to move a date by: `3d`, `1w`, `2m`, `1b`.
    case period
    /// A tag key, without its colon.
    case tagKey
    /// A command's name (what `help` takes).
    case command
    /// A whole number.
    case number
    /// A shell name.
    case shell
}

/// One option of a command.
struct OptionSpec: Sendable {
    /// The long name without dashes, e.g. `sort-by`.
    var long: String
    var short: Character?
    /// The value the option takes, or nil for a flag.
    var value: ValueKind?
    /// How help shows the value, e.g. `KEYS`.
    var valueName: String
    var help: String
    var isRepeatable: Bool
    /// Environment variables that stand in for the option or change what it does (`TODOFMT_FILE` for `--file`).
    var environment: [EnvironmentSpec]

    init(_ long: String, short: Character? = nil, value: ValueKind? = nil, valueName: String = "VALUE",
         repeatable: Bool = false, help: String, environment: [EnvironmentSpec] = []) {
        self.long = long
        self.short = short
        self.value = value
        self.valueName = valueName
        self.help = help
        self.isRepeatable = repeatable
        self.environment = environment
    }

    var isFlag: Bool { value == nil }

    /// `-f, --file FILE` as help shows it.
    var synopsis: String {
        var names = short.map { "-\($0), " } ?? ""
        names += "--\(long)"
        if !isFlag { names += " \(valueName)" }
        return names
    }
}

/// A positional argument of a command.
struct ArgumentSpec: Sendable {
    var name: String
    var kind: ValueKind
    var help: String
    var isRepeating: Bool
    var isOptional: Bool

    init(_ name: String, _ kind: ValueKind, repeating: Bool = false, optional: Bool = false, help: String) {
        self.name = name
        self.kind = kind
        self.help = help
        self.isRepeating = repeating
        self.isOptional = optional
    }

    var synopsis: String {
        let core = isRepeating ? "\(name)…" : name
        return isOptional ? "[\(core)]" : core
    }
}

/// One command of `todofmt`: its name, what it does, its options and arguments, and the function that runs it.
/// The command table is the one place these live; parsing, `--help` and the completion scripts all read it.
struct CommandSpec: Sendable {
    /// Empty for the formatter, which runs when no command is named.
    var name: String
    var aliases: [String] = []
    /// Words people use for the command that do not run it (`remove` for `rm`): a mistyped command close to
    /// one is told the command.
    var synonyms: [String] = []
    /// One line, shown in the command list and as the completion description.
    var summary: String
    /// A paragraph or two for `--help`.
    var discussion: String = ""
    var options: [OptionSpec] = []
    var arguments: [ArgumentSpec] = []
    /// Hidden commands (`__complete`) are left out of help and completion.
    var isHidden = false
    /// Positionals may start with `-` (`ls -someday` negates a term); only known options are options, and an
    /// unknown `--name` is a usage error.
    var acceptsDashPositionals = false
    /// Environment variables the command reads itself; its options' variables are added by `environmentVariables`.
    var environment: [EnvironmentSpec] = []
    /// Command lines worth showing, for `--help` and the manual page's EXAMPLES.
    var examples: [ExampleSpec] = []
    /// Every word, `--name=value` too, is a positional: for `__complete`, which must never complain.
    var takesEveryWordAsPositional = false
    var run: @Sendable (Invocation) -> ExitCode

    var displayName: String { name.isEmpty ? "todofmt" : "todofmt \(name)" }

    /// Every environment variable the command or one of its options reads, each once, in that order.
    var environmentVariables: [EnvironmentSpec] {
        var seen: Set<String> = []
        return (environment + options.flatMap(\.environment)).filter { seen.insert($0.name).inserted }
    }
}

/// An environment variable todofmt reads, as `--help` and the manual page describe it.
struct EnvironmentSpec: Sendable, Equatable {
    var name: String
    var help: String
}

/// A command line and what it does, shown under EXAMPLES by `--help` and the manual page.
struct ExampleSpec: Sendable, Equatable {
    /// The whole command line, as typed: `todofmt done 14`.
    var command: String
    var help: String
}
