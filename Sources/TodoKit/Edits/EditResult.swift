/// What an edit did: the new document, the patches that made it, and where the tasks it touched are now.
public struct EditResult: CheckedChange, Sendable {
    /// The new document, checked against the original; its origins say which original task each task is.
    package let checked: CheckedDocument
    public var original: Document { checked.original }
    public var document: Document { checked.document }
    /// The edit's own patches; an edit of a canonical document is put in canonical form after them, which
    /// `lineMap` follows too.
    package var patches: [LinePatch]
    /// For each original line (1-based, index `line - 1`), its new 1-based line, or nil when it was removed.
    public var lineMap: [Int?]
    /// New 1-based lines of the tasks the edit changed or added, in document order.
    public var changedTaskLines: [Int]
    /// Raw text of lines the edit removed from the file (for `rm` and `archive`), in order.
    public var removedLines: [String]
    /// Things worth telling the user that are not errors, e.g. `line 12 is already done`.
    public var notes: [String]
    /// Problems of the tasks the edit touched that changed what it did, at their place in the original,
    /// e.g. a `rec:` that is no recurrence, so `done` added no next occurrence.
    public var warnings: [Diagnostic] = []

    /// Whether the edit changed the text at all (a move to where the task already is does not).
    public var changesText: Bool { !patches.isEmpty && !document.text.hasSameBytes(as: original.text) }

    /// Where an original 1-based line is now, if it is still there.
    public func newLine(forOriginal line: Int) -> Int? {
        guard line >= 1, line <= lineMap.count else { return nil }
        return lineMap[line - 1]
    }
}

extension EditResult {
    /// The result of an edit that had nothing to do.
    public init(unchanged document: Document) {
        self.init(checked: CheckedDocument(unchanged: document), patches: [],
                  lineMap: document.lines.indices.map { $0 + 1 }, changedTaskLines: [], removedLines: [], notes: [])
    }
}

extension EditResult {
    /// This edit followed by `next`, an edit of this one's document, as one edit of this one's original: each
    /// task traced back through both, each original line to where `next` put it, and what `next` changed.
    func then(_ next: EditResult) -> EditResult {
        var result = EditResult(checked: checked.then(next.checked), patches: patches + next.patches,
                                lineMap: lineMap.map { $0.flatMap { next.newLine(forOriginal: $0) } },
                                changedTaskLines: next.changedTaskLines, removedLines: removedLines + next.removedLines,
                                notes: notes + next.notes)
        result.warnings = warnings + next.warnings
        return result
    }
}
