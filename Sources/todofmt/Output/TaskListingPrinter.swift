import TodoKit

/// Prints a `TaskListing` as text: a `## List / Sub-list` line before each list's tasks, a blank line
/// between lists, and one line per task: its address (line number, or in a folder the number the listing gave
/// it, right-aligned), indentation for
/// subtasks, then the task as written from its checkbox on (todo.txt: the whole line).
///
/// States are written in words and coloured only as a second signal: `(overdue 3d)` (or, for a time of day
/// passed today, `(overdue since 09:00)`) in red, `(due today)` (`(due today 14:30)`) in yellow, priority A in bold, and `(context)` dimmed for a parent shown only because a
/// subtask of it matched. A task that waits for an open task (`⛔`, `[dependsOn:: ]`, topydo's `p:`) is `(blocked)`. With `showsNotes`, a task's notes follow it, under its text.
struct TaskListingPrinter {
    var document: Document
    var now: Moment
    var style: TerminalStyle
    /// Whether each listed task's notes follow it (`ls --notes`), indented under its text.
    var showsNotes = false
    /// The numbers a folder's listing gives the tasks, by task index, shown instead of their lines.
    var numbers: [Int: Int]? = nil
    /// What goes before each line number: `DONE.md:` for the archive's tasks, which `ls --archive` lists.
    var addressPrefix = ""

    func render(_ listing: TaskListing) -> String {
        rendered(listing).text(numbers: numbers)
    }

    /// The listing rendered but for its addresses, whose width depends on the numbers a folder's listing gives
    /// the tasks of all the notes before: each note of a folder is rendered where it was read, on every core,
    /// and only put together with its numbers in order.
    func rendered(_ listing: TaskListing) -> RenderedListing {
        let dependencies = document.tasks.contains(where: \.hasDependencyWords) ? Dependencies(document) : nil
        var rendered = RenderedListing(lineCount: document.lines.count, addressPrefix: addressPrefix)
        for (number, group) in listing.groups.enumerated() {
            if number > 0 { rendered.append("\n") }
            if !group.list.isEmpty {
                let title = "## " + group.list.joined(separator: " / ").showingControlCharacters()
                rendered.append(style.apply([.bold], to: title) + "\n")
            }
            for row in group.rows {
                let task = document.tasks[row.task]
                rendered.appendAddress(task: row.task, line: task.line)
                rendered.append(" " + String(repeating: "  ", count: row.depth)
                                + line(for: task, row: row, isBlocked: dependencies?.isBlocked(row.task) ?? false) + "\n")
                if showsNotes, row.isMatch {
                    let extra = 1 + 2 * row.depth + (task.checkbox == nil ? 0 : 4)
                    for note in document.notes(of: row.task) {
                        if !note.isEmpty {
                            rendered.appendIndent(extra)
                            rendered.append(style.apply([.dim], to: note.showingControlCharacters()))
                        }
                        rendered.append("\n")
                    }
                }
            }
        }
        let minutes = listing.matches.compactMap { document.tasks[$0].body.estimate?.minutes }.reduce(0, +)
        if minutes > 0 { rendered.append("\nEstimated: \(Duration(minutes: minutes)) for the tasks listed\n") }
        return rendered
    }

    private func line(for task: TodoTask, row: TaskListing.Row, isBlocked: Bool) -> String {
        var text = ""
        if let checkbox = task.checkbox { text += "[\(checkbox)] " }
        text += document.shown(String(task.body.text).trimmingBlanks()).showingControlCharacters()
        var attributes: [TerminalStyle.Attribute] = []
        if !row.isMatch {
            text += " (context)"
            attributes.append(.dim)
        } else if TaskListing.isOverdue(task, now: now), let due = task.dueMoment {
            text += due.date < now.date ? " (overdue \(RelativeDay.span(since: due.date, today: now.date)))"
                : " (overdue since \(due.time!))"
            attributes.append(.red)
        } else if TaskListing.isDueToday(task, today: now.date) {
            text += " (due today\(task.dueMoment?.time.map { " \($0)" } ?? ""))"
            attributes.append(.yellow)
        }
        if row.isMatch, isBlocked { text += " (blocked)" }
        if row.isMatch, task.priority?.letter == "A" { attributes.insert(.bold, at: 0) }
        return style.apply(attributes, to: text)
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    func trimmingBlanks() -> String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }

    /// Control characters (other than tab) as `^A`, `^[`, `^?`, as `cat -v` shows them: a task's text must
    /// not move the cursor or restyle the terminal.
    /// `keepingNewlines` leaves line feeds alone, for a whole report rather than one line.
    func showingControlCharacters(keepingNewlines: Bool = false) -> String {
        func shown(_ byte: UInt8) -> Bool {
            (byte < 0x20 && byte != 0x09 && !(keepingNewlines && byte == 0x0A)) || byte == 0x7F
        }
        guard utf8.contains(where: shown) else { return self }
        var bytes: [UInt8] = []
        for byte in utf8 {
            if shown(byte) {
                bytes.append(UInt8(ascii: "^"))
                bytes.append(byte == 0x7F ? UInt8(ascii: "?") : byte + 0x40)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
