import TodoKit

/// A failed command: the one line to print and the exit code. Every error a command meets becomes one here,
/// worded by what went wrong: a file that cannot be read or written (`path: error: …`, exit 2), an edit
/// TodoKit refused (`path: error: …`, exit 2), or a mistake on the command line (`todofmt: error: …`, 64).
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var code: ExitCode

    init(_ message: String, code: ExitCode = .failure) {
        self.message = message
        self.code = code
    }

    /// A usage error (exit 64): `todofmt: error: message`.
    static func usage(_ message: String) -> CommandFailure {
        CommandFailure("todofmt: error: \(message)", code: .usage)
    }

    /// `error`, met while working on the file named `file`.
    init(_ error: Error, file: String) {
        switch error {
        case let failure as CommandFailure:
            self = failure
        case let failure as SystemError:
            self.init("\(failure)")
        case let mistake as UsageError:
            self = .usage(mistake.message)
        case let refusal as EditError:
            self = refusal.isUsageError ? .usage("\(refusal)") : CommandFailure("\(shown(file)): error: \(refusal)")
        case let typed as TypedTextError:
            let advice = typed.canForce ? "; use --force to write it as text" : ""
            self = .usage("\(typed)\(advice)\n\(typed.pointer)")
        default:
            self.init("\(shown(file)): error: \(error)")
        }
    }

    var description: String { message }

    /// Runs a command's body, printing any failure as one line and turning it into the exit code.
    static func reporting(_ body: () throws -> ExitCode) -> ExitCode {
        do {
            return try body()
        } catch {
            let failure = error as? CommandFailure ?? CommandFailure(error, file: "todofmt")
            printError(failure.message + "\n")
            return failure.code
        }
    }
}
