/// What the files of the workspace name together, each name once: the names of each file's `NoteNames` in the
/// order of the files (by path), each kept where it is first named. Completion offers a kind of name from it in
/// one pass, however many notes name it; the index gathers it once for each state of its files
/// (`WorkspaceIndex.names(excluding:)`).
struct WorkspaceNames: Sendable {
    /// `+project` names, each with how many open tasks of the first file naming it name it.
    var projects: [(name: String, openTasks: Int)] = []
    /// `@context` names, the same way.
    var contexts: [(name: String, openTasks: Int)] = []
    /// `#tags`, without their `#`.
    var hashtags: [String] = []
    /// The todo.txt tags' keys, each with its values, each value once.
    var tags: [(key: String, values: [String])] = []
    /// The ids tasks give themselves, each with the task and title of the first file giving it.
    var ids: [(id: String, task: Int, title: String)] = []

    init() {}

    /// The names of `notes`, in that order.
    init(_ notes: [NoteNames]) {
        var projects = Set<String>(), contexts = Set<String>(), hashtags = Set<String>(), ids = Set<String>()
        var tagKeys: [String: Int] = [:], tagValues: [Set<String>] = []
        for note in notes {
            self.projects += note.projects.filter { projects.insert($0.name).inserted }
            self.contexts += note.contexts.filter { contexts.insert($0.name).inserted }
            self.hashtags += note.hashtags.filter { hashtags.insert($0).inserted }
            self.ids += note.ids.filter { ids.insert($0.id).inserted }
            for (key, values) in note.tags {
                let k = tagKeys[key] ?? {
                    tagKeys[key] = self.tags.count
                    self.tags.append((key, []))
                    tagValues.append([])
                    return self.tags.count - 1
                }()
                self.tags[k].values += values.filter { tagValues[k].insert($0).inserted }
            }
        }
    }
}
