/// An option that takes a value, declared once: its `OptionSpec` gives the parser, `--help`, the manual page and
/// the completion scripts, and a command reads it by this declaration as a `Value` (`invocation[.sortBy]`), so
/// a misspelt name does not compile. The parser has checked the value against the spec (a choice is one of its
/// words); a value a command checks itself, with its own message (`--days`), is read as the text given.
struct Option<Value: Sendable>: Sendable {
    let spec: OptionSpec
    /// The value of a word the parser accepted.
    let value: @Sendable (String) -> Value?
}

extension Option where Value == String {
    init(_ long: String, short: Character? = nil, value kind: ValueKind, valueName: String = "VALUE",
         help: String, environment: [EnvironmentSpec] = []) {
        self.init(spec: OptionSpec(long, short: short, value: kind, valueName: valueName, help: help, environment: environment),
                  value: { $0 })
    }
}

extension Option where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// An option whose value is one of `Value`'s cases, by raw value: the parser refuses any other word.
    init(_ long: String, choosing _: Value.Type = Value.self, valueName: String, help: String,
         environment: [EnvironmentSpec] = []) {
        self.init(spec: OptionSpec(long, value: .choice(Value.allCases.map(\.rawValue)), valueName: valueName,
                                   help: help, environment: environment),
                  value: Value.init(rawValue:))
    }
}
