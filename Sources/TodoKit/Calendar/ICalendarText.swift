/// The text rules of iCalendar (RFC 5545 §3.1, §3.3.11): content lines folded at 75 octets and unfolded,
/// and TEXT values escaped and unescaped.
package enum ICalendarText {
    /// Folds a content line to 75 octets a line (CRLF, then a space), never inside a UTF-8 sequence.
    package static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var out = ""
        var count = 0
        for scalar in line.unicodeScalars {
            let width = String(scalar).utf8.count
            if count + width > 75 {
                out += "\r\n "
                count = 1
            }
            out.unicodeScalars.append(scalar)
            count += width
        }
        return out
    }

    /// The logical content lines of a text: a line break followed by a space or a tab continues the line
    /// before it (the break and that one character go). Lines end at CRLF or at a bare LF (written by
    /// careless producers); empty lines are dropped.
    package static func unfold(_ text: String) -> [String] {
        // Split by scalars: in a String, CRLF is one Character, not a CR then a line feed.
        var physical: [Substring] = []
        var start = text.unicodeScalars.startIndex
        var index = start
        let scalars = text.unicodeScalars
        while index < scalars.endIndex {
            if scalars[index] == "\n" {
                var end = index
                if end > start, scalars[scalars.index(before: end)] == "\r" { end = scalars.index(before: end) }
                physical.append(Substring(scalars[start..<end]))
                start = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        if start < scalars.endIndex { physical.append(Substring(scalars[start...])) }
        var lines: [String] = []
        var current = ""
        for line in physical {
            if let first = line.unicodeScalars.first, first == " " || first == "\t" {
                current += String(line.unicodeScalars.dropFirst())
            } else {
                if !current.isEmpty { lines.append(current) }
                current = String(line)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Escapes TEXT: backslash, semicolon, comma and line breaks; other control characters but tab are dropped
    /// (TEXT may not hold them).
    package static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\t": out += "\t"
            case "\r": break
            case "\u{00}"..."\u{1F}", "\u{7F}": break
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Reads an escaped TEXT value: `\n` and `\N` are line breaks, `\\`, `\;`, `\,` the characters, and a
    /// backslash before anything else stays (as lenient readers keep it).
    package static func unescape(_ text: Substring) -> String {
        guard text.contains("\\") else { return String(text) }
        var out = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "n", "N": out.append("\n")
                case "\\", ";", ",", ":", "\"": out.append(character)
                default: out.append("\\"); out.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        if escaped { out.append("\\") }
        return out
    }

    /// Splits a list value (CATEGORIES) at commas that are not escaped, each part unescaped.
    package static func splitValues(_ text: Substring) -> [String] {
        var parts: [String] = []
        var start = text.startIndex, index = text.startIndex
        var escaped = false
        while index < text.endIndex {
            let character = text[index]
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "," {
                parts.append(unescape(text[start..<index]))
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        parts.append(unescape(text[start...]))
        return parts
    }
}
