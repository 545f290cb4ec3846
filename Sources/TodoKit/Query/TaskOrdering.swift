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

    init(tasks: [TodoTask], keys: [SortKey]) {
        self.init(count: tasks.count, keyCount: keys.count) { SortColumn(keys[$0], tasks: tasks).values }
    }

    /// An order by `keyCount` columns of values (a smaller value first, `SortColumn.missing` after every other
    /// value) over `count` tasks; `column(k)` computes the k-th column, once or, for keys too wide to pack, twice.
    init(count: Int, keyCount: Int, column: (Int) -> [Int]) {
        self.count = count
        self.keyCount = keyCount
        indexBits = count <= 1 ? 0 : Int.bitWidth - (count - 1).leadingZeroBitCount
        // One column of values at a time is folded into the packed keys, so that a large file holds no more
        // than one column beside them.
        var packed = [UInt64](repeating: 0, count: count)
        var bits = indexBits
        for k in 0..<keyCount {
            let codes = Codes(column(k))
            bits += codes.width
            guard bits <= 64 else {
                self.codes = Self.codes(count: count, keyCount: keyCount, column: column)
                return
            }
            guard codes.width > 0 else { continue }
            for i in packed.indices { packed[i] = packed[i] << UInt64(codes.width) | codes.code(i) }
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
    private static func codes(count: Int, keyCount: Int, column: (Int) -> [Int]) -> [UInt64] {
        var codes = [UInt64](repeating: 0, count: count * keyCount)
        for k in 0..<keyCount {
            let values = Codes(column(k))
            for i in 0..<count { codes[i * keyCount + k] = values.code(i) }
        }
        return codes
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
    private func sortedWords(_ indices: [Int]) -> [UInt64] {
        let packed = packed!
        return indices.enumerated().map { position, index in packed[index] << UInt64(indexBits) | UInt64(position) }.sorted()
    }

    /// The bits of a sorted word that hold its position.
    private var positionMask: UInt64 { indexBits == 64 ? .max : (1 << UInt64(indexBits)) - 1 }
}
