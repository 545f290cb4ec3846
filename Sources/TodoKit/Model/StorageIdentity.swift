/// Which string holds a line's (or a task body's) bytes, told without reading them: lines split from one text
/// are slices of that one string, and most checks only ask whether two lines share it.
///
/// A string is two words, and equal words mean the same string: the same buffer, count and flags, or the same
/// small string held in the words themselves. Different words may still hold equal text; an identity only ever
/// answers "the same string", never "different text".
struct StorageIdentity: Equatable {
    private let words: (UInt, UInt)

    @inline(__always)
    fileprivate init(_ string: String) { words = unsafeBitCast(string, to: (UInt, UInt).self) }

    private init(words: (UInt, UInt)) { self.words = words }

    /// The identity of no string: no string's words are both zero.
    static let none = StorageIdentity(words: (0, 0))

    @inline(__always)
    static func == (lhs: StorageIdentity, rhs: StorageIdentity) -> Bool { lhs.words == rhs.words }
}

extension String {
    /// This string's storage identity (`StorageIdentity`).
    @inline(__always)
    var storageIdentity: StorageIdentity { StorageIdentity(self) }
}
