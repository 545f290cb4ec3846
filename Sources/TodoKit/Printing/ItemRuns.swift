/// Which run of sibling items (what CommonMark calls a list; todofmt's lists are headings) each Markdown item
/// belongs to, as CommonMark reads it: sibling items follow each other in one list while nothing but blank lines
/// stands between one's block and the next and they share a bullet (or an ordered delimiter); another bullet
/// starts another list. The formatter keeps these lists apart where one of
/// them holds something besides tasks, or they stand in a plain item with a blank line between them: two lists of
/// tasks alone may become one otherwise (their tasks say the same; whether a list of tasks is loose is their look).
struct ItemRuns {
    /// For each item (by index in `Document.items`), the index of the first item of its list.
    let start: [Int]
    /// The first items of the bullet lists that stand right next to another bullet list, one of the two holding a
    /// plain item (or the two in a plain item, a blank line between them): their bullets are what keeps the two lists
    /// apart, so they stay as written.
    let keepsBullets: Set<Int>
    /// The first items of the lists that may join the list right before them: both hold tasks alone.
    let joinsPrevious: Set<Int>

    init(_ document: Document) {
        let items = document.items, roles = document.roles
        var start = Array(items.indices)
        var previousList: [Int: Int] = [:]
        // The lists in a plain item with a blank line between them and the list before: the blank line makes the
        // item loose (its text renders as a paragraph), and joined, the list instead.
        var separated = Set<Int>()
        var lastSibling = [Int](repeating: -1, count: items.count + 1)  // by parent index + 1, 0 for the top level; -1 for none
        for index in items.indices {
            let parent = (items[index].parent ?? -1) + 1
            defer { lastSibling[parent] = index }
            let previous = lastSibling[parent]
            guard previous >= 0 else { continue }
            let between = items[previous].endLine..<(items[index].line - 1)
            guard between.allSatisfy({ roles[$0].kind == .blank }) else { continue }
            if items[previous].hasMarker(ofSameRunAs: items[index]) {
                start[index] = start[previous]
            } else {
                previousList[index] = start[previous]
                if !between.isEmpty, let parent = items[index].parent, items[parent].task == nil { separated.insert(index) }
            }
        }
        var holdsPlainItem = [Bool](repeating: false, count: items.count)
        for index in items.indices where items[index].task == nil { holdsPlainItem[start[index]] = true }
        var keeps = Set<Int>(), joins = Set<Int>()
        for (list, previous) in previousList {
            guard case .bullet = items[list].marker, case .bullet = items[previous].marker else { continue }
            if holdsPlainItem[list] || holdsPlainItem[previous] || separated.contains(list) {
                keeps.insert(list)
                keeps.insert(previous)
            } else {
                joins.insert(list)
            }
        }
        self.start = start
        keepsBullets = keeps
        joinsPrevious = joins
    }

    /// Whether item `item` stays with its bullet as written, since its list stands next to another bullet list.
    func keepsBullet(ofItem item: Int) -> Bool { keepsBullets.contains(start[item]) }

    /// Whether item `item` starts a list that stays a list of its own.
    func startsRun(_ item: Int) -> Bool { start[item] == item && !joinsPrevious.contains(item) }
}
