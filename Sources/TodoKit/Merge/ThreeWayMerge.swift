/// A three-way merge of a todo file that understands tasks and lists, for git's merge-driver contract.
///
/// The three versions are parsed, and each side's tasks paired with the base's (`TaskPairing`: by text, by
/// the file's order where tasks share a text, by similar text). Each file is then a sequence of pieces: tasks,
/// known by their identity, and the lines between them. A diff3 of these sequences settles where everything
/// goes, and since a task compares by identity, an edited task stays in place while a moved task moves; then
/// each task's fields are merged (`TaskMerge`). Where a stretch of the file changed on both sides:
/// - tasks added on both sides are all kept, ours first, then theirs; where a side also opens new lists
///   (headings) after its tasks, the tasks both sides added to the list above come first, then the new lists;
/// - a task one side moved (to another list, or under another parent) goes where that side put it, with the
///   other side's edits to it applied; the tasks both sides kept take the order of the side that reordered
///   them (both reordering them differently is a conflict);
/// - a task one side deleted is deleted, unless the other side edited it, moved it to another list or parent,
///   or added a subtask under it: that is a conflict;
/// - the other lines are merged line by line as git would, with conflict markers where both sides changed
///   the same lines differently.
///
/// Then every task stands in the list and under the parent the sides give it: one that a side added under a
/// task the other side moved goes with its parent (re-indented as the parent was), after the subtask it
/// followed; one the stretches put under another list's heading goes back to its list. A parent one side
/// deleted while the other added a task under it is a conflict, as a deleted-and-edited task is; a task both
/// sides moved, to different lists or under different parents, is a conflict marked at both places, each
/// side's place holding that side's lines. Tasks that share a text, where which one a side changed cannot be
/// told and the other side changed one of them too, are conflicts (`cannotTellApart`).
///
/// A conflict over a task puts markers around that task's lines alone.
///
/// The merge writes no task it cannot explain. Every task both sides kept is merged twice, once from its lines
/// (`TaskMerge`) and once from what the three versions mean (`MeaningMerge`): where the two disagree, the task is
/// a conflict. The merged text is then read afresh and held, as every change is, to what each task should mean
/// (`ProposedChange`): each task where it was written, meaning what its lines mean, in the list and under the
/// parent the sides give it, and no task more or less. Should it not read back so, the file is one conflict,
/// from the first line the versions do not share to the last, each side's lines as that side wrote them.
public enum ThreeWayMerge {
    /// Merges two edits of `base`, task by task where the file's tasks can be told apart and line by line elsewhere;
    /// each version read as a todo file of `format` is, under `settings`.
    public static func merge(base: String, ours: String, theirs: String, format: FileFormat,
                             settings: TaskSettings = TaskSettings(), markers: ConflictMarkers = ConflictMarkers()) throws -> MergeResult {
        func read(_ text: String) -> Document { Document(parsing: text, format: format, settings: settings) }
        return try merge(base: read(base), ours: read(ours), theirs: read(theirs), markers: markers)
    }

    /// Merges two edits of `base`, each version read as its file is read (its format, its task settings, its
    /// Markdown reading: a vault's note as Obsidian reads it). The result is made from `ours`, read as it is.
    ///
    /// Throws when not even the file as one conflict reads back with each side's tasks (a side that leaves a code
    /// block open swallows the other's lines, say): then there is nothing todofmt can vouch for, and nothing
    /// should be written.
    public static func merge(base: Document, ours: Document, theirs: Document,
                             markers: ConflictMarkers = ConflictMarkers()) throws -> MergeResult {
        var merger = Merger(base: base, ours: ours, theirs: theirs, markers: markers)
        return try merger.run()
    }
}

/// The state of one merge.
private struct Merger {
    enum Key: Hashable {
        case base(Int)
        case ours(Int)
        case theirs(Int)
    }

    enum Atom: Hashable {
        case line(Line)
        case task(Key)

        var taskKey: Key? {
            if case .task(let key) = self { return key }
            return nil
        }

        var line: Line? {
            if case .line(let line) = self { return line }
            return nil
        }
    }

    enum Placed {
        case atom(Atom)
        /// A stretch both sides changed in ways that cannot be combined (where both put a task they moved
        /// apart, that task).
        case conflict(base: [Atom], ours: [Atom], theirs: [Atom], movedApart: Key? = nil)
        /// A task both sides moved to different places, where one side (ours, or theirs) put it.
        case movedApart(Key, ours: Bool)
    }

    enum Side {
        case ours
        case theirs
    }

    let format: FileFormat
    let markers: ConflictMarkers
    let base: MergeVersion, ours: MergeVersion, theirs: MergeVersion
    var baseOf: [Key: Int] = [:], oursOf: [Key: Int] = [:], theirsOf: [Key: Int] = [:]
    var baseAtoms: [Atom] = [], oursAtoms: [Atom] = [], theirsAtoms: [Atom] = []
    /// Each version's tasks' keys, by index.
    var baseKeys: [Key] = [], oursKeys: [Key] = [], theirsKeys: [Key] = []
    /// Tasks one side deleted and the other edited (or moved, or added a subtask under): kept, as conflicts.
    var deletedAndEdited: Set<Key> = []
    /// Those of `deletedAndEdited` that the other side moved to another list or under another parent.
    var movedAndDeleted: Set<Key> = []
    /// Tasks that share a text with others, where which is which cannot be told and matters: conflicts.
    var undecided: Set<Key> = []
    /// Tasks both sides moved, to different lists or under different parents: a conflict at each place.
    var movedApart: Set<Key> = []
    /// Those of `movedApart` that the sides put under different parents (or one under a parent, the other not).
    var movedUnderOtherParents: Set<Key> = []
    /// Tasks both sides added word for word, in different places: a conflict at each place.
    var addedApart: Set<Key> = []
    /// The next occurrence both sides' completions of one recurring task made, by its key: whether theirs
    /// completed it first (its next occurrence is then theirs).
    var nextFromTheirs: [Key: Bool] = [:]
    /// What becomes of each task, worked out once (`outcome(of:)`).
    private var outcomes: [Key: TaskOutcome] = [:]
    /// The parent each task must stand under (nil: none), as the side whose choice wins says it.
    var expectedParent: [Key: (parent: Key?, side: Side)] = [:]
    /// The headings a task may stand under (nil: above every heading), as the sides that placed it say it: the
    /// side that moved or added it, or, for a task no side moved, any side (a side may have renamed its list).
    var headingsOf: [Key: Set<Line?>] = [:]
    /// The heading lines of the three versions, where new lists begin.
    let headingLines: Set<Line>
    /// For each task of each version, the nearest heading line above it (nil: none).
    var headingAbove: (base: [Line?], ours: [Line?], theirs: [Line?]) = ([], [], [])
    /// The lists a side renamed: for a base heading that a side's lines replace with another heading (in the
    /// side's line diff, a stretch that removes that one heading and writes one in its place), the headings
    /// written in its place. A heading a side deleted without writing another is no rename.
    let renamedHeadings: [Line: Set<Line>]

