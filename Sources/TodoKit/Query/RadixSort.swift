/// Sorting of plain 64-bit values by their bits: a least-significant-digit radix sort, 11 bits a pass (the
/// counters stay in the nearest cache), skipping the digits every value shares. For large arrays of packed
/// sort keys, where it beats comparison sorting several times over.
enum RadixSort {
    /// Sorts `values` in ascending order.
    static func sort(_ values: inout [UInt64]) {
        let count = values.count
        guard count > 2048 else {
            values.sort()
            return
        }
        let bits = 11, passes = 6, mask = UInt64((1 << bits) - 1)
        var counts = [Int](repeating: 0, count: passes << bits)
        counts.withUnsafeMutableBufferPointer { counts in
            for value in values {
                for pass in 0..<passes { counts[pass << bits | Int((value >> UInt64(pass * bits)) & mask)] += 1 }
            }
        }
        var other = [UInt64](repeating: 0, count: count)
        for pass in 0..<passes {
            let base = pass << bits, shift = UInt64(pass * bits)
            if counts[base | Int((values[0] >> shift) & mask)] == count { continue }
            var total = 0
            for digit in 0..<(1 << bits) {
                let n = counts[base | digit]
                counts[base | digit] = total
                total += n
            }
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
}
