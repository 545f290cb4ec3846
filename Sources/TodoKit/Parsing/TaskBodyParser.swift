/// Reads the todo.txt grammar of a task body: `[x ][(A) ][date ][date ]description`.
struct TaskBodyParser {
    /// todo.txt lines may start with the `x ` mark; Markdown tasks say "done" with their checkbox instead.
    var allowsDoneMark: Bool
    /// For Markdown: the checkbox says the task is closed, so a leading date is the completion date.
    var isClosed: Bool
    /// Where the body starts in its line, for diagnostics: 1-based line and UTF-8 column.
    var line: Int
    var column: Int

    func parse(_ text: String, diagnostics: inout [Diagnostic]) -> TaskBody {
        var body = TaskBody(text: text)
        text.withUTF8Bytes { parse($0, into: &body, diagnostics: &diagnostics) }
        return body
    }

    /// Reads the body whose bytes `b` are `b.count` bytes of `storage` from `start`; the body shares `storage`.
    func parse(storage: String, start: Int, _ b: UnsafeBufferPointer<UInt8>, diagnostics: inout [Diagnostic]) -> TaskBody {
        var body = TaskBody(storage: storage, start: start, count: b.count)
        parse(b, into: &body, diagnostics: &diagnostics)
        return body
    }

    /// Calls `visit` with each whitespace-separated word of `b` from `from` on, classified, until it returns false.
    @inline(__always)
    static func forEachToken(_ b: UnsafeBufferPointer<UInt8>, from: Int, _ visit: (Token) -> Bool) {
        var pos = from
        let end = b.count
        while pos < end {
            while pos < end, b[pos] == .space || b[pos] == .tab { pos += 1 }
            guard pos < end else { return }
            let start = pos
            while pos < end, b[pos] != .space, b[pos] != .tab { pos += 1 }
            if !visit(classify(UnsafeBufferPointer(rebasing: b[start..<pos]), at: start)) { return }
        }
    }

    private func parse(_ b: UnsafeBufferPointer<UInt8>, into body: inout TaskBody, diagnostics: inout [Diagnostic]) {
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
                diagnostics.append(.warning(
                    "invalid date '\(String(decoding: UnsafeBufferPointer(rebasing: b[pos..<(pos + 10)]), as: UTF8.self))' is read as text",
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

        // The tokens are read again from the bytes when asked for; here only the tags' values are checked.
        // Only keys of at most 3 bytes are checked (`due`, `t`, `rec`, `est`, `pri`), so only words with a colon
        // 1 to 3 bytes after their start need reading: find the colons, then the words around them.
        var colon = pos
        while colon < end {
            colon = ByteScan.next(UInt8(ascii: ":"), in: b, from: colon)
            guard colon < end else { return }
            var start = colon
            while start > pos, colon - start <= 3, b[start - 1] != .space, b[start - 1] != .tab { start -= 1 }
            var wordEnd = colon + 1
            while wordEnd < end, b[wordEnd] != .space, b[wordEnd] != .tab { wordEnd += 1 }
            let atWordStart = start == pos || b[start - 1] == .space || b[start - 1] == .tab
            if atWordStart, colon > start, colon - start <= 3 {
                let token = TaskBodyParser.classify(UnsafeBufferPointer(rebasing: b[start..<wordEnd]), at: start)
                if token.kind == .tag { check(tag: token, in: b, diagnostics: &diagnostics) }
            }
            colon = wordEnd
        }
    }

    /// Decides what one word is: `+project`, `@context`, `key:value` or a plain word.
    static func classify(_ w: UnsafeBufferPointer<UInt8>, at offset: Int) -> Token {
        let range = offset..<(offset + w.count)
        let sigil = w[0]
        if (sigil == UInt8(ascii: "+") || sigil == UInt8(ascii: "@")), w.count > 1 {
            var nameEnd = w.count
            while nameEnd > 2, isTrailingPunctuation(w[nameEnd - 1]) { nameEnd -= 1 }
            return Token(kind: sigil == UInt8(ascii: "+") ? .project : .context, range: range, nameLength: nameEnd - 1)
        }
        if let colon = w.firstIndex(of: UInt8(ascii: ":")), colon > 0, colon < w.count - 1,
           w[colon + 1] != UInt8(ascii: ":"),
           w[0..<colon].allSatisfy(isKeyByte),
           !(w[colon + 1] == UInt8(ascii: "/") && colon + 2 < w.count && w[colon + 2] == UInt8(ascii: "/")),
           !isClockTime(w, colon: colon) {
            return Token(kind: .tag, range: range, nameLength: colon)
        }
        return Token(kind: .word, range: range, nameLength: w.count)
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
    static func isClockTime(_ w: UnsafeBufferPointer<UInt8>, colon: Int) -> Bool {
        let key = colon, value = w.count - colon - 1
        guard (1...2).contains(key), (1...2).contains(value) else { return false }
        return w.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ":") }
    }

    private func check(tag token: Token, in b: UnsafeBufferPointer<UInt8>, diagnostics: inout [Diagnostic]) {
        // Only the keys checked below (at most 3 bytes) need a closer look.
        guard token.nameLength <= 3 else { return }
        let k = token.range.lowerBound
        func keyIs(_ name: StaticString) -> Bool {
            guard token.nameLength == name.utf8CodeUnitCount else { return false }
            for i in 0..<token.nameLength where b[k + i] != name.utf8Start[i] { return false }
            return true
        }
        let isDate = keyIs("due") || keyIs("t")
        guard isDate || keyIs("rec") || keyIs("est") || keyIs("pri") else { return }
        let valueRange = token.valueRange
        // Well-formed values are told from their bytes; only a bad one is made into strings, for its message.
        let valueBytes = UnsafeBufferPointer(rebasing: b[valueRange])
        if isDate {
            if valueRange.count == 10, let (y, m, d) = CalendarDate.isoFields(b, at: valueRange.lowerBound),
               CalendarDate(year: y, month: m, day: d) != nil {
                return
            }
        } else if keyIs("rec") {
            if Recurrence(utf8: valueBytes) != nil { return }
        } else if keyIs("est") {
            if Duration(utf8: valueBytes) != nil { return }
        }
        let key = String(decoding: UnsafeBufferPointer(rebasing: b[token.nameRange]), as: UTF8.self)
        let value = String(decoding: UnsafeBufferPointer(rebasing: b[valueRange]), as: UTF8.self)
        let at = column + valueRange.lowerBound
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
        case "pri":
            if Priority(lenient: value) == nil {
                diagnostics.append(.warning("pri:\(value) is not a priority (A-Z)", line: line, column: at))
            }
        default:
            break
        }
    }
}
