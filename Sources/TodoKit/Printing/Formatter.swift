/// The canonical formatter (docs/FORMAT.md, "Canonical form" and "Sorting"), with safe mode built in.
///
/// A todo file comes out in canonical form; a note (`FileKind.note`) with its task lines' fields in order and
/// every other byte as it was (docs/FORMAT.md 1.5).
public enum Formatter {
    /// `text` in canonical form and, given sort keys, sorted; checked in safe mode.
    ///
    /// The text is parsed, its lines put in canonical form, its sortable runs sorted, and the output parsed
    /// afresh as a whole; every task of the output must mean what its task of the input means, under the
    /// same parent, in the same order (or, sorted, in the order the sort gives), and what is not a task must
    /// say what it said (in a note, be the same bytes). Otherwise nothing comes out but the first difference.
    public static func format(_ text: String, as format: FileFormat, settings: TaskSettings = TaskSettings(),
                              sortedBy keys: [SortKey]? = nil, options: FormatOptions = FormatOptions()) throws(FormatError) -> FormatResult {
        try self.format(Document(parsing: text, format: format, settings: settings), sortedBy: keys, options: options)
    }

    /// `input`'s text in canonical form (a note's: its task lines' fields in order) and, given sort keys,
    /// sorted; checked in safe mode.
    public static func format(_ input: Document, sortedBy keys: [SortKey]? = nil,
                              options: FormatOptions = FormatOptions()) throws(FormatError) -> FormatResult {
        try format(input, canonical: canonicalForm(of: input, options: options), sortedBy: keys, options: options)
    }

    /// `format(_:sortedBy:options:)` given `canonical`, the input's `canonicalForm(of:options:)` with the same
    /// options, as a caller that keeps it for one text (an open document's version) passes it.
    package static func format(_ input: Document, canonical: Document, sortedBy keys: [SortKey]? = nil,
                               options: FormatOptions = FormatOptions()) throws(FormatError) -> FormatResult {
        var change = ProposedChange(original: input, result: canonical,
                                    expected: ExpectedTask.reordered(input, order: Array(input.tasks.indices)),
                                    scope: .formatting)
        if let keys, !keys.isEmpty {
            let sorted = Sorter.sorted(canonical, by: keys)
            // The canonical form holds the input's tasks in the input's order, so the sort's order is the input's.
            // Lines that moved can stand where another rule applies (a heading now after a task wants its blank
            // line, a first item its column 0): the sorted text is put in canonical form once more. A note's
            // blocks only move.
            change.result = sorted.document.text.hasSameBytes(as: canonical.text) || input.kind == .note
                ? sorted.document : canonicalForm(of: sorted.document, options: options)
            change.expected = ExpectedTask.reordered(input, order: sorted.order)
        }
        do {
            return FormatResult(checked: try change.checked())
        } catch {
            throw FormatError(difference: error)
        }
    }

    /// The document in canonical form, unsorted; the document itself when it already is. Not checked: see
    /// `format(_:as:sortedBy:)`.
    package static func canonicalForm(of document: Document, options: FormatOptions = FormatOptions()) -> Document {
        guard let text = canonicalText(of: document, options: options) else { return document }
        return Document(parsing: text, like: document)
    }

    /// The canonical text of the document, unsorted; nil when it already is canonical. Not checked.
    static func canonicalText(of document: Document, options: FormatOptions = FormatOptions()) -> String? {
        switch (document.format, document.kind) {
        case (.markdown, .note): options.ordersNoteFields ? NoteCanonicalizer.canonicalText(of: document) : nil
        case (.markdown, .todoFile):
            MarkdownCanonicalizer.canonicalText(of: document, unit: options.indentUnit ?? IndentUnit.mostlyUsed(in: document))
        case (.todotxt, _): TodoTxtCanonicalizer.canonicalText(of: document)
        }
    }

    /// Where each line of `document` (0-based) is in `canonical`, its canonical form; nil for a line that
    /// went. The canonical form adds, removes and empties blank lines and rewrites the others one for one,
    /// so the lines that are not blank pair in order, and the blank lines between two of them pair in order
    /// while both texts have one there.
    package static func lineMap(from document: Document, toCanonical canonical: Document) -> [Int?] {
        func gaps(_ document: Document) -> (lines: [Int], blanksBefore: [[Int]]) {
            var lines: [Int] = [], blanks: [[Int]] = [[]]
            for (index, role) in document.roles.enumerated() {
                if role.kind == .blank {
                    blanks[blanks.count - 1].append(index)
                } else {
                    lines.append(index)
                    blanks.append([])
                }
            }
            return (lines, blanks)
        }
        let from = gaps(document), to = gaps(canonical)
        var map = [Int?](repeating: nil, count: document.lines.count)
        guard from.lines.count == to.lines.count else { return map }
        for (old, new) in zip(from.lines, to.lines) { map[old] = new }
        for (old, new) in zip(from.blanksBefore, to.blanksBefore) {
            for (a, b) in zip(old, new) { map[a] = b }
        }
        return map
    }
}

/// What formatting gave: the input and the output, each as a document.
public struct FormatResult: CheckedChange, Sendable {
    /// The formatted document, checked against the input; its origins say where each task came from when sorted.
    package let checked: CheckedDocument

    /// The text formatted, as read.
    public var input: Document { checked.original }
    /// The formatted text, as read afresh and checked.
    public var output: Document { checked.document }

    /// The formatted text.
    public var text: String { output.text }

    /// Whether formatting changed the text.
    public var isChanged: Bool { !output.text.hasSameBytes(as: input.text) }
}

/// Formatting would change what a task means; nothing came out.
public struct FormatError: Error, Sendable, CustomStringConvertible {
    package let difference: MeaningDifference

    public var description: String { "formatting would change the tasks (\(difference))" }
}
