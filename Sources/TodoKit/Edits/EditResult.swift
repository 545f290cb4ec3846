/// What an edit did: the new document, the patches that made it, and where the tasks it touched are now.
public struct EditResult: CheckedChange, Sendable {
    /// The new document, checked against the original; its origins say which original task each task is.
    package let checked: CheckedDocument
    /// The document the edit was made to.
    public var original: Document { checked.original }
    /// The document after the edit, read afresh from the new text and checked.
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
    /// The edit as changes of whole lines of the original's text, for an editor to apply: the lines its patches
    /// rewrote, inserted and removed, when those alone make the new text (an edit checked in place, and most
    /// others: no diff of two long texts is needed then); else the lines that differ (`LineDiff`).
    package var textChanges: [TextChange] {
        if let changes = patchChanges, TextChange.turn(original.text, into: document.text, by: changes) { return changes }
        return LineDiff.changes(from: original.text, to: document.text)
    }

    /// The patches as changes of the original's text, in order (as `PatchedLines` applies them), those that
    /// leave their lines as they were left out and those that meet made one (as `LineDiff` gives them: a client
    /// need not order two changes at one place); nil when they do not fit the original.
    private var patchChanges: [TextChange]? {
        let lines = original.lines, text = original.text
        let bytes = text.utf8.span
        let order = patches.indices.sorted { a, b in
            let pa = patches[a], pb = patches[b]
            if pa.range.lowerBound != pb.range.lowerBound { return pa.range.lowerBound < pb.range.lowerBound }
            if pa.range.isEmpty != pb.range.isEmpty { return pa.range.isEmpty }
            return a < b
        }
        // Where line `index` starts, or the text ends; the first line's start is the text's (its byte order mark
        // is no line's own, but a change at the first line replaces it too, so that it starts a line for every client).
        func start(_ index: Int) -> Int { index == 0 ? 0 : index < lines.count ? lines.rangeWithEnding(index).lowerBound : bytes.count }
        var changes: [TextChange] = []
        var done = 0
        for patch in order.map({ patches[$0] }) {
            guard patch.range.upperBound <= lines.count, start(patch.range.lowerBound) >= done else { return nil }
            var new = ByteBuffer()
            if patch.range.lowerBound == 0, lines.hasByteOrderMark { new.append(LineEnding.byteOrderMark) }
            for line in patch.lines { new.append(line) }
            var range = start(patch.range.lowerBound)..<start(patch.range.upperBound)
            if patch.range.isEmpty, patch.range.lowerBound == 0, lines.hasByteOrderMark { range = 0..<3 }
            let replacement = new.text
            done = range.upperBound
            guard !bytes.extracting(range).equals(replacement.utf8.span) else { continue }
            if let last = changes.last, last.range.upperBound == range.lowerBound {
                changes[changes.count - 1] = TextChange(range: last.range.lowerBound..<range.upperBound, text: last.text + replacement)
            } else {
                changes.append(TextChange(range: range, text: replacement))
            }
        }
        return changes
    }

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
