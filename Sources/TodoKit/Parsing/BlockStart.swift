/// Recognisers for the CommonMark block starts that matter to a todo file's structure.
/// Each looks at the bytes from `s` (the first non-blank byte) of one line.
enum BlockStart {
    /// `#` to `######` followed by a space, a tab or the end of the line: the level, or nil.
    static func atxHeadingLevel(_ b: Span<UInt8>, _ s: Int) -> Int? {
        var i = s
        while i < b.count, b[i] == UInt8(ascii: "#") { i += 1 }
        let level = i - s
        guard (1...6).contains(level), i == b.count || b[i] == .space || b[i] == .tab else { return nil }
        return level
    }

    /// The text of an ATX heading without its marks and closing sequence.
    static func atxHeadingTitle(_ b: Span<UInt8>, _ s: Int, level: Int) -> (title: String, start: Int) {
        var lo = s + level, hi = b.count
        while lo < hi, b[lo] == .space || b[lo] == .tab { lo += 1 }
        while hi > lo, b[hi - 1] == .space || b[hi - 1] == .tab { hi -= 1 }
        var j = hi
        while j > lo, b[j - 1] == UInt8(ascii: "#") { j -= 1 }
        if j == lo { hi = lo } else if j < hi, b[j - 1] == .space || b[j - 1] == .tab {
            hi = j
            while hi > lo, b[hi - 1] == .space || b[hi - 1] == .tab { hi -= 1 }
        }
        return (b.string(lo..<hi), lo)
    }

    /// `===` or `---` (any length) and nothing but trailing whitespace: 1 or 2, the setext level.
    static func setextLevel(_ b: Span<UInt8>, _ s: Int) -> Int? {
        guard s < b.count, b[s] == UInt8(ascii: "=") || b[s] == UInt8(ascii: "-") else { return nil }
        let c = b[s]
        var i = s
        while i < b.count, b[i] == c { i += 1 }
        while i < b.count, b[i] == .space || b[i] == .tab { i += 1 }
        guard i == b.count else { return nil }
        return c == UInt8(ascii: "=") ? 1 : 2
    }

    /// Whether a thematic break may start at `s`: `*`, `-` or `_`, and the same again after any spaces and
    /// tabs (which a list item's marker line, `- [ ] …`, is not).
    static func mayBeThematicBreak(_ b: Span<UInt8>, _ s: Int) -> Bool {
        let c = b[s]
        guard c == UInt8(ascii: "*") || c == UInt8(ascii: "-") || c == UInt8(ascii: "_") else { return false }
        var i = s + 1
        while i < b.count, b[i] == .space || b[i] == .tab { i += 1 }
        return i < b.count && b[i] == c
    }

    /// Three or more `*`, `-` or `_`, spaces and tabs allowed between.
    static func isThematicBreak(_ b: Span<UInt8>, _ s: Int) -> Bool {
        guard s < b.count else { return false }
        let c = b[s]
        guard c == UInt8(ascii: "*") || c == UInt8(ascii: "-") || c == UInt8(ascii: "_") else { return false }
        var n = 0
        for i in s..<b.count {
            if b[i] == c { n += 1 } else if b[i] != .space && b[i] != .tab { return false }
        }
        return n >= 3
    }

    /// A fence opening: three or more backticks (info string without backticks) or tildes.
    static func fenceOpening(_ b: Span<UInt8>, _ s: Int) -> (char: UInt8, length: Int)? {
        guard s < b.count, b[s] == UInt8(ascii: "`") || b[s] == UInt8(ascii: "~") else { return nil }
        let c = b[s]
        var i = s
        while i < b.count, b[i] == c { i += 1 }
        let length = i - s
        guard length >= 3 else { return nil }
        if c == UInt8(ascii: "`"), b.contains(c, in: i..<b.count) { return nil }
        return (c, length)
    }

    /// Whether the line closes a fence opened with `length` of `char`.
    static func isFenceClosing(_ b: Span<UInt8>, _ s: Int, char: UInt8, length: Int) -> Bool {
        var i = s
        while i < b.count, b[i] == char { i += 1 }
        guard i - s >= length else { return false }
        while i < b.count, b[i] == .space || b[i] == .tab { i += 1 }
        return i == b.count
    }

