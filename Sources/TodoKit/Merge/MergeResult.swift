/// What a three-way merge of a todo file produced: the merged text and the conflicts left in it.
public struct MergeResult: CheckedChange, Sendable, Equatable {
    /// The merged file as made from ours, read afresh and held to what each task should mean (`ThreeWayMerge`):
    /// with git's conflict markers around each conflict, each side's tasks between them as that side has them.
    package let checked: CheckedDocument
    /// The places the merge could not decide, in line order; empty when it merged cleanly.
    public var conflicts: [MergeConflict]

    /// The merged file; where there are conflicts, with git's conflict markers around each one.
    public var text: String { checked.document.text }

    init(checked: CheckedDocument, conflicts: [MergeConflict]) {
        self.checked = checked
        self.conflicts = conflicts
    }

    public static func == (lhs: MergeResult, rhs: MergeResult) -> Bool {
        lhs.text == rhs.text && lhs.conflicts == rhs.conflicts
    }

    /// Whether any place could not be decided.
    public var hasConflicts: Bool { !conflicts.isEmpty }
}

/// One place where the two sides could not both be applied.
public struct MergeConflict: Sendable, Hashable, CustomStringConvertible {
    /// Why the merge could not decide.
    public enum Kind: Sendable, Hashable {
        /// Both sides changed these fields of one task differently (`status`, `priority`, `description`, …).
        case taskFields([String])
        /// Our side deleted a task their side edited.
        case deletedByOurs
        /// Their side deleted a task our side edited.
        case deletedByTheirs
        /// One side moved a task (to another list, or under another parent) that the other side deleted.
        case movedAndDeleted(movedByOurs: Bool)
        /// The task shares its text with other tasks, and which of them a side changed cannot be told, while
        /// the other side changed one of them too.
        case cannotTellApart
        /// Both sides changed the same lines of non-task text differently.
        case text
        /// Both sides moved a task to different places (lists, or parents); this is where one side, ours or
        /// theirs, put it (the other place is marked too), or both when nil.
        case movedApart(ours: Bool?)
        /// Both sides added a task word for word, in different places (lists, or parents); this is where one
        /// side, ours or theirs, put it (the other place is marked too).
        case addedApart(ours: Bool)
    }

    /// 1-based line of the `<<<<<<<` marker in the merged text.
    public var line: Int
    /// Why the merge could not decide.
    public var kind: Kind
    /// The task's text (its description), or empty for a text conflict.
    public var task: String

    /// A conflict at `line` of the merged text, about `task` when it concerns one.
    public init(line: Int, kind: Kind, task: String = "") {
        self.line = line
        self.kind = kind
        self.task = task
    }

    /// `both sides changed the status of task 'Buy milk'`, as the merge command prints it.
    public var description: String {
        switch kind {
        case .taskFields(let fields):
            return "both sides changed the \(fields.joined(separator: " and ")) of task '\(task)'"
        case .deletedByOurs:
            return "task '\(task)' was deleted on our side and edited on theirs"
        case .deletedByTheirs:
            return "task '\(task)' was edited on our side and deleted on theirs"
        case .movedAndDeleted(let movedByOurs):
            return movedByOurs ? "task '\(task)' was moved on our side and deleted on theirs"
                : "task '\(task)' was deleted on our side and moved on theirs"
        case .text:
            return "both sides changed the same lines"
        case .cannotTellApart:
            return "both sides changed tasks with the text of '\(task)', and which one each side changed cannot be told"
        case .movedApart(let isOurs?):
            return "both sides moved task '\(task)' to different places; here is where \(isOurs ? "our" : "their") side put it"
        case .movedApart(nil):
            return "both sides moved task '\(task)' to different places; here is where each side put it"
        case .addedApart(let isOurs):
            return "both sides added task '\(task)', in different places; here is where \(isOurs ? "our" : "their") side put it"
        }
    }
}
