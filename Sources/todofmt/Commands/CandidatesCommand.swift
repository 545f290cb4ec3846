import TodoKit

/// `todofmt __complete KIND [--file=FILE] [--prefix=WORD]`: the values the completion scripts cannot know by
/// themselves, read from the todo file in effect. Hidden from help and from completion.
///
/// - KIND is one of `CompletionCandidates.Kind`: `projects`, `contexts`, `lists`, `tags`, `tag-keys`,
///   `sort-keys`, `dates`, `addresses`, `open-addresses`, `closed-addresses` or `terms`.
/// - `--file=FILE` is the file named with `-f` on the command line being completed; without it the file is
///   found as every command finds it (`$TODOFMT_FILE`, else the nearest `TODO.md`, `todo.md` or `todo.txt`).
/// - `--prefix=WORD` is the word typed so far; only candidates starting with it (ignoring case) are printed.
///
/// It prints one candidate a line, `value<TAB>description` where there is a description, and the scripts
/// adapt that to their shell. It never fails loudly: an unknown kind, a missing or unreadable file, or
/// anything else wrong prints nothing and exits 0, with nothing on standard error, so a completion never
/// garbles the command line. The scripts pass values in the `--name=VALUE` form so that a word being
/// completed that starts with `-` is never read as an option.
///
/// It reads the file and parses it once, only when the kind needs it. Measured on a 1,000-task Markdown file
/// (release build, static runtime): 4 to 6 ms a call in all, of which about 2 ms is starting the process.
enum CandidatesCommand {
    static let spec = CommandSpec(
        name: "__complete",
        summary: "Print completion candidates for the shell completion scripts.",
        discussion: """
            Usage: todofmt __complete KIND [--file=FILE] [--prefix=WORD]. KIND is one of \
            \(CompletionCandidates.Kind.allCases.map(\.rawValue).joined(separator: ", ")). Prints one \
            candidate a line, value and description separated by a tab; prints nothing on any error.
            """,
        arguments: [ArgumentSpec("WORDS", .text, repeating: true, optional: true,
                                 help: "KIND, then --file=FILE and --prefix=WORD.")],
        isHidden: true,
        // Every word reaches `run` as a positional, so no word can make the argument parser complain.
        acceptsDashPositionals: true, takesEveryWordAsPositional: true,
        run: run
    )

    /// What the words after `__complete` ask for.
    struct Request: Equatable {
        var kind: CompletionCandidates.Kind?
        var file: String?
        var prefix = ""

        /// Reads `KIND --file=FILE --prefix=WORD` (also `--file FILE`, `--prefix WORD`); ignores anything else.
        init(_ words: [String]) {
            var rest = words[...]
            while let word = rest.popFirst() {
                if word.hasPrefix("--file=") {
                    file = String(word.dropFirst("--file=".count))
                } else if word.hasPrefix("--prefix=") {
                    prefix = String(word.dropFirst("--prefix=".count))
                } else if word == "--file" {
                    file = rest.popFirst()
                } else if word == "--prefix" {
                    prefix = rest.popFirst() ?? ""
                } else if kind == nil {
                    kind = CompletionCandidates.Kind(rawValue: word)
                }
            }
        }
    }

    static func run(_ invocation: Invocation) -> ExitCode {
        let request = Request(invocation.positionals)
        guard let kind = request.kind else { return .ok }
        var loaded: Document??
        let candidates = CompletionCandidates.candidates(kind, prefix: request.prefix) {
            if loaded == nil { loaded = loadDocument(explicit: request.file, environment: invocation.environment) }
            return loaded!
        }
        // A value with a control character cannot be typed and would garble the shell's display: left out.
        // Descriptions show theirs as `^X`, as `ls` does.
        for var candidate in candidates where !candidate.value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            candidate.description = candidate.description?.showingControlCharacters()
            printOut(candidate.line + "\n")
        }
        return .ok
    }

    /// The todo file in effect, parsed; nil when there is none or it cannot be read.
    static func loadDocument(explicit: String?, environment: [String: String]) -> Document? {
        guard case .success(.file(let path)) = TodoSource.place(explicit: explicit, environment: environment),
              !FileSystem.isDirectory(path),
              let bytes = try? FileSystem.read(path) else { return nil }
        // Which checkbox items are tasks, as the commands completed will read them (`--global-filter` aside).
        let settings = TaskSettings(globalFilter: GlobalFilter(environment["TODOFMT_GLOBAL_FILTER"] ?? ""))
        return try? FileReading(format: FileFormat.inferred(fromPath: path), settings: settings).decode(bytes).get()
    }
}
