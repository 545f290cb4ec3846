/// A parsed command line: the command, its option values and positionals, and the process environment.
/// Options are read by their declarations (`invocation[.dryRun]`, `invocation[.sortBy]`), never by name.
struct Invocation: Sendable {
    var command: CommandSpec
    /// Values by long option name, in the order given; a flag given once has one empty value.
    private var given: [String: [String]] = [:]
    var positionals: [String] = []
    var environment: [String: String] = [:]

    init(command: CommandSpec, environment: [String: String] = [:]) {
        self.command = command
        self.environment = environment
    }

    /// Whether the flag was given.
    subscript(flag: Flag) -> Bool { given[flag.spec.long] != nil }

    /// The option's value, the last one given; nil when it was not given.
    subscript<Value>(option: Option<Value>) -> Value? { given[option.spec.long]?.last.flatMap(option.value) }

    /// Every value given to the option, in order.
    subscript(option: RepeatedOption) -> [String] { given[option.spec.long] ?? [] }

    /// For the parser: the words given to `option` so far (one empty word per time a flag was given).
    func words(of option: OptionSpec) -> [String] { given[option.long] ?? [] }

    /// For the parser: records `word` (empty for a flag) as given to `option`.
    mutating func record(_ word: String, for option: OptionSpec) { given[option.long, default: []].append(word) }
}
