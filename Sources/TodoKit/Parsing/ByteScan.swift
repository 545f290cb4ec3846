/// Whole-buffer byte searches and counts, several bytes at a time.
enum ByteScan {
    /// The number of LF bytes and of CR bytes in `b`.
    static func countLineBreaks(_ b: UnsafeBufferPointer<UInt8>) -> (lf: Int, cr: Int) {
        var lf = 0, cr = 0
        var i = 0
        let end = b.count
        if let base = b.baseAddress {
            let raw = UnsafeRawPointer(base)
            let lfs = SIMD32<UInt8>(repeating: .newline), crs = SIMD32<UInt8>(repeating: .carriageReturn)
            while i + 32 <= end {
                // A match is all ones (-1) in its lane: subtracting counts it; 255 blocks fit in 8-bit lanes.
                var lfLanes = SIMD32<UInt8>(repeating: 0), crLanes = SIMD32<UInt8>(repeating: 0)
                var blocks = 0
                while blocks < 255, i + 32 <= end {
                    let v = raw.loadUnaligned(fromByteOffset: i, as: SIMD32<UInt8>.self)
                    lfLanes &-= unsafeBitCast(v .== lfs, to: SIMD32<UInt8>.self)
                    crLanes &-= unsafeBitCast(v .== crs, to: SIMD32<UInt8>.self)
                    i += 32
                    blocks += 1
                }
                for lane in 0..<32 {
                    lf += Int(lfLanes[lane])
                    cr += Int(crLanes[lane])
                }
            }
        }
        while i < end {
            if b[i] == .newline { lf += 1 } else if b[i] == .carriageReturn { cr += 1 }
            i += 1
        }
        return (lf, cr)
    }

    /// The offset of the first LF or CR in `b` at or after `from`, or `b.count`.
    @inline(__always)
    static func nextLineBreak(_ base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
        var i = from
        let raw = UnsafeRawPointer(base)
        // Only bytes below 14 can be line breaks: skip 8 bytes at a time while none is (a byte x < 14 makes
        // x - 14 borrow into its top bit while x's own top bit is clear).
        while i + 8 <= end {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & 0x8080_8080_8080_8080 != 0 { break }
            i += 8
        }
        while i < end, base[i] != .newline, base[i] != .carriageReturn { i += 1 }
        return i
    }
}

extension ByteScan {
    /// The offset of the first `byte` in `b` at or after `from`, or `b.count`; 8 bytes at a time.
    @inline(__always)
    static func next(_ byte: UInt8, in b: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        var i = from
        let end = b.count
        if let base = b.baseAddress {
            let raw = UnsafeRawPointer(base)
            let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
            while i + 8 <= end {
                // A zero byte in `word ^ pattern` is a match: it borrows into its top bit.
                let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ pattern
                if (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0 { break }
                i += 8
            }
        }
        while i < end, b[i] != byte { i += 1 }
        return i
    }

    /// Whether `a` and `b` hold the same bytes, compared 8 at a time.
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        if pa == pb { return true }
        let ra = UnsafeRawPointer(pa), rb = UnsafeRawPointer(pb)
        var i = 0
        while i + 8 <= a.count {
            if ra.loadUnaligned(fromByteOffset: i, as: UInt64.self) != rb.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                return false
            }
            i += 8
        }
        while i < a.count {
            if pa[i] != pb[i] { return false }
            i += 1
        }
        return true
    }
}
