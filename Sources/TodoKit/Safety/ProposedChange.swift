/// A new text for a document and what each of its tasks should mean: what every change (formatting,
/// sorting, an edit, a merge) makes before safe mode lets it through. The new text is held as a document,
/// which is its whole text read afresh (a document is only ever made by reading a text), and its tasks are
/// held to the expectations (`MeaningCheck`), and its other lines to what the change may change of them
/// (`LineScope`); only a change that passes gives a document to write.
struct ProposedChange {
    let original: Document
    var result: Document
    var expected: [ExpectedTask]
    /// The lines the change may change besides its tasks.
    var scope: LineScope

    /// The new document, when every task means what it should; otherwise the first difference.
    func checked() throws(MeaningDifference) -> CheckedDocument {
        var result = self.result
        if let alteration = FaultInjection.alteration {
            result = Document(parsing: alteration(result.text), like: result)
        }
        if let difference = MeaningCheck.difference(in: result, from: original, expected: expected) { throw difference }
        let origins = expected.map(\.originalTask)
        if !result.text.hasSameBytes(as: original.text),
           let difference = scope.difference(in: result, from: original, origins: origins) { throw difference }
        return CheckedDocument(original: original, document: result, origins: origins)
    }
}

/// Deliberate faults, for tests of safe mode: a change's text altered after it is made and before it is
/// checked, as a broken formatter or edit would alter it. Only a test binds one.
package enum FaultInjection {
    @TaskLocal package static var alteration: (@Sendable (String) -> String)?
}
