/// One field of the Tasks or Dataview dialect found at the end of a task's body: `📅 2026-12-01`,
/// `[priority:: high]`, or a `#tag` among them.
struct FieldSpan: Hashable, Sendable {
    /// The field; nil for a `#tag`, which the plugin reads among the fields and keeps in the description.
    var field: TaskField?
    var dialect: Dialect
    /// UTF-8 offsets in the body of the whole field: the emoji to the end of its value, or the brackets of a
    /// Dataview field and a comma after them.
    var range: Range<Int>
    /// UTF-8 offsets of the value (for the priority emoji, the emoji itself).
    var value: Range<Int>
}

/// The fields at the end of a Markdown task's body, read as the Obsidian Tasks plugin reads them: taking
/// fields off the end of the line, in any order, with `#tags` and a block link (`^abc123`) among them, until
/// none is left (docs/FORMAT.md, 3.8). The plugin's emoji and Dataview's inline fields are read, or the one of
/// them a reading names (a vault's task format). A field may be glued to the word before it (`milk🔺`), as the
/// plugin's patterns find it.
///
/// A variation selector (U+FE0F) after an emoji is read, as the plugin reads it. A no-break space between an
/// emoji and its value (or inside a Dataview field's brackets), which the plugin does not take for a space, is
/// read as one everywhere but in a reading of the plugin's own (a vault's task format).
struct TrailingFields: Sendable {
    /// The fields and tags found, left to right.
    var spans: [FieldSpan] = []
    /// The block link `^abc123` at the very end, with the whitespace before it.
    var blockLink: Range<Int>?
    /// Where the fields start: the end of the description's own text (its last non-blank byte before them).
    var start: Int
    /// The dialects whose fields are read.
    var reading: FieldReading

    /// Reads the fields of `b` (a body) that end at `end` (its content's end), never past `floor` (where its
    /// description starts), in the dialects `reading` names.
    init(_ b: [UInt8], from floor: Int, to end: Int, reading: FieldReading = .every) {
        self.reading = reading
        var end = TrailingFields.trimmedEnd(b, end, floor: floor)
        start = end
        if let link = TrailingFields.blockLink(b, end: end, floor: floor) {
            blockLink = link.lowerBound..<end
            end = TrailingFields.trimmedEnd(b, link.lowerBound, floor: floor)
        }
        // Only the fields whose emoji or key the body holds are looked for, and tags only when it has a `#`: one
        // pass over the body tells both.
        let present = TrailingFields.fieldsPresent(b, from: floor, to: end)
        let (emoji, dataview) = (reading.contains(.tasks), reading.contains(.dataview))
        let noBreak = !reading.isThePlugins
        let hasHash = present & TrailingFields.hashBit != 0
        var found: [FieldSpan] = []
        if present != 0 { found.reserveCapacity(4) }
        // The plugin reads at most 21 rounds.
        for _ in 0..<21 {
            var matched = false
            for field in TaskField.readingOrder {
                if field == .id, hasHash, let tag = TrailingFields.hashtag(b, end: end, floor: floor) {
                    found.append(tag)
                    end = TrailingFields.trimmedEnd(b, tag.range.lowerBound, floor: floor)
                    matched = true
                }
                guard present & (1 << field.rawValue) != 0 else { continue }
                if let span = (emoji ? TrailingFields.emojiField(field, b, end: end, floor: floor, noBreak: noBreak) : nil)
                    ?? (dataview ? TrailingFields.dataviewField(field, b, end: end, floor: floor, noBreak: noBreak) : nil) {
                    found.append(span)
                    end = TrailingFields.trimmedEnd(b, span.range.lowerBound, floor: floor)
                    matched = true
                }
            }
            if !matched { break }
        }
        found.reverse()
        spans = found
        start = end
    }

    /// The bit `fieldsPresent` sets for a `#`.
    static let hashBit = 1 << 15

