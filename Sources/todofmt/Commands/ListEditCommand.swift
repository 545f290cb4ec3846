import TodoKit

/// What the list commands share: the file, the edit through the one write path (or in memory with
/// `--dry-run`), and the report.
enum ListEditCommand {
    /// `createsFile`: a missing file reads as empty (for `addlist`).
    static func run(_ invocation: Invocation, createsFile: Bool = false, _ edit: @escaping (Document) throws -> EditResult,
                    report: @escaping (EditResult, String) -> Void) -> ExitCode {
        CommandFailure.reporting {
            let file = try TodoSource.file(invocation), path = file.path
            let result: EditResult
            do {
                if invocation[.dryRun] {
                    let document = try file.read(missingIsEmpty: createsFile)
                    let result = try edit(document)
                    printOut(UnifiedDiff.render(old: document.text, new: result.document.text, oldLabel: "a/\(path)", newLabel: "b/\(path)")
                        .showingControlCharacters(keepingNewlines: true))
                    return .ok
                }
                result = try file.update(creating: createsFile, edit)
            } catch {
                throw CommandFailure(error, file: path)
            }
            for note in result.notes { printError("\(shown(path)): note: \(note)\n") }
            for line in result.removedLines { printOut("removed: \(line.showingControlCharacters())\n") }
            if result.changesText { report(result, path) }
            for line in result.changedTaskLines {
                printOut("\(line): \(String(result.document.lines.text(line - 1)).showingControlCharacters())\n")
            }
            return .ok
        }
    }
}
