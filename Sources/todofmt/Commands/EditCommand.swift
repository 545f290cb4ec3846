import TodoKit

/// `todofmt edit [ADDR]`: opens the todo file in the user's editor at a task.
enum EditCommand {
    static let spec = CommandSpec(
        name: "edit",
        summary: "Open the todo file in $VISUAL or $EDITOR at a task.",
        discussion: """
            Runs $VISUAL, else $EDITOR, else vi, as 'EDITOR +LINE FILE' ('code --goto FILE:LINE' for VS Code,
            'subl FILE:LINE' and 'zed FILE:LINE' for Sublime Text and Zed), and waits for it. The file is not
            locked while the editor runs. Afterwards the file is read again and any problems in it are
            printed; your edit is kept either way.
            """,
        options: CommonOptions.todoFile,
        arguments: [ArgumentSpec("ADDR", .address, optional: true, help: "A task's line number, or FILE:LINE.")],
        environment: [EnvironmentSpec(name: "VISUAL", help: "The editor edit runs, with its options (code -w)."),
                      EnvironmentSpec(name: "EDITOR", help: "The editor edit runs when VISUAL is not set; else vi.")],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            var path: String
            var line: Int?
            if let text = invocation.positionals.first {
                guard invocation.positionals.count == 1 else { throw CommandFailure.usage("edit takes one task address") }
                let (file, document, index) = try AddressedFile.readTask(text, invocation: invocation)
                path = file.path
                line = document.tasks[index].line
            } else {
                path = try TodoSource.filePath(invocation)
            }
            let editor = editorCommand(invocation.environment)
            let arguments = editor + positionArguments(for: editor, path: path, line: line)
            let status = try spawnAndWait(arguments)
            if status != 0 { throw CommandFailure("todofmt: error: the editor '\(editor.joined(separator: " "))' exited with status \(status)") }
            let document = try TodoFile(path, invocation).read(missingIsEmpty: true)
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

    /// Editors that open a line given as `FILE:LINE` after `--goto` (VS Code and its offspring).
    static let gotoEditors: Set<String> = ["code", "code-insiders", "codium", "vscodium", "cursor", "windsurf"]
    /// Editors that open a line given as `FILE:LINE`.
    static let fileLineEditors: Set<String> = ["subl", "sublime_text", "zed", "zeditor", "atom", "pulsar"]

    /// The words after the editor's own that open `path` at `line`: `--goto FILE:LINE` for VS Code,
    /// `FILE:LINE` for Sublime Text and Zed, else `+LINE FILE` (vi, Emacs, nano, micro, helix and most others).
    static func positionArguments(for editor: [String], path: String, line: Int?) -> [String] {
        guard let line else { return [path] }
        let name = FileSystem.baseName(editor[0]).lowercased()
        if gotoEditors.contains(name) { return ["--goto", "\(path):\(line)"] }
        if fileLineEditors.contains(name) { return ["\(path):\(line)"] }
        return ["+\(line)", path]
    }

    /// Starts the program (found on `PATH`) with the terminal attached and waits for it; its exit status.
    static func spawnAndWait(_ arguments: [String]) throws -> Int32 {
        let pid: pid_t
        switch ProcessSpawn.start(arguments) {
        case .success(let started): pid = started
        case .failure(let failure):
            throw CommandFailure("todofmt: error: cannot run the editor '\(arguments[0])': \(SystemError.reason(failure.code))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw CommandFailure("todofmt: error: lost track of the editor") }
        }
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }
}
