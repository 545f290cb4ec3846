/// Splits `argv` into a command, options and positionals, as the command table describes them.
enum ArgumentParser {
    /// Options every command takes; handled by the dispatcher rather than by each command.
    static let helpOption = Flag.help.spec

    /// The global options: accepted before every command word (`todofmt -f work.md ls`, an alias such as
    /// `alias t='todofmt -f ~/TODO.md --color always'`), and handed to the command when its entry in the
    /// table takes them; a command that has no use for one (`note` reads no date) leaves it unused. After
    /// the command word, only the command's own options are accepted.
    static let leadingOptions = [Option<String>.file.spec, Option<String>.today.spec, Option<String>.color.spec]

    /// What help and the manual page say of the global options.
    static let leadingOptionsNote = "These may come before any command (todofmt -f work.md ls), for an alias such as "
        + "alias t='todofmt -f ~/TODO.md'; a command that has no use for one leaves it unused. After the command, a "
        + "command takes only its own options."

    /// Finds the command, then reads its options and positionals. A first word that is neither a command, an
    /// option nor something that names a file (`exists`, or a word with a `.` or `/` in it) is a mistyped
    /// command, not a file to format: nothing runs.
    static func parse(_ arguments: [String], table: [CommandSpec], environment: [String: String],
                      exists: (String) -> Bool = { _ in false }) throws -> Invocation {
        var rest = arguments[...]
        // Each leading option with its words: `["-f", "work.md"]`, `["--color=always"]`.
        var leadingGroups: [(option: OptionSpec, words: [String])] = []
        while let first = rest.first, let (option, width) = leadingOption(first), rest.count >= width {
            leadingGroups.append((option, Array(rest.prefix(width))))
            rest = rest.dropFirst(width)
        }
        let leading = leadingGroups.flatMap(\.words)
        var command = table.first { $0.name.isEmpty }!
        if let first = rest.first, let named = table.first(where: { $0.name == first || $0.aliases.contains(first) }) {
            command = named
            rest = rest.dropFirst()
        } else if let first = rest.first, !first.hasPrefix("-"), !exists(first), !first.contains("."), !first.contains("/") {
            throw UsageError("unknown command '\(first)'\(commandSuggestion(for: first, in: table))")
        }
        // `alias t='todofmt -f ~/TODO.md'` run bare: the options shared by the commands, and no command.
        if command.name.isEmpty, let word = leading.first {
            throw UsageError("'\(word)' needs a command after it, as in 'todofmt \(leading.joined(separator: " ")) ls'; the formatter takes the files it formats as arguments")
        }
        do {
            // Every leading option is checked (`--color sometimes` is an error before any command); the
            // command gets those it takes.
            var global = command
            global.options = leadingOptions
            _ = try parse(leading[...], for: global, environment: environment)
            let taken = leadingGroups.filter { group in command.options.contains { $0.long == group.option.long } }
            return try parse(taken.flatMap(\.words) + rest, for: command, environment: environment)
        } catch var error as UsageError {
            error.command = command.name
            throw error
        }
    }

    /// The leading option `word` starts, and how many words it takes (2 for `-f FILE`, 1 for `--file=FILE`
    /// or `-fFILE`); nil when `word` is not one.
    static func leadingOption(_ word: String) -> (option: OptionSpec, width: Int)? {
        for option in leadingOptions {
            if word == "--\(option.long)" || option.short.map({ word == "-\($0)" }) == true { return (option, 2) }
            if word.hasPrefix("--\(option.long)=") { return (option, 1) }
            if let short = option.short, word.hasPrefix("-\(short)"), word.count > 2, !word.hasPrefix("--") { return (option, 1) }
        }
        return nil
    }

    /// `; did you mean 'ls'?` for a word close to a command name (or `'todofmt --sort'` for a formatter
    /// option written as a command), else nothing.
    static func commandSuggestion(for word: String, in table: [CommandSpec]) -> String {
        let lowered = word.lowercased()
        if let formatter = table.first(where: { $0.name.isEmpty }), formatter.options.contains(where: { $0.long == lowered }) {
            return "; did you mean 'todofmt --\(lowered)'?"
        }
        let visible = table.filter { !$0.name.isEmpty && !$0.isHidden }
        // Each name, alias or synonym, with the command it is a word for.
        let words = visible.flatMap { command in ([command.name] + command.aliases + command.synonyms).map { ($0, command.name) } }
        guard let close = closest(to: word, among: words.map(\.0)), let name = words.first(where: { $0.0 == close })?.1 else { return "" }
        return "; did you mean '\(name)'?"
    }

