import TodoKit

/// `todofmt agenda`: overdue tasks, then what is due or starts each day of the coming days.
enum AgendaCommand {
    static let spec = CommandSpec(
        name: "agenda",
        summary: "Show what is overdue, due today and due or starting in the next days.",
        discussion: """
            Lists open tasks that are overdue, then, day by day for the next N days (7 by default, today
            included), the tasks due that day and the tasks whose threshold (t:) arrives that day, marked
            'starts'. Each task shows its address (line number) and list. Filter terms, as for ls, keep the
            agenda to the tasks they select ('agenda path:Projects +house').
            """,
        options: [
            days.spec,
            Flag.json.spec, Option<String>.color.spec, Option<String>.today.spec,
        ] + CommonOptions.todoFile,
        arguments: [ArgumentSpec("FILTER", .filter, repeating: true, optional: true, help: "Filter terms, as for ls, e.g. path:Projects +house.")],
        acceptsDashPositionals: true,
        run: run
    )

    static let days = Option<String>("days", value: .number, valueName: "N", help: "How many days to show, today included (default 7).")

    static func run(_ invocation: Invocation) -> ExitCode {
        if let number = invocation.positionals.first(where: { !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }) {
            return usageFailure("agenda takes filter terms, not a number of days: give --days \(number)")
        }
        let days: Int
        if let text = invocation[Self.days] {
            guard let n = Int(text), n > 0, n <= 3660 else { return usageFailure("--days takes a whole number from 1 to 3660, not '\(text)'") }
            days = n
        } else {
            days = 7
        }
        let input: ListTasksCommand.Input
        do { input = try ListTasksCommand.Input.load(invocation) } catch { return error.code }
        defer { input.warnAboutKeysNoTaskHas() }
        return CommandFailure.reporting {
            let now = input.now
            let json = invocation[.json]
            let style = TerminalStyle.decide(option: invocation[.color], environment: invocation.environment,
                                             isTerminal: StandardStream.output.isTerminal)
            switch input.source {
            case .file(let file):
                let document = input.document!
                var agenda = Agenda(now: now, days: days)
                agenda.add(document, only: selected(input, document, name: file.path))
                // The agenda shows addresses as ls does: an edit given one finds the task shown there.
                file.recordListing(document)
                if json {
                    let dependencies = Dependencies(document)
                    printOut(JSONWriter.lines(agenda.entries.map { entry(entry: $0, object: TaskJSON.object(
                        for: document.task(atLine: $0.task.line)!, in: document, file: file.path, dependencies: dependencies)) }))
                } else {
                    printOut(agenda.rendered(emphasizing: emphasizer(style)))
                }
            case .folder(let folder):
                show(folderAgenda: folder, input: input, days: days, json: json, style: style)
            }
            return .ok
        }
    }

    /// Colours the agenda as `ls` colours: overdue tasks red, those due today yellow, priority A and the
    /// section titles bold; control characters shown, never sent to the terminal.
    static func emphasizer(_ style: TerminalStyle) -> ([Agenda.Emphasis], String) -> String {
        { emphases, text in
            let attributes = emphases.map { emphasis -> TerminalStyle.Attribute in
                switch emphasis {
                case .heading, .important: .bold
                case .overdue: .red
                case .dueToday: .yellow
                }
            }
            return style.apply(attributes, to: text.showingControlCharacters())
        }
    }

    /// The agenda of every note of the folder together, each task numbered in the order shown as `ls` numbers
    /// them (the numbers kept for later commands), its file shown with its list.
    static func show(folderAgenda folder: TodoFolder, input: ListTasksCommand.Input, days: Int, json: Bool, style: TerminalStyle) {
        var agenda = Agenda(now: input.now, days: days)
        var record = folder.newListing()
        // For --json, each entry's object is made while its note is read, then put in the agenda's order.
        var objects: [Place: JSONValue] = [:]
        // Each note is filtered, made into entries and fingerprinted where it was read; the agenda gathers them in order.
        let filter = input.filter, today = input.today, empty = agenda
        input.forEachDocument(preparing: { name, document in
            let made = empty.entries(of: document, file: name, only: selected(filter, document, name: name, today: today))
            return (made, made.tasks.isEmpty ? nil : FileListingRecord(path: name, document: document))
        }) { name, document, prepared in
            let ((entries, added), listed) = prepared
            agenda.add(entries)
            guard !added.isEmpty, let listed else { return }
            record.register(listed)
            if json {
                let dependencies = Dependencies(document)
                for task in added {
                    objects[key(name, document.tasks[task].line)] = TaskJSON.object(for: task, in: document, file: name,
                                                                                          dependencies: dependencies)
                }
            }
        }
        var numbers: [Place: Int] = [:]
        for entry in agenda.entries where numbers[key(entry.file!, entry.task.line)] == nil {
            numbers[key(entry.file!, entry.task.line)] = record.number(line: entry.task.line, file: entry.file!)
        }
        folder.recordListing(record)
        if json {
            printOut(JSONWriter.lines(agenda.entries.map { item in
                let place = key(item.file!, item.task.line)
                guard case .object(let fields) = objects[place] else { return .null }
                return entry(entry: item, object: .object([("number", .int(numbers[place]!))] + fields))
            }))
        } else {
            printOut(agenda.rendered(address: { numbers[key($0.file!, $0.task.line)]! }, emphasizing: emphasizer(style)))
        }
    }

    /// A task of the folder's agenda: its file and line.
    private struct Place: Hashable {
        var file: String
        var line: Int
    }

    private static func key(_ file: String, _ line: Int) -> Place { Place(file: file, line: line) }

    /// The tasks of `document` (the file named `name`) the filter selects; nil without a filter: every task.
    private static func selected(_ input: ListTasksCommand.Input, _ document: Document, name: String) -> Set<Int>? {
        selected(input.filter, document, name: name, today: input.today)
    }

    private static func selected(_ filter: FilterExpression, _ document: Document, name: String, today: CalendarDate) -> Set<Int>? {
        guard filter != .all else { return nil }
        return Set(TaskListing(document: document, filter: filter.resolvingPaths(for: name), scope: .all, today: today).matches)
    }

    /// A task's JSON object with what the agenda says of it.
    static func entry(entry: Agenda.Entry, object: JSONValue) -> JSONValue {
        guard case .object(var fields) = object else { return .null }
        fields.append(("agenda", .object([("reason", .string(entry.reason.rawValue)),
                                          ("date", .string(entry.date.description)),
                                          ("time", .optional(entry.time?.description))])))
        return .object(fields)
    }
}