    init(base: Document, ours: Document, theirs: Document, markers: ConflictMarkers) {
        self.format = base.format
        var markers = markers
        markers.ending = ours.dominantLineEnding
        self.markers = markers
        self.base = MergeVersion(base)
        self.ours = MergeVersion(ours)
        self.theirs = MergeVersion(theirs)
        // Lines that are headings wherever they occur (a line that is a heading in one version and text in
        // another tells nothing).
        var headingLines = Set<Line>(), otherLines = Set<Line>()
        for document in [base, ours, theirs] {
            for (index, role) in document.roles.enumerated() {
                if role.kind == .heading { headingLines.insert(document.lines[index]) } else { otherLines.insert(document.lines[index]) }
            }
        }
        self.headingLines = headingLines.subtracting(otherLines)
        var renamedHeadings: [Line: Set<Line>] = [:]
        let baseLines = Array(base.lines)
        for side in [ours, theirs] {
            let sideLines = Array(side.lines)
            var (i, j) = (0, 0)
            for (mi, mj) in SequenceMatching.matches(baseLines, sideLines) + [(baseLines.count, sideLines.count)] {
                let removed = (i..<mi).filter { base.roles[$0].kind == .heading }
                let written = (j..<mj).filter { side.roles[$0].kind == .heading }
                if removed.count == 1, written.count == 1 {
                    renamedHeadings[baseLines[removed[0]], default: []].insert(sideLines[written[0]])
                }
                (i, j) = (mi + 1, mj + 1)
            }
        }
        self.renamedHeadings = renamedHeadings
        // For each task of each version, the nearest of those lines above it (nil: none).
        func headings(_ version: MergeVersion) -> [Line?] {
            var heading: Line?
            var above: [Line?] = []
            var next = 0
            for (index, line) in version.document.lines.enumerated() {
                if self.headingLines.contains(line), version.document.roles[index].kind == .heading { heading = line }
                while next < version.tasks.count, version.tasks[next].lineIndexes[0] == index {
                    above.append(heading)
                    next += 1
                }
            }
            return above
        }
        headingAbove = (headings(self.base), headings(self.ours), headings(self.theirs))
    }

    mutating func run() throws -> MergeResult {
        assignKeys()
        settleOutcomes()
        var placed: [Placed] = []
        for chunk in Diff3.chunks(base: baseAtoms, ours: oursAtoms, theirs: theirsAtoms) {
            switch chunk {
            case .stable(_, let o, _):
                placed += oursAtoms[o].map(Placed.atom)
            case .changed(let b, let o, let t):
                let b = Array(baseAtoms[b]), o = Array(oursAtoms[o]), t = Array(theirsAtoms[t])
                // A task both sides moved apart is marked where each side put it; both sides' places in one
                // stretch, the stretch is one conflict, as each side wrote it.
                if let key = o.compactMap(\.taskKey).first(where: { movedApart.contains($0) && t.contains(.task($0)) }) {
                    placed.append(.conflict(base: b, ours: o, theirs: t, movedApart: key))
                    continue
                }
                placed += resolve(base: b, ours: o, theirs: t).map { item in
                    guard case .atom(.task(let key)) = item, movedApart.contains(key) else { return item }
                    return .movedApart(key, ours: o.contains(.task(key)))
                }
            }
        }
        // A task both sides moved under different parents that the stretches placed once, as a task no side moved
        // (one side nested it where it was, the other opened a list above it): marked as each side has it. (Two
        // lists renamed differently are no move: their tasks stay where they are.)
        placed = placed.flatMap { item -> [Placed] in
            guard case .atom(.task(let key)) = item, movedUnderOtherParents.contains(key) else { return [item] }
            return [.movedApart(key, ours: true), .movedApart(key, ours: false)]
        }
        placed = inTheirLists(placedOnce(placed))
        var written = write(placed, shifts: [:])
        if written.conflicts.isEmpty, let (rehomed, shifts) = rehome(placed, written) {
            written = write(rehomed, shifts: shifts)
        }
        if let result = try? checked(written) { return result }
        return try conflictOutput()
    }

    /// A document of `lines`, read as ours is read.
    private func merged(_ lines: [Line]) -> Document {
        Document(lines: lines, format: format, settings: ours.document.settings, reading: ours.document.reading,
                 hasByteOrderMark: ours.document.hasByteOrderMark)
    }

    // MARK: Identity

