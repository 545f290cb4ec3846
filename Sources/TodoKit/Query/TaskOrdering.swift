/// A multi-key order over a list of tasks: every key's value computed once, then any subset of the tasks
/// sorted by comparing integers (decorate, sort, undecorate).
///
/// Ties after the last key keep the tasks' order in the list, so the sort is stable. When all keys and the
/// task index fit in 64 bits together, each task becomes one packed `UInt64` and the sort compares plain
/// integers; otherwise it compares the keys column by column.
struct TaskOrdering {
    private let count: Int
    /// Each key's values rebased to `0...`, the missing value last; row-major, `keyCount` per task.
    private var codes: [UInt64] = []
    private var keyCount = 0
    /// Bits each key needs when packed; nil when the keys and index do not fit in 64 bits.
    private var packing: (shifts: [Int], indexBits: Int)?

    init(tasks: [Task], keys: [SortKey]) {
        count = tasks.count
        let columns = keys.map { SortColumn($0, tasks: tasks).values }
        keyCount = columns.count
        codes = [UInt64](repeating: 0, count: count * keyCount)
        var widths: [Int] = []
        for (k, column) in columns.enumerated() {
            var low = Int.max, high = Int.min, hasMissing = false
            for value in column {
                if value == SortColumn.missing { hasMissing = true; continue }
                low = min(low, value)
                high = max(high, value)
            }
            if low > high { low = 0; high = -1 }  // no value present
            // Ranges are small in practice (ranks, day numbers, minutes); the subtraction is done in
            // UInt64 to stay correct for any Int values.
            let span = UInt64(bitPattern: Int64(high &- low))
            let missingCode = low > high ? 0 : span &+ 1
            for (i, value) in column.enumerated() {
                codes[i * keyCount + k] = value == SortColumn.missing ? missingCode
                    : UInt64(bitPattern: Int64(value &- low))
            }
            let largest = hasMissing ? missingCode : (low > high ? 0 : span)
            widths.append(largest == 0 ? 0 : UInt64.bitWidth - largest.leadingZeroBitCount)
        }
        let indexBits = count <= 1 ? 0 : Int.bitWidth - (count - 1).leadingZeroBitCount
        if widths.reduce(indexBits, +) <= 64 {
            var shifts: [Int] = []
            var shift = 64
            for width in widths {
                shift -= width
                shifts.append(shift)
            }
            packing = (shifts, indexBits)
        }
    }

    /// The sorted order of the tasks at `indices` (positions in the task list, ascending), as positions
    /// into `indices`: element 0 of the result says which of them comes first. Ties keep list order.
    func order(_ indices: [Int]) -> [Int] {
        if indices.count < 2 || keyCount == 0 { return Array(indices.indices) }
        if let (shifts, indexBits) = packing {
            var packed = [UInt64](repeating: 0, count: indices.count)
            for (position, index) in indices.enumerated() {
                var word = UInt64(position)
                let row = index * keyCount
                for k in 0..<keyCount where shifts[k] < 64 {
                    word |= codes[row + k] << UInt64(shifts[k])
                }
                packed[position] = word
            }
            RadixSort.sort(&packed)
            let mask: UInt64 = indexBits == 64 ? .max : (1 << UInt64(indexBits)) - 1
            return packed.map { Int($0 & mask) }
        }
        return indices.indices.sorted { a, b in
            let rowA = indices[a] * keyCount, rowB = indices[b] * keyCount
            for k in 0..<keyCount {
                let x = codes[rowA + k], y = codes[rowB + k]
                if x != y { return x < y }
            }
            return a < b
        }
    }
}
