/// A shell todofmt writes a completion script for.
enum CompletionShell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// The script for a command table.
    func script(for commands: [CommandSpec]) -> String {
        switch self {
        case .bash: return BashCompletionGenerator.script(for: commands)
        case .zsh: return ZshCompletionGenerator.script(for: commands)
        case .fish: return FishCompletionGenerator.script(for: commands)
        }
    }

    /// The name of the checked-in script in `completions/`, the name each shell's completion folder expects.
    var fileName: String {
        switch self {
        case .bash: return "todofmt.bash"
        case .zsh: return "_todofmt"
        case .fish: return "todofmt.fish"
        }
    }
}