    /// A bit for each field (by `TaskField.rawValue`) whose emoji or Dataview key stands in `b[from..<to]`, and
    /// `hashBit` when a `#` does.
    static func fieldsPresent(_ b: [UInt8], from: Int, to: Int) -> Int {
        var present = 0
        var i = from
        while i < to {
            let byte = b[i]
            if byte >= 0xE0 {
                let length = byte >= 0xF0 ? 4 : 3
                // A character cut at `to` holds no emoji: its bytes are looked at one by one.
                guard i + length <= to else { i += 1; continue }
                var scalar = UInt32(byte & (length == 4 ? 0x07 : 0x0F))
                for k in 1..<length { scalar = scalar << 6 | UInt32(b[i + k] & 0x3F) }
                if let field = TaskField(emojiScalar: scalar) { present |= 1 << field.rawValue }
                i += length
            } else if byte == UInt8(ascii: ":"), i + 1 < to, b[i + 1] == UInt8(ascii: ":") {
                for field in TaskField.allCases where endsWith(b, i + 2, TaskField.dataviewKeyBytes[field.rawValue], floor: from) {
                    present |= 1 << field.rawValue
                }
                i += 2
            } else {
                if byte == UInt8(ascii: "#") { present |= hashBit }
                i += 1
            }
        }
        return present
    }

    /// Whether splitting `b` (a body whose description starts at `floor`) at spaces and tabs alone would give
    /// other words than its own text (up to `start`) and each span on its own: a field glued to what stands before
    /// it, or whitespace other than spaces and tabs between the spans or after them, which no word holds.
    func cutsWords(_ b: [UInt8], floor: Int) -> Bool {
        var at = start
        /// Whether `range` is glued to what stands before it, or set apart by other whitespace.
        func cuts(_ range: Range<Int>) -> Bool {
            if range.lowerBound == at {
                if at > floor { return true }
            } else {
                for i in at..<range.lowerBound where b[i] != .space && b[i] != .tab { return true }
            }
            at = range.upperBound
            return false
        }
        for span in spans where cuts(span.range) { return true }
        if let link = blockLink, cuts(TrailingFields.trimmedStart(b, link)..<link.upperBound) { return true }
        for i in at..<b.count where b[i] != .space && b[i] != .tab { return true }
        return false
    }

    /// Whether a body may hold a field at all: it has a byte that starts an emoji the plugin reads, or `::`; or it
    /// ends in a `#tag` or a block link `^abc` (the plugin reads them off the end of a line, among its fields or
    /// alone); or it ends in whitespace other than spaces and tabs (a no-break space), which is no part of its text
    /// for the plugin. Most todo.txt-style bodies have none of these,
    /// and are read no further.
    static func mayHoldFields(_ b: Span<UInt8>, from: Int) -> Bool {
        var end = b.count
        while end > from, b[end - 1] == .space || b[end - 1] == .tab { end -= 1 }
        guard end > from else { return false }
        let last = b[end - 1]
        if last == 0x0B || last == 0x0C || (last >= 0x80 && endsInWhitespace(b, end, floor: from)) { return true }
        var i = from
        while i < end {
            let byte = b[i]
            if byte == 0xE2 || byte == 0xF0 { return true }
            if byte == UInt8(ascii: ":"), i + 1 < end, b[i + 1] == UInt8(ascii: ":") { return true }
            i += 1
        }
        // A #tag at the end (anything but a space and the tag's stops after a `#`, which may hold a tab or a
        // no-break space), or a block link.
        var tag = end
        while tag > from, !isTagStop(b[tag - 1]) { tag -= 1 }
        if tag > from, b[tag - 1] == UInt8(ascii: "#") { return true }
        var link = end
        while link > from, isIDByte(b[link - 1]) { link -= 1 }
        return link < end && link > from && b[link - 1] == UInt8(ascii: "^")
    }

    /// Whether the bytes before `end` are a whitespace character of more than one byte (as `whitespaceBefore`
    /// counts them).
    private static func endsInWhitespace(_ b: Span<UInt8>, _ end: Int, floor: Int) -> Bool {
        if end - floor >= 2, b[end - 2] == 0xC2, b[end - 1] == 0xA0 { return true }
        guard end - floor >= 3 else { return false }
        return whitespaceAt(b, end - 3) == 3
    }

    // MARK: Reading backwards

