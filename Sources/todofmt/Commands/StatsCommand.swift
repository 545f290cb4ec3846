import TodoKit

/// `todofmt stats`: counts per list, project and context, open estimates, and completions per day.
enum StatsCommand {
    static let spec = CommandSpec(
        name: "stats",
        summary: "Show counts per list, project and context, and a chart of completions per day.",
        discussion: """
            Counts open, done, cancelled and overdue tasks per list, project and context, with the sum of the
            est: estimates of open tasks, and draws the tasks completed per day over the last N weeks (from
            completion dates in the file and in its archive, DONE.md, done.md or done.txt beside it).
            --svg FILE writes the same activity as a standalone SVG chart of completed and created tasks per day.
            """,
        options: [
            weeks.spec,
            svg.spec,
            Option<String>.today.spec,
        ] + CommonOptions.todoFile,
        run: run
    )

    static let weeks = Option<String>("weeks", value: .number, valueName: "N", help: "How many weeks of activity to chart (default 4).")
    static let svg = Option<String>("svg", value: .path, valueName: "FILE", help: "Also write the chart of completed and created tasks per day as SVG to FILE.")

    static func run(_ invocation: Invocation) -> ExitCode {
        guard invocation.positionals.isEmpty else { return usageFailure("stats takes no arguments") }
        var weeks = 4
        if let text = invocation[Self.weeks] {
            guard let n = Int(text), n > 0, n <= 520 else { return usageFailure("--weeks takes a whole number from 1 to 520, not '\(text)'") }
            weeks = n
        }
        return CommandFailure.reporting {
            let today = try Clock.today(invocation)
            let statistics: Statistics
            switch try TodoSource.locate(invocation) {
            case .file(let file):
                let document = try file.read()
                WarningPrinter.printImpossibleDates(in: document, path: file.path)
                var archives: [Document] = []
                let archivePath = ArchiveCommand.defaultArchive(for: file.path, format: file.format)
                if archivePath != file.path, FileSystem.exists(archivePath) {
                    archives.append(try TodoFile(archivePath, invocation).read())
                }
                if let svgPath = invocation[svg], let input = [file.path, archivePath].first(where: { FileSystem.isSameFile($0, svgPath) }) {
                    throw CommandFailure.usage("--svg \(shown(svgPath)) would overwrite the todo file \(shown(input)); name another file")
                }
                statistics = Statistics(current: document, archives: archives, today: today, weeks: weeks)
            case .folder(let folder):
                // Every note counts, an archive (DONE.md) among them; lists are named after their files.
                folder.printSettingsWarnings()
                var counted = Statistics(today: today, weeks: weeks)
                folder.forEachDocument(folder.entries()) { entry, document in
                    WarningPrinter.printImpossibleDates(in: document, path: entry.path)
                    counted.add(document, file: entry.path)
                }
                statistics = counted
            }
            printOut(StatisticsReport.render(statistics).showingControlCharacters(keepingNewlines: true))
            if let svgPath = invocation[svg] {
                try OutputFile.write(ActivityChart.svg(statistics.activity), to: svgPath)
                printOut("\nChart written to \(shown(svgPath))\n")
            }
            return .ok
        }
    }
}
