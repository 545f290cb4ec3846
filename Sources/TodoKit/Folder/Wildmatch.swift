/// git's glob matcher (`wildmatch`), byte for byte as git matches the patterns of an ignore file: `?` and `*`
/// never match a `/` when `pathname` is set, `**` between slashes (or at either end) matches any number of
/// folders, `[...]` sets with ranges, `!` or `^` negation and `[:class:]` names, and `\` quotes the next byte.
///
/// Its results are git's three: a match, no match, and no match for any later position either (which lets a
/// `*` stop trying early, as git's does).
enum Wildmatch {
    private enum Outcome {
        case match
        case noMatch
        /// No match here, nor anywhere a `*` before could move to.
        case abortAll
        /// No match here, nor anywhere before the next slash.
        case abortToDoubleStar
    }

    /// Whether `text` matches `pattern`. `pathname`: slashes are only matched by a slash or `**`.
    static func matches(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>, pathname: Bool) -> Bool {
        let p = Array(pattern), t = Array(text)
        return match(p, 0, t, 0, pathname: pathname) == .match
    }

    private static let slash = UInt8(ascii: "/")
    private static let star = UInt8(ascii: "*")
    private static let backslash = UInt8(ascii: "\\")

    private static func match(_ pattern: [UInt8], _ start: Int, _ text: [UInt8], _ textStart: Int, pathname: Bool) -> Outcome {
        var p = start, t = textStart
        func at(_ i: Int) -> UInt8 { i < pattern.count ? pattern[i] : 0 }
        while p < pattern.count {
            let pc = pattern[p]
            let tc: UInt8 = t < text.count ? text[t] : 0
            if t >= text.count, pc != star { return .abortAll }
            switch pc {
            case backslash:
                // The next byte is literal.
                p += 1
                if at(p) != tc { return .noMatch }
            case UInt8(ascii: "?"):
                if pathname, tc == slash { return .noMatch }
            case star:
                var matchesSlash: Bool
                p += 1
                if at(p) == star {
                    let before = p - 2
                    while at(p) == star { p += 1 }
                    let after = at(p)
                    if (before < start || pattern[before] == slash)
                        && (p >= pattern.count || after == slash || (after == backslash && at(p + 1) == slash)) {
                        if after == slash, match(pattern, p + 1, text, t, pathname: pathname) == .match { return .match }
                        matchesSlash = true
                    } else {
                        matchesSlash = !pathname
                    }
                } else {
                    matchesSlash = !pathname
                }
                if p >= pattern.count {
                    // A trailing `**` matches everything; a trailing `*` only what holds no more slashes.
                    if !matchesSlash, text[t...].contains(slash) { return .noMatch }
                    return .match
                }
                if !matchesSlash, at(p) == slash {
                    // One `*` before a slash matches the rest of this folder's name.
                    guard let next = text[t...].firstIndex(of: slash) else { return .noMatch }
                    t = next
                    break
                }
                while t < text.count {
                    let outcome = match(pattern, p, text, t, pathname: pathname)
                    if outcome != .noMatch {
                        if !matchesSlash || outcome != .abortToDoubleStar { return outcome }
                    } else if !matchesSlash, text[t] == slash {
                        return .abortToDoubleStar
                    }
                    t += 1
                }
                return .abortAll
            case UInt8(ascii: "["):
                guard let (matched, end) = bracket(pattern, p, tc) else { return .abortAll }
                if !matched || (pathname && tc == slash) { return .noMatch }
                p = end
            default:
                if pc != tc { return .noMatch }
            }
            p += 1
            t += 1
        }
        return t < text.count ? .noMatch : .match
    }

    /// Whether byte `tc` is in the set that opens at `pattern[open]` (`[`), and where the set's `]` is; nil when
    /// the set is never closed or names an unknown class (git then matches nothing).
    private static func bracket(_ pattern: [UInt8], _ open: Int, _ tc: UInt8) -> (Bool, Int)? {
        func at(_ i: Int) -> UInt8 { i < pattern.count ? pattern[i] : 0 }
        var p = open + 1
        var pc = at(p)
        if pc == UInt8(ascii: "!") { pc = UInt8(ascii: "^") }
        let negated = pc == UInt8(ascii: "^")
        if negated {
            p += 1
            pc = at(p)
        }
        var previous: UInt8 = 0
        var matched = false
        repeat {
            if pc == 0 { return nil }
            if pc == backslash {
                p += 1
                pc = at(p)
                if pc == 0 { return nil }
                if tc == pc { matched = true }
            } else if pc == UInt8(ascii: "-"), previous != 0, at(p + 1) != 0, at(p + 1) != UInt8(ascii: "]") {
                p += 1
                pc = at(p)
                if pc == backslash {
                    p += 1
                    pc = at(p)
                    if pc == 0 { return nil }
                }
                if tc <= pc, tc >= previous { matched = true }
                pc = 0
            } else if pc == UInt8(ascii: "["), at(p + 1) == UInt8(ascii: ":") {
                let nameStart = p + 2
                var q = nameStart
                while at(q) != 0, at(q) != UInt8(ascii: "]") { q += 1 }
                if at(q) == 0 { return nil }
                if q - nameStart - 1 < 0 || pattern[q - 1] != UInt8(ascii: ":") {
                    // No `:]`: the `[` is a byte of the set.
                    pc = UInt8(ascii: "[")
                    if tc == pc { matched = true }
                } else {
                    let name = String(decoding: pattern[nameStart..<(q - 1)], as: UTF8.self)
                    guard let inClass = characterClass(name, tc) else { return nil }
                    if inClass { matched = true }
                    p = q
                    pc = 0
                }
            } else if tc == pc {
                matched = true
            }
            previous = pc
            p += 1
            pc = at(p)
        } while pc != UInt8(ascii: "]")
        return (matched != negated, p)
    }

    /// Whether `byte` is in the POSIX class `name` (ASCII, as git's C locale reads it); nil for an unknown name.
    private static func characterClass(_ name: String, _ byte: UInt8) -> Bool? {
        let c = byte
        let isUpper = c >= 65 && c <= 90, isLower = c >= 97 && c <= 122, isDigit = c >= 48 && c <= 57
        let isPrint = c >= 32 && c < 127
        switch name {
        case "alnum": return isUpper || isLower || isDigit
        case "alpha": return isUpper || isLower
        case "blank": return c == .space || c == .tab
        case "cntrl": return c < 32 || c == 127
        case "digit": return isDigit
        case "graph": return isPrint && c != .space
        case "lower": return isLower
        case "print": return isPrint
        case "punct": return isPrint && c != .space && !(isUpper || isLower || isDigit)
        case "space": return c == .space || (c >= 9 && c <= 13)
        case "upper": return isUpper
        case "xdigit": return isDigit || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)
        default: return nil
        }
    }
}
