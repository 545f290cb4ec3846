/// The documented exit codes of `todofmt`.
struct ExitCode: Equatable, Sendable {
    var rawValue: Int32

    /// Success.
    static let ok = ExitCode(rawValue: 0)
    /// `--check` (or `--diff`) found a file that would change; `merge` left conflicts; `lsp` ended without a
    /// `shutdown` request (as the protocol asks).
    static let changes = ExitCode(rawValue: 1)
    /// Bad input or an I/O error; nothing was written.
    static let failure = ExitCode(rawValue: 2)
    /// The command line was wrong (EX_USAGE).
    static let usage = ExitCode(rawValue: 64)

    /// Every exit code with its meaning, as `--help` and the manual page list them.
    static let documented: [(code: ExitCode, meaning: String)] = [
        (.ok, "success"),
        (.changes, "--check or --diff found a file that would change; merge left conflicts; lsp ended without a shutdown request"),
        (.failure, "bad input or an I/O error; nothing was written"),
        (.usage, "usage error"),
    ]
}

/// A mistake on the command line, reported as `todofmt: error: …` with exit code 64.
struct UsageError: Error, Sendable {
    var message: String
    /// The command the error is in (empty for the formatter), so the hint can point to its help.
    var command = ""
    init(_ message: String) { self.message = message }
}
