import TodoKit

/// `todofmt tag ADDR KEY [VALUE]`: sets, replaces or removes one tag.
enum TagCommand {
    static let spec = CommandSpec(
        name: "tag",
        summary: "Set, replace or remove a key:value tag of tasks.",
        discussion: """
            'tag ADDR KEY VALUE' gives the task KEY:VALUE, replacing the value of the first KEY: tag it has (a
            due:, t:, rec:, pri: or est: tag it has twice becomes one), else adding it at the end; 'tag ADDR KEY'
            removes every KEY: tag (topydo's tag). Date words in due:, t: and remind: are written as dates,
            and a value a known key cannot take is refused (exit 64) unless --force. On a task of the Tasks or
            Dataview dialect, due, t or start, scheduled, created and rec set or remove that field in the
            task's dialect ('tag 3 scheduled fri' writes the plugin's scheduled emoji or [scheduled:: 2026-11-27]);
            any other key is a Dataview inline field ([who:: ann]) on a Dataview task, and refused on a Tasks
            task, whose format has no field for it (todofmt's own est:, remind:, h: and uid: stay tags).
            """,
        options: CommonOptions.todoFile + [Flag.forceText.spec, Option<String>.today.spec] + CommonOptions.manyTasks,
        arguments: [
            ArgumentSpec("ADDR", .address, help: "A task's line number, or FILE:LINE; left out with --where."),
            ArgumentSpec("KEY", .tagKey, help: "The tag's key, e.g. due, who, points."),
            ArgumentSpec("VALUE", .text, optional: true, help: "The value; leave it out to remove the tag."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        CommandFailure.reporting {
            let (addresses, values) = try AddressedEdit.words(
                invocation, values: 1...2, usage: "tag takes a task address, a key and a value (none to remove it), e.g. 'todofmt tag 12 who ann'",
                whereUsage: "tag --where FILTER takes a key and a value (none to remove it)")
            var key = values[0]
            if key.hasSuffix(":") { key.removeLast() }
            try AddressedEdit.run(invocation, addresses: addresses) {
                try TaskEditor.setTag(key, to: values.count == 2 ? values[1] : nil, lines: $0.lines, in: $0.document, today: $0.today,
                                      checked: !invocation[.forceText])
            }
            return .ok
        }
    }

}
