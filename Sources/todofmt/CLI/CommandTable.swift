/// Every command of `todofmt`, in the order help lists them. Parsing, `--help` and the bash, zsh and fish
/// completion scripts are all generated from this table: add a command or option here and all follow.
let commandTable: [CommandSpec] = [
    FormatCommand.spec,
    ListCommand.spec,
    ListProjectsCommand.spec,
    ListContextsCommand.spec,
    ListListsCommand.spec,
    AddCommand.spec,
    DoneCommand.spec,
    UndoCommand.spec,
    PriorityCommand.spec,
    DepriorityCommand.spec,
    AppendCommand.spec,
    PrependCommand.spec,
    RemoveCommand.spec,
    MoveCommand.spec,
    EditCommand.spec,
    ArchiveCommand.spec,
    MergeCommand.spec,
    GitSetupCommand.spec,
    CompletionsCommand.spec,
    CompleteCommand.spec,
]
