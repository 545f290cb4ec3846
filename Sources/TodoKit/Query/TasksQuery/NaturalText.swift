/// Text in the order the plugin sorts and groups it: JavaScript's `localeCompare(other, undefined, {numeric:
/// true})` under English, which is Unicode's root collation (CLDR). TodoKit reads no locale, so the collation is
/// built in, and deterministic:
///
/// 1. First the characters' kinds and letters, ignoring accents and case: spaces, then punctuation, then
///    symbols (emoji among them), then currency signs, then numbers, then letters (Latin, then Greek, then
///    Cyrillic, then the other scripts by code point). ASCII punctuation and symbols come in the root
///    collation's own order (`_ - , ; : ! ? . ' " ( ) [ ] { } @ * / \ & # % ` ^ + < = > | ~ $`, typographic
///    quotes such as `‘` and `“` beside `'` and `"`); a run of
///    digits is one number, compared by value (`Task 9` before `Task 10`, `x010` equal to `x10`); a text that
///    is the start of another comes first.
/// 2. Then accents (`resume` before `résumé`), as Latin letters decompose (`é` is `e` with an acute accent).
/// 3. Then case: lowercase before uppercase (`ab` before `aB` before `Ab`).
///
/// Texts equal in all three compare equal, and the sort goes on to its next key.
struct NaturalText: Comparable {
    private let elements: [Element]

    init(_ text: String) {
        elements = NaturalText.elements(of: text)
    }

    static func == (lhs: NaturalText, rhs: NaturalText) -> Bool { compare(lhs, rhs) == 0 }
    static func < (lhs: NaturalText, rhs: NaturalText) -> Bool { compare(lhs, rhs) < 0 }

    /// -1, 0 or 1, as `localeCompare` returns.
    static func compare(_ lhs: NaturalText, _ rhs: NaturalText) -> Int {
        for level in 0..<3 {
            let a = lhs.elements.lazy.compactMap { $0.weight(level) }, b = rhs.elements.lazy.compactMap { $0.weight(level) }
            var i = a.startIndex, j = b.startIndex
            while i != a.endIndex, j != b.endIndex {
                if a[i] != b[j] { return a[i] < b[j] ? -1 : 1 }
                i = a.index(after: i)
                j = b.index(after: j)
            }
            if i != a.endIndex || j != b.endIndex { return i == a.endIndex ? -1 : 1 }
        }
        return 0
    }

    /// One collation element: a character's primary weight (kind, then value), its accent and its case.
    private struct Element {
        var kind: UInt8
        /// The letter or symbol; for a number, its digits without leading zeros (compared by count, then value).
        var value: [UInt32]
        var accent: UInt32
        var isUpper: Bool

        /// The weight at `level` (0 primary, 1 accent, 2 case); nil where the element has none (a combining
        /// mark has no primary weight, an unaccented letter no accent).
        func weight(_ level: Int) -> Weight? {
            switch level {
            case 0: return kind == Element.markOnly ? nil : Weight(kind: kind, value: value)
            case 1: return Weight(kind: 0, value: [accent])
            default: return Weight(kind: 0, value: [isUpper ? 1 : 0])
            }
        }

        static let markOnly: UInt8 = 0
    }

    private struct Weight: Comparable {
        var kind: UInt8
        var value: [UInt32]

        static func < (lhs: Weight, rhs: Weight) -> Bool {
            if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
            if lhs.value.count != rhs.value.count, lhs.kind == Kind.number { return lhs.value.count < rhs.value.count }
            return lhs.value.lexicographicallyPrecedes(rhs.value)
        }
    }

    private enum Kind {
        static let space: UInt8 = 1, punctuation: UInt8 = 2, symbol: UInt8 = 3, currency: UInt8 = 4, number: UInt8 = 5
        static let latin: UInt8 = 6, greek: UInt8 = 7, cyrillic: UInt8 = 8, otherScript: UInt8 = 9
    }

