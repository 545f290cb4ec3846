/// ANSI styles for text output, or none: colour is decided once per run, and never carries meaning
/// alone (every coloured state is also written out in words).
struct TerminalStyle {
    var isEnabled: Bool

    /// `--color always` colours; `never` does not; `auto` (the default) colours only when standard output
    /// is a terminal, `NO_COLOR` is unset or empty, and `TERM` is not `dumb`.
    static func decide(option: String?, environment: [String: String], isTerminal: Bool) -> TerminalStyle {
        switch option {
        case "always": return TerminalStyle(isEnabled: true)
        case "never": return TerminalStyle(isEnabled: false)
        default:
            let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
            return TerminalStyle(isEnabled: isTerminal && !noColor && environment["TERM"] != "dumb")
        }
    }

    enum Attribute: String {
        case bold = "1"
        case dim = "2"
        case red = "31"
        case yellow = "33"
    }

    /// `text` wrapped in the attributes' escape codes (unchanged when disabled or with none).
    func apply(_ attributes: [Attribute], to text: String) -> String {
        guard isEnabled, !attributes.isEmpty else { return text }
        return "\u{1B}[" + attributes.map(\.rawValue).joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }
}
