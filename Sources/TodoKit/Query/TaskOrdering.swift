/// A multi-key order over a list of tasks: every key's value computed once, then any subset of the tasks
/// sorted by comparing integers (decorate, sort, undecorate).
///
/// Ties after the last key keep the tasks' order in the list, so the sort is stable. When all keys and the
/// task index fit in 64 bits together, each task's keys become one packed `UInt64` (the first key in the
/// highest bits) and the sort compares plain integers; otherwise it compares the keys column by column.
struct TaskOrdering {
    private let count: Int
    private var keyCount = 0
    /// Each task's keys packed, when they fit with `indexBits` bits of index below them.
    private var packed: [UInt64]?
    private var indexBits = 0
    /// Otherwise each key's values rebased to `0...`, the missing value last; row-major, `keyCount` per task.
    private var codes: [UInt64] = []

    init(tasks: [Task], keys: [SortKey]) {
        count = tasks.count
        keyCount = keys.count
        indexBits = count <= 1 ? 0 : Int.bitWidth - (count - 1).leadingZeroBitCount
        // One column of values at a time is folded into the packed keys, so that a large file holds no more
        // than one column beside them.
        var packed = [UInt64](repeating: 0, count: count)
        var bits = indexBits
        for key in keys {
            let column = Codes(SortColumn(key, tasks: tasks).values)
            bits += column.width
            guard bits <= 64 else {
                codes = Self.codes(tasks: tasks, keys: keys)
                return
            }
            guard column.width > 0 else { continue }
            for i in packed.indices { packed[i] = packed[i] << UInt64(column.width) | column.code(i) }
        }
        self.packed = packed
    }

    /// A column of values rebased to `0...`, with the missing value after every present one.
    private struct Codes {
        let values: [Int]
        let low: Int
        let missingCode: UInt64
        /// The bits the largest code needs.
        let width: Int

        init(_ values: [Int]) {
            self.values = values
            var low = Int.max, high = Int.min, hasMissing = false
            for value in values {
                if value == SortColumn.missing { hasMissing = true; continue }
                low = min(low, value)
                high = max(high, value)
            }
            if low > high { low = 0; high = -1 }  // no value present
            // Ranges are small in practice (ranks, day numbers, minutes); the subtraction is done in
            // UInt64 to stay correct for any Int values.
            let span = UInt64(bitPattern: Int64(high &- low))
            missingCode = low > high ? 0 : span &+ 1
            self.low = low
            let largest = hasMissing ? missingCode : (low > high ? 0 : span)
            width = largest == 0 ? 0 : UInt64.bitWidth - largest.leadingZeroBitCount
        }

        func code(_ i: Int) -> UInt64 {
            values[i] == SortColumn.missing ? missingCode : UInt64(bitPattern: Int64(values[i] &- low))
        }
    }

    /// Every key's codes, row-major, for keys too wide to pack.
    private static func codes(tasks: [Task], keys: [SortKey]) -> [UInt64] {
        var codes = [UInt64](repeating: 0, count: tasks.count * keys.count)
        for (k, key) in keys.enumerated() {
            let column = Codes(SortColumn(key, tasks: tasks).values)
            for i in tasks.indices { codes[i * keys.count + k] = column.code(i) }
        }
        return codes
    }

    /// Calls `visit(k, task)` for each of the tasks in `range` (positions in the task list), `k` counting
    /// from 0 in sorted order: what `order(Array(range))` says, without making it. Ties keep list order.
    func forEachInOrder(_ range: ClosedRange<Int>, _ visit: (Int, Int) -> Void) {
        guard packed != nil, keyCount > 0 else {
            for (k, position) in order(Array(range)).enumerated() { visit(k, range.lowerBound + position) }
            return
        }
        for (k, word) in sortedWords(range).enumerated() { visit(k, range.lowerBound + Int(word & positionMask)) }
    }

    /// `forEachInOrder` of every task of the list, as one run: the packed keys are made into the sorted words in
    /// place, without a second array of their size.
    consuming func forEachInOrderOfAll(_ visit: (Int, Int) -> Void) {
        guard var words = packed, keyCount > 0, count > 1 else {
            if count > 0 { forEachInOrder(0...(count - 1), visit) }
            return
        }
        packed = nil
        let shift = UInt64(indexBits)
        words.withUnsafeMutableBufferPointer { words in
            for i in words.indices { words[i] = words[i] << shift | UInt64(i) }
        }
        RadixSort.sort(&words)
        let mask = positionMask
        for (k, word) in words.enumerated() { visit(k, Int(word & mask)) }
    }

    /// The sorted order of the tasks at `indices` (positions in the task list, ascending), as positions
    /// into `indices`: element 0 of the result says which of them comes first. Ties keep list order.
    func order(_ indices: [Int]) -> [Int] {
        if indices.count < 2 || keyCount == 0 { return Array(indices.indices) }
        if packed != nil { return sortedWords(indices).map { Int($0 & positionMask) } }
        return indices.indices.sorted { a, b in
            let rowA = indices[a] * keyCount, rowB = indices[b] * keyCount
            for k in 0..<keyCount {
                let x = codes[rowA + k], y = codes[rowB + k]
                if x != y { return x < y }
            }
            return a < b
        }
    }

    /// The packed keys of the tasks at `indices`, each with its position among them in the low `indexBits`
    /// bits, sorted. Only when the keys are packed.
    private func sortedWords<C: Collection<Int>>(_ indices: C) -> [UInt64] {
        let packed = packed!
        var words = [UInt64](unsafeUninitializedCapacity: indices.count) { words, count in
            for (position, index) in indices.enumerated() {
                (words.baseAddress! + position).initialize(to: packed[index] << UInt64(indexBits) | UInt64(position))
            }
            count = indices.count
        }
        RadixSort.sort(&words)
        return words
    }

    /// The bits of a sorted word that hold its position.
    private var positionMask: UInt64 { indexBits == 64 ? .max : (1 << UInt64(indexBits)) - 1 }
}
