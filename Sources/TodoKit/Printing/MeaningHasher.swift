/// A fast, seeded 64-bit hash for safe mode's comparison of task multisets, mixing in the way of wyhash: each
/// step multiplies two 64-bit words to 128 bits and folds the halves together.
///
/// Not for hashing untrusted keys into tables: safe mode confirms every match it finds through hashes by
/// comparing the tasks themselves, so a collision costs a second try with another seed, never a wrong answer.
struct MeaningHasher {
    private static let k0: UInt64 = 0x2d35_8dcc_aa6c_78a5, k1: UInt64 = 0x8bb8_4b93_962e_acc9
    private static let k2: UInt64 = 0x4b33_a62e_d433_d4a3, k3: UInt64 = 0x4d5a_2da5_1de1_aa47

    private(set) var value: UInt64

    init(seed: UInt64) {
        value = seed ^ Self.k0
    }

    /// A hasher that goes on from a `value` read earlier.
    init(resuming value: UInt64) {
        self.value = value
    }

    @inline(__always)
    private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// Feeds one word.
    @inline(__always)
    mutating func combine(_ word: UInt64) {
        value = Self.mix(word ^ Self.k1, value ^ Self.k2)
    }

    /// Feeds a run of bytes and its length (so that two runs never read as one).
    @inline(__always)
    mutating func combine(bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        var state = value
        var a: UInt64 = 0, b: UInt64 = 0
        if count > 16 {
            var at = 0
            while count - at > 16 {
                state = Self.mix(bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self) ^ Self.k1,
                                 bytes.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self) ^ state)
                at += 16
            }
            // The last 16 bytes, overlapping what was read when the count is no multiple of 16.
            a = bytes.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
            b = bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            func word32(_ at: Int) -> UInt64 { UInt64(bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
            let step = (count >> 3) << 2
            a = word32(0) << 32 | word32(step)
            b = word32(count - 4) << 32 | word32(count - 4 - step)
        } else if count > 0 {
            a = UInt64(bytes[0]) << 16 | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1])
        }
        value = Self.mix(Self.k3 ^ UInt64(count), Self.mix(a ^ Self.k1, b ^ state))
    }
}