    /// The length of the whitespace character (JavaScript's `trim()`: ASCII whitespace, U+00A0, U+1680,
    /// U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF) that ends at `end`, or 0.
    static func whitespaceBefore(_ b: [UInt8], _ end: Int, floor: Int) -> Int {
        guard end > floor else { return 0 }
        let last = b[end - 1]
        if last == .space || last == .tab || last == 0x0B || last == 0x0C { return 1 }
        if end - floor >= 2, b[end - 2] == 0xC2, last == 0xA0 { return 2 }
        guard end - floor >= 3 else { return 0 }
        let (x, y) = (b[end - 3], b[end - 2])
        switch (x, y, last) {
        case (0xE1, 0x9A, 0x80), (0xE2, 0x80, 0x80...0x8A), (0xE2, 0x80, 0xA8), (0xE2, 0x80, 0xA9),
             (0xE2, 0x80, 0xAF), (0xE2, 0x81, 0x9F), (0xE3, 0x80, 0x80), (0xEF, 0xBB, 0xBF):
            return 3
        default:
            return 0
        }
    }

    /// The length of the whitespace character (as `whitespaceBefore` counts it) that starts at `start`, or 0.
    static func whitespaceAt(_ b: Span<UInt8>, _ start: Int) -> Int {
        guard start < b.count else { return 0 }
        let first = b[start]
        if first == .space || first == .tab || first == 0x0B || first == 0x0C { return 1 }
        if first == 0xC2 { return start + 1 < b.count && b[start + 1] == 0xA0 ? 2 : 0 }
        guard first == 0xE1 || first == 0xE2 || first == 0xE3 || first == 0xEF, start + 2 < b.count else { return 0 }
        switch (first, b[start + 1], b[start + 2]) {
        case (0xE1, 0x9A, 0x80), (0xE2, 0x80, 0x80...0x8A), (0xE2, 0x80, 0xA8), (0xE2, 0x80, 0xA9),
             (0xE2, 0x80, 0xAF), (0xE2, 0x81, 0x9F), (0xE3, 0x80, 0x80), (0xEF, 0xBB, 0xBF):
            return 3
        default:
            return 0
        }
    }

    /// The length of the whitespace character (as the other `whitespaceBefore` counts it) that ends at `end`, or 0.
    static func whitespaceBefore(_ b: Span<UInt8>, _ end: Int, floor: Int) -> Int {
        guard end > floor else { return 0 }
        let last = b[end - 1]
        if last == .space || last == .tab || last == 0x0B || last == 0x0C { return 1 }
        if end - floor >= 2, b[end - 2] == 0xC2, last == 0xA0 { return 2 }
        return end - floor >= 3 && whitespaceAt(b, end - 3) == 3 ? 3 : 0
    }

    /// `end`, back past the whitespace (as `whitespaceBefore` counts it) before it, never past `floor`.
    static func trimmedEnd(_ b: Span<UInt8>, _ end: Int, floor: Int) -> Int {
        var end = end
        while case let length = whitespaceBefore(b, end, floor: floor), length > 0 { end -= length }
        return end
    }

    /// `start`, past the whitespace (as `whitespaceBefore` counts it) that follows it.
    static func skippingWhitespace(_ b: Span<UInt8>, from start: Int) -> Int {
        var i = start
        while case let length = whitespaceAt(b, i), length > 0 { i += length }
        return i
    }

    static func trimmedEnd(_ b: [UInt8], _ end: Int, floor: Int) -> Int {
        var end = end
        while true {
            let length = whitespaceBefore(b, end, floor: floor)
            if length == 0 { return end }
            end -= length
        }
    }

    /// Skips spaces (and, with `noBreak`, no-break spaces) before `end`: what may stand between an emoji and its
    /// value.
    static func spacesBefore(_ b: [UInt8], _ end: Int, floor: Int, noBreak: Bool) -> Int {
        var end = end
        while end > floor {
            if b[end - 1] == .space { end -= 1 }
            else if noBreak, end - floor >= 2, b[end - 2] == 0xC2, b[end - 1] == 0xA0 { end -= 2 }
            else { break }
        }
        return end
    }