    /// The candidate closest to `word`, ignoring case, when it is close enough to be what was meant: at most
    /// one edit away for a short word, two for a longer one, or a start of the other.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        if best.distance <= max(1, min(2, word.count / 3)) { return best.candidate }
        let candidate = best.candidate.lowercased()
        return candidate.hasPrefix(lowered) || lowered.hasPrefix(candidate) ? best.candidate : nil
    }

    /// The Damerau–Levenshtein distance (with adjacent transpositions) between two words.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        guard !x.isEmpty else { return y.count }
        guard !y.isEmpty else { return x.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[x.count][y.count]
    }

    /// The options and positionals of one command's arguments.
    static func parse(_ arguments: ArraySlice<String>, for command: CommandSpec,
                      environment: [String: String]) throws -> Invocation {
        var rest = arguments
        var invocation = Invocation(command: command, environment: environment)
        var onlyPositionals = false
        while let argument = rest.popFirst() {
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                invocation.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            let option: OptionSpec
            var inlineValue: String?
            if argument.hasPrefix("--") {
                var name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                // Even where a positional may start with `-` (a negated filter term), `--name` is an option:
                // a mistyped option must not turn into a filter.
                guard let found = lookup(long: name, in: command) else {
                    if command.takesEveryWordAsPositional { invocation.positionals.append(argument); continue }
                    throw UsageError("unknown option '--\(name)'\(suggestion(for: name, in: command))")
                }
                option = found
            } else {
                let letters = Array(argument.dropFirst())
                guard let found = lookup(short: letters[0], in: command) else {
                    // `ls -x` is far more likely a mistyped option than the word `x` negated.
                    if command.acceptsDashPositionals, !command.takesEveryWordAsPositional, letters.count == 1, letters[0].isLetter {
                        throw UsageError("unknown option '\(argument)'; to leave out tasks with the word '\(letters[0])', "
                                         + "write 'NOT \(letters[0])' or '\(command.displayName) -- \(argument)'")
                    }
                    if command.acceptsDashPositionals { invocation.positionals.append(argument); continue }
                    throw UsageError("unknown option '\(argument)'\(dashDashHint(argument, command))")
                }
                if letters.count > 1 {
                    // `ls -food` negates the word `food`; it is not `-f ood`.
                    guard !found.isFlag, !command.acceptsDashPositionals else {
                        if command.acceptsDashPositionals { invocation.positionals.append(argument); continue }
                        throw UsageError("unknown option '\(argument)'")
                    }
                    inlineValue = String(letters.dropFirst())
                }
                option = found
            }
            if option.isFlag {
                if inlineValue != nil { throw UsageError("option '--\(option.long)' takes no value") }
                invocation.record("", for: option)
                continue
            }
            guard let value = inlineValue ?? rest.popFirst() else {
                throw UsageError("option '--\(option.long)' needs a value (\(option.valueName))")
            }
            if value.isEmpty, option.value == .file || option.value == .path {
                throw UsageError("option '--\(option.long)' needs a \(option.valueName), not an empty string")
            }
            if case .choice(let allowed) = option.value, !allowed.contains(value) {
                throw UsageError("option '--\(option.long)' takes one of \(allowed.joined(separator: ", ")), not '\(value)'")
            }
            if !option.isRepeatable, !invocation.words(of: option).isEmpty {
                throw UsageError("option '--\(option.long)' given twice")
            }
            invocation.record(value, for: option)
        }
        try refuseControlCharacters(in: invocation)
        return invocation
    }

    /// Values that go into the todo file (a task's text, a list's name) hold no control character: it would
    /// write a stray line, a lone CR or a byte no one sees. A line break in a task's text is typed across
    /// lines and becomes a space; a tab is whitespace.
    static func refuseControlCharacters(in invocation: Invocation) throws {
        let command = invocation.command
        func check(_ value: String, _ name: String, lineBreaksAllowed: Bool) throws {
            let control = value.unicodeScalars.first { scalar in
                scalar.properties.generalCategory == .control && scalar != "\t"
                    && !(lineBreaksAllowed && (scalar == "\n" || scalar == "\r"))
            }
            guard let control else { return }
            let code = String(control.value, radix: 16, uppercase: true)
            throw UsageError("\(name) holds a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)), "
                + "which todofmt does not write into a todo file: \(shown(value))")
        }
        for option in command.options where option.value == .list {
            for value in invocation.words(of: option) { try check(value, "--\(option.long)", lineBreaksAllowed: false) }
        }
        for (index, value) in invocation.positionals.enumerated() {
            guard let spec = command.arguments.last.map({ index < command.arguments.count ? command.arguments[index] : $0 }),
                  index < command.arguments.count || spec.isRepeating, spec.kind == .taskText else { continue }
            try check(value, spec.name, lineBreaksAllowed: true)
        }
    }

    static func lookup(long name: String, in command: CommandSpec) -> OptionSpec? {
        if name == helpOption.long { return helpOption }
        return command.options.first { $0.long == name }
    }

    static func lookup(short letter: Character, in command: CommandSpec) -> OptionSpec? {
        if letter == helpOption.short { return helpOption }
        return command.options.first { $0.short == letter }
    }

    /// `; if it is an argument, put '--' before it: todofmt add -- '- [ ] x'`, for a word that starts with one
    /// dash given to a command that takes arguments: everything after `--` is one, whatever it starts with.
    private static func dashDashHint(_ argument: String, _ command: CommandSpec) -> String {
        guard !command.arguments.isEmpty else { return "" }
        return "; if it is an argument, put '--' before it: \(command.displayName) -- \(ShellWord.quoted(argument))"
    }

    /// ` (did you mean '--ics'?)` for the one option whose name `name` starts, ends, or is two edits from.
    private static func suggestion(for name: String, in command: CommandSpec) -> String {
        var close = command.options.map(\.long).filter { $0.hasPrefix(name) || name.hasPrefix($0) }
        if close.isEmpty { close = command.options.map(\.long).filter { editDistance($0, name) <= 2 } }
        return close.count == 1 ? " (did you mean '--\(close[0])'?)" : ""
    }
}
