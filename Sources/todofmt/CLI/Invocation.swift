/// A parsed command line: the command, its option values and positionals, and the process environment.
struct Invocation: Sendable {
    var command: CommandSpec
    /// Values by long option name, in the order given; a flag given once has one empty value.
    var options: [String: [String]] = [:]
    var positionals: [String] = []
    /// Options from the command table that apply to every command (`--help`, `--version`).
    var environment: [String: String] = [:]

    func flag(_ long: String) -> Bool { options[long] != nil }
    func value(_ long: String) -> String? { options[long]?.last }
    func values(_ long: String) -> [String] { options[long] ?? [] }
}
