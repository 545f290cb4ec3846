/// A todo.txt priority, `(A)` (most important) to `(Z)`.
public struct Priority: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The letter's ASCII code.
    let code: UInt8

    /// The uppercase ASCII letter.
    public var letter: Character { Character(Unicode.Scalar(code)) }

    /// The priority written as `letter` (A–Z), or nil for any other character.
    public init?(_ letter: Character) {
        guard let ascii = letter.asciiValue, ascii >= UInt8(ascii: "A"), ascii <= UInt8(ascii: "Z") else {
            return nil
        }
        code = ascii
    }

    /// `code` must be an ASCII uppercase letter.
    init(code: UInt8) { self.code = code }

    /// The priority of `rank` (0 for A … 25 for Z).
    init(rank: Int) { self.code = UInt8(ascii: "A") + UInt8(rank) }

    /// Reads a letter case-insensitively, as `todofmt pri 3 b` and `pri:b` are written.
    public init?(lenient text: some StringProtocol) {
        guard text.count == 1, let first = text.first else { return nil }
        self.init(Character(first.uppercased()))
    }

    /// 0 for A … 25 for Z.
    public var rank: Int { Int(code - UInt8(ascii: "A")) }

    /// `A` sorts before `B`: the more important priority is the smaller one.
    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.code < rhs.code }

    public var description: String { String(letter) }
}
