/// `mv`: moves tasks, with their notes and subtasks, to the end of another list (created if missing).
public enum TaskMover {
    /// Moves each task's block to `list`, re-indented to top level when it was nested. The blocks keep their
    /// own markers.
    public static func move(lines: [Int], to list: ListPath, in document: Document) throws -> EditResult {
        guard document.format == .markdown else { throw EditError.noListsInTodoTxt }
        let blocks = TaskBlock.outermost(try TaskEditor.tasks(lines, in: document), in: document)
        var moving = Set<Int>()
        for block in blocks { for inner in block.tasks { moving.insert(block.task.line + inner.offset) } }
        let placement = ListPlacement(.path(list), in: document, excluding: moving)
        if let inside = blocks.first(where: { $0.range.lowerBound < placement.index && placement.index < $0.range.upperBound }) {
            throw EditError.moveIntoItself(line: inside.task.line)
        }
        var edit = DocumentEdit(document)
        for range in BlockRanges.merged(blocks.map(\.range)) {
            var widened = BlockRanges.withSeparatingBlank(range, in: document)
            if widened.lowerBound < placement.index && placement.index < widened.upperBound { widened = range }
            if let last = edit.patches.last, widened.lowerBound < last.range.upperBound { widened = last.range.upperBound..<widened.upperBound }
            edit.add(.delete(widened))
        }
        edit.place(blocks, at: placement, reportTops: true)
        return try edit.finish()
    }
}