    /// Whether the bytes before `end` spell `text`.
    static func endsWith(_ b: [UInt8], _ end: Int, _ text: [UInt8], floor: Int) -> Bool {
        guard end - floor >= text.count else { return false }
        var i = 0, j = end - text.count
        while i < text.count {
            if b[j] != text[i] { return false }
            i += 1
            j += 1
        }
        return true
    }

    static let variationSelector: [UInt8] = [0xEF, 0xB8, 0x8F]

    /// Where a run of bytes that `allowed` accepts, ending at `end`, starts.
    static func runStart(_ b: [UInt8], _ end: Int, floor: Int, _ allowed: (UInt8) -> Bool) -> Int {
        var start = end
        while start > floor, allowed(b[start - 1]) { start -= 1 }
        return start
    }

    static func isIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): return true
        default: return false
        }
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    /// The characters that end a tag: space and `!@#$%^&*(),.?":{}|<>`.
    static func isTagStop(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "!"), UInt8(ascii: "@"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"),
             UInt8(ascii: "^"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","),
             UInt8(ascii: "."), UInt8(ascii: "?"), UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: "{"), UInt8(ascii: "}"),
             UInt8(ascii: "|"), UInt8(ascii: "<"), UInt8(ascii: ">"):
            return true
        default:
            return false
        }
    }

    /// ` ^abc-123` at the end.
    static func blockLink(_ b: [UInt8], end: Int, floor: Int) -> Range<Int>? {
        let start = runStart(b, end, floor: floor) { isIDByte($0) && $0 != UInt8(ascii: "_") }
        guard start < end, start - floor >= 2, b[start - 1] == UInt8(ascii: "^"), b[start - 2] == .space else { return nil }
        return (start - 2)..<end
    }

    /// `#tag` at the end, preceded by whitespace or the start of the body.
    static func hashtag(_ b: [UInt8], end: Int, floor: Int) -> FieldSpan? {
        let start = runStart(b, end, floor: 0) { !isTagStop($0) }
        guard start < end, start >= max(floor, 1), b[start - 1] == UInt8(ascii: "#") else { return nil }
        let hash = start - 1
        guard hash == 0 || whitespaceBefore(b, hash, floor: 0) > 0 || hash == floor else { return nil }
        return FieldSpan(field: nil, dialect: .tasks, range: hash..<end, value: start..<end)
    }

    /// The value of `field` ending at `end`, as the plugin's pattern for it reads it: where it starts, or nil.
    static func valueStart(_ field: TaskField, _ b: [UInt8], end: Int, floor: Int) -> Int? {
        switch field {
        case .priority:
            return nil
        case .created, .start, .scheduled, .due, .cancelled, .done:
            guard end - floor >= 10 else { return nil }
            let s = end - 10
            for i in 0..<10 {
                if i == 4 || i == 7 { guard b[s + i] == UInt8(ascii: "-") else { return nil } }
                else { guard isDigit(b[s + i]) else { return nil } }
            }
            return s
        case .recurrence:
            var s = runStart(b, end, floor: floor) { RecurrenceRule.isRuleCharacter($0) }
            while s < end, b[s] == .space { s += 1 }
            return s < end ? s : nil
        case .onCompletion:
            let s = runStart(b, end, floor: floor, isLetter)
            return s < end ? s : nil
        case .id:
            let s = runStart(b, end, floor: floor, isIDByte)
            return s < end ? s : nil
        case .dependsOn:
            // Whether it is a list of ids is asked once the emoji (or key) before it is found: most text is not.
            var s = runStart(b, end, floor: floor) { isIDByte($0) || $0 == .space || $0 == UInt8(ascii: ",") }
            while s < end, b[s] == .space { s += 1 }
            return s < end ? s : nil
        }
    }

    /// Whether `range` of `b` is `a, b ,c`: ids separated by commas with spaces around them, none after the last.
    static func areIDs(_ b: [UInt8], _ range: Range<Int>) -> Bool {
        var expectID = true, sawSpaceAfterID = false
        for i in range {
            let byte = b[i]
            if isIDByte(byte) {
                if !expectID && sawSpaceAfterID { return false }
                expectID = false
                sawSpaceAfterID = false
            } else if byte == .space {
                if !expectID { sawSpaceAfterID = true }
            } else if byte == UInt8(ascii: ",") {
                if expectID { return false }
                expectID = true
                sawSpaceAfterID = false
            } else {
                return false
            }
        }
        return !expectID && !sawSpaceAfterID
    }

    /// `a, b ,c`: ids separated by commas with spaces around them; nil when the text is not such a list.
    static func dependsOnIDs(_ b: [UInt8], _ range: Range<Int>) -> [String]? {
        let parts = b[range].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        var ids: [String] = []
        for (index, part) in parts.enumerated() {
            var slice = part[...]
            while let first = slice.first, first == .space { slice = slice.dropFirst() }
            // Spaces may follow an id, except the last (the pattern ends with it).
            while index < parts.count - 1, let last = slice.last, last == .space { slice = slice.dropLast() }
            guard !slice.isEmpty, slice.allSatisfy(isIDByte) else { return nil }
            ids.append(String(decoding: slice, as: UTF8.self))
        }
        return ids
    }

    /// The emoji form of `field` ending at `end`: `📅 2026-12-01`, `⏫`, `🔁 every week`.
    static func emojiField(_ field: TaskField, _ b: [UInt8], end: Int, floor: Int, noBreak: Bool) -> FieldSpan? {
        var valueStart = end
        if field != .priority {
            guard let start = TrailingFields.valueStart(field, b, end: end, floor: floor) else { return nil }
            valueStart = start
        }
        var at = field == .priority ? end : spacesBefore(b, valueStart, floor: floor, noBreak: noBreak)
        if endsWith(b, at, variationSelector, floor: floor) { at -= 3 }
        for emoji in TaskField.emojiBytes[field.rawValue] where endsWith(b, at, emoji, floor: floor) {
            if field == .dependsOn, !areIDs(b, valueStart..<end) { return nil }
            let start = at - emoji.count
            return FieldSpan(field: field, dialect: .tasks, range: start..<end,
                             value: field == .priority ? start..<at : valueStart..<end)
        }
        return nil
    }

    /// The Dataview form of `field` ending at `end`: `[due:: 2026-12-01]`, `(priority:: high)`, and a comma
    /// after it.
    static func dataviewField(_ field: TaskField, _ b: [UInt8], end: Int, floor: Int, noBreak: Bool) -> FieldSpan? {
        var close = end
        if close > floor, b[close - 1] == UInt8(ascii: ",") {
            close -= 1
            while close > floor, b[close - 1] == .space { close -= 1 }
        }
        guard close > floor, b[close - 1] == UInt8(ascii: "]") || b[close - 1] == UInt8(ascii: ")") else { return nil }
        let opening = b[close - 1] == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "(")
        var valueEnd = close - 1
        while valueEnd > floor, b[valueEnd - 1] == .space { valueEnd -= 1 }
        var valueStart: Int
        if field == .priority {
            valueStart = runStart(b, valueEnd, floor: floor, isLetter)
            let word = String(decoding: b[valueStart..<valueEnd], as: UTF8.self)
            guard ["highest", "high", "medium", "low", "lowest"].contains(word) else { return nil }
        } else if field == .recurrence {
            // The rule's characters include the space: its value runs back to the `::`.
            valueStart = runStart(b, close - 1, floor: floor) { RecurrenceRule.isRuleCharacter($0) }
            while valueStart < valueEnd, b[valueStart] == .space { valueStart += 1 }
            guard valueStart < valueEnd else { return nil }
        } else {
            guard let start = TrailingFields.valueStart(field, b, end: valueEnd, floor: floor) else { return nil }
            valueStart = start
        }
        var at = spacesBefore(b, valueStart, floor: floor, noBreak: noBreak)
        let key = TaskField.dataviewKeyBytes[field.rawValue]
        guard endsWith(b, at, key, floor: floor) else { return nil }
        at -= key.count
        at = spacesBefore(b, at, floor: floor, noBreak: noBreak)
        guard at > floor, b[at - 1] == opening else { return nil }
        if field == .dependsOn, !areIDs(b, valueStart..<valueEnd) { return nil }
        return FieldSpan(field: field, dialect: .dataview, range: (at - 1)..<end, value: valueStart..<valueEnd)
    }
}
