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
            and a value a known key cannot take is refused (exit 64) unless --force.
            """,
        options: [CommonOptions.file, CommonOptions.forceText, CommonOptions.today] + CommonOptions.manyTasks,
        arguments: [
            ArgumentSpec("ADDR", .address, help: "A task's line number, or FILE:LINE; left out with --where."),
            ArgumentSpec("KEY", .tagKey, help: "The tag's key, e.g. due, who, points."),
            ArgumentSpec("VALUE", .text, optional: true, help: "The value; leave it out to remove the tag."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        let addressCount = invocation.value("where") == nil ? 1 : 0
        let rest = invocation.positionals.dropFirst(addressCount)
        guard invocation.positionals.count >= addressCount, (1...2).contains(rest.count) else {
            return usageFailure(addressCount == 1 ? "tag takes a task address, a key and a value (none to remove it), e.g. 'todofmt tag 12 who ann'"
                                : "tag --where FILTER takes a key and a value (none to remove it)")
        }
        var key = rest.first!
        if key.hasSuffix(":") { key.removeLast() }
        let value = rest.count == 2 ? rest.last : nil
        let today: CalendarDate
        do { today = try EditSession.today(invocation) } catch {
            printError("\(error)\n")
            return .usage
        }
        return EditSession.runAddressed(invocation, addresses: Array(invocation.positionals.prefix(addressCount))) { document, lines in
            try TaskEditor.setTag(key, to: value, lines: lines, in: document, today: today, checked: !invocation.flag("force"))
        }
    }
}