    /// Gives every task of the three versions its key. Tasks a side's changes leave uncertain (see `TaskPairing`)
    /// take the pairing's reading; where the other side changed one of the base tasks they may be, which task is
    /// which decides the merge, so those tasks become conflicts (`cannotTellApart`).
    private mutating func assignKeys() {
        let oursCompletions = RecurringCompletion.find(base: base, side: ours)
        let theirsCompletions = RecurringCompletion.find(base: base, side: theirs)
        let oursPairing = TaskPairing(base: base.tasks, side: ours.tasks, completions: oursCompletions)
        let theirsPairing = TaskPairing(base: base.tasks, side: theirs.tasks, completions: theirsCompletions)
        var cannotTell: (base: Set<Int>, ours: Set<Int>, theirs: Set<Int>) = ([], [], [])
        func reading(_ pairing: TaskPairing, otherSide: MergeVersion, _ otherPairing: TaskPairing) -> (match: [Int?], undecided: Set<Int>) {
            var match = pairing.sideToBase
            var undecided = Set<Int>()
            for group in pairing.uncertain {
                for (b, s) in group.pairs { match[s] = b }
                guard !group.base.allSatisfy({ isLeftAsItWas($0, by: otherSide, otherPairing) }) else { continue }
                cannotTell.base.formUnion(group.base)
                undecided.formUnion(group.side)
            }
            return (match, undecided)
        }
        let (oursMatch, undecidedInOurs) = reading(oursPairing, otherSide: theirs, theirsPairing)
        let (theirsMatch, undecidedInTheirs) = reading(theirsPairing, otherSide: ours, oursPairing)
        (cannotTell.ours, cannotTell.theirs) = (undecidedInOurs, undecidedInTheirs)
        let uncertainInOurs = Set(oursPairing.uncertain.flatMap(\.side)), uncertainInTheirs = Set(theirsPairing.uncertain.flatMap(\.side))
        for i in base.tasks.indices { baseOf[.base(i)] = i }
        oursKeys = oursMatch.enumerated().map { i, match in match.map(Key.base) ?? .ours(i) }
        for (i, key) in oursKeys.enumerated() { oursOf[key] = i }
        // Both sides completed a recurring task: the two next occurrences are one, the earlier completion's.
        let oursNext = Dictionary(oursCompletions.map { ($0.base, $0) }, uniquingKeysWith: { a, _ in a })
        var theirsNext: [Int: Key] = [:]
        for completion in theirsCompletions {
            guard let mine = oursNext[completion.base] else { continue }
            theirsNext[completion.next] = .ours(mine.next)
            nextFromTheirs[.ours(mine.next)] = completion.date < mine.date
        }
        let nextOccurrences = (ours: Set(oursCompletions.map(\.next)), theirs: Set(theirsCompletions.map(\.next)))
        // The same task added on both sides, word for word, is one task where both put it in one place (one
        // list, one parent); in two places, it is a conflict marked at both. Word for word is byte for byte, but
        // for how the lines end (a side's last line may have no newline).
        func words(_ task: TaskVersion) -> [[UInt8]] { task.lines.map { Array($0.text.utf8) } }
        var addedByOurs: [[[UInt8]]: [Int]] = [:]
        for (i, match) in oursMatch.enumerated() where match == nil && !uncertainInOurs.contains(i) && !nextOccurrences.ours.contains(i) {
            addedByOurs[words(ours.tasks[i]), default: []].append(i)
        }
        var addedApartByTheirs: [Int] = []
        theirsKeys = []
        for (j, match) in theirsMatch.enumerated() {
            var key = match.map(Key.base) ?? theirsNext[j] ?? .theirs(j)
            if match == nil, theirsNext[j] == nil, !uncertainInTheirs.contains(j), !nextOccurrences.theirs.contains(j),
               var same = addedByOurs[words(theirs.tasks[j])], !same.isEmpty {
                let parent = theirs.document.tasks[j].parent.map { theirsKeys[$0] }
                if let k = same.firstIndex(where: { ours.tasks[$0].list == theirs.tasks[j].list && self.parent($0, in: ours, oursKeys) == parent }) {
                    key = .ours(same.remove(at: k))
                    addedByOurs[words(theirs.tasks[j])] = same
                } else {
                    addedApartByTheirs.append(j)
                }
            }
            theirsKeys.append(key)
            theirsOf[key] = j
        }
        // Added apart: what is left of those lines on our side, and theirs.
        for j in addedApartByTheirs {
            guard var same = addedByOurs[words(theirs.tasks[j])], !same.isEmpty else { continue }
            addedApart.insert(.ours(same.removeFirst()))
            addedApart.insert(.theirs(j))
            addedByOurs[words(theirs.tasks[j])] = same
        }
        baseKeys = base.tasks.indices.map(Key.base)
        baseAtoms = base.pieces.map { piece in atom(piece) { .base($0) } }
        oursAtoms = ours.pieces.map { piece in atom(piece) { oursKeys[$0] } }
        theirsAtoms = theirs.pieces.map { piece in atom(piece) { theirsKeys[$0] } }
        for (key, b) in baseOf {
            if let o = oursOf[key], theirsOf[key] == nil, !ours.tasks[o].hasSameLines(as: base.tasks[b]) {
                deletedAndEdited.insert(key)
            }
            if let t = theirsOf[key], oursOf[key] == nil, !theirs.tasks[t].hasSameLines(as: base.tasks[b]) {
                deletedAndEdited.insert(key)
            }
        }
        undecided = Set(cannotTell.base.map(Key.base)).union(cannotTell.ours.map { oursKeys[$0] }).union(cannotTell.theirs.map { theirsKeys[$0] })
        // A recurring task both sides completed, where a side's next occurrence is not as `done` made it (edited
        // since, or made by another tool): which task is that side's next occurrence cannot be told, and two would
        // stand where one is due.
        let completedByOurs = Set(oursCompletions.map(\.base)), completedByTheirs = Set(theirsCompletions.map(\.base))
        for (key, b) in baseOf where base.tasks[b].isOpen && base.tasks[b].recurrence != nil {
            guard let o = oursOf[key], let t = theirsOf[key], !ours.tasks[o].isOpen, !theirs.tasks[t].isOpen,
                  !(completedByOurs.contains(b) && completedByTheirs.contains(b)) else { continue }
            undecided.insert(key)
        }
        // Kept, as conflicts, where one side's reading deleted them.
        deletedAndEdited.formUnion(undecided.filter { baseOf[$0] != nil })
        assignParents()
    }

    /// Whether `side` has base task `index` as it was: the same lines, in the same list, under the same parent,
    /// with the same subtasks, in its order among the others.
    private func isLeftAsItWas(_ index: Int, by side: MergeVersion, _ pairing: TaskPairing) -> Bool {
        guard pairing.keptInOrder.contains(index), let s = pairing.sideToBase.firstIndex(of: index),
              side.tasks[s].lines == base.tasks[index].lines,
              side.tasks[s].list == base.tasks[index].list else { return false }
        let sideParent = side.document.tasks[s].parent
        guard sideParent.map({ pairing.sideToBase[$0] }) ?? nil == base.document.tasks[index].parent,
              sideParent == nil || pairing.sideToBase[sideParent!] != nil else { return false }
        let baseChildren = base.document.tasks.indices.filter { base.document.tasks[$0].parent == index }
        let sideChildren = side.document.tasks.indices.filter { side.document.tasks[$0].parent == s }.map { pairing.sideToBase[$0] }
        guard sideChildren.count == baseChildren.count && Set(sideChildren) == Set(baseChildren.map(Optional.some)) else { return false }
        // Its neighbours too: a task the side added or removed right beside it goes where that one is, which a
        // reading of its twins would put elsewhere.
        func neighbours(_ version: MergeVersion, _ k: Int) -> (Int?, Int?) {
            let parent = version.document.tasks[k].parent
            let siblings = version.tasks.indices.filter { version.document.tasks[$0].parent == parent && (parent != nil || version.tasks[$0].list == version.tasks[k].list) }
            let at = siblings.firstIndex(of: k)!
            return (at > 0 ? siblings[at - 1] : nil, at + 1 < siblings.count ? siblings[at + 1] : nil)
        }
        let (before, after) = neighbours(base, index), (sideBefore, sideAfter) = neighbours(side, s)
        // A neighbour the side added is no base task (-1), and no neighbour at all is none (nil).
        return before == sideBefore.map { pairing.sideToBase[$0] ?? -1 } && after == sideAfter.map { pairing.sideToBase[$0] ?? -1 }
    }

    /// The parent key of task `index` of a version.
    private func parent(_ index: Int, in version: MergeVersion, _ keys: [Key]) -> Key? {
        version.document.tasks[index].parent.map { keys[$0] }
    }

