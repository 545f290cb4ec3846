#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TodoKit

/// `todofmt export --ics`: open tasks with a due date as an iCalendar file of VTODOs.
enum ExportCommand {
    static let spec = CommandSpec(
        name: "export",
        summary: "Export open tasks that have a due date as iCalendar (RFC 5545) VTODOs.",
        discussion: """
            Prints an iCalendar file with a VTODO for every open task that has a due date: DUE, DTSTART from
            t:, PRIORITY 1/5/9 for (A)/(B)/(C), STATUS, DESCRIPTION from the notes, CATEGORIES from projects
            and contexts, RRULE from rec:, and an alarm on the date of a remind: tag (else on the t: date when
            it comes before the due date). UIDs are derived from each task's list, title and creation date,
            so they stay the same from one export to the next; a uid: tag on a task is used instead.
            """,
        options: [
            OptionSpec("ics", help: "Write iCalendar (the only format, and the default)."),
            OptionSpec("output", short: "o", value: .path, valueName: "FILE", help: "Write to FILE instead of standard output."),
            CommonOptions.file, CommonOptions.today,
        ],
        arguments: [ArgumentSpec("FILTER", .filter, repeating: true, optional: true, help: "Only tasks matching these filter terms, as for ls.")],
        acceptsDashPositionals: true,
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        let input: ListCommand.Input
        do { input = try ListCommand.Input.load(invocation) } catch { return error.code }
        if let output = invocation.value("output"), EditSession.isSameFile(output, input.file) {
            return usageFailure("-o \(shown(output)) would overwrite the todo file \(shown(input.file)); name another file")
        }
        // Every task the filter selects, whatever its threshold: a calendar shows what is ahead.
        let listing = TaskListing(document: input.document, filter: input.filter, scope: .all, today: input.today)
        let export = ICalendarExport(productVersion: Version.current, timestamp: timestamp(invocation))
        let calendar = export.render(listing.matches.sorted(), in: input.document)
        if let output = invocation.value("output") {
            do { try FileSystem.writeAtomically(calendar, to: output) } catch {
                printError("\(error)\n")
                return .failure
            }
        } else {
            printOut(calendar)
        }
        return .ok
    }

    /// DTSTAMP: now in UTC, or midnight of `--today` for reproducible output.
    static func timestamp(_ invocation: Invocation) -> String {
        if invocation.value("today") != nil, let today = try? Clock.today(from: invocation) {
            return "\(String(today.description.filter { $0 != "-" }))T000000Z"
        }
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }
}
