/// Sorting of plain 64-bit values by their bits: a least-significant-digit radix sort, 11 bits a pass (the
/// counters stay in the nearest cache), skipping the digits every value shares. For large arrays (packed sort
/// keys, safe mode's task identities), where it beats comparison sorting several times over.
enum RadixSort {
    private static let bits = 11, passes = 6, mask = UInt64((1 << bits) - 1)
    /// Arrays up to this size are sorted by comparison.
    private static let smallCount = 2048

    /// Sorts `values` in ascending order.
    static func sort(_ values: inout [UInt64]) {
        let count = values.count
        guard count > smallCount else {
            values.sort()
            return
        }
        var counts = digitCounts(values)
        var other = [UInt64](repeating: 0, count: count)
        for pass in 0..<passes where startSlots(pass, &counts, first: values[0], count: count) {
            let base = pass << bits, shift = UInt64(pass * bits)
            values.withUnsafeBufferPointer { from in
                other.withUnsafeMutableBufferPointer { to in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for value in from {
                            let slot = base | Int((value >> shift) & mask)
                            to[counts[slot]] = value
                            counts[slot] += 1
                        }
                    }
                }
            }
            swap(&values, &other)
        }
    }

    /// `keys` in ascending order, and the position each came from (equal keys keep their order).
    /// `keys` is taken: given its last copy, it is sorted where it is rather than copied first.
    static func sortedWithPositions(_ keys: consuming [UInt64]) -> (keys: [UInt64], positions: [Int32]) {
        let count = keys.count
        guard count > smallCount else {
            let order = keys.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
            return (order.map { keys[$0] }, order.map { Int32($0) })
        }
        var counts = digitCounts(keys)
        var a = consume keys, b = [UInt64](repeating: 0, count: count)
        var ia = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<count { buffer[i] = Int32(i) }
            initialized = count
        }
        var ib = [Int32](repeating: 0, count: count)
        for pass in 0..<passes where startSlots(pass, &counts, first: a[0], count: count) {
            let base = pass << bits, shift = UInt64(pass * bits)
            a.withUnsafeBufferPointer { from in
                b.withUnsafeMutableBufferPointer { to in
                    ia.withUnsafeBufferPointer { fromPosition in
                        ib.withUnsafeMutableBufferPointer { toPosition in
                            counts.withUnsafeMutableBufferPointer { counts in
                                for i in 0..<count {
                                    let slot = base | Int((from[i] >> shift) & mask)
                                    let at = counts[slot]
                                    counts[slot] = at + 1
                                    to[at] = from[i]
                                    toPosition[at] = fromPosition[i]
                                }
                            }
                        }
                    }
                }
            }
            swap(&a, &b)
            swap(&ia, &ib)
        }
        return (a, ia)
    }

    /// Every pass's digit counts, in one reading of the values.
    private static func digitCounts(_ values: [UInt64]) -> [Int] {
        var counts = [Int](repeating: 0, count: passes << bits)
        counts.withUnsafeMutableBufferPointer { counts in
            for value in values {
                for pass in 0..<passes { counts[pass << bits | Int((value >> UInt64(pass * bits)) & mask)] += 1 }
            }
        }
        return counts
    }

    /// Turns pass `pass`'s digit counts into the slot each digit's values start at; false when every value
    /// has `first`'s digit, so the pass would move nothing.
    private static func startSlots(_ pass: Int, _ counts: inout [Int], first: UInt64, count: Int) -> Bool {
        let base = pass << bits
        if counts[base | Int((first >> UInt64(pass * bits)) & mask)] == count { return false }
        var total = 0
        for digit in 0..<(1 << bits) {
            let n = counts[base | digit]
            counts[base | digit] = total
            total += n
        }
        return true
    }
}
