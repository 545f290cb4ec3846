/// Reads the todo.txt grammar of a task body: `[x ][(A) ][date ][date ]description`.
struct TaskBodyParser {
    /// todo.txt lines may start with the `x ` mark; Markdown tasks say "done" with their checkbox instead.
    var allowsDoneMark: Bool
    /// For Markdown: the checkbox says the task is closed, so a leading date is the completion date.
    var isClosed: Bool
    /// Where the body starts in its line, for diagnostics: 1-based line and UTF-8 column.
    var line: Int
    var column: Int

    /// Reads the body `text` (a slice of its line).
    func parse(_ text: Substring, diagnostics: inout [Diagnostic]) -> TaskBody {
        var body = TaskBody(unparsed: text)
        parse(text.utf8.span, into: &body, diagnostics: &diagnostics)
        return body
    }

    /// Calls `visit` with each whitespace-separated word of `b` from `from` on, classified, until it returns false.
    static func forEachToken(_ b: Span<UInt8>, from: Int, _ visit: (Token) -> Bool) {
        var pos = from
        let end = b.count
        while pos < end {
            pos = b.skippingSpaces(from: pos)
            guard pos < end else { return }
            let start = pos
            while pos < end, b[pos] != .space, b[pos] != .tab { pos += 1 }
            if !visit(classify(b, start..<pos)) { return }
        }
    }

    private func parse(_ b: Span<UInt8>, into body: inout TaskBody, diagnostics: inout [Diagnostic]) {
        let end = b.count
        var pos = 0
        func skipSpaces() { while pos < end, b[pos] == .space || b[pos] == .tab { pos += 1 } }
        func atWordEnd(_ i: Int) -> Bool { i == end || b[i] == .space || b[i] == .tab }

        // A todo.txt line's prefix starts at its first byte: ` x ` and ` (A) ` are plain text, as the spec says
        // a line "starts with" them. A Markdown body starts at the first non-blank byte after the checkbox.
        let hasPrefix = !allowsDoneMark || (end > 0 && b[0] != .space && b[0] != .tab)
        skipSpaces()
        var closed = isClosed
        if hasPrefix, allowsDoneMark, pos + 1 < end, b[pos] == UInt8(ascii: "x"), b[pos + 1] == .space {
            body.hasDoneMark = true
            closed = true
            pos += 2
            skipSpaces()
        }

        func readPriority() {
            guard body.priority == nil, pos + 2 < end, b[pos] == UInt8(ascii: "("), b[pos + 2] == UInt8(ascii: ")"),
                  atWordEnd(pos + 3) else { return }
            let letter = b[pos + 1]
            if letter >= UInt8(ascii: "A"), letter <= UInt8(ascii: "Z") {
                body.priority = Priority(code: letter)
                body.priorityOffset = pos
                pos += 3
                skipSpaces()
            } else if letter >= UInt8(ascii: "a"), letter <= UInt8(ascii: "z"), !closed {
                diagnostics.append(.warning(
                    "priority must be an uppercase letter: '(\(Character(Unicode.Scalar(letter))))' is read as text",
                    line: line, column: column + pos))
            }
        }

        func readDate() -> CalendarDate? {
            guard pos + 10 <= end, atWordEnd(pos + 10), let (y, m, d) = CalendarDate.isoFields(b, at: pos) else {
                return nil
            }
            guard let date = CalendarDate(year: y, month: m, day: d) else {
                diagnostics.append(.warning("invalid date '\(b.string(pos..<(pos + 10)))' is read as text",
                                            line: line, column: column + pos))
                return nil
            }
            pos += 10
            skipSpaces()
            return date
        }

        func readPrefixFields() {
            readPriority()
            if closed {
                body.completionDate = readDate()
                if body.completionDate != nil {
                    // `x 2026-01-02 (A) 2026-01-01 …`, as Simpletask writes a kept priority.
                    readPriority()
                    body.creationDate = readDate()
                }
            } else {
                body.creationDate = readDate()
            }
        }

        if hasPrefix { readPrefixFields() }
        body.descriptionStart = pos

        // The tokens are read again from the bytes when asked for; here only the values of known tags are checked.
        TaskBodyParser.forEachToken(b, from: pos) { token in
            if token.kind == .tag { check(tag: token, in: body, diagnostics: &diagnostics) }
            return true
        }
    }