    /// `itemMarker` without making the marker: where it ends, and its number (-1 for a bullet).
    static func itemMarkerEnd(_ b: Span<UInt8>, _ s: Int) -> (end: Int, number: Int)? {
        guard s < b.count else { return nil }
        let c = b[s]
        var markerEnd: Int
        var number = -1
        if c == UInt8(ascii: "-") || c == UInt8(ascii: "*") || c == UInt8(ascii: "+") {
            markerEnd = s + 1
        } else {
            guard c >= 48, c <= 57 else { return nil }
            var i = s
            number = 0
            while i < b.count, i - s < 9, b[i] >= 48, b[i] <= 57 {
                number = number * 10 + Int(b[i] - 48)
                i += 1
            }
            guard i < b.count, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ")") else { return nil }
            markerEnd = i + 1
        }
        guard markerEnd == b.count || b[markerEnd] == .space || b[markerEnd] == .tab else { return nil }
        return (markerEnd, number)
    }

    /// A list marker: `-`, `*`, `+`, or 1–9 digits and `.` or `)`, followed by whitespace or the line's end.
    static func itemMarker(_ b: Span<UInt8>, _ s: Int) -> (marker: ItemMarker, end: Int)? {
        guard s < b.count else { return nil }
        let c = b[s]
        var markerEnd: Int
        var marker: ItemMarker
        if c == UInt8(ascii: "-") || c == UInt8(ascii: "*") || c == UInt8(ascii: "+") {
            markerEnd = s + 1
            marker = .bullet(Character(Unicode.Scalar(c)))
        } else {
            var i = s, number = 0
            while i < b.count, i - s < 9, b[i] >= 48, b[i] <= 57 {
                number = number * 10 + Int(b[i] - 48)
                i += 1
            }
            guard i > s, i < b.count, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ")") else { return nil }
            markerEnd = i + 1
            marker = .ordered(number: number, delimiter: Character(Unicode.Scalar(b[i])))
        }
        guard markerEnd == b.count || b[markerEnd] == .space || b[markerEnd] == .tab else { return nil }
        return (marker, markerEnd)
    }

    /// How an HTML block ends: at a marker found in a line, or at a blank line.
    enum HTMLEnd: Equatable {
        case marker([UInt8])
        case anyOf([[UInt8]])
        case blankLine
    }

    static let rawTextTags: [[UInt8]] = ["script", "pre", "style", "textarea"].map { Array($0.utf8) }
    static let blockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html",
        "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup",
        "option", "p", "param", "search", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead",
        "title", "tr", "track", "ul",
    ]

    /// CommonMark's HTML block start conditions 1 to 7; condition 7 cannot interrupt a paragraph.
    static func htmlBlockStart(_ b: Span<UInt8>, _ s: Int, interruptsParagraph: Bool) -> HTMLEnd? {
        guard s + 1 < b.count, b[s] == UInt8(ascii: "<") else { return nil }
        let rest = b.array(s..<b.count)
        func lower(_ i: Int) -> UInt8 { rest[i] >= 65 && rest[i] <= 90 ? rest[i] + 32 : rest[i] }
        func hasPrefix(_ p: String) -> Bool {
            let p = Array(p.utf8)
            guard rest.count >= p.count else { return false }
            return (0..<p.count).allSatisfy { lower($0) == p[$0] }
        }
        for tag in rawTextTags {
            let n = tag.count + 1
            if rest.count >= n, (1..<n).allSatisfy({ lower($0) == tag[$0 - 1] }),
               rest.count == n || rest[n] == .space || rest[n] == .tab || rest[n] == UInt8(ascii: ">") {
                return .anyOf(rawTextTags.map { Array("</".utf8) + $0 + [UInt8(ascii: ">")] })
            }
        }
        if hasPrefix("<!--") { return .marker(Array("-->".utf8)) }
        if hasPrefix("<?") { return .marker(Array("?>".utf8)) }
        if hasPrefix("<![cdata[") { return .marker(Array("]]>".utf8)) }
        if rest.count > 2, rest[1] == UInt8(ascii: "!"), isLetter(rest[2]) { return .marker([UInt8(ascii: ">")]) }
        var i = 1
        if i < rest.count, rest[i] == UInt8(ascii: "/") { i += 1 }
        let nameStart = i
        while i < rest.count, isLetter(rest[i]) || (i > nameStart && (isDigit(rest[i]) || rest[i] == UInt8(ascii: "-"))) {
            i += 1
        }
        guard i > nameStart else { return nil }
        let name = String(decoding: (nameStart..<i).map { lower($0) }, as: UTF8.self)
        let after: UInt8? = i < rest.count ? rest[i] : nil
        if blockTags.contains(name),
           after == nil || after == .space || after == .tab || after == UInt8(ascii: ">")
            || (after == UInt8(ascii: "/") && i + 1 < rest.count && rest[i + 1] == UInt8(ascii: ">")) {
            return .blankLine
        }
        // Condition 7: a complete tag alone on its line.
        guard !interruptsParagraph else { return nil }
        var end = rest.count
        while end > 0, rest[end - 1] == .space || rest[end - 1] == .tab { end -= 1 }
        guard end > i, rest[end - 1] == UInt8(ascii: ">"), !rest[i..<(end - 1)].contains(UInt8(ascii: "<")) else { return nil }
        return .blankLine
    }

    static func htmlBlockEnds(_ b: Span<UInt8>, _ end: HTMLEnd) -> Bool {
        func contains(_ needle: [UInt8]) -> Bool {
            guard b.count >= needle.count else { return false }
            outer: for i in 0...(b.count - needle.count) {
                for j in 0..<needle.count {
                    var c = b[i + j]
                    if c >= 65 && c <= 90 { c += 32 }
                    if c != needle[j] { continue outer }
                }
                return true
            }
            return false
        }
        switch end {
        case .marker(let m): return contains(m)
        case .anyOf(let ms): return ms.contains(where: contains)
        case .blankLine: return false
        }
    }

    static func isLetter(_ c: UInt8) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) }
    static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
}
