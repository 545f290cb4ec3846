/// Which UID each task of a todo file has: the same from one run to the next while the task is edited,
/// moved or sorted, so a calendar updates its entry instead of adding another.
///
/// A task gets, in this order:
/// 1. the value of its `uid:` tag, when it has one (exact, and the user's choice);
/// 2. the UID of the remembered task (`SyncState.Entry`) it is, word for word (as the last run left it, or
///    as a sync was about to write it), list and notes included;
/// 3. the UID of the remembered task the merge driver's matcher pairs it with (`TaskMatcher`: the same text
///    with other tags, or similar text, the same list counting for it), so a reworded task or a moved one
///    keeps its UID, and one reworded and moved at once keeps it while its text stays similar (a task a
///    sync was about to add and never wrote is only known word for word);
/// 4. a new UID, made from its list, title and creation date (`ICalendarExport.identifier`), so that two
///    machines that see the same new task give it the same UID.
package struct TaskUIDs: Sendable {
    /// UID by task index, for the tasks asked about.
    package var uids: [Int: String]
    /// The state entry each task was known by, by task index (absent for a new task).
    package var entries: [Int: Int]

    /// One task asked about, as the rules above know it: as the state would remember it, its `uid:` tag, and
    /// the UID it gets when it is new.
    package struct Candidate: Sendable {
        package var snapshot: TaskSnapshot
        package var tag: String?
        package var newUID: String

        /// Task `index` of `document`; of the folder's file `file`, for tasks of many files (`TaskSnapshot.inFolder`).
        package init(task index: Int, in document: Document, file: String? = nil) {
            snapshot = TaskSnapshot(task: index, in: document)
            if let file { snapshot = snapshot.inFolder(file: file) }
            tag = document.tasks[index].body.tag("uid")
            newUID = ICalendarExport.identifier(for: document.tasks[index], list: snapshot.list)
        }
    }

    /// UIDs for the tasks `wanted` (indexes into `document.tasks`) among the remembered `state`; a new UID is
    /// none of `reserved` (those of a folder's other files).
    package init(document: Document, wanted: [Int], state: [SyncState.Entry], reserved: Set<String> = []) {
        let found = TaskUIDs(candidates: wanted.map { Candidate(task: $0, in: document) }, state: state, reserved: reserved)
        uids = Dictionary(uniqueKeysWithValues: found.uids.map { (wanted[$0.key], $0.value) })
        entries = Dictionary(uniqueKeysWithValues: found.entries.map { (wanted[$0.key], $0.value) })
    }

    /// UIDs for `candidates` (tasks of one file or of many), by their positions, among the remembered `state`.
    package init(candidates: [Candidate], state: [SyncState.Entry], reserved: Set<String> = []) {
        uids = [:]
        entries = [:]
        var taken = Set<Int>()
        var used = Set(state.map(\.uid)).union(reserved)
        var waiting = Array(candidates.indices)
        // 1. uid: tags.
        var tagged = Set<String>()
        waiting.removeAll { index in
            guard let uid = candidates[index].tag, tagged.insert(uid).inserted else { return false }
            uids[index] = uid
            if let entry = state.firstIndex(where: { $0.uid == uid }) {
                entries[index] = entry
                taken.insert(entry)
            }
            used.insert(uid)
            return true
        }
        for (e, entry) in state.enumerated() where tagged.contains(entry.uid) { taken.insert(e) }
        // 2. Word for word, as the sync was about to write it, else as last seen.
        for pass in 0..<2 {
            var byText: [TaskSnapshot: [Int]] = [:]
            for (e, entry) in state.enumerated() where !taken.contains(e) {
                guard let snapshot = pass == 0 ? entry.next : entry.seen else { continue }
                byText[snapshot, default: []].append(e)
            }
            waiting.removeAll { index in
                let snapshot = candidates[index].snapshot
                guard var matches = byText[snapshot], let e = matches.first else { return false }
                matches.removeFirst()
                byText[snapshot] = matches
                taken.insert(e)
                entries[index] = e
                uids[index] = state[e].uid
                return true
            }
        }
        // 3. The merge driver's matcher; not for a task a sync was about to add to the file and never did
        //    (a journal's entry with no base): the file never had it, so no task of the file is it reworded.
        let free = state.indices.filter { !taken.contains($0) && !(state[$0].base == nil && state[$0].next != nil) }
        if !waiting.isEmpty, !free.isEmpty {
            let remembered = free.compactMap { e in state[e].seen.version(index: e).map { (e, $0) } }
            let asked = waiting.compactMap { index in candidates[index].snapshot.version(index: index).map { (index, $0) } }
            let pairs = TaskMatcher.match(base: remembered.map(\.1), other: asked.map(\.1))
            for (k, pair) in pairs.enumerated() {
                guard let pair else { continue }
                let e = remembered[pair].0
                entries[asked[k].0] = e
                uids[asked[k].0] = state[e].uid
            }
            waiting.removeAll { uids[$0] != nil }
        }
        // 4. New.
        for index in waiting { uids[index] = TaskUIDs.unused(candidates[index].newUID, used: &used) }
    }

    /// A new UID for task `index` (`ICalendarExport.identifier`), `-2`, `-3`… before the `@` while `used`
    /// has it; added to `used`.
    static func newUID(for index: Int, in document: Document, used: inout Set<String>) -> String {
        unused(ICalendarExport.identifier(for: document.tasks[index], list: document.list(of: index)), used: &used)
    }

    /// `base`, or `base` with `-2`, `-3`… before the `@` while `used` has it; added to `used`.
    static func unused(_ base: String, used: inout Set<String>) -> String {
        var uid = base
        var suffix = 2
        while !used.insert(uid).inserted {
            uid = base.replacingFirst("@", with: "-\(suffix)@")
            suffix += 1
        }
        return uid
    }
}

extension SyncState {
    /// The UID of every task of `document` (`TaskUIDs`), by task index, remembered for next time: each task as
    /// it is now, in the order of the tasks (which tells apart tasks that read alike). A task gone from the file
    /// is forgotten, unless a sync still has it in its calendar.
    package mutating func assignUIDs(in document: Document) -> [Int: String] {
        assignUIDs(to: document.tasks.indices.map { TaskUIDs.Candidate(task: $0, in: document) })
    }

    /// The UID of every one of `candidates` (every task of a file, or of a folder's files), by position,
    /// remembered as `assignUIDs(in:)` remembers a file's, in the candidates' order.
    package mutating func assignUIDs(to candidates: [TaskUIDs.Candidate]) -> [Int: String] {
        let assigned = TaskUIDs(candidates: candidates, state: entries)
        var ordered: [Entry] = [], placed = Set<Int>()
        for (index, candidate) in candidates.enumerated() {
            if let e = assigned.entries[index] {
                guard placed.insert(e).inserted else { continue }
                ordered.append(entries[e])
                ordered[ordered.count - 1].seen = candidate.snapshot
            } else if let uid = assigned.uids[index] {
                ordered.append(SyncState.Entry(uid: uid, seen: candidate.snapshot))
            }
        }
        entries = ordered + entries.indices.filter { e in
            !placed.contains(e) && (entries[e].base != nil || entries[e].next != nil)
        }.map { entries[$0] }
        return assigned.uids
    }
}

extension String {
    /// The text with the first `target` replaced (or `replacement` appended when there is none).
    func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let index = firstIndex(of: target) else { return self + replacement.dropLast() }
        return String(self[..<index]) + replacement + String(self[index...].dropFirst())
    }
}
