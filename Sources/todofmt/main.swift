import TodoKit
// The file system and the write path, for every file of the executable (and, through it, the C library).
@_exported import TodoIO

func runMain() -> ExitCode {
    let arguments = Array(CommandLine.arguments.dropFirst())
    let invocation: Invocation
    do {
        invocation = try ArgumentParser.parse(arguments, table: commandTable, environment: ProcessEnvironment.variables,
                                              exists: FileSystem.exists)
    } catch let error as UsageError {
        let help = error.command.isEmpty ? "todofmt --help" : "todofmt \(error.command) --help"
        printError("todofmt: error: \(error.message)\nRun '\(help)' for usage.\n")
        return .usage
    } catch {
        return usageFailure("\(error)")
    }
    if invocation[.help] {
        printOut(HelpPrinter.help(for: invocation.command, commands: commandTable))
        return .ok
    }
    return invocation.command.run(invocation)
}

#if DEBUG
/// A deliberate fault, for tests of safe mode: `TODOFMT_FAULT=drop-line:N` removes line N of every change's
/// text before it is checked, `TODOFMT_FAULT=replace:OLD:NEW` replaces the first OLD in it; a fault of the write
/// path's steps (`kill-at:N`, …) is `WriteStep`'s. Debug builds only.
func faultInjected(_ fault: String) -> @Sendable (String) -> String {
    let parts = fault.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    return { text in
        switch parts.first {
        case "drop-line":
            guard parts.count == 2, let line = Int(parts[1]) else { return text }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if line >= 1, line <= lines.count { lines.remove(at: line - 1) }
            return lines.joined(separator: "\n")
        case "replace":
            guard parts.count == 3, let range = text.firstRange(of: parts[1]) else { return text }
            var altered = text
            altered.replaceSubrange(range, with: parts[2])
            return altered
        default:
            return text
        }
    }
}

let fault = ProcessEnvironment.variables["TODOFMT_FAULT"]
if let fault, let faults = WriteStep.Faults(fault) { WriteStep.faults = faults }
var code = fault.map { fault in
    FaultInjection.$alteration.withValue(faultInjected(fault)) { runMain() }
} ?? runMain()
#else
var code = runMain()
#endif
StandardStream.output.flush()
if let failure = StandardStream.output.failure {
    // A full disk or a closed pipe behind standard output: the output is incomplete, so say so.
    printError("todofmt: error: cannot write to standard output: \(SystemError.reason(failure))\n")
    if code.rawValue < ExitCode.failure.rawValue { code = .failure }
}
StandardStream.error.flush()
exit(code.rawValue)
