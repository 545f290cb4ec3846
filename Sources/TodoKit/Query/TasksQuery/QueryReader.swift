/// A cursor over one instruction of a query block, which each kind of instruction reads itself with: its
/// keywords compare case-insensitively, as the plugin's do, and a run of spaces counts as one.
///
/// An instruction's reader returns nil, leaving the cursor where it was, when the text is not its kind, and
/// throws a `QueryError` (at a character offset of the text) when it is its kind but cannot be read.
struct QueryReader {
    let characters: [Character]
    private(set) var offset = 0

    init(_ text: String) {
        characters = Array(text)
    }

    init(_ characters: ArraySlice<Character>) {
        self.characters = Array(characters)
    }

    var isAtEnd: Bool {
        var probe = self
        probe.skipSpaces()
        return probe.offset == characters.count
    }

    mutating func skipSpaces() {
        while offset < characters.count, characters[offset].isQuerySpace { offset += 1 }
    }

    /// Reads `phrase` (words separated by single spaces, lowercase) if it comes next as whole words:
    /// followed by a space or the end, unless `wholeWord` is false.
    mutating func read(_ phrase: String, wholeWord: Bool = true) -> Bool {
        var probe = self
        probe.skipSpaces()
        for (index, word) in phrase.split(separator: " ").enumerated() {
            if index > 0 {
                guard probe.offset < characters.count, characters[probe.offset].isQuerySpace else { return false }
                probe.skipSpaces()
            }
            for expected in word {
                guard probe.offset < characters.count,
                      characters[probe.offset].lowercased() == String(expected) else { return false }
                probe.offset += 1
            }
        }
        if wholeWord, probe.offset < characters.count, !characters[probe.offset].isQuerySpace { return false }
        self = probe
        return true
    }

    /// Reads the first of `phrases` that comes next (try longer phrases first where one starts another).
    mutating func read(anyOf phrases: [String]) -> String? {
        phrases.first { read($0) }
    }

    /// Reads `phrase` if it is all that is left.
    mutating func readWhole(_ phrase: String) -> Bool {
        var probe = self
        guard probe.read(phrase), probe.isAtEnd else { return false }
        self = probe
        return true
    }

    /// Refuses `INSTRUCTION function …` (`sort by function`): the plugin runs its JavaScript, todofmt does not.
    mutating func refuseFunction(after instruction: String, advice: String) throws(QueryError) {
        guard read("function") else { return }
        throw QueryError("'\(instruction) function' runs JavaScript, which todofmt does not; \(advice)", at: 0,
                         length: characters.count)
    }

    /// Reads the name of one of `Name`'s cases (the longest that comes next), as `sort by` and `group by` take
    /// them; throws, listing them, when none comes.
    /// With `wholeWord` false, a name may be the start of a longer word, as the plugin's `sort by` reads it.
    mutating func read<Name: CaseIterable & RawRepresentable>(_: Name.Type, after instruction: String, wholeWord: Bool = true) throws(QueryError) -> Name
    where Name.RawValue == String {
        let offset = nextOffset
        if let name = Name.allCases.sorted(by: { $0.rawValue.count > $1.rawValue.count }).first(where: { read($0.rawValue, wholeWord: wholeWord) }) {
            return name
        }
        let word = nextWord?.text ?? ""
        throw QueryError((word.isEmpty ? "'\(instruction)' needs a field" : "cannot \(instruction) '\(word)'") + " (use "
                         + Name.allCases.map(\.rawValue).joined(separator: ", ") + ")", at: offset, length: word.count)
    }

    /// Throws when a word is left after an instruction that is complete.
    func requireEnd(after instruction: CustomStringConvertible) throws(QueryError) {
        if let (word, offset) = nextWord {
            throw QueryError("unexpected '\(word)' after '\(instruction)'", at: offset, length: word.count)
        }
    }

    /// Reads what is left of an instruction the plugin takes without it (it matches only the instruction's
    /// start), as a warning that the text is ignored.
    mutating func ignoreRest(after instruction: CustomStringConvertible, warnings: inout [QueryError]) {
        let start = offset
        let (rest, restOffset) = readRest()
        guard !rest.isEmpty else { return }
        let glued = restOffset == start && start > 0 && !characters[start - 1].isQuerySpace
        warnings.append(QueryError("'\(rest)' after '\(instruction)' is ignored, as the plugin ignores it"
                                   + (glued ? "" : "; put each instruction on a line of its own"), at: restOffset, length: rest.count))
    }

    /// The rest of the text, without the spaces around it, and where it starts.
    mutating func readRest() -> (text: String, offset: Int) {
        skipSpaces()
        var end = characters.count
        while end > offset, characters[end - 1].isQuerySpace { end -= 1 }
        let rest = (String(characters[offset..<end]), offset)
        offset = characters.count
        return rest
    }

    /// The rest of the text after the one space that ends the word before it, as the plugin's `(.*)` takes it:
    /// more spaces before it are part of it (`tags include  #x` looks for ` #x`), those at the end are not.
    mutating func readRestAfterSpace() -> (text: String, offset: Int) {
        if offset < characters.count, characters[offset].isQuerySpace { offset += 1 }
        var end = characters.count
        while end > offset, characters[end - 1].isQuerySpace { end -= 1 }
        let rest = (String(characters[offset..<end]), offset)
        offset = characters.count
        return rest
    }

    /// The next word (up to a space), without reading it.
    var nextWord: (text: String, offset: Int)? {
        var probe = self
        probe.skipSpaces()
        let start = probe.offset
        while probe.offset < characters.count, !characters[probe.offset].isQuerySpace { probe.offset += 1 }
        return probe.offset > start ? (String(characters[start..<probe.offset]), start) : nil
    }

    /// Where the next word starts (or the end).
    var nextOffset: Int {
        var probe = self
        probe.skipSpaces()
        return probe.offset
    }
}

extension Character {
    var isQuerySpace: Bool { self == " " || self == "\t" }
}
