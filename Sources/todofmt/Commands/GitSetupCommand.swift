
/// `todofmt git-setup [--undo]`: configures the task-aware merge driver and readable diffs in the current repository.
enum GitSetupCommand {
    static let spec = CommandSpec(
        name: "git-setup",
        summary: "Configure git to merge and diff todo files with todofmt (--undo removes it).",
        discussion: """
            In the repository of the current folder, sets merge.todofmt (a driver that runs todofmt merge
            %O %A %B --path %P with git's marker size and conflict style, and falls back to git's own line
            merge, markers and all, when todofmt cannot run or fails) and diff.todofmt (a word regex that keeps a checkbox and a key:value tag whole, and
            hunk headers that name the list) in .git/config, and adds the lines that give TODO.md, todo.md,
            DONE.md, done.md, *.todo.md, todo.txt and done.txt the merge=todofmt and diff=todofmt attributes to .gitattributes.
            Running it again changes nothing; --undo removes exactly what it added.
            """,
        options: [
            undo.spec,
            executable.spec,
        ],
        run: run
    )

    static let undo = Flag("undo", help: "Remove the configuration and the .gitattributes lines git-setup added.")
    static let executable = Option<String>("executable", value: .path, valueName: "PATH",
                                           help: "The todofmt the merge driver runs (default: todofmt, found on PATH).")

    static let patterns = ["TODO.md", "todo.md", "DONE.md", "done.md", "*.todo.md", "todo.txt", "done.txt"]
    static let comment = "# todofmt: task-aware merges and readable diffs of todo files (todofmt git-setup)"
    static var attributeLines: [String] { [comment] + patterns.map { "\($0) merge=todofmt diff=todofmt" } }
    /// A word is a checkbox (`[ ]`, `[x]`) or a run of non-blank characters, so a `due:` tag is one word.
    static let wordRegex = "\\[[^]]\\]|[^[:space:]]+"
    /// Hunk headers name the Markdown heading (the list) the change is in.
    static let functionName = "^#{1,6}[ \t].*$"

    /// The merge driver's command (git runs it with `sh`, the placeholders quoted): the task merge, with git's
    /// marker size (`%L`) and `merge.conflictStyle`; when todofmt cannot run (not on PATH) or fails (exit 2, a
    /// version it cannot read), git's own line merge with markers, so that no side's lines are lost and the
    /// conflict is seen. Exit 0 is a clean merge, anything else a conflict.
    static func driver(executable: String) -> String {
        "\(ShellWord.quoted(executable)) merge %O %A %B --path %P --marker-size %L "
            + "--conflict-style \"$(git config merge.conflictStyle || echo merge)\"; status=$?; "
            + "[ $status -le 1 ] && exit $status; "
            + "echo \"todofmt: the task merge of %P did not run (exit $status); merging it line by line\" >&2; "
            + "git merge-file -L ours -L base -L theirs --marker-size=%L %A %O %B"
    }

    static func settings(executable: String) -> [(key: String, value: String)] {
        [
            ("merge.todofmt.name", "todofmt: merge todo files task by task"),
            ("merge.todofmt.driver", driver(executable: executable)),
            ("diff.todofmt.wordRegex", wordRegex),
            ("diff.todofmt.xfuncname", functionName),
        ]
    }

    static func run(_ invocation: Invocation) -> ExitCode {
        guard invocation.positionals.isEmpty else { return usageFailure("git-setup takes no arguments") }
        let top = Subprocess.runCapturingErrors(["git", "rev-parse", "--show-toplevel"])
        guard top.status == 0, let root = top.output.split(separator: "\n").last.map(String.init) else {
            let said = top.output.split(separator: "\n").first.map(String.init) ?? ""
            if top.status == -1 {
                printError("todofmt: error: git-setup needs git, and there is no 'git' on PATH\n")
            } else if said.contains("not a git repository") {
                printError("todofmt: error: git-setup must run inside a git repository\n")
            } else {
                printError("todofmt: error: git cannot tell this repository's folder: \(said.showingControlCharacters())\n")
            }
            return .failure
        }
        let attributesPath = root + "/.gitattributes"
        func trimmed(_ line: String) -> String {
            var line = line
            while line.last == "\r" || line.last == " " || line.last == "\t" { line.removeLast() }
            return line
        }
        func isOurs(_ line: String) -> Bool { attributeLines.contains(trimmed(line)) }

        if invocation[undo] {
            for (key, _) in settings(executable: "todofmt") {
                _ = Subprocess.run(["git", "config", "--local", "--unset-all", key], quiet: true)
            }
            for section in ["merge.todofmt", "diff.todofmt"] {
                let rest = Subprocess.run(["git", "config", "--local", "--get-regexp", "^" + section.replacing(".", with: "\\.") + "\\."])
                if rest.status == 1 { _ = Subprocess.run(["git", "config", "--local", "--remove-section", section], quiet: true) }
            }
            if let failure = updateLines(of: attributesPath, { $0.filter { !isOurs($0) } }) { return failure }
            printOut("removed the todofmt merge driver and diff settings from .git/config and their lines from .gitattributes\n")
            return .ok
        }

        for (key, value) in settings(executable: invocation[executable] ?? "todofmt") {
            let result = Subprocess.run(["git", "config", "--local", key, value])
            guard result.status == 0 else {
                printError("todofmt: error: 'git config \(key)' failed\n")
                return .failure
            }
        }
        var missing: [String] = []
        let failure = updateLines(of: attributesPath) { lines in
            missing = attributeLines.filter { line in !lines.contains { trimmed($0) == line } }
            return lines + missing
        }
        if let failure { return failure }
        printOut("configured merge.todofmt and diff.todofmt in .git/config"
                 + (missing.isEmpty ? "; .gitattributes already had its lines\n" : "; added \(missing.count) lines to .gitattributes\n"))
        return .ok
    }

    /// Changes the lines of the file at `path` (a missing file has none); a file left with only blank lines is
    /// removed. The exit code of a failure, after printing it.
    private static func updateLines(of path: String, _ change: ([String]) -> [String]) -> ExitCode? {
        do {
            try OutputFile.update(path) { text in
                var lines = (text ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                if lines.last == "" { lines.removeLast() }
                let changed = change(lines)
                guard changed != lines else { return .keep }
                if changed.allSatisfy({ $0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }), text != nil { return .remove }
                return .write(changed.isEmpty ? "" : changed.joined(separator: "\n") + "\n")
            }
            return nil
        } catch {
            printError("\(error)\n")
            return .failure
        }
    }
}
