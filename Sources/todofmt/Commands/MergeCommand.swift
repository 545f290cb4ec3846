import TodoKit

/// `todofmt merge BASE OURS THEIRS [--path PATH]`: git's merge driver, a three-way merge at the level of tasks.
enum MergeCommand {
    static let spec = CommandSpec(
        name: "merge",
        summary: "Merge three versions of a todo file task by task (a git merge driver).",
        discussion: """
            Merges the changes from BASE to THEIRS into OURS and writes the result to OURS, as git's merge
            driver contract asks ('todofmt git-setup' configures it, with git's own line merge to fall back on
            when todofmt cannot run or fails).
            Tasks are matched across the versions by their text and list, so one side can tick a task while
            the other rewords it, changes its due date, adds a note or moves it to another list; tasks that
            share a text are told apart by their place in the file. Where both sides changed the same field
            of a task, conflict markers surround that task alone; where the file cannot tell which of several
            same-text tasks a side changed while the other side changed one too, those tasks are conflicts
            rather than a guess (FORMAT.md, section 14). A clean merge is read back and held to what the
            sides' changes explain, task by task; one that is not becomes one conflict. Exits 0 when the merge
            is clean, 1 when conflicts were left, 2 when a version cannot be read or not even a conflict reads
            back (then OURS is left as it was, and git's line merge takes over).
            """,
        options: [
            path.spec,
            format.spec,
            markerSize.spec,
            conflictStyle.spec,
            stdout.spec,
        ] + CommonOptions.taskSettings,
        arguments: [
            ArgumentSpec("BASE", .file, help: "The common ancestor (git's %O)."),
            ArgumentSpec("OURS", .file, help: "Our version (git's %A); receives the result."),
            ArgumentSpec("THEIRS", .file, help: "Their version (git's %B)."),
        ],
        run: run
    )

    static let path = Option<String>("path", value: .path, valueName: "PATH",
                                     help: "The file's path in the repository (git's %P): picks the format and names conflicts.")
    static let format = Option<FileFormat>("format", valueName: "FORMAT",
                                           help: "Read the versions as this format instead of guessing from the path (markdown, todotxt).")
    static let markerSize = Option<String>("marker-size", value: .number, valueName: "N",
                                           help: "Conflict markers' length (git's %L; default 7).")
    static let conflictStyle = Option<String>("conflict-style", value: .choice(["merge", "diff3", "zdiff3"]), valueName: "STYLE",
                                              help: "As git's merge.conflictStyle: diff3 and zdiff3 show the base's lines in a conflict too (default merge).")
    static let stdout = Flag("stdout", help: "Print the merged file instead of writing it to OURS.")

    static func run(_ invocation: Invocation) -> ExitCode {
        guard invocation.positionals.count == 3 else {
            return usageFailure("merge needs BASE, OURS and THEIRS (got \(invocation.positionals.count) file\(invocation.positionals.count == 1 ? "" : "s"))")
        }
        var markers = ConflictMarkers()
        if let size = invocation[markerSize] {
            guard let n = Int(size), n > 0 else { return usageFailure("--marker-size takes a positive number, not '\(size)'") }
            markers.size = n
        }
        markers.showsBase = invocation[conflictStyle].map { $0 != "merge" } ?? false
        let paths = invocation.positionals
        let displayPath = invocation[path] ?? paths[1]
        // Messages name the file by --path and the version: git's temporary files mean nothing to the user.
        let named = invocation[path]
        let format = invocation[Self.format] ?? FileFormat.inferred(fromPath: displayPath)
        let result: MergeResult
        do {
            // The versions read as the repository's file reads: as a note of its vault, if it is one.
            let reading = try Vault.reading(ofFileAt: displayPath, invocation)
            let versions = paths.map { TodoFile($0, name: named ?? $0, format: format, settings: reading.tasks, reading: reading.markdown) }
            func read(_ index: Int) throws -> Document {
                do { return try versions[index].read() } catch {
                    throw named == nil ? error : error.appending(" (in \(["the base", "our", "their"][index]) version)")
                }
            }
            let base = try read(0), theirs = try read(2)
            // Ours as the file holds it under its lock: the merge is made from it, checked, and written through
            // the one door to a todo file.
            func merge(_ ours: Document) throws -> MergeResult {
                do {
                    return try ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs, markers: markers)
                } catch {
                    throw CommandFailure("\(shown(displayPath)): error: the merge cannot be written even as a conflict (\(error)); "
                        + "\(invocation[stdout] ? "nothing was printed" : "nothing was written")")
                }
            }
            if invocation[stdout] {
                result = try merge(try read(1))
                StandardStream.output.write(result.text)
            } else {
                result = try versions[1].update(merge)
            }
        } catch {
            printError("\(error)\n")
            return .failure
        }
        for conflict in result.conflicts {
            printError("\(shown(displayPath)):\(conflict.line): conflict: \(conflict)\n")
        }
        return result.hasConflicts ? .changes : .ok
    }

}
