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

    /// The offset of the first LF or CR in `b` at or after `from`, or `b.count`; 16 bytes at a time.
    @inline(__always)
    static func nextLineBreak(_ base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
        var i = from
        let raw = UnsafeRawPointer(base)
        let lfs = SIMD16<UInt8>(repeating: .newline), crs = SIMD16<UInt8>(repeating: .carriageReturn)
        while i + 16 <= end {
            let v = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            if let found = firstMatch(unsafeBitCast((v .== lfs) .| (v .== crs), to: SIMD16<UInt8>.self)) { return i + found }
            i += 16
        }
        while i < end, base[i] != .newline, base[i] != .carriageReturn { i += 1 }
        return i
    }

    /// The index of the first lane of `lanes` (each all ones or all zeros) that is set, if any.
    @inline(__always)
    static func firstMatch(_ lanes: SIMD16<UInt8>) -> Int? {
        // Lane k is byte k of the two words read little-endian, so the lowest set bit names the first lane set.
        let words = unsafeBitCast(lanes, to: (UInt64, UInt64).self)
        let low = UInt64(littleEndian: words.0), high = UInt64(littleEndian: words.1)
        if low != 0 { return low.trailingZeroBitCount / 8 }
        if high != 0 { return 8 + high.trailingZeroBitCount / 8 }
        return nil
    }
}

extension ByteScan {
    /// The offset of the first `byte` in `b` at or after `from`, or `b.count`; 16 bytes at a time.
    @inline(__always)
    static func next(_ byte: UInt8, in b: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        var i = from
        let end = b.count
        if let base = b.baseAddress {
            let raw = UnsafeRawPointer(base)
            let pattern = SIMD16<UInt8>(repeating: byte)
            while i + 16 <= end {
                let v = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                if let found = firstMatch(unsafeBitCast(v .== pattern, to: SIMD16<UInt8>.self)) { return i + found }
                i += 16
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
