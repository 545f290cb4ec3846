/// An option that takes no value, declared once: its `OptionSpec` gives the parser, `--help`, the manual page and
/// the completion scripts, and a command reads it by this declaration (`invocation[.dryRun]`), so a misspelt
/// name does not compile.
struct Flag: Sendable {
    let spec: OptionSpec

    init(_ long: String, short: Character? = nil, help: String, environment: [EnvironmentSpec] = []) {
        spec = OptionSpec(long, short: short, help: help, environment: environment)
    }
}
