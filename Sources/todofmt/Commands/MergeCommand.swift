import TodoKit

/// `todofmt merge BASE OURS THEIRS [--path PATH]`: git's merge driver, a three-way merge at the level of tasks.
enum MergeCommand {
    static let spec = CommandSpec(
        name: "merge",
        summary: "Merge three versions of a todo file task by task (a git merge driver).",
        discussion: """
            Merges the changes from BASE to THEIRS into OURS and writes the result to OURS, as git's merge
            driver contract asks ('todofmt git-setup' configures it: driver = todofmt merge %O %A %B --path %P).
            Tasks are matched across the versions by their text and list, so one side can tick a task while
            the other rewords it, changes its due date, adds a note or moves it to another list. Where both
            sides changed the same field of a task, conflict markers surround that task alone. Exits 0 when
            the merge is clean, 1 when conflicts were left, 2 when a version cannot be read.
            """,
        options: [
            OptionSpec("path", value: .path, valueName: "PATH",
                       help: "The file's path in the repository (git's %P): picks the format and names conflicts."),
            OptionSpec("format", value: .choice(FileFormat.allCases.map(\.rawValue)), valueName: "FORMAT",
                       help: "Read the versions as this format instead of guessing from the path (markdown, todotxt)."),
            OptionSpec("marker-size", value: .number, valueName: "N",
                       help: "Conflict markers' length (git's %L; default 7)."),
            OptionSpec("stdout", help: "Print the merged file instead of writing it to OURS."),
        ],
        arguments: [
            ArgumentSpec("BASE", .file, help: "The common ancestor (git's %O)."),
            ArgumentSpec("OURS", .file, help: "Our version (git's %A); receives the result."),
            ArgumentSpec("THEIRS", .file, help: "Their version (git's %B)."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation) -> ExitCode {
        guard invocation.positionals.count == 3 else {
            return usageFailure("merge needs BASE, OURS and THEIRS (got \(invocation.positionals.count) file\(invocation.positionals.count == 1 ? "" : "s"))")
        }
        var markers = ConflictMarkers()
        if let size = invocation.value("marker-size") {
            guard let n = Int(size), n > 0 else { return usageFailure("--marker-size takes a positive number, not '\(size)'") }
            markers.size = n
        }
        let paths = invocation.positionals
        let displayPath = invocation.value("path") ?? paths[1]
        guard let base = TodoFileLoader.readText(paths[0]), let theirs = TodoFileLoader.readText(paths[2]) else { return .failure }
        let format = invocation.value("format").flatMap(FileFormat.init(rawValue:)) ?? FileFormat.inferred(fromPath: displayPath)
        func merge(_ ours: String) -> MergeResult {
            ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs, format: format, markers: markers)
        }
        let result: MergeResult
        if invocation.flag("stdout") {
            guard let ours = TodoFileLoader.readText(paths[1]) else { return .failure }
            result = merge(ours)
            StandardStream.output.write(result.text)
        } else {
            do {
                result = try FileUpdate(paths[1]).run { ours in
                    let merged = merge(ours)
                    return (merged.text.utf8.elementsEqual(ours.utf8) ? nil : merged.text, merged)
                }
            } catch {
                printError("\(error)\n")
                return .failure
            }
        }
        for conflict in result.conflicts {
            printError("\(shown(displayPath)):\(conflict.line): conflict: \(conflict)\n")
        }
        return result.hasConflicts ? .changes : .ok
    }
}
