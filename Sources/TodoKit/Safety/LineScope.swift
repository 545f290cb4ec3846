/// Which lines of a document a change may change, beside what its tasks mean (docs/FORMAT.md 5.4 and 8.3): safe
/// mode holds every other line to its bytes.
///
/// - Formatting a note changes its task lines' fields and nothing else; sorting one moves whole task blocks
///   among their siblings. Every other line must be the same bytes, where its block took it.
/// - Formatting a todo file may change anything but what the file says: whatever is not a task must read the
///   same (`NonTaskOutline`).
/// - An edit changes the lines of its patches; every other line must be the same bytes, in the same order;
///   only a todo file may lose a blank line on the way, or gain an empty one, where its canonical form says.
///
/// Everywhere a line ending may change only where keeping it would join two lines: a last line without one that
/// is no longer last gets one, and an empty line ending in LF after a line ending in a lone CR ends in a CR (the
/// two would read as one CRLF line).
package enum LineScope: Sendable {
    /// Formatting or sorting.
    case formatting
    /// An edit: `patched[i]` says whether the original's line `i` (0-based) is in a patch; `kept[i]` is the
    /// result's line an unpatched line went to (nil for a blank line the canonical form dropped); `written[j]`
    /// says whether the result's line `j` is one a patch wrote.
    case patches(patched: [Bool], kept: [Int?], written: [Bool])
    /// A three-way merge: every line that is not a task is one the line merge (diff3) took from a version, or
    /// a conflict's marker, as git's would be; the merge itself is what accounts for them.
    case merge

    /// The first line that changed beyond the scope, or nil. `origins[k]` is the original task the result's
    /// task `k` is.
    func difference(in result: Document, from original: Document, origins: [Int?]) -> MeaningDifference? {
        switch self {
        case .formatting:
            guard original.format == .markdown else { return nil }
            switch original.kind {
            case .note: return LineScope.noteDifference(result, original, origins)
            case .todoFile: return NonTaskOutline.difference(in: result, from: original, origins: origins)
            }
        case .patches(let patched, let kept, let written):
            return LineScope.patchDifference(result, original, patched: patched, kept: kept, written: written)
        case .merge:
            return nil
        }
    }

    // MARK: Formatting a note

    /// A note formatted (and sorted): the same lines, each task block where its task went, every line but a task
    /// line's fields the same bytes.
    private static func noteDifference(_ result: Document, _ original: Document, _ origins: [Int?]) -> MeaningDifference? {
        let count = original.lines.count
        guard result.lines.count == count else {
            return MeaningDifference(line: nil, "formatting would add or remove lines of a note (\(count) lines became \(result.lines.count))")
        }
        // Where each line of the result comes from: its own place, or in a task's block the same place in the
        // block of the task it is (tasks come in document order, so a subtask's block is placed after its parent's).
        var source = Array(0..<count)
        for k in result.tasks.indices {
            guard let o = origins[k] else { continue }
            let from = result.tasks[k].line - 1, to = result.tasks[k].endLine
            let originalFrom = original.tasks[o].line - 1
            guard to - from == original.tasks[o].endLine - originalFrom else {
                return MeaningDifference(line: from + 1, "the block of the task on line \(originalFrom + 1) would change its length")
            }
            for j in from..<to { source[j] = originalFrom + (j - from) }
        }
        var previousEnding = LineEnding.lf
        for j in 0..<count {
            let i = source[j]
            if let k = result.task(atLine: j + 1) {
                guard let o = origins[k], original.tasks[o].line == i + 1,
                      sameOutsideFields(result, k, original, o) else {
                    return MeaningDifference(line: j + 1, "formatting would change line \(i + 1) of the note outside its task's fields")
                }
            } else if !result.lines.text(j).hasSameBytes(as: original.lines.text(i)) {
                return MeaningDifference(line: j + 1, "formatting would change line \(i + 1) of the note, which is no task")
            }
            let ending = result.lines.ending(j)
            guard endingMayBecome(original.lines.ending(i), ending, emptyLine: result.lines.range(j).isEmpty,
                                  after: previousEnding, isLast: j == count - 1) else {
                return MeaningDifference(line: j + 1, "formatting would change the line ending of line \(i + 1) of the note")
            }
            previousEnding = ending
        }
        return nil
    }

    /// Whether the result's task line `k` is the original's line of task `o` but for its description and fields:
    /// the same indentation, marker (an ordered marker's digits may be renumbered, as many of them), checkbox,
    /// spacing, prefix and trailing whitespace.
    private static func sameOutsideFields(_ result: Document, _ k: Int, _ original: Document, _ o: Int) -> Bool {
        let new = Array(result.lines.text(result.tasks[k].line - 1).utf8)
        let old = Array(original.lines.text(original.tasks[o].line - 1).utf8)
        let newBody = result.tasks[k].bodyColumn - 1, oldBody = original.tasks[o].bodyColumn - 1
        let newStart = newBody + result.tasks[k].body.descriptionStart, oldStart = oldBody + original.tasks[o].body.descriptionStart
        let newEnd = newBody + result.tasks[k].body.descriptionEnd, oldEnd = oldBody + original.tasks[o].body.descriptionEnd
        guard newStart == oldStart, newStart <= newEnd, oldStart <= oldEnd, newEnd <= new.count, oldEnd <= old.count else { return false }
        for offset in 0..<newStart where new[offset] != old[offset] {
            guard BlockStart.isDigit(new[offset]), BlockStart.isDigit(old[offset]) else { return false }
        }
        return new[newEnd...].elementsEqual(old[oldEnd...])
    }

    // MARK: An edit

    /// An edit: every line outside its patches the same bytes, in order; none dropped but a todo file's blank lines.
    private static func patchDifference(_ result: Document, _ original: Document, patched: [Bool], kept: [Int?],
                                        written: [Bool]) -> MeaningDifference? {
        guard kept.count == original.lines.count, written.count == result.lines.count else {
            return MeaningDifference(line: nil, "the edit's text is not the one its changes wrote")
        }
        var image = [Bool](repeating: false, count: result.lines.count)
        var last = -1
        for i in original.lines.indices where !patched[i] {
            guard let j = kept[i] else {
                if original.kind == .todoFile, original.lines[i].isBlank { continue }
                return MeaningDifference(line: nil, "the edit would remove line \(i + 1), which it was not asked to change")
            }
            guard j > last, j < result.lines.count, !written[j] else {
                return MeaningDifference(line: j + 1, "the edit would move line \(i + 1), which it was not asked to change")
            }
            last = j
            image[j] = true
            let ending = result.lines.ending(j)
            guard result.lines.text(j).hasSameBytes(as: original.lines.text(i)),
                  endingMayBecome(original.lines.ending(i), ending, emptyLine: result.lines.range(j).isEmpty,
                                  after: j > 0 ? result.lines.ending(j - 1) : .lf, isLast: j == result.lines.count - 1) else {
                return MeaningDifference(line: j + 1, "the edit would change line \(i + 1), which it was not asked to change")
            }
        }
        for j in result.lines.indices where !image[j] && !written[j] {
            // A todo file's canonical form may want a blank line beside the edit (under a heading, say).
            if original.kind == .todoFile, result.lines.range(j).isEmpty { continue }
            return MeaningDifference(line: j + 1, "the edit would add line \(j + 1), which none of its changes wrote")
        }
        return nil
    }

    // MARK: Line endings

    /// Whether a line ending `old` may read `new` in the result: only where keeping it would join two lines.
    private static func endingMayBecome(_ old: LineEnding, _ new: LineEnding, emptyLine: Bool, after previous: LineEnding,
                                        isLast: Bool) -> Bool {
        if old == new { return true }
        // A last line without an ending that is no longer last.
        if old == .none { return !isLast }
        // An empty line after a lone CR: its LF would make the two one CRLF line.
        return old == .lf && new == .cr && emptyLine && previous == .cr
    }
}
