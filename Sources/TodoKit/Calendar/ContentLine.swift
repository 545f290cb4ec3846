/// One iCalendar content line, unfolded: `NAME;PARAM=VALUE:value` (RFC 5545 §3.1).
///
/// The line keeps its text as read, so a property todofmt does not own is written back exactly.
package struct ContentLine: Hashable, Sendable {
    /// The property (or `BEGIN`/`END`) name, uppercased.
    package var name: String
    /// Parameters in order, names uppercased, values without their quotes.
    package var parameters: [(name: String, value: String)]
    /// The value as written: still escaped for TEXT values.
    package var value: String
    /// The whole unfolded line as read (or as made).
    package var raw: String

    /// Reads an unfolded line; nil when it has no name or no colon.
    package init?(parsing raw: String) {
        var name = ""
        var parameters: [(name: String, value: String)] = []
        var index = raw.startIndex
        func isNameCharacter(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber || c == "-") }
        while index < raw.endIndex, isNameCharacter(raw[index]) {
            name.append(raw[index])
            index = raw.index(after: index)
        }
        guard !name.isEmpty, index < raw.endIndex else { return nil }
        while raw[index] == ";" {
            index = raw.index(after: index)
            var parameter = ""
            while index < raw.endIndex, isNameCharacter(raw[index]) {
                parameter.append(raw[index])
                index = raw.index(after: index)
            }
            guard index < raw.endIndex, raw[index] == "=" else { return nil }
            index = raw.index(after: index)
            var values: [String] = []
            repeat {
                if values.count > 0 { index = raw.index(after: index) }
                var value = ""
                if index < raw.endIndex, raw[index] == "\"" {
                    index = raw.index(after: index)
                    while index < raw.endIndex, raw[index] != "\"" {
                        value.append(raw[index])
                        index = raw.index(after: index)
                    }
                    guard index < raw.endIndex else { return nil }
                    index = raw.index(after: index)
                } else {
                    while index < raw.endIndex, raw[index] != ";", raw[index] != ":", raw[index] != "," {
                        value.append(raw[index])
                        index = raw.index(after: index)
                    }
                }
                values.append(value)
            } while index < raw.endIndex && raw[index] == ","
            parameters.append((parameter.uppercased(), values.joined(separator: ",")))
            guard index < raw.endIndex else { return nil }
        }
        guard raw[index] == ":" else { return nil }
        self.name = name.uppercased()
        self.parameters = parameters
        self.value = String(raw[raw.index(after: index)...])
        self.raw = raw
    }

    /// A line made by todofmt: the raw text is what it prints.
    package init(_ name: String, parameters: [(name: String, value: String)] = [], value: String) {
        self.name = name
        self.parameters = parameters
        self.value = value
        var raw = name
        for (parameter, parameterValue) in parameters {
            let needsQuotes = parameterValue.contains { $0 == ":" || $0 == ";" || $0 == "," }
            raw += ";\(parameter)=\(needsQuotes ? "\"\(parameterValue)\"" : parameterValue)"
        }
        self.raw = raw + ":" + value
    }

    /// The first value of parameter `name` (uppercase).
    package func parameter(_ name: String) -> String? { parameters.first { $0.name == name }?.value }

    /// The value read as TEXT.
    package var text: String { ICalendarText.unescape(Substring(value)) }

    package static func == (lhs: ContentLine, rhs: ContentLine) -> Bool { lhs.raw == rhs.raw }
    package func hash(into hasher: inout Hasher) { hasher.combine(raw) }
}
