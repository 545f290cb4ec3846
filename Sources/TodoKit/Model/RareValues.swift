import Synchronization

/// Values that compact model fields cannot hold in 32 bits (a checkbox character of several Unicode
/// scalars, a list marker with such a character or a number beyond 32 bits), held once for the process and
/// named by their index. Parsing never makes them; only a caller setting such a value does.
enum RareValues {
    private static let table = Mutex<(characters: [Character], markers: [ListMarker])>(([], []))

    static func index(of character: Character) -> Int {
        table.withLock { table in
            if let index = table.characters.firstIndex(of: character) { return index }
            table.characters.append(character)
            return table.characters.count - 1
        }
    }

    static func character(at index: Int) -> Character {
        table.withLock { $0.characters[index] }
    }

    static func index(of marker: ListMarker) -> Int {
        table.withLock { table in
            if let index = table.markers.firstIndex(of: marker) { return index }
            table.markers.append(marker)
            return table.markers.count - 1
        }
    }

    static func marker(at index: Int) -> ListMarker {
        table.withLock { $0.markers[index] }
    }
}

/// A character in 32 bits: its Unicode scalar, `none` for nil, or `rare | index` into `RareValues`.
enum CompactCharacter {
    static let none: UInt32 = 0xFFFF_FFFF
    static let rare: UInt32 = 0x8000_0000

    @inline(__always)
    static func encode(_ character: Character?) -> UInt32 {
        guard let character else { return none }
        if let scalar = singleScalar(character) { return scalar }
        return rare | UInt32(RareValues.index(of: character))
    }

    /// The character's Unicode scalar when it is a single one, found without counting them all (this runs
    /// for every item and task read).
    @inline(__always)
    static func singleScalar(_ character: Character) -> UInt32? {
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return nil }
        return first.value
    }

    @inline(__always)
    static func decode(_ code: UInt32) -> Character? {
        if code == none { return nil }
        if code & rare != 0 { return RareValues.character(at: Int(code & ~rare)) }
        return Character(Unicode.Scalar(code)!)
    }
}
