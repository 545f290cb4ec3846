extension String {
    /// The text with `&`, `<`, `>` and `"` written as XML entities: for an SVG file, and for the markup a
    /// desktop notification's body may be read as.
    package var markupEscaped: String {
        var out = ""
        for character in self {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
