/// Safe mode: holds a document, read afresh from a command's output, to what the command says its tasks
/// should mean, task by task, in order.
package enum MeaningCheck {
    /// The first way `result`'s tasks differ from `expected` (`ExpectedTask` values whose `.unchanged`
    /// indexes point into `original`), or nil when every task means what it should, under the parent it
    /// should, on the line it should (where one is given), and no task is missing or extra.
    package static func difference(in result: Document, from original: Document, expected: [ExpectedTask]) -> MeaningDifference? {
        // The same text reads as the same tasks: held to the original's own tasks as they are, it passes.
        if result.text.hasSameBytes(as: original.text), holdsEveryTaskAsItIs(expected, original) { return nil }
        let common = min(expected.count, result.tasks.count)
        for k in 0..<common {
            let same: Bool
            switch expected[k].meaning {
            case .unchanged(let index): same = result.hasSameMeaning(k, as: index, in: original)
            case .changed(let meaning): same = result.meaning(of: k) == meaning
            }
            let line = result.tasks[k].line
            if !same {
                // A task missing here shows as every later task shifting: name the one that is gone.
                if expected.count != result.tasks.count { return countDifference(result, original, expected, at: k) }
                let wanted = expectedMeaning(expected[k], in: original)
                return MeaningDifference(line: line, "\(name(k, expected, original, result)) \(wanted.differences(from: result.meaning(of: k))[0])")
            }
            if let wantedLine = expected[k].line, wantedLine != line {
                return MeaningDifference(line: line, "\(name(k, expected, original, result)) would land on line \(line), not \(wantedLine)")
            }
            if result.tasks[k].parent != expected[k].parent {
                return MeaningDifference(line: line, parentDifference(result, original, k, expected, name: name(k, expected, original, result)))
            }
        }
        if expected.count != result.tasks.count { return countDifference(result, original, expected, at: common) }
        return nil
    }

    /// Whether `expected` is `original`'s tasks in order, each unchanged, under its own parent, on its own line.
    private static func holdsEveryTaskAsItIs(_ expected: [ExpectedTask], _ original: Document) -> Bool {
        guard expected.count == original.tasks.count else { return false }
        for (k, task) in expected.enumerated() {
            guard case .unchanged(let index) = task.meaning, index == k, task.parent == original.tasks[k].parent,
                  task.line.map({ $0 == original.tasks[k].line }) ?? true else { return false }
        }
        return true
    }

    private static func expectedMeaning(_ expected: ExpectedTask, in original: Document) -> TaskMeaning {
        switch expected.meaning {
        case .unchanged(let index): return original.meaning(of: index)
        case .changed(let meaning): return meaning
        }
    }

    /// How a difference names expected task `k`: by its line in the original, or, for a new task, in the result.
    private static func name(_ k: Int, _ expected: [ExpectedTask], _ original: Document, _ result: Document) -> String {
        if case .unchanged(let index) = expected[k].meaning { return "task on line \(original.tasks[index].line)" }
        return "task on line \(result.tasks[k].line)"
    }

    private static func parentDifference(_ result: Document, _ original: Document, _ k: Int, _ expected: [ExpectedTask],
                                         name: String) -> String {
        let actual = result.tasks[k].parent, wanted = expected[k].parent
        switch (wanted, actual) {
        case (let parent?, nil):
            if case .unchanged(let index) = expected[parent].meaning {
                return "\(name) is no longer a subtask of the task on line \(original.tasks[index].line)"
            }
            return "\(name) is no longer a subtask"
        case (nil, let parent?):
            return "\(name) became a subtask of the task on line \(result.tasks[parent].line)"
        default:
            return "\(name) moved under another task"
        }
    }

    /// A task expected but missing, or there but not expected, from `k` on.
    private static func countDifference(_ result: Document, _ original: Document, _ expected: [ExpectedTask],
                                        at k: Int) -> MeaningDifference {
        if expected.count > result.tasks.count, k < expected.count {
            switch expected[k].meaning {
            case .unchanged(let index):
                let task = original.tasks[index]
                return MeaningDifference(line: k < result.tasks.count ? result.tasks[k].line : nil,
                                         "task on line \(task.line) (\(quoted(original.meaning(of: index).description))) was lost")
            case .changed(let meaning):
                return MeaningDifference(line: nil, "the task \(quoted(meaning.description)) would not read as a task")
            }
        }
        let extra = result.tasks[min(k, result.tasks.count - 1)]
        let index = min(k, result.tasks.count - 1)
        return MeaningDifference(line: extra.line,
                                 "a task appeared on line \(extra.line) (\(quoted(result.meaning(of: index).description)))")
    }
}

/// How a document's tasks differ from what they should mean: a short phrase naming the task by its line,
/// such as `task on line 12 lost its note "washer size 1/2"`.
package struct MeaningDifference: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line, in the changed document, where the difference shows (nil when nowhere).
    package var line: Int?
    package var description: String

    init(line: Int?, _ description: String) {
        self.line = line
        self.description = description
    }
}
