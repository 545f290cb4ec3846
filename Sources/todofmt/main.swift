#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process environment, read once, without Foundation.
func processEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
        let text = String(cString: entry)
        if let equals = text.firstIndex(of: "=") {
            environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        pointer += 1
    }
    return environment
}

func runMain() -> ExitCode {
    let arguments = Array(CommandLine.arguments.dropFirst())
    let invocation: Invocation
    do {
        invocation = try ArgumentParser.parse(arguments, table: commandTable, environment: processEnvironment())
    } catch let error as UsageError {
        let help = error.command.isEmpty ? "todofmt --help" : "todofmt \(error.command) --help"
        printError("todofmt: error: \(error.message)\nRun '\(help)' for usage.\n")
        return .usage
    } catch {
        return usageFailure("\(error)")
    }
    if invocation.flag("help") {
        printOut(HelpPrinter.help(for: invocation.command, commands: commandTable))
        return .ok
    }
    return invocation.command.run(invocation)
}

var code = runMain()
StandardStream.output.flush()
if let failure = StandardStream.output.failure {
    // A full disk or a closed pipe behind standard output: the output is incomplete, so say so.
    printError("todofmt: error: cannot write to standard output: \(SystemError.reason(failure))\n")
    if code.rawValue < ExitCode.failure.rawValue { code = .failure }
}
StandardStream.error.flush()
exit(code.rawValue)