    /// ASCII's punctuation and symbols in the root collation's order, with the typographic quotes where it puts
    /// them, beside `'` and `"`.
    private static let asciiOrder = Array(" _-,;:!?.'‘’‚‛‹›\"“”„‟«»()[]{}@*/\\&#%`^+<=>|~$".unicodeScalars)
    /// Where the symbols start in `asciiOrder` (`%`), and the currency sign (`$`).
    private static let firstSymbol = asciiOrder.firstIndex(of: "%")!, currencyRank = asciiOrder.firstIndex(of: "$")!

    private static func elements(of text: String) -> [Element] {
        var elements: [Element] = []
        var digits: [UInt32]?
        func endNumber() {
            guard let run = digits else { return }
            let value = Array(run.drop { $0 == 0 })
            elements.append(Element(kind: Kind.number, value: value, accent: 0, isUpper: false))
            digits = nil
        }
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if properties.generalCategory == .decimalNumber, let digit = properties.numericValue {
                digits = (digits ?? []) + [UInt32(digit)]
                continue
            }
            endNumber()
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                // An accent typed as its own character adds to the letter before it.
                if var last = elements.popLast() {
                    last.accent = last.accent &* 31 &+ scalar.value
                    elements.append(last)
                } else {
                    elements.append(Element(kind: Element.markOnly, value: [], accent: scalar.value, isUpper: false))
                }
                continue
            case .control, .format:
                continue
            default:
                break
            }
            if let rank = asciiOrder.firstIndex(of: scalar) {
                let kind = rank == 0 ? Kind.space : rank < firstSymbol ? Kind.punctuation : rank < currencyRank ? Kind.symbol : Kind.currency
                elements.append(Element(kind: kind, value: [UInt32(rank)], accent: 0, isUpper: false))
                continue
            }
            let (base, accent) = latinBase(scalar)
            let lower = Character(base).lowercased().unicodeScalars.first ?? base
            let isUpper = properties.isUppercase || (lower != base)
            let kind: UInt8
            switch properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: kind = Kind.space
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                 .finalPunctuation, .otherPunctuation: kind = Kind.punctuation
            case .currencySymbol: kind = Kind.currency
            case .mathSymbol, .modifierSymbol, .otherSymbol: kind = Kind.symbol
            case .letterNumber, .otherNumber: kind = Kind.number
            default:
                switch lower.value {
                case 0x370...0x3FF, 0x1F00...0x1FFF: kind = Kind.greek
                case 0x400...0x52F: kind = Kind.cyrillic
                case 0...0x24F, 0x1E00...0x1EFF: kind = Kind.latin
                default: kind = Kind.otherScript
                }
            }
            // Symbols and punctuation beyond ASCII come after ASCII's of their kind.
            let value = kind == Kind.number ? [UInt32(properties.numericValue.map { max(0, $0) } ?? 0)]
                : kind <= Kind.currency ? [UInt32(asciiOrder.count) + lower.value] : [lower.value]
            elements.append(Element(kind: kind, value: value, accent: accent, isUpper: isUpper))
        }
        endNumber()
        return elements
    }

    /// A Latin letter with an accent as its base letter and the accent (0 for none): `é` is `e` and an acute.
    private static func latinBase(_ scalar: Unicode.Scalar) -> (Unicode.Scalar, UInt32) {
        guard (0xC0...0x17F).contains(scalar.value), let index = latinAccented.firstIndex(of: scalar) else { return (scalar, 0) }
        let base = latinBases[latinBases.index(latinBases.startIndex, offsetBy: latinAccented.distance(from: latinAccented.startIndex, to: index))]
        return (base, scalar.value)
    }

    // Latin-1 Supplement and Latin Extended-A: each accented letter above the letter it is made from.
    private static let latinAccented = "ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŁłŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽž".unicodeScalars
    private static let latinBases = "AAAAAACEEEEIIIINOOOOOOUUUUYaaaaaaceeeeiiiinoooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZz".unicodeScalars
}
