/// A 64-bit fingerprint of a text's bytes, the same in every process (unlike `Hasher`): enough to tell a
/// file that changed from one that did not, not to defend against one made to collide.
package struct Fingerprint: Hashable, Sendable {
    package let value: UInt64

    package init(_ text: String) {
        value = text.utf8.span.fingerprint ^ UInt64(text.utf8.count)
    }

    /// The value in 16 hex digits.
    package var hex: String { Fingerprint.hex(value) }

    /// A 64-bit value in 16 hex digits, leading zeros kept.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