    /// Decides what the word at `range` of `b` is: `+project`, `@context`, `key:value` or a plain word.
    static func classify(_ b: Span<UInt8>, _ range: Range<Int>) -> Token {
        let start = range.lowerBound, count = range.count
        let sigil = b[start]
        if (sigil == UInt8(ascii: "+") || sigil == UInt8(ascii: "@")), count > 1 {
            var nameEnd = range.upperBound
            while nameEnd > start + 2, isTrailingPunctuation(b[nameEnd - 1]) { nameEnd -= 1 }
            return Token(kind: sigil == UInt8(ascii: "+") ? .project : .context, range: range, nameLength: nameEnd - start - 1)
        }
        var colon = start
        while colon < range.upperBound, b[colon] != UInt8(ascii: ":") { colon += 1 }
        if colon > start, colon < range.upperBound - 1, b[colon + 1] != UInt8(ascii: ":"),
           (start..<colon).allSatisfy({ isKeyByte(b[$0]) }),
           !(b[colon + 1] == UInt8(ascii: "/") && colon + 2 < range.upperBound && b[colon + 2] == UInt8(ascii: "/")),
           !isClockTime(b, range, colon: colon) {
            return Token(kind: .tag, range: range, nameLength: colon - start)
        }
        return Token(kind: .word, range: range, nameLength: count)
    }

    static func isTrailingPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"),
             UInt8(ascii: "!"), UInt8(ascii: "?"): return true
        default: return false
        }
    }

    /// Keys are letters (any script), digits, `_`, `-` and `.`: so `**Note:**` and `[link](http://…)` are
    /// not tags.
    static func isKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return true
        default:
            return byte >= 0x80
        }
    }

    /// `14:30` and `9:05` are clock times, not tags (topydo's rule: one or two digits each side).
    static func isClockTime(_ b: Span<UInt8>, _ range: Range<Int>, colon: Int) -> Bool {
        let key = colon - range.lowerBound, value = range.upperBound - colon - 1
        guard (1...2).contains(key), (1...2).contains(value) else { return false }
        return range.allSatisfy { (b[$0] >= 48 && b[$0] <= 57) || b[$0] == UInt8(ascii: ":") }
    }

    /// Warns about the value of a known tag (`due`, `t`, `rec`, `est`, `pri`) that does not read as its kind.
    private func check(tag token: Token, in body: TaskBody, diagnostics: inout [Diagnostic]) {
        // Only the keys checked below (at most 3 bytes) need a closer look.
        guard token.nameLength <= 3 else { return }
        let key = body.slice(token.nameRange)
        guard ["due", "t", "rec", "est", "pri"].contains(key) else { return }
        let value = body.slice(token.valueRange)
        let at = column + token.valueRange.lowerBound
        switch key {
        case "due", "t":
            if CalendarDate(iso: value) == nil {
                let what = CalendarDate.hasISOShape(value) ? "is not a real date" : "is not a date (YYYY-MM-DD)"
                diagnostics.append(.warning("\(key):\(value) \(what)", line: line, column: at))
            }
        case "rec":
            if Recurrence(value) == nil {
                diagnostics.append(.warning("rec:\(value) is not a recurrence ([+]N[dwmyb])", line: line, column: at))
            }
        case "est":
            if Duration(parsing: value) == nil {
                diagnostics.append(.warning("est:\(value) is not a duration (e.g. 30m, 1h30m, 2h, 1d)", line: line, column: at))
            }
        default:
            if Priority(lenient: value) == nil {
                diagnostics.append(.warning("pri:\(value) is not a priority (A-Z)", line: line, column: at))
            }
        }
    }
}
