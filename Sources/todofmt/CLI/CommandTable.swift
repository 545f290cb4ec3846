/// Every command of `todofmt`, in the order help lists them. Parsing, `--help` and the bash, zsh and fish
/// completion scripts are all generated from this table: add a command or option here and all follow.
let commandTable: [CommandSpec] = [
    FormatCommand.spec,
    AgendaCommand.spec,
    StatsCommand.spec,
    ExportCommand.spec,
]
