/// The 64-bit FNV-1a hash: the same in every process and on every machine (unlike `Hasher`). It names what
/// must be named alike everywhere: a task's first calendar UID, the state todofmt keeps for a file's path,
/// and a text's fingerprint.
package struct FNV1a: Sendable {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    /// The hash of `bytes`.
    package static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hasher = FNV1a()
        for byte in bytes { hasher.combine(byte) }
        return hasher.value
    }

    /// The hash of `bytes` in 16 hex digits.
    package static func hex(_ bytes: some Sequence<UInt8>) -> String { Fingerprint.hex(hash(bytes)) }

    package mutating func combine(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    /// FNV-1a's step taken on a whole 8-byte word, its high bits folded back in: eight times fewer steps for a
    /// long text's fingerprint.
    mutating func combine(word: UInt64) {
        value = (value ^ word) &* 0x100_0000_01b3
        value ^= value >> 29
    }
}
