/// Safe mode: holds a document, read afresh from a command's output, to what the command says its tasks
/// should mean, task by task, in order.
public enum MeaningCheck {
    /// The first way `result`'s tasks differ from `expected` (`ExpectedTask` values whose `.unchanged`
    /// indexes point into `original`), or nil when every task means what it should, under the parent it
    /// should, on the line it should (where one is given), and no task is missing or extra.
    public static func difference(in result: Document, from original: Document, expected: [ExpectedTask]) -> MeaningDifference? {
        let common = min(expected.count, result.tasks.count)
        for k in 0..<common {
            let actual = result.meaning(of: k)
            let wanted: TaskMeaning, name: String
            switch expected[k].meaning {
            case .unchanged(let index):
                wanted = original.meaning(of: index)
                name = "task on line \(original.tasks[index].line)"
            case .changed(let meaning):
                wanted = meaning
                name = "task on line \(result.tasks[k].line)"
            }
            if actual != wanted {
                // A task missing here shows as every later task shifting: name the one that is gone.
                if expected.count != result.tasks.count { return countDifference(result, original, expected, at: k) }
                return MeaningDifference(line: result.tasks[k].line, "\(name) \(wanted.differences(from: actual)[0])")
            }
            if let line = expected[k].line, line != result.tasks[k].line {
                return MeaningDifference(line: result.tasks[k].line, "\(name) would land on line \(result.tasks[k].line), not \(line)")
            }
            if let phrase = parentDifference(result, original, k, expected, name: name) {
                return MeaningDifference(line: result.tasks[k].line, phrase)
            }
        }
        if expected.count != result.tasks.count { return countDifference(result, original, expected, at: common) }
        return nil
    }

    private static func parentDifference(_ result: Document, _ original: Document, _ k: Int, _ expected: [ExpectedTask],
                                         name: String) -> String? {
        let actual = result.tasks[k].parent, wanted = expected[k].parent
        guard actual != wanted else { return nil }
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
public struct MeaningDifference: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line, in the changed document, where the difference shows (nil when nowhere).
    public var line: Int?
    public var description: String

    init(line: Int?, _ description: String) {
        self.line = line
        self.description = description
    }
}
