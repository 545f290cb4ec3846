import TodoKit

/// Writes a shell's completion script from a command table. Each shell's generator is one file with its own
/// escaper; all read the table through `CompletionModel`, so they offer the same things.
protocol CompletionScriptGenerator {
    /// The whole script, ready to be sourced or installed.
    static func script(for commands: [CommandSpec]) -> String
}

/// How a shell completes a value of one kind: the one mapping from `ValueKind` the three generators share.
enum CompletionAction: Equatable, Sendable {
    /// Nothing to offer (free text, a number).
    case none
    /// File and folder names.
    case files
    /// A fixed set of words.
    case words([String])
    /// Values `todofmt __complete KIND` prints, from the todo file in effect.
    case dynamic(CompletionCandidates.Kind)
    /// The names of the commands.
    case commands

    init(_ kind: ValueKind) {
        switch kind {
        case .file, .path: self = .files
        case .text, .number: self = .none
        case .choice(let words): self = .words(words)
        case .sortKeys: self = .dynamic(.sortKeys)
        case .date: self = .words(DateExpression.words)
        case .dueDate: self = .words(DateExpression.words + ["none"])
        case .period: self = .words(CompletionModel.periods)
        case .tagKey: self = .dynamic(.tagKeys)
        case .command: self = .commands
        case .list: self = .dynamic(.lists)
        case .priority: self = .words(CompletionModel.priorityLetters)
        case .address: self = .dynamic(.addresses)
        case .openAddress: self = .dynamic(.openAddresses)
        case .closedAddress: self = .dynamic(.closedAddresses)
        case .filter, .taskText: self = .dynamic(.terms)
        case .shell: self = .words(CompletionShell.allCases.map(\.rawValue))
        }
    }
}

/// The command table as the completion scripts need it: the formatter (the command that runs when none is
/// named), the visible commands, and for each its options with `--help` added.
struct CompletionModel {
    /// The formatter's options and arguments; empty when the table has no nameless command.
    var root: CommandSpec?
    /// Named commands that are not hidden, in table order.
    var commands: [CommandSpec]

    /// The option that names the todo file: its value is passed on to `todofmt __complete`.
    static let fileOption = Option<String>.file.spec
    static let priorityLetters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
    /// Periods offered to `postpone`.
    static let periods = ["1d", "2d", "3d", "1w", "2w", "1m", "1y", "1b"]

    init(_ table: [CommandSpec]) {
        root = table.first { $0.name.isEmpty }
        commands = table.filter { !$0.name.isEmpty && !$0.isHidden }
    }

    /// Every command the scripts complete, the formatter first (with an empty name).
    var all: [CommandSpec] { (root.map { [$0] } ?? []) + commands }

    /// A command's options as completion offers them: its own, then `--help`.
    static func options(of command: CommandSpec) -> [OptionSpec] {
        command.options + [ArgumentParser.helpOption]
    }

    /// The action for positional argument `index` (from 0) of a command: the last argument's when it repeats.
    static func argumentAction(of command: CommandSpec, at index: Int) -> CompletionAction {
        if index < command.arguments.count { return CompletionAction(command.arguments[index].kind) }
        if let last = command.arguments.last, last.isRepeating { return CompletionAction(last.kind) }
        return .none
    }

    /// `help` with its first sentence only, for shells that show one line per option.
    static func firstSentence(_ help: String) -> String {
        var depth = 0
        var previous: Character = " "
        for index in help.indices {
            let character = help[index]
            if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
            if previous == ".", character == " ", depth == 0 {
                let sentence = help[..<help.index(before: index)]
                if !sentence.hasSuffix("e.g"), !sentence.hasSuffix("i.e") { return String(sentence) }
            }
            previous = character
        }
        return help.hasSuffix(".") ? String(help.dropLast()) : help
    }
}
