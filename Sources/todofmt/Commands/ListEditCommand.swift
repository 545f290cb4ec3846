import TodoKit

/// What the list commands share: the file, the edit through the one write path (or in memory with
/// `--dry-run`), and the report.
enum ListEditCommand {
    /// `createsFile`: a missing file reads as empty (for `addlist`).
    static func run(_ invocation: Invocation, createsFile: Bool = false, _ edit: @escaping (Document) throws -> EditResult,
                    report: @escaping (EditResult, String) -> Void) -> ExitCode {
        CommandFailure.reporting {
            let path = try EditSession.locateFile(invocation)
            if invocation.flag("dry-run") {
                let document = try EditSession.readDocument(path, missingIsEmpty: createsFile)
                let result = try EditSession.reporting(path) { try edit(document) }
                printOut(UnifiedDiff.render(old: document.text, new: result.document.text, oldLabel: "a/\(path)", newLabel: "b/\(path)")
                    .showingControlCharacters(keepingNewlines: true))
                return .ok
            }
            let result = try EditSession(path: path, createsFile: createsFile).run(edit)
            for note in result.notes { printError("\(shown(path)): note: \(note)\n") }
            for line in result.removedLines { printOut("removed: \(line.showingControlCharacters())\n") }
            if result.changesText { report(result, path) }
            for line in result.changedTaskLines {
                printOut("\(line): \(String(result.document.lines.text(line - 1)).showingControlCharacters())\n")
            }
            if result.changesText { ListingSnapshot.update(path: path, after: result) }
            return .ok
        }
    }
}
