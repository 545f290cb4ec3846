extension StringProtocol {
    /// How many columns the text takes on a terminal: 2 for a wide character (CJK, fullwidth forms) and an
    /// emoji, 0 for a combining mark or another zero-width character, 1 for the others. Tables that line up
    /// names (`lsprj`, `lslists`, `stats`) pad by it.
    package var displayWidth: Int {
        var width = 0
        for character in self { width += character.displayWidth }
        return width
    }
}

extension Character {
    /// Columns on a terminal: see `StringProtocol.displayWidth`.
    package var displayWidth: Int {
        let scalars = unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: { $0.properties.isEmojiPresentation })
            || (scalars.contains("\u{FE0F}") && first.properties.isEmoji) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        return Character.isWide(first.value) ? 2 : 1
    }

    /// East Asian Wide and Fullwidth code points (Unicode's EastAsianWidth W and F), by block.
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
