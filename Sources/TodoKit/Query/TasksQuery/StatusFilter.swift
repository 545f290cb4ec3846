/// `done`, `not done`, `status.type is IN_PROGRESS`, `status.type is not TODO`: a test of the task's status type.
struct StatusFilter: Hashable, Sendable {
    /// The status types that match.
    var kinds: Set<QueryStatus.Kind>
    /// What `explain` says beyond the instruction (for `done` and `not done`, the types they mean).
    var detail: String?

    static func read(_ reader: inout QueryReader) throws(QueryError) -> StatusFilter? {
        if reader.readWhole("done") {
            let kinds = QueryStatus.Kind.allCases.filter(\.isDone)
            return StatusFilter(kinds: Set(kinds), detail: explained(kinds))
        }
        if reader.readWhole("not done") {
            let kinds: [QueryStatus.Kind] = [.todo, .inProgress, .onHold]
            return StatusFilter(kinds: Set(kinds), detail: explained(kinds))
        }
        guard reader.read("status.type") else { return nil }
        guard let op = reader.read(anyOf: ["is not", "is"]) else {
            throw QueryError("status.type takes 'is' or 'is not', then a status type", at: reader.nextOffset)
        }
        let (name, offset) = reader.readRest()
        guard let kind = QueryStatus.Kind(name: name) else {
            throw QueryError("unknown status type '\(name)' (use " + QueryStatus.Kind.allCases.map(\.description).joined(separator: ", ") + ")",
                             at: offset, length: name.count)
        }
        let kinds: Set<QueryStatus.Kind> = op == "is" ? [kind] : Set(QueryStatus.Kind.allCases).subtracting([kind])
        return StatusFilter(kinds: kinds, detail: nil)
    }

    func matches(_ task: QueryTask) -> Bool { kinds.contains(task.status.kind) }

    private static func explained(_ kinds: [QueryStatus.Kind]) -> String {
        "status type is " + kinds.map(\.description).joined(separator: " or ")
    }
}
