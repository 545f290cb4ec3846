import TodoKit

/// `todofmt lsp`: the language server, over standard input and output.
enum LanguageServerCommand {
    static let spec = CommandSpec(
        name: "lsp",
        summary: "Run the language server (LSP over standard input and output) for editors.",
        discussion: """
            Speaks the Language Server Protocol (3.17) on standard input and output, for Markdown todo files
            and todo.txt files open in an editor: diagnostics, formatting, code actions (done, reopen, priority,
            postpone, move, sort, archive, date fixes), completion, hover, outline, folding, semantic tokens,
            inlay hints and rename. It works on the editor's buffers and proposes every change as edits for the
            editor to apply; it writes no file. docs/editors has the set-up for each editor.
            """,
        options: [Option<String>.today.spec] + CommonOptions.taskSettings,
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        guard invocation.positionals.isEmpty else { return usageFailure("lsp takes no arguments") }
        return CommandFailure.reporting {
            let fixed = invocation[.today] == nil ? nil : try Clock.now(invocation)
            #if DEBUG
            // Tests hold the workspace's reading on a FIFO, to ask while it is being read.
            let readGate = invocation.environment["TODOFMT_READ_GATE"]
            #else
            let readGate: String? = nil
            #endif
            return LanguageServer.serve(now: { fixed ?? Clock.localNow() }, tasks: try TaskSettings(invocation), readGate: readGate)
        }
    }
}
