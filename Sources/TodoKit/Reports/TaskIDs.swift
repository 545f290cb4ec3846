/// The ids tasks give themselves (`🆔`, `[id:: ]`, topydo's `id:`) and name in their dependencies (`⛔`,
/// `[dependsOn:: ]`, `p:`), where they stand in the text: what an editor needs to go from a dependency to its
/// task and to complete an id.
package enum TaskIDs {
    /// An id where it is written: in task `task`'s line, at a 1-based UTF-8 column, `length` bytes long.
    package struct Place: Hashable, Sendable {
        package var id: String
        package var task: Int
        package var column: Int
        package var length: Int
        /// Whether it is the task's own id, not one it depends on.
        package var isOwn: Bool
    }

    /// The id at 1-based line `line` and UTF-8 `column` (a column just past its end counts as in it, where the
    /// cursor stands after typing it), when the column falls on one.
    package static func place(atLine line: Int, column: Int, in document: Document) -> Place? {
        guard let index = document.task(atLine: line) else { return nil }
        return places(of: index, in: document.tasks).first { $0.column <= column && column <= $0.column + $0.length }
    }

    /// Where the task whose own id is `id` gives it (the first such task of `tasks`, a document's or a note's);
    /// nil when no task has it.
    package static func definition(of id: String, in tasks: [TodoTask]) -> Place? {
        for index in tasks.indices where tasks[index].hasDependencyWords && tasks[index].fields.id == id {
            if let place = places(of: index, in: tasks).first(where: { $0.isOwn && $0.id == id }) { return place }
        }
        return nil
    }

    /// Every task's own id, in order, each once, with the task that gives it.
    package static func all(in tasks: [TodoTask]) -> [(id: String, task: Int)] {
        var seen = Set<String>()
        return tasks.indices.compactMap { index in
            guard tasks[index].hasDependencyWords, let id = tasks[index].fields.id, seen.insert(id).inserted else { return nil }
            return (id, index)
        }
    }

    /// The ids task `index` of `tasks` writes, each where it stands: its own and those it depends on, in every
    /// dialect.
    static func places(of index: Int, in tasks: [TodoTask]) -> [Place] {
        let task = tasks[index]
        guard task.hasDependencyWords else { return [] }
        let body = task.body
        var places: [Place] = []
        func add(_ range: Range<Int>, _ bytes: Span<UInt8>, own: Bool) {
            places.append(Place(id: bytes.string(range), task: index, column: task.bodyColumn + range.lowerBound,
                                length: range.count, isOwn: own))
        }
        body.source.withBytes { b in
            body.forEachTag(nil) { token, bytes in
                guard body.fieldReading.contains(.todotxt) else { return false }
                let key = token.nameRange
                if key.count == 2, bytes.hasPrefix("id", at: key.lowerBound) { add(token.valueRange, bytes, own: true) }
                if key.count == 1, bytes.hasPrefix("p", at: key.lowerBound) { add(token.valueRange, bytes, own: false) }
                return true
            }
            guard body.hasTrailingFields else { return }
            let bytes = b.array(0..<b.count)
            for span in body.trailingFields(bytes).spans {
                if span.field == .id { add(span.value, b, own: true) }
                guard span.field == .dependsOn else { continue }
                // `a, b,c`: each id, without the commas and spaces around it.
                var start = span.value.lowerBound
                for i in span.value.lowerBound...span.value.upperBound where i == span.value.upperBound || !TrailingFields.isIDByte(bytes[i]) {
                    if i > start { add(start..<i, b, own: false) }
                    start = i + 1
                }
            }
        }
        return places
    }
}