    /// Where each task must stand, and which tasks both sides moved apart. A side moved a task when its list
    /// or its parent differs from the base's; the side that moved it decides its parent. A parent that would
    /// be deleted while a task that stays expects to stand under it is kept, as a conflict.
    private mutating func assignParents() {
        for key in Set(oursOf.keys).union(theirsOf.keys) {
            let o = oursOf[key], t = theirsOf[key]
            let po = o.map { parent($0, in: ours, oursKeys) }, pt = t.map { parent($0, in: theirs, theirsKeys) }
            let baseHeading = baseOf[key].map { headingAbove.base[$0] }
            let oursHeading = o.map { headingAbove.ours[$0] }, theirsHeading = t.map { headingAbove.theirs[$0] }
            switch (o, t) {
            case (let o?, let t?):
                guard let b = baseOf[key] else {
                    expectedParent[key] = (po!, .ours)
                    headingsOf[key] = [oursHeading!, theirsHeading!]
                    // The next occurrence both sides' completions made, each side's in another place (list or
                    // parent): where it goes cannot be told.
                    if po! != pt! || ours.tasks[o].list != theirs.tasks[t].list { movedApart.insert(key) }
                    continue
                }
                let pb = parent(b, in: base, baseKeys), list = base.tasks[b].list
                let oursMoved = po! != pb || ours.tasks[o].list != list
                let theirsMoved = pt! != pb || theirs.tasks[t].list != list
                if oursMoved, theirsMoved, po! != pt! || ours.tasks[o].list != theirs.tasks[t].list {
                    movedApart.insert(key)
                    if po! != pt! { movedUnderOtherParents.insert(key) }
                }
                expectedParent[key] = theirsMoved && !oursMoved ? (pt!, .theirs) : (po!, .ours)
                switch (oursMoved, theirsMoved) {
                case (false, false): headingsOf[key] = [baseHeading!, oursHeading!, theirsHeading!]
                case (true, false): headingsOf[key] = [oursHeading!]
                case (false, true): headingsOf[key] = [theirsHeading!]
                case (true, true): headingsOf[key] = [oursHeading!, theirsHeading!]
                }
            case (_?, nil), (nil, _?):
                // One side has it: added there, or deleted on the other side (a conflict when this side moved it).
                let (side, index, version, sideParent, heading) = o != nil ? (Side.ours, o!, ours, po!, oursHeading!)
                    : (Side.theirs, t!, theirs, pt!, theirsHeading!)
                expectedParent[key] = (sideParent, side)
                headingsOf[key] = [heading]
                if let b = baseOf[key], sideParent != parent(b, in: base, baseKeys) || version.tasks[index].list != base.tasks[b].list {
                    movedAndDeleted.insert(key)
                } else if let baseHeading {
                    headingsOf[key]!.insert(baseHeading)
                }
            case (nil, nil): break
            }
        }
        deletedAndEdited.formUnion(movedAndDeleted)
        var changed = true
        while changed {
            changed = false
            for (key, expected) in expectedParent where isWritten(key) {
                guard let parent = expected.parent, !isWritten(parent) else { continue }
                deletedAndEdited.insert(parent)
                changed = true
            }
        }
    }

    /// Whether the merge writes task `key`: both sides have it, a side added it, or it is a conflict.
    private func isWritten(_ key: Key) -> Bool {
        if deletedAndEdited.contains(key) { return true }
        let o = oursOf[key] != nil, t = theirsOf[key] != nil
        return (o && t) || (baseOf[key] == nil && (o || t))
    }

    private func atom(_ piece: MergeVersion.Piece, key: (Int) -> Key) -> Atom {
        switch piece {
        case .line(let line): return .line(line)
        case .task(let index): return .task(key(index))
        }
    }

    // MARK: Placing

