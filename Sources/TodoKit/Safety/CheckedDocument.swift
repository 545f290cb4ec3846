/// A new version of a document that TodoKit made and checked: read afresh as a whole, every task of it means
/// what the change that made it says it should (`MeaningCheck`). Only TodoKit makes one, so a text that did
/// not pass the check cannot pass for one: it is what a todo file may be replaced with.
package struct CheckedDocument: Sendable {
    /// The document the change was made to.
    package let original: Document
    /// The new document.
    package let document: Document
    /// For each task of `document`, the index of the task of `original` it is (the same task, edited, moved
    /// or not); nil for a task the change added.
    package let origins: [Int?]

    init(original: Document, document: Document, origins: [Int?]) {
        self.original = original
        self.document = document
        self.origins = origins
    }

    /// A document left as it is: each task is itself.
    init(unchanged document: Document) {
        self.init(original: document, document: document, origins: document.tasks.indices.map { $0 })
    }

    /// Whether the change changed the text at all.
    package var changesText: Bool { !document.text.hasSameBytes(as: original.text) }

    /// This change followed by `next`, a change of this one's document: from `original` to `next.document`,
    /// each task traced back through both.
    package func then(_ next: CheckedDocument) -> CheckedDocument {
        precondition(next.original.text.hasSameBytes(as: document.text), "a change chained to another document")
        return CheckedDocument(original: original, document: next.document,
                               origins: next.origins.map { $0.flatMap { origins[$0] } })
    }
}

/// The result of a change TodoKit checked (formatting, an edit, a merge, a sync): what may be written.
package protocol CheckedChange {
    var checked: CheckedDocument { get }
}
