#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TodoKit

/// `todofmt edit [ADDR]`: opens the todo file in the user's editor at a task.
enum EditCommand {
    static let spec = CommandSpec(
        name: "edit",
        summary: "Open the todo file in $VISUAL or $EDITOR at a task.",
        discussion: """
            Runs $VISUAL, else $EDITOR, else vi, as 'EDITOR +LINE FILE', and waits for it. The file is not
            locked while the editor runs. Afterwards the file is read again and any problems in it are
            printed; your edit is kept either way.
            """,
        options: [CommonOptions.file],
        arguments: [ArgumentSpec("ADDR", .address, optional: true, help: "A task's line number, or FILE:LINE.")],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            var path: String
            var line: Int?
            if let text = invocation.positionals.first {
                guard invocation.positionals.count == 1 else { throw CommandFailure("todofmt: error: edit takes one task address", code: .usage) }
                let group = try EditSession.groupAddresses([text], invocation: invocation)[0]
                path = group.path
                line = group.lines[0]
                let document = try EditSession.readDocument(path, missingIsEmpty: false)
                do {
                    if !group.listed.isEmpty { try ListingSnapshot.load(path: path)?.verify(line: line!, in: document) }
                    _ = try document.requireTask(atLine: line!)
                } catch let error as EditError {
                    throw CommandFailure("\(shown(path)): error: \(error)")
                }
            } else {
                path = try EditSession.locateFile(invocation)
            }
            let editor = editorCommand(invocation.environment)
            var arguments = editor
            if let line { arguments.append("+\(line)") }
            arguments.append(path)
            let status = try spawnAndWait(arguments)
            if status != 0 { throw CommandFailure("todofmt: error: the editor '\(editor.joined(separator: " "))' exited with status \(status)") }
            let document = try EditSession.readDocument(path, missingIsEmpty: true)
            WarningPrinter.print(document.diagnostics, path: path)
            return .ok
        }
    }

    /// `$VISUAL`, else `$EDITOR`, else `vi`, split into words (`code -w` is a command and an option).
    static func editorCommand(_ environment: [String: String]) -> [String] {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name] {
                let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                if !words.isEmpty { return words }
            }
        }
        return ["vi"]
    }

    /// Starts the program (found on `PATH`) with the terminal attached and waits for it; its exit status.
    static func spawnAndWait(_ arguments: [String]) throws -> Int32 {
        var pid = pid_t()
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        let spawned = posix_spawnp(&pid, arguments[0], nil, nil, &cArguments, environ)
        guard spawned == 0 else {
            throw CommandFailure("todofmt: error: cannot run the editor '\(arguments[0])': \(String(cString: strerror(spawned)).lowercased())")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw CommandFailure("todofmt: error: lost track of the editor") }
        }
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }
}