    /// What a stretch of the file that changed on at least one side becomes.
    private func resolve(base b: [Atom], ours o: [Atom], theirs t: [Atom]) -> [Placed] {
        if o == t { return o.map(Placed.atom) }
        if o == b { return keepingEditedTasks(of: o, in: t).map(Placed.atom) }
        if t == b { return keepingEditedTasks(of: t, in: o).map(Placed.atom) }
        let baseLines = b.compactMap(\.line), oursLines = o.compactMap(\.line), theirsLines = t.compactMap(\.line)
        if let lines = FieldMerge.merge(baseLines, oursLines, theirsLines) {
            // The base's tasks both sides kept here go in the order of the side that changed it; both sides
            // reordering them differently is a conflict.
            let kept = Set(b.compactMap(\.taskKey)).intersection(o.compactMap(\.taskKey)).intersection(t.compactMap(\.taskKey))
            func order(_ atoms: [Atom]) -> [Key] { atoms.compactMap(\.taskKey).filter(kept.contains) }
            guard let orderFromOurs = FieldMerge.merge(order(b), order(o), order(t)).map({ $0 == order(o) }) else {
                return [.conflict(base: b, ours: o, theirs: t)]
            }
            return weave(base: b, ours: o, theirs: t, linesFromOurs: lines == oursLines, orderFromOurs: orderFromOurs).map(Placed.atom)
        }
        let hasTasks = (o + t).contains { $0.taskKey != nil }
        if b.isEmpty, hasTasks {
            // Both sides inserted text with tasks at the same place: keep both, ours first, the tasks of the list
            // above before the lists either side opened.
            let oursTasks = Set(o.compactMap(\.taskKey))
            let added = t.filter { $0.taskKey.map { !oursTasks.contains($0) } ?? true }
            let oursLists = newListsStart(in: o[...]), theirsLists = newListsStart(in: added[...])
            return (o[..<oursLists] + added[..<theirsLists] + o[oursLists...] + added[theirsLists...]).map(Placed.atom)
        }
        var prefix = 0
        while prefix < o.count, prefix < t.count, o[prefix] == t[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < o.count - prefix, suffix < t.count - prefix, o[o.count - 1 - suffix] == t[t.count - 1 - suffix] { suffix += 1 }
        return o[..<prefix].map(Placed.atom)
            + [.conflict(base: b, ours: Array(o[prefix..<(o.count - suffix)]), theirs: Array(t[prefix..<(t.count - suffix)]))]
            + o[(o.count - suffix)...].map(Placed.atom)
    }

    /// Where the part of `atoms` that opens new lists begins: at its first heading, with the blank lines
    /// before it; the end when it has no heading.
    private func newListsStart(in atoms: ArraySlice<Atom>) -> Int {
        guard var start = atoms.firstIndex(where: { $0.line.map(headingLines.contains) ?? false }) else { return atoms.endIndex }
        while start > atoms.startIndex, atoms[start - 1].line?.isBlank == true { start -= 1 }
        return start
    }

    /// `changed` (one side's new version of a stretch the other left alone), with the tasks the other side
    /// edited and this side deleted put back after the piece they followed.
    private func keepingEditedTasks(of unchanged: [Atom], in changed: [Atom]) -> [Atom] {
        var result = changed
        let present = Set(changed.compactMap(\.taskKey))
        for (position, atom) in unchanged.enumerated() {
            guard let key = atom.taskKey, deletedAndEdited.contains(key), !present.contains(key) else { continue }
            var insertion = 0
            if position > 0, let previous = result.lastIndex(of: unchanged[position - 1]) { insertion = previous + 1 }
            result.insert(atom, at: insertion)
        }
        return result
    }

    /// Interleaves a stretch both sides changed, whose non-task lines merge cleanly: the pieces both sides
    /// have, in order, with what only one side has in between, ours first. A task both sides have but in a
    /// different order stays where the side that reordered them put it (`orderFromOurs`); a task one side
    /// removed from the stretch goes (unless it is a deleted-and-edited conflict); the lines are those of the
    /// side whose lines won. Between two pieces both sides have, what either side added to the list above comes
    /// before the lists either side opened.
    private func weave(base b: [Atom], ours o: [Atom], theirs t: [Atom], linesFromOurs: Bool, orderFromOurs: Bool) -> [Atom] {
        let inBase = Set(b.compactMap(\.taskKey)), inOurs = Set(o.compactMap(\.taskKey)), inTheirs = Set(t.compactMap(\.taskKey))
        var result: [Atom] = []
        func fromOurs(_ atom: Atom) {
            guard let key = atom.taskKey else {
                if linesFromOurs { result.append(atom) }
                return
            }
            if inTheirs.contains(key) ? orderFromOurs : !inBase.contains(key) || deletedAndEdited.contains(key) { result.append(atom) }
        }
        func fromTheirs(_ atom: Atom) {
            guard let key = atom.taskKey else {
                if !linesFromOurs { result.append(atom) }
                return
            }
            if inOurs.contains(key) ? !orderFromOurs : !inBase.contains(key) || deletedAndEdited.contains(key) { result.append(atom) }
        }
        var i = 0, j = 0
        for (pi, pj) in SequenceMatching.matches(o, t) + [(o.count, t.count)] {
            let oursLists = newListsStart(in: o[i..<pi]), theirsLists = newListsStart(in: t[j..<pj])
            while i < oursLists { fromOurs(o[i]); i += 1 }
            while j < theirsLists { fromTheirs(t[j]); j += 1 }
            while i < pi { fromOurs(o[i]); i += 1 }
            while j < pj { fromTheirs(t[j]); j += 1 }
            if pi < o.count {
                result.append(o[pi])
                i += 1
                j += 1
            }
        }
        return result
    }

    // MARK: Writing

    private enum TaskOutcome {
        /// The task's lines, and what they mean where they stand in the side they came from (its list and depth
        /// aside): the expectation the merged file is held to.
        case merged([Line], meaning: TaskMeaning)
        case conflict(MergeConflict.Kind, ours: [Line], theirs: [Line])
    }

    private func outcome(of key: Key) -> TaskOutcome? { outcomes[key] }

    /// Works out what becomes of every task, once.
    private mutating func settleOutcomes() {
        for key in Set(baseOf.keys).union(oursOf.keys).union(theirsOf.keys) {
            if let outcome = settledOutcome(of: key) { outcomes[key] = outcome }
        }
    }

    private func settledOutcome(of key: Key) -> TaskOutcome? {
        let b = baseOf[key].map { base.tasks[$0] }, o = oursOf[key].map { ours.tasks[$0] }, t = theirsOf[key].map { theirs.tasks[$0] }
        if undecided.contains(key), o != nil || t != nil {
            return .conflict(.cannotTellApart, ours: o?.lines ?? [], theirs: t?.lines ?? [])
        }
        if addedApart.contains(key) {
            return .conflict(.addedApart(ours: o != nil), ours: o?.lines ?? [], theirs: t?.lines ?? [])
        }
        switch (b, o, t) {
        case (let b?, let o?, let t?):
            switch TaskMerge.merge(base: b, ours: o, theirs: t, format: format) {
            case .merged(let lines): return explained(lines, base: b, ours: o, theirs: t)
            case .conflict(let fields, let ours, let theirs): return .conflict(.taskFields(fields), ours: ours, theirs: theirs)
            }
        // The next occurrence both sides' completions made: the earlier completion's.
        case (nil, let o?, let t?) where nextFromTheirs[key] != nil:
            return nextFromTheirs[key]! ? .merged(t.lines, meaning: theirs.document.meaning(of: t.index))
                : .merged(o.lines, meaning: ours.document.meaning(of: o.index))
        // A task one side deleted and the other left as it was (or only reordered in its list) is deleted, wherever
        // the other side put it.
        case (let b?, let o?, nil):
            guard deletedAndEdited.contains(key) else { return nil }
            let kind: MergeConflict.Kind = movedAndDeleted.contains(key) && o.hasSameLines(as: b) ? .movedAndDeleted(movedByOurs: true) : .deletedByTheirs
            return .conflict(kind, ours: o.lines, theirs: [])
        case (let b?, nil, let t?):
            guard deletedAndEdited.contains(key) else { return nil }
            let kind: MergeConflict.Kind = movedAndDeleted.contains(key) && t.hasSameLines(as: b) ? .movedAndDeleted(movedByOurs: false) : .deletedByOurs
            return .conflict(kind, ours: [], theirs: t.lines)
        case (nil, let o?, _):
            return .merged(o.lines, meaning: ours.document.meaning(of: o.index))
        case (nil, nil, let t?):
            return .merged(t.lines, meaning: theirs.document.meaning(of: t.index))
        default:
            return nil
        }
    }

    /// `lines`, the text merge of a task both sides changed, when they mean what the sides' meanings merged part
    /// by part give (`MeaningMerge`); otherwise a conflict over the task, naming the parts.
    private func explained(_ lines: [Line], base b: TaskVersion, ours o: TaskVersion, theirs t: TaskVersion) -> TaskOutcome {
        if lines == o.lines { return .merged(lines, meaning: ours.document.meaning(of: o.index)) }
        if lines == t.lines { return .merged(lines, meaning: theirs.document.meaning(of: t.index)) }
        let parts = (MeaningMerge.Parts(b.index, in: base.document), MeaningMerge.Parts(o.index, in: ours.document),
                     MeaningMerge.Parts(t.index, in: theirs.document))
        do throws(MeaningMerge.Conflict) {
            let expected = try MeaningMerge.merge(base: parts.0, ours: parts.1, theirs: parts.2)
            guard let read = readInOurs(lines, replacing: o) else { return .conflict(.taskFields(["description"]), ours: o.lines, theirs: t.lines) }
            let merged = MeaningMerge.Parts(o.index, in: read)
            if merged.isExplained(by: expected) { return .merged(lines, meaning: read.meaning(of: o.index)) }
            return .conflict(.taskFields(merged.differences(from: expected)), ours: o.lines, theirs: t.lines)
        } catch {
            return .conflict(.taskFields(error.parts), ours: o.lines, theirs: t.lines)
        }
    }

    private func taskText(_ key: Key) -> String {
        if let o = oursOf[key] { return ours.tasks[o].description.text }
        if let t = theirsOf[key] { return theirs.tasks[t].description.text }
        return baseOf[key].map { base.tasks[$0].description.text } ?? ""
    }

    /// The merged lines of `placed`, the conflicts, and each task written whole: its key, where its lines
    /// start, and its lines. `shifts` moves the lines of some tasks right (or left) by that many columns.
    private struct Written {
        var lines: [Line] = []
        var conflicts: [MergeConflict] = []
        var tasks: [(key: Key, start: Int, lines: [Line])] = []
        /// The lines of each conflict, markers included, as 0-based ranges of `lines`.
        var regions: [Range<Int>] = []

        /// Adds one conflict: its report, and its lines between markers.
        mutating func conflict(_ kind: MergeConflict.Kind, task: String, _ wrapped: [Line]) {
            conflicts.append(MergeConflict(line: lines.count + 1, kind: kind, task: task))
            regions.append(lines.count..<(lines.count + wrapped.count))
            lines += wrapped
        }
    }

    private func write(_ placed: [Placed], shifts: [Key: Int]) -> Written {
        var result = Written()
        var written = Set<Key>()

        func side(_ atoms: [Atom], _ which: Side?) -> [Line] {
            atoms.flatMap { atom -> [Line] in
                switch atom {
                case .line(let line): return [line]
                case .task(let key):
                    guard let which else { return baseOf[key].map { base.tasks[$0].lines } ?? [] }
                    switch outcome(of: key) {
                    case .merged(let lines, _)?: return lines
                    case .conflict(_, let o, let t)?: return which == .ours ? o : t
                    case nil: return []
                    }
                }
            }
        }

        var index = 0
        while index < placed.count {
            defer { index += 1 }
            switch placed[index] {
            case .atom(.line(let line)):
                result.lines.append(line)
            case .atom(.task(let key)):
                guard written.insert(key).inserted, let outcome = outcome(of: key) else { continue }
                switch outcome {
                case .merged(let taskLines, _):
                    let taskLines = shifts[key].map { shifted(taskLines, by: $0) } ?? taskLines
                    result.tasks.append((key, result.lines.count, taskLines))
                    result.lines += taskLines
                case .conflict(let kind, let o, let t):
                    result.conflict(kind, task: taskText(key), markers.wrap(ours: o, base: baseOf[key].map { base.tasks[$0].lines } ?? [], theirs: t))
                }
            case .conflict(let b, let o, let t, let key):
                result.conflict(key == nil ? .text : .movedApart(ours: nil), task: key.map(taskText) ?? "",
                                markers.wrap(ours: side(o, .ours), base: side(b, nil), theirs: side(t, .theirs)))
            case .movedApart(let key, let isOurs):
                // With the moved tasks placed right after it by the same side (its subtasks), one conflict.
                var keys = [key]
                while index + 1 < placed.count, case .movedApart(let next, isOurs) = placed[index + 1] {
                    keys.append(next)
                    index += 1
                }
                let lines = keys.flatMap { key in
                    isOurs ? oursOf[key].map { ours.tasks[$0].lines } ?? [] : theirsOf[key].map { theirs.tasks[$0].lines } ?? []
                }
                let baseLines = keys.flatMap { key in baseOf[key].map { base.tasks[$0].lines } ?? [] }
                result.conflict(.movedApart(ours: isOurs), task: taskText(key),
                                markers.wrap(ours: isOurs ? lines : [], base: baseLines, theirs: isOurs ? [] : lines))
            }
        }
        for k in result.lines.indices.dropLast() where result.lines[k].ending == .none {
            result.lines[k] = result.lines[k].with(ending: markers.ending)
        }
        return result
    }

    /// `placed` with a task placed twice (one side moved it to another list, the other reordered it where it
    /// was) kept only where the side that moved it put it: under the heading it stands under on that side.
    private func placedOnce(_ placed: [Placed]) -> [Placed] {
        var heading: Line?
        var occurrences: [Key: [(index: Int, heading: Line?)]] = [:]
        for (index, item) in placed.enumerated() {
            switch item {
            case .atom(.line(let line)) where headingLines.contains(line): heading = line
            case .atom(.task(let key)): occurrences[key, default: []].append((index, heading))
            default: break
            }
        }
        var dropped = Set<Int>()
        for (key, found) in occurrences where found.count > 1 {
            guard let side = expectedParent[key]?.side, let s = (side == .ours ? oursOf : theirsOf)[key] else { continue }
            let wanted = side == .ours ? headingAbove.ours[s] : headingAbove.theirs[s]
            let keep = found.first { $0.heading == wanted } ?? found[0]
            dropped.formUnion(found.map(\.index).filter { $0 != keep.index })
        }
        return dropped.isEmpty ? placed : placed.indices.filter { !dropped.contains($0) }.map { placed[$0] }
    }

    /// `placed` with every top-level task that the stretches put under a heading it does not belong under (a
    /// list one side opened after it, say) moved, with the tasks under it, to the end of its list; unchanged
    /// where a conflict was placed, or where its list's heading is not in the merge (renamed).
    private func inTheirLists(_ placed: [Placed]) -> [Placed] {
        var atoms: [Atom] = []
        for item in placed {
            guard case .atom(let atom) = item else { return placed }
            atoms.append(atom)
        }
        func isHeading(_ atom: Atom) -> Bool { atom.line.map(headingLines.contains) ?? false }
        func isUnder(_ key: Key, _ ancestor: Key) -> Bool {
            var parent = expectedParent[key]?.parent
            while let p = parent {
                if p == ancestor { return true }
                parent = expectedParent[p]?.parent
            }
            return false
        }
        var settled = Set<Key>()
        var moved = false
        while true {
            var heading: Line?
            var misplaced: (index: Int, key: Key, wanted: Set<Line?>)?
            for (index, atom) in atoms.enumerated() {
                if isHeading(atom) { heading = atom.line }
                guard let key = atom.taskKey, !settled.contains(key), expectedParent[key].map({ $0.parent == nil }) ?? false,
                      let wanted = headingsOf[key], !wanted.contains(heading) else { continue }
                misplaced = (index, key, wanted)
                break
            }
            guard let misplaced else { break }
            settled.insert(misplaced.key)
            guard misplaced.wanted.contains(nil) || atoms.contains(where: { isHeading($0) && misplaced.wanted.contains($0.line) }) else { continue }
            var block = [atoms[misplaced.index]]
            var end = misplaced.index + 1
            while end < atoms.count, let next = atoms[end].taskKey, isUnder(next, misplaced.key) {
                block.append(atoms[end])
                end += 1
            }
            atoms.removeSubrange(misplaced.index..<end)
            // Where its list is: after the heading it wants (the first there is), to the next heading.
            let start = misplaced.wanted.contains(nil) ? 0 : atoms.firstIndex { isHeading($0) && misplaced.wanted.contains($0.line) }! + 1
            let listEnd = atoms[start...].firstIndex(where: isHeading) ?? atoms.endIndex
            // After the task before it in the list on its side (its list's first task: first); where that one is
            // not in the list here, after the list's last task.
            var at = start
            let previous = previousSibling(of: misplaced.key)
            if let previous, let p = atoms[start..<listEnd].firstIndex(of: .task(previous)) {
                at = p + 1
                while at < listEnd, let next = atoms[at].taskKey, isUnder(next, previous) { at += 1 }
            } else if previous != nil, let lastTask = atoms[start..<listEnd].lastIndex(where: { $0.taskKey != nil }) {
                at = lastTask + 1
            } else {
                while at < listEnd, atoms[at].line?.isBlank == true { at += 1 }
            }
            atoms.insert(contentsOf: block, at: at)
            moved = true
        }
        return moved ? atoms.map(Placed.atom) : placed
    }

    /// The task right before `key` among its siblings (under the same parent, or at the top of the same list),
    /// as the side that changed it says (a side that left it as it was takes the other's); nil when the task
    /// comes first.
    private func previousSibling(of key: Key) -> Key? {
        func previous(in version: MergeVersion, _ keys: [Key], _ index: Int?) -> Key?? {
            guard let index else { return nil }
            let parent = version.document.tasks[index].parent
            let before = (0..<index).last { version.document.tasks[$0].parent == parent && (parent != nil || version.tasks[$0].list == version.tasks[index].list) }
            return .some(before.map { keys[$0] })
        }
        let inBase = previous(in: base, baseKeys, baseOf[key]), inOurs = previous(in: ours, oursKeys, oursOf[key])
        let inTheirs = previous(in: theirs, theirsKeys, theirsOf[key])
        switch (inOurs, inTheirs) {
        case (let o?, let t?): return inBase == .some(o) ? t : o
        case (let o?, nil): return o
        case (nil, let t?): return t
        case (nil, nil): return nil
        }
    }

    /// Lines moved `columns` right (spaces added in front) or left (leading spaces removed, as far as there
    /// are); blank lines stay as they are.
    private func shifted(_ lines: [Line], by columns: Int) -> [Line] {
        lines.map { line in
            if line.isBlank || columns == 0 { return line }
            if columns > 0 { return Line(String(repeating: " ", count: columns) + line.text, ending: line.ending) }
            let spaces = line.text.utf8.prefix(-columns).prefix { $0 == .space }.count
            return Line(String(line.text.utf8.dropFirst(spaces))!, ending: line.ending)
        }
    }

    /// `placed` with every task that does not stand under the parent the sides give it (a subtask one side
    /// added under a task the other side moved) moved, with the tasks under it, to the end of that parent's
    /// tasks, and how far their lines move to stand at the parent's indentation; nil when all stand right.
    private func rehome(_ placed: [Placed], _ written: Written) -> ([Placed], [Key: Int])? {
        let document = Document(lines: written.lines, format: format, settings: ours.document.settings, reading: ours.document.reading, hasByteOrderMark: ours.document.hasByteOrderMark)
        guard document.tasks.count == written.tasks.count else { return nil }
        let keys = written.tasks.map(\.key)
        var indexOf: [Key: Int] = [:]
        for (k, key) in keys.enumerated() { indexOf[key] = k }
        var order = placed
        var shifts: [Key: Int] = [:]
        /// The tasks moved so far, with the parent they now stand under.
        var placedUnder: [Key: Key] = [:]
        func parent(_ key: Key) -> Key? {
            if let moved = placedUnder[key] { return moved }
            return indexOf[key].flatMap { document.tasks[$0].parent }.map { keys[$0] }
        }
        func isUnder(_ key: Key, _ ancestor: Key) -> Bool {
            var current = parent(key)
            while let p = current {
                if p == ancestor { return true }
                current = parent(p)
            }
            return false
        }
        func position(_ key: Key) -> Int? {
            order.firstIndex { if case .atom(.task(let k)) = $0 { return k == key } else { return false } }
        }
        func taskAt(_ index: Int) -> Key? {
            if index < order.count, case .atom(.task(let key)) = order[index] { return key }
            return nil
        }
        for key in keys where placedUnder[key] == nil {
            guard let expected = expectedParent[key], let wanted = expected.parent, parent(key) != wanted,
                  let parentIndex = indexOf[wanted], let from = position(key) else { continue }
            // The task and the tasks under it, as they were written.
            var end = from + 1
            while let next = taskAt(end), isUnder(next, key) { end += 1 }
            let atoms = Array(order[from..<end])
            let subtree = atoms.compactMap { atom -> Key? in if case .atom(.task(let key)) = atom { key } else { nil } }
            order.removeSubrange(from..<end)
            guard var to = position(wanted) else { return nil }
            to += 1
            // After the task before it under the parent on its side (its first subtask: right after the parent);
            // where that one is not under the parent here, after the parent's subtasks.
            if let previous = previousSibling(of: key) {
                var after = wanted
                if let p = position(previous), p >= to, isUnder(previous, wanted) {
                    to = p + 1
                    after = previous
                }
                while let next = taskAt(to), isUnder(next, after) { to += 1 }
            }
            order.insert(contentsOf: atoms, at: to)
            placedUnder[key] = wanted
            // As far as the parent moved between the side that put the task under it and the merge.
            let sideLines = expected.side == .ours ? oursOf[wanted].map { ours.tasks[$0].lines } : theirsOf[wanted].map { theirs.tasks[$0].lines }
            guard let sideLine = sideLines?.first else { return nil }
            let shift = LineScan.indentation(of: written.tasks[parentIndex].lines[0].text) - LineScan.indentation(of: sideLine.text)
            for key in subtree { shifts[key] = shift }
        }
        return placedUnder.isEmpty ? nil : (order, shifts)
    }

    // MARK: Checking

    /// The merge as written, held to what each task should mean: each task written whole where it was written,
    /// meaning what its lines mean where they came from (`TaskOutcome`), in a list and under the parent the sides
    /// give it; each task
    /// between conflict markers meaning what it means there (a side's lines, for whoever resolves the conflict).
    /// A task right before a conflict may take the marker lines as its notes, as a Markdown reader does.
    private func checked(_ written: Written) throws -> MergeResult {
        let document = merged(written.lines)
        func inConflict(_ line: Int) -> Bool { written.regions.contains { $0.contains(line) } }
        let wrote = Set(written.tasks.map(\.key))
        var expected: [ExpectedTask] = []
        var index: [Key: Int] = [:]
        var next = 0
        // The heading the task stands under, as the merge placed it; unknown after a heading between markers.
        var heading: Line?? = .some(nil)
        var lineIndex = 0
        for (k, task) in document.tasks.enumerated() {
            let line = task.line - 1
            while lineIndex < line {
                if headingLines.contains(written.lines[lineIndex]) { heading = inConflict(lineIndex) ? nil : .some(written.lines[lineIndex]) }
                lineIndex += 1
            }
            if inConflict(line) {
                expected.append(ExpectedTask(.changed(document.meaning(of: k)), parent: task.parent, line: task.line))
                continue
            }
            guard next < written.tasks.count, written.tasks[next].start == line else {
                throw MeaningDifference(line: task.line, "a task the merge did not write")
            }
            let (key, start, lines) = written.tasks[next]
            next += 1
            index[key] = k
            // In a list a side put it in, or in the list a side renamed that one to. A list whose heading a side
            // deleted is gone, and a task the other side added or moved into it has no list to stand in.
            if expectedParent[key]?.parent == nil, let heading, let wanted = headingsOf[key], !wanted.contains(heading) {
                let renamed = heading.map { heading in
                    wanted.contains { $0.map { !written.lines.contains($0) && renamedHeadings[$0]?.contains(heading) == true } ?? false }
                } ?? false
                if !renamed || wanted.contains(where: { $0 == nil || written.lines.contains($0!) }) {
                    throw MeaningDifference(line: task.line, "task \(quoted(taskText(key))) is in a list no side put it in")
                }
            }
            var parent = task.parent
            if let wanted = expectedParent[key]?.parent, wrote.contains(wanted) {
                guard let p = index[wanted] else { throw MeaningDifference(line: task.line, "a task stands before its parent") }
                parent = p
            } else if expectedParent[key] != nil, expectedParent[key]!.parent == nil {
                parent = nil
            }
            guard case .merged(_, var meaning)? = outcomes[key] else {
                throw MeaningDifference(line: task.line, "task \(quoted(taskText(key))) was written without a meaning")
            }
            (meaning.depth, meaning.list) = (parent.map { document.tasks[$0].depth + 1 } ?? 0, document.list(of: k))
            // Marker lines right after it read as its notes.
            let notes = document.meaning(of: k).notes
            if written.regions.contains(where: { $0.lowerBound == start + lines.count }), notes.starts(with: meaning.notes) {
                meaning.notes = notes
            }
            expected.append(ExpectedTask(.changed(meaning), parent: parent, line: start + 1, origin: oursOf[key]))
        }
        guard next == written.tasks.count else { throw MeaningDifference(line: nil, "a task the merge wrote does not read as one") }
        try keepsTheSidesOrder(index)
        let checked = try ProposedChange(original: ours.document, result: document, expected: expected, scope: .merge).checked()
        return MergeResult(checked: checked, conflicts: written.conflicts)
    }

    /// Throws unless the tasks that all three versions hold under one parent (or at the top of one list) stand, in
    /// the merge, in the order of the side that reordered them (where one side did; both sides' order where both
    /// did alike). `index`: each written task's index in the merged document.
    private func keepsTheSidesOrder(_ index: [Key: Int]) throws {
        struct Group: Hashable {
            var parent: Key?
            var list: [String]
        }
        var groups: [Group: [Key]] = [:]
        // Under one parent wherever it stands; at the top of one list.
        func groupOf(_ index: Int, in version: MergeVersion, _ keys: [Key]) -> Group {
            let parent = parent(index, in: version, keys)
            return Group(parent: parent, list: parent == nil ? version.tasks[index].list : [])
        }
        for (key, b) in baseOf {
            guard index[key] != nil, let o = oursOf[key], let t = theirsOf[key] else { continue }
            let group = groupOf(b, in: base, baseKeys)
            guard groupOf(o, in: ours, oursKeys) == group, groupOf(t, in: theirs, theirsKeys) == group else { continue }
            groups[group, default: []].append(key)
        }
        for (_, keys) in groups where keys.count > 1 {
            func order(_ position: (Key) -> Int) -> [Key] { keys.sorted { position($0) < position($1) } }
            let b = order { baseOf[$0]! }, o = order { oursOf[$0]! }, t = order { theirsOf[$0]! }, merged = order { index[$0]! }
            let wanted = o == b ? t : t == b || o == t ? o : nil
            if let wanted, merged != wanted {
                throw MeaningDifference(line: nil, "tasks stand in an order neither side gave them")
            }
        }
    }

    /// Ours with task `o`'s lines replaced by `lines`, read afresh: where the lines of a task the merge wrote are
    /// read in the context they came from (a list item right after a task reads as its note there, and not on its
    /// own). Nil when they do not read as that one task there.
    private func readInOurs(_ lines: [Line], replacing o: TaskVersion) -> Document? {
        var all = Array(ours.document.lines)
        all.replaceSubrange(o.lineIndexes[0]...o.lineIndexes[o.lineIndexes.count - 1], with: lines)
        let read = merged(all)
        guard read.tasks.count == ours.document.tasks.count, read.tasks[o.index].line == o.lineIndexes[0] + 1 else { return nil }
        return read
    }

    /// The merge as one conflict, when the task-aware merge is not explained: the lines all three versions share
    /// at the start and at the end as they are, and between them each side's lines as that side wrote them (and the
    /// base's, in git's diff3 style). Held to what each version's tasks mean; when the shared lines do not read so
    /// next to the markers, the whole file is the conflict.
    private func conflictOutput() throws -> MergeResult {
        let b = Array(base.document.lines), o = Array(ours.document.lines), t = Array(theirs.document.lines)
        var failure: Error?
        for whole in [false, true] {
            var prefix = 0, suffix = 0
            if !whole {
                while prefix < min(b.count, o.count, t.count), o[prefix] == t[prefix], o[prefix] == b[prefix] { prefix += 1 }
                let room = min(b.count, o.count, t.count) - prefix
                while suffix < room, o[o.count - 1 - suffix] == t[t.count - 1 - suffix], o[o.count - 1 - suffix] == b[b.count - 1 - suffix] {
                    suffix += 1
                }
            }
            var written = Written()
            written.lines = Array(o[..<prefix])
            written.conflict(.text, task: "", markers.wrap(ours: Array(o[prefix..<(o.count - suffix)]), base: Array(b[prefix..<(b.count - suffix)]),
                                                           theirs: Array(t[prefix..<(t.count - suffix)])))
            written.lines += o[(o.count - suffix)...]
            for k in written.lines.indices.dropLast() where written.lines[k].ending == .none {
                written.lines[k] = written.lines[k].with(ending: markers.ending)
            }
            do {
                return try checkedConflict(written, prefix: prefix, suffix: suffix)
            } catch {
                failure = error
            }
        }
        throw failure!
    }

    /// The file as one conflict (`conflictOutput`), held to its versions: ours' tasks before the conflict as they
    /// are, then each side's tasks between the markers (ours', the base's in diff3 style, theirs'), then ours'
    /// tasks after it, each meaning what it means in its version. Where they stand is read from the file: the
    /// markers may change a list (a line above `=======` reads as a heading) or join lines to a task as notes.
    private func checkedConflict(_ written: Written, prefix: Int, suffix: Int) throws -> MergeResult {
        let document = merged(written.lines)
        /// The tasks of `version` on its lines `from..<to`, with their index in ours when they are ours' own.
        func tasks(of version: Document, from: Int, to: Int, isOurs: Bool = false) -> [(version: Document, index: Int, origin: Int?)] {
            version.tasks.indices.filter { (from..<to).contains(version.tasks[$0].line - 1) }.map { (version, $0, isOurs ? $0 : nil) }
        }
        let oursEnd = ours.document.lines.count - suffix
        let before = tasks(of: ours.document, from: 0, to: prefix, isOurs: true)
        var sources = before + tasks(of: ours.document, from: prefix, to: oursEnd)
        if markers.showsBase { sources += tasks(of: base.document, from: prefix, to: base.document.lines.count - suffix) }
        sources += tasks(of: theirs.document, from: prefix, to: theirs.document.lines.count - suffix)
        sources += tasks(of: ours.document, from: oursEnd, to: ours.document.lines.count, isOurs: true)
        // The marker lines, which a todo.txt file reads as tasks.
        let start = written.regions[0].lowerBound, oursCount = oursEnd - prefix
        let baseCount = markers.showsBase ? base.document.lines.count - suffix - prefix : 0
        let separator = start + 1 + oursCount + (markers.showsBase ? 1 + baseCount : 0)
        var markerLines: Set<Int> = [start, separator, written.regions[0].upperBound - 1]
        if markers.showsBase { markerLines.insert(start + 1 + oursCount) }
        guard document.tasks.filter({ !markerLines.contains($0.line - 1) }).count == sources.count else {
            throw MeaningDifference(line: nil, "the versions' tasks do not read as tasks between conflict markers")
        }
        var next = 0
        let expected = document.tasks.indices.map { k -> ExpectedTask in
            let read = document.meaning(of: k)
            if markerLines.contains(document.tasks[k].line - 1) {
                return ExpectedTask(.changed(read), parent: document.tasks[k].parent, line: document.tasks[k].line)
            }
            let source = sources[next]
            next += 1
            var meaning = source.version.meaning(of: source.index)
            (meaning.depth, meaning.list) = (read.depth, read.list)
            if read.notes.starts(with: meaning.notes) { meaning.notes = read.notes }
            // The tasks before the conflict are ours', under their parents; after it, ours' again, where the
            // markers may have left them.
            let parent = k < before.count ? source.version.tasks[source.index].parent : document.tasks[k].parent
            return ExpectedTask(.changed(meaning), parent: parent, line: document.tasks[k].line, origin: source.origin)
        }
        let checked = try ProposedChange(original: ours.document, result: document, expected: expected, scope: .merge).checked()
        return MergeResult(checked: checked, conflicts: written.conflicts)
    }
}
