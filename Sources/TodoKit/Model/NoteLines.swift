/// The note lines of one task (1-based), found one at a time from the tasks that follow it in its document:
/// the lines of its block outside its subtasks' blocks. A subtask is a following task that starts a line of
/// the block and whose parent is the task; its block is skipped.
///
/// Reads the tasks in place: valid while the buffer it was made from is.
struct NoteLines: IteratorProtocol, Sequence {
    private let tasks: UnsafeBufferPointer<Task>
    private let task: Int
    private var line: Int
    private let last: Int
    private var following: Int

    init(of task: Int, in tasks: UnsafeBufferPointer<Task>) {
        self.tasks = tasks
        self.task = task
        line = Int(tasks[task].line32) + 1
        last = Int(tasks[task].endLine32)
        following = task + 1
    }

    mutating func next() -> Int? {
        while line <= last {
            while following < tasks.count, Int(tasks[following].line32) < line { following += 1 }
            if following < tasks.count, Int(tasks[following].line32) == line, Int(tasks[following].parent32) == task {
                line = Int(tasks[following].endLine32) + 1
                continue
            }
            defer { line += 1 }
            return line
        }
        return nil
    }
}
